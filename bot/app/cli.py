"""``python -m bot [--version] [run|check|demo|replay|rebuild-ratings|migrate|backup|restore|
forget-user|health]``: each subcommand's module adds its own parser (``add_parser``) and answers
it; this module only assembles them."""

from __future__ import annotations

import argparse

from . import backup, demo, forget, health, migrate, rebuild, replay, runner
from .process import limit_malloc_arenas
from .version import program

SUBCOMMANDS = (runner, demo, replay, rebuild, migrate, backup, forget, health)


def main(argv: list[str] | None = None) -> int:
    limit_malloc_arenas()  # before any thread starts (bot.app.process)
    parser = argparse.ArgumentParser(prog="python -m bot", description="Tablée, board games in Discord.")
    parser.add_argument("--config", help="config file (default: $TABLEE_CONFIG or ./config.toml)")
    parser.add_argument("--version", action="version", version=program(),
                        help="print this program's version and exit")
    sub = parser.add_subparsers(dest="cmd")
    for module in SUBCOMMANDS:
        module.add_parser(sub)
    for each in sub.choices.values():  # `python -m bot check --version` too
        each.add_argument("--version", action="version", version=program(),
                          help="print this program's version and exit")
    args = parser.parse_args(argv)
    if args.cmd is None:
        return runner.run_main(args.config)
    return int(args.main(args) or 0)
