"""``python -m bot [run|check|demo|replay|rebuild-ratings|migrate|forget-user]``: each subcommand's module adds
its own parser (``add_parser``) and answers it; this module only assembles them."""

from __future__ import annotations

import argparse

from . import demo, forget, migrate, rebuild, replay, runner
from .process import limit_malloc_arenas

SUBCOMMANDS = (runner, demo, replay, rebuild, migrate, forget)


def main(argv: list[str] | None = None) -> int:
    limit_malloc_arenas()  # before any thread starts (bot.app.process)
    parser = argparse.ArgumentParser(prog="python -m bot", description="Tablée, board games in Discord.")
    parser.add_argument("--config", help="config file (default: $TABLEE_CONFIG or ./config.toml)")
    sub = parser.add_subparsers(dest="cmd")
    for module in SUBCOMMANDS:
        module.add_parser(sub)
    args = parser.parse_args(argv)
    if args.cmd is None:
        return runner.run_main(args.config)
    return int(args.main(args) or 0)
