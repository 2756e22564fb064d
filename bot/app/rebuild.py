"""``python -m bot rebuild-ratings``: recompute every rating from the finished games, in the order
they ended (after a crash between a game and its rating, or a change of the rating rules). The
bot may keep running: the rebuild is one transaction, and the same games give the same ratings."""

from __future__ import annotations

import argparse
import time
from typing import Any

from games.cli import counted

from ..config import Config
from ..service.ratings import teams
from ..storage import Store
from ..storage.url import shown
from .environment import CONFIG, epilog, paragraphs
from .runner import offline


async def _rebuild(config: Config) -> tuple[int, float]:
    store = await Store.open(config.database)
    try:
        start = time.perf_counter()
        count = await store.ratings.rebuild_ratings(teams)
        return count, time.perf_counter() - start
    finally:
        await store.close()


def main(config_path: str | None) -> int:
    done = offline(config_path, _rebuild)
    if isinstance(done, int):
        return done
    config, (count, seconds) = done
    print(f"ok: ratings rebuilt from {counted(count, 'finished game', 'finished games')} in "
          f"{seconds:.2f} s "
          f"({shown(config.database)})")
    return 0


def add_parser(sub: Any) -> None:
    """``rebuild-ratings``, added to ``python -m bot``'s parser."""
    p_rebuild = sub.add_parser(
        "rebuild-ratings", help="recompute every rating from the finished games, then exit",
        description=paragraphs(
            "Recompute every rating from the finished games, in the order they ended (after a "
            "crash between a game and its rating, or a change of the rating rules). The bot may "
            "keep running: the rebuild is one transaction, and the same games give the same "
            "ratings."),
        epilog=epilog(*CONFIG), formatter_class=argparse.RawDescriptionHelpFormatter)
    p_rebuild.add_argument("--config", default=argparse.SUPPRESS, help="config file")
    p_rebuild.set_defaults(main=lambda args: main(args.config))

