"""``python -m benchmarks``: render, table service, load and size numbers (see
:mod:`benchmarks.service`)."""

from __future__ import annotations

import argparse
import sys

from bot.app.process import limit_malloc_arenas
from bot.catalog import table_games

from . import web
from .service import main


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    p_bench = argparse.ArgumentParser(prog="python -m benchmarks",
                                      description="print render and table-service speed numbers")
    p_bench.add_argument("--quick", action="store_true", help="smaller runs")
    p_bench.add_argument("--game", default=None, choices=[tg.game.id for tg in table_games()],
                         metavar="GAME", help="with --computers or --size: only this game "
                         "(default: the first registered game for --computers, every game for "
                         "--size)")
    p_bench.add_argument("--computers", action="store_true",
                         help="only the event loop's lag while hard computer players think")
    p_bench.add_argument("--size", action="store_true",
                         help="only the database's growth per finished game, per game")
    p_bench.add_argument("--streams", type=int, nargs="?", const=200, metavar="N",
                         help="only N /move streams at once (default 200) on --tables tables "
                         "(default 100) for --seconds (default 60), two or more per table, double "
                         "submissions included: moves/s, busy answers and phantom moves, on a "
                         "SQLite file and, with --database-url or TABLEE_TEST_DATABASE_URL, on "
                         "PostgreSQL")
    p_bench.add_argument("--web", action="store_true",
                         help="only the live table page's numbers (benchmarks/web.py: move to "
                         "board shown, first paint, memory per 100 spectators; needs chromium)")
    p_bench.add_argument("--tables", type=int, help="live tables (default 1000; --quick 12)")
    p_bench.add_argument("--seconds", type=float,
                         help="length of each load phase (default 30; --quick 3)")
    p_bench.add_argument("--clickers", type=int, default=50,
                         help="people clicking at once in the saturation phase (default 50)")
    p_bench.add_argument("--rate", type=float,
                         help="clicks per second of the paced phase (default: 70%% of what the "
                         "saturation phase reached)")
    p_bench.add_argument("--database-url", help="the database to bench (default: a new SQLite "
                         "file in a temporary folder)")
    args = p_bench.parse_args(argv)
    if args.game and not (args.computers or args.size):
        p_bench.error("--game chooses the game of --computers or --size; the other numbers "
                      "cover every game")
    return args


if __name__ == "__main__":
    limit_malloc_arenas()  # as the bot does, before any thread starts
    arguments = parse()
    if arguments.web:
        sys.exit(web.main(web.parse(["--moves", "10", "--loads", "3"] if arguments.quick
                                    else [])))
    sys.exit(main(arguments))
