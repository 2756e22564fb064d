"""``python -m bot replay RECORD.json [--out FILE]``: the animated replay of a game record, offline.

The record is the JSON ``/replay`` attaches (and ``python -m games replay`` reads). ``--out``
ending in ``.webp`` or ``.gif`` fixes the format; without it a GIF is written next to the
record. ``--language`` is the captions' (en, fr). Every failure is one sentence on stderr and
exit code 2, in English (server owners and developers run it), quoting at most a few dozen
characters of a bad move.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

import i18n
from games.cli import games_help
from games.records import BadRecord, read_record
from i18n import DEFAULT, LANGUAGES
from render.replay import DEFAULT_FORMATS, FORMATS, build

from ..catalog import board_drawer
from .environment import epilog, paragraphs

KB = 1024


class CliError(Exception):
    """A sentence for the person running the command."""


def read(path: Path) -> Any:
    """The record's JSON (:func:`games.records.read_record` refuses junk with a sentence)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(f"{path}: no such file.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"{path} cannot be read: {getattr(exc, 'strerror', None) or exc}.") from None
    try:
        return read_record(text)
    except BadRecord as exc:
        raise CliError(f"{path}: {exc}") from None


def out_format(out: str | None) -> tuple[str, ...]:
    if out is None:
        return DEFAULT_FORMATS
    suffix = Path(out).suffix.lower().lstrip(".")
    if suffix not in FORMATS:
        raise CliError(f"--out must name a .webp or .gif file, not '{out}'.")
    return (suffix,)


def run(args: argparse.Namespace) -> str:
    """Build and write the replay; the line to print."""
    source = Path(args.record)
    formats = out_format(args.out)
    record = read(source)
    folder = Path(args.out).parent if args.out else source.parent
    if not folder.is_dir():  # say so before the seconds of drawing
        what = "is not a folder" if folder.exists() else "does not exist"
        raise CliError(f"cannot write {args.out}: the folder {folder} {what}.")
    try:
        with i18n.language(getattr(args, "language", None) or i18n.DEFAULT):
            replay = build(record, board_drawer, formats=formats)
    except BadRecord as exc:
        raise CliError(f"{source}: {exc}") from None
    target = Path(args.out) if args.out else source.with_suffix(f".{replay.format}")
    try:
        target.write_bytes(replay.data)
    except IsADirectoryError:
        raise CliError(f"cannot write {target}: it is a folder.") from None
    except OSError as exc:
        raise CliError(f"cannot write {target}: {exc.strerror or exc}.") from None
    return (f"{target}: {replay.frames} frames for {replay.turns} turns, "
            f"{round(len(replay.data) / KB)} KB ({replay.format})")


def main(args: argparse.Namespace) -> int:
    try:
        print(run(args))
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


def add_parser(sub: Any) -> None:
    """This subcommand's parser, added to ``python -m bot``'s."""
    p_replay = sub.add_parser(
        "replay", help="write the animated replay of a game record", description=paragraphs(
            "Write the animated replay of a game record (the JSON file /replay attaches): one "
            "frame per turn, as a GIF next to the record, or the file --out names (.gif or "
            ".webp). Needs no Discord, config or database; a problem is one sentence and exit "
            "code 2."),
        epilog=f"{games_help(options=False)}\n\n{epilog()}",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    p_replay.add_argument("record", help="a game record (the JSON /replay attaches)")
    p_replay.add_argument("--out", help="a .webp or .gif file (default: next to the record)")
    p_replay.add_argument("--language", choices=sorted(LANGUAGES), default=DEFAULT,
                          help="the language of the captions (default: en)")
    p_replay.set_defaults(main=main)
