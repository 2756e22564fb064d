"""Move notation (docs/rules/ile-des-contrebandiers.md, "Move notation"): people's spellings ->
canonical text. Parsing checks the notation only (known spaces), never legality; a sail path is
kept as typed here and replaced by its canonical path when applied (``moves.py``)."""

from __future__ import annotations

from ..base import IllegalMove
from ..echo import echo
from ..text import say
from .board import ALL_SPACES, HARBOURS, SPACES

VERBS = ("start", "turn", "drop", "sail", "push", "swap", "load", "stay")
USAGE = say("Moves are start <harbour>, turn cw|ccw, drop <space>, sail <space> <space> …, "
            "push <space>, swap, load or stay.")
MAX_PATH = 12
_SYNONYMS = {"move": "sail", "go": "sail", "pass": "stay", "wait": "stay", "exchange": "swap"}
_DIRECTIONS = {"cw": "cw", "clockwise": "cw", "right": "cw", "ccw": "ccw",
               "counterclockwise": "ccw", "counter-clockwise": "ccw", "anticlockwise": "ccw",
               "anti-clockwise": "ccw", "left": "ccw", "acw": "ccw"}
_CANON = {name.lower(): name for name in ALL_SPACES}
_SEA = frozenset(SPACES)
_HARBOURS = frozenset(HARBOURS)


def parse_space(token: str) -> str:
    """``"2C"`` -> ``"2c"``, ``"h3"`` -> ``"H3"``; IllegalMove for anything else."""
    name = _CANON.get(token.strip().lower())
    if name is None:
        raise IllegalMove(say("'{token}' is not a space: sea spaces are 1a … 3j (ring 1-3, "
                              "sector a-j), harbours H0 … H4.", token=echo(token)))
    return name


def parse_sea(token: str) -> str:
    name = parse_space(token)
    if name not in _SEA:
        raise IllegalMove(say("{space} is a harbour: name a sea space (1a … 3j).", space=name))
    return name


def _path_tokens(args: list[str]) -> list[str]:
    text = " ".join(args)
    for sep in ("→", "->", ",", ";", ">", "-"):
        text = text.replace(sep, " ")
    return text.split()


def parse(text: str) -> str:
    """Canonical text of a move typed by a person; :class:`IllegalMove` if it cannot be read."""
    if not isinstance(text, str):
        raise IllegalMove(USAGE)
    tokens = text.split()
    if not tokens:
        raise IllegalMove(say("Empty move. {usage}", usage=USAGE))
    verb = tokens[0].lower()
    verb = _SYNONYMS.get(verb, verb)
    args = tokens[1:]
    if verb not in VERBS:
        raise IllegalMove(say("Unknown move '{word}'. {usage}", word=echo(tokens[0]), usage=USAGE))
    if verb in ("swap", "load", "stay"):
        if args:
            raise IllegalMove(say("'{move}' takes nothing after it.", move=verb))
        return verb
    if verb == "start":
        if len(args) != 1:
            raise IllegalMove(say("Write it as: start <harbour>, e.g. start H3."))
        name = parse_space(args[0])
        if name not in _HARBOURS:
            raise IllegalMove(say("Boats start in a harbour (H0 … H4), not on {space}.",
                                  space=name))
        return f"start {name}"
    if verb == "turn":
        way = _DIRECTIONS.get("".join(args).lower()) if args else None
        if way is None:
            raise IllegalMove(say("Write it as: turn cw (clockwise) or turn ccw "
                                  "(counter-clockwise)."))
        return f"turn {way}"
    if verb in ("drop", "push"):
        if len(args) != 1:
            raise IllegalMove(say("Write it as: {move} <space>, e.g. {move} 2c.", move=verb))
        return f"{verb} {parse_sea(args[0])}"
    path = [parse_space(t) for t in _path_tokens(args)]
    if not path:
        raise IllegalMove(say("Write the spaces of the path in order, e.g. sail 3b 3c H1 (to "
                              "stay where you are, write stay)."))
    if len(path) > MAX_PATH:
        raise IllegalMove(say("That path is far longer than the white die allows (4 at most)."))
    return "sail " + " ".join(path)
