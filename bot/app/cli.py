"""``python -m bot [--version] [run|check|demo|replay|rebuild-ratings|migrate|backup|restore|
forget-user|health|emojis]``: each subcommand's module adds its own parser (``add_parser``: a
description, and an epilog naming the environment variables it reads) and answers it; this
module only assembles them."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from . import backup, demo, emojis, forget, health, migrate, rebuild, replay, runner
from .environment import VARIABLES, epilog, paragraphs
from .process import limit_malloc_arenas
from .version import program

SUBCOMMANDS = (runner, demo, replay, rebuild, migrate, backup, forget, health, emojis)
DESCRIPTION = paragraphs(
    "Tablée: board games in Discord. Without a command, runs the bot (as `run`). Each command's "
    "--help says what it does and which environment variables it reads.")


class Version(argparse.Action):
    """``--version``: prints :func:`program` when asked, not when the parser is built (naming the
    commit may call git: no command pays for it unless it is asked for)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS,
                 help: str | None = None) -> None:  # noqa: A002 (argparse's own keyword)
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        print(program(), file=sys.stdout)
        parser.exit()


def parser() -> argparse.ArgumentParser:
    """``python -m bot``'s parser, every subcommand's included."""
    top = argparse.ArgumentParser(
        prog="python -m bot", description=DESCRIPTION,
        epilog=epilog(*VARIABLES, title="environment variables (each command's --help lists those it reads)"),
        formatter_class=argparse.RawDescriptionHelpFormatter)
    top.add_argument("--config", help="config file (default: $TABLEE_CONFIG or ./config.toml)")
    top.add_argument("--version", action=Version,
                     help="print this program's version (and commit) and exit")
    sub = top.add_subparsers(dest="cmd", metavar="COMMAND")
    for module in SUBCOMMANDS:
        module.add_parser(sub)
    for each in sub.choices.values():  # `python -m bot check --version` too
        each.add_argument("--version", action=Version,
                          help="print this program's version (and commit) and exit")
    return top


def main(argv: list[str] | None = None) -> int:
    limit_malloc_arenas()  # before any thread starts (bot.app.process)
    args = parser().parse_args(argv)
    if args.cmd is None:
        return runner.run_main(args.config)
    return int(args.main(args) or 0)
