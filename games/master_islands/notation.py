"""Move notation (rules file, "Move notation"): parse people's spellings into canonical text."""

from __future__ import annotations

import re

from ..base import IllegalMove
from ..echo import echo
from ..text import Text, say
from .cards import is_card

Pos = tuple[int, int]

DIRECTIONS: dict[str, Pos] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
"""MI-6: x grows to the east, y to the south."""

DIRECTION_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}
"""The English words a typed move may use for a direction (``sail 2 west``)."""
DIRECTION_TEXT: dict[str, Text] = {
    "N": say("north"), "E": say("east"), "S": say("south"), "W": say("west"),
}
"""A direction as people read it in a sentence or a menu (in their language)."""
_DIRECTION_WORDS = {**{k: k for k in DIRECTIONS}, **{v.upper(): k for k, v in DIRECTION_NAMES.items()}}
_POS = re.compile(r"[+-]?[0-9]{1,6},[+-]?[0-9]{1,6}")
_SIMPLE = ("again", "stop", "pass", "done")


def pos_text(pos: Pos) -> str:
    return f"{pos[0]},{pos[1]}"


def parse_pos(token: str) -> Pos:
    """``"1,-2"`` -> ``(1, -2)``; :class:`IllegalMove` if it is not a position."""
    if not _POS.fullmatch(token):
        raise IllegalMove(say("`{text}` is not a position: write x,y like `1,0`.", text=echo(token)))
    x, y = (int(part) for part in token.split(","))
    if abs(x) > 10_000 or abs(y) > 10_000:
        raise IllegalMove(say("`{text}` is too far out to sea.", text=echo(token)))
    return x, y


def take_text(positions: list[Pos] | tuple[Pos, ...]) -> str:
    """Canonical ``take``: positions in ascending (x, y)."""
    return "take " + " ".join(pos_text(p) for p in sorted(positions))


def parse(text: str) -> str:
    """Canonical text of a move, checking notation only (not legality)."""
    if not isinstance(text, str):
        raise IllegalMove(say("A move must be text."))
    tokens = text.replace(", ", ",").split()
    if not tokens:
        raise IllegalMove(say("Empty move: try `place`, `sail`, `again`, `stop`, `take`, `pass` or `done`."))
    verb, args = tokens[0].lower(), tokens[1:]
    if verb in _SIMPLE:
        if args:
            raise IllegalMove(say("`{verb}` takes nothing after it.", verb=verb))
        return verb
    if verb == "place":
        if len(args) != 2:
            raise IllegalMove(say("Write a placement as `place <card> <x>,<y>`, e.g. `place B4 1,0`."))
        card = args[0].upper()
        if not is_card(card):
            raise IllegalMove(say("`{text}` is not a card: a colour B, G, R or Y and a value 1–5.",
                                  text=echo(args[0])))
        return f"place {card} {pos_text(parse_pos(args[1]))}"
    if verb == "sail":
        if len(args) != 2:
            raise IllegalMove(say("Write a sail as `sail <galleon 1 or 2> <N/E/S/W>`, e.g. `sail 2 W`."))
        if args[0] not in ("1", "2"):
            raise IllegalMove(say("`{text}` is not a galleon: use 1 or 2.", text=echo(args[0])))
        direction = _DIRECTION_WORDS.get(args[1].upper())
        if direction is None:
            raise IllegalMove(say("`{text}` is not a direction: use N, E, S or W.", text=echo(args[1])))
        return f"sail {args[0]} {direction}"
    if verb == "take":
        if not args:
            raise IllegalMove(say("Write an alignment as `take <x>,<y> <x>,<y> …`, e.g. `take 1,0 2,1 3,2`."))
        positions = [parse_pos(a) for a in args]
        if len(set(positions)) != len(positions):
            raise IllegalMove(say("A position appears twice in that alignment."))
        return take_text(positions)
    raise IllegalMove(say("Unknown move `{text}`: try `place`, `sail`, `again`, `stop`, `take`, `pass` or "
                          "`done`.",
                          text=echo(tokens[0])))
