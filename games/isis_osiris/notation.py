"""Move notation (rules table): ``pawn <cell>``, ``reveal``, ``tile <cell>``."""

from __future__ import annotations

from ..base import IllegalMove
from ..echo import echo
from ..text import say
from .tiles import CELLS

VERBS = ("pawn", "reveal", "tile")
USAGE = say("Moves are `pawn <cell>`, `reveal` or `tile <cell>` with a cell from A1 to F6.")


def parse_move(text: str) -> tuple[str, str | None]:
    """(verb, cell or None) of a move typed by a person; IllegalMove if unreadable."""
    if not isinstance(text, str):
        raise IllegalMove(USAGE)
    tokens = text.split()
    if not tokens:
        raise IllegalMove(USAGE)
    verb = tokens[0].lower()
    if verb not in VERBS:
        raise IllegalMove(say("Unknown move `{text}`. {usage}", text=echo(tokens[0]), usage=USAGE))
    if verb == "reveal":
        if len(tokens) != 1:
            raise IllegalMove(say("`reveal` takes no cell: reveal first, then `tile <cell>`."))
        return verb, None
    if len(tokens) != 2:
        raise IllegalMove(say("`{verb}` needs exactly one cell, e.g. `{verb} C4`.", verb=verb))
    cell = tokens[1].upper()
    if cell not in CELLS:
        raise IllegalMove(say("`{text}` is not a cell: columns A–F, rows 1–6 (e.g. `C4`).",
                              text=echo(tokens[1])))
    return verb, cell


def format_move(verb: str, cell: str | None) -> str:
    """Canonical text: ``format_move(*parse_move(t))`` is ``parse(t)``."""
    return verb if cell is None else f"{verb} {cell}"
