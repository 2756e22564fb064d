"""``python -m games replay FILE|-``, ``simulate GAME``, ``arena GAME``. (An engine's speed
numbers: ``python -m benchmarks.engines GAME`` in a source checkout.)"""

from __future__ import annotations

import argparse
import json
import os
import sys

from . import all_games
from .arena import main as arena
from .cli import games_help, option_pairs
from .levels import LEVEL_ALIASES, LEVELS
from .options import BadOptions
from .records import BadRecord, read_record, replay, simulate


def build_parser() -> argparse.ArgumentParser:
    """The command line: ``replay``, ``simulate``, ``bench`` and ``arena``."""
    parser = argparse.ArgumentParser(prog="python -m games", description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    p_replay = sub.add_parser("replay", help="replay a record and print its outcome as JSON",
                              epilog=games_help(options=False),
                              formatter_class=argparse.RawDescriptionHelpFormatter)
    p_replay.add_argument("file", help="record file, or - for standard input")
    listed = {"epilog": games_help(), "formatter_class": argparse.RawDescriptionHelpFormatter}
    p_sim = sub.add_parser("simulate", help="play a game with computer players, print its record",
                           **listed)
    p_sim.add_argument("game", choices=[g.id for g in all_games()])
    p_sim.add_argument("--players", type=int, required=True)
    p_sim.add_argument("--seed", type=int, default=0)
    p_sim.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p_sim.add_argument("--bot", action="append", default=None, help="level per seat, in order")
    p_arena = sub.add_parser("arena", help="play level A against level B, print win rates",
                             **listed)
    p_arena.add_argument("game", choices=[g.id for g in all_games()])
    levels = {"choices": [*LEVELS, *LEVEL_ALIASES], "metavar": "LEVEL"}  # never a silent medium
    p_arena.add_argument("--a", default="hard", help="the level measured (one seat): easy, "
                         "medium or hard", **levels)
    p_arena.add_argument("--b", default="medium", help="the level at every other seat",
                         **levels)
    p_arena.add_argument("--games", type=int, default=40)
    p_arena.add_argument("--players", type=int, default=None)
    p_arena.add_argument("--seed", type=int, default=0)
    p_arena.add_argument("--seat", type=int, default=None, help="A's seat (default: rotated)")
    p_arena.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p_arena.add_argument("--think", type=float, default=1.0, metavar="SECONDS",
                         help="CPU seconds a move may think, as at a table (0: no cap)")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.cmd == "replay":
            try:
                text = sys.stdin.read() if args.file == "-" else open(args.file, encoding="utf-8").read()
            except OSError as exc:
                raise BadRecord(f"cannot read {args.file}: {exc.strerror}") from None
            except UnicodeDecodeError:
                raise BadRecord(f"cannot read {args.file}: not UTF-8 text") from None
            out = replay(read_record(text))
            print(json.dumps(out, sort_keys=True))
            return 0 if out["ok"] else 1
        if args.cmd == "simulate":
            record = simulate(args.game, args.players, args.seed, option_pairs(args.option), args.bot)
            print(json.dumps(record))
            return 0
        if args.cmd == "arena":
            return arena(args)
    except (BadRecord, BadOptions) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 2


def run() -> int:
    """:func:`main`, ending quietly when the reader of our output goes away (``| head``): the
    standard handling from the Python docs (signal module, "Note on SIGPIPE")."""
    try:
        code = main()
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # nothing left to flush at exit: no second error
        return 1
    return code


if __name__ == "__main__":
    sys.exit(run())
