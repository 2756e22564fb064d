"""Move notation (docs/rules/maitre-des-mers.md, "Move notation"): people's spellings -> canonical.

Parsing checks the notation only (a known ship, die values 1–6), never legality.
"""

from __future__ import annotations

import re

from ..base import IllegalMove
from ..echo import echo
from ..text import say
from .cards import SHIPS, USE_POWERS

VERBS = ("arm", "hunt", "buy", "attack", "place", "discard", "use", "stow", "loot", "noloot")
USAGE = say("Moves are `arm <ship>`, `hunt`, `buy`, `attack <your ship> <seat>:<ship>`, "
            "`place <dice>`, `discard <die>`, `use <power> <die>`, `stow <ship>`, `loot <ship>` or "
            "`noloot`.")
_SHIP = re.compile(r"([A-Za-z])([0-9]{1,2})")
_SEAT = re.compile(r"[0-9]{1,2}")
"""ASCII digits only: ``\\d`` and ``str.isdigit`` also take "٣" and "³"."""
_POWER_WORDS = {"flip": "flip", "+1": "+1", "-1": "-1", "−1": "-1", "reroll": "reroll",
                "plus": "+1", "minus": "-1", "re-roll": "reroll"}
_SYNONYMS = {"aside": "discard", "setaside": "discard", "no-loot": "noloot"}


def parse_ship(token: str) -> str:
    """``"g11"`` -> ``"G11"``; IllegalMove unless it names a ship of the game."""
    match = _SHIP.fullmatch(token.strip())
    code = f"{match.group(1).upper()}{int(match.group(2))}" if match else ""
    if code not in SHIPS:
        raise IllegalMove(say("`{bad}` is not a ship: write its family letter (C, F or G) and its "
                              "cargo target, e.g. `C7`, `F10`, `G12`.", bad=echo(token)))
    return code


def parse_die(token: str) -> int:
    if token not in ("1", "2", "3", "4", "5", "6"):
        raise IllegalMove(say("`{bad}` is not a die value: dice show 1 to 6.", bad=echo(token)))
    return int(token)


def place_text(values: list[int] | tuple[int, ...]) -> str:
    return "place " + " ".join(str(v) for v in sorted(values))


def parse(text: str) -> str:
    """Canonical text of a move typed by a person; :class:`IllegalMove` if it cannot be read."""
    if not isinstance(text, str):
        raise IllegalMove(USAGE)
    tokens = text.split()
    if not tokens:
        raise IllegalMove(say("Empty move. {usage}", usage=USAGE))
    verb = tokens[0].lower()
    args = tokens[1:]
    if verb == "no" and [a.lower() for a in args] == ["loot"]:
        verb, args = "noloot", []
    if verb == "set" and args and args[0].lower() == "aside":
        verb, args = "discard", args[1:]
    verb = _SYNONYMS.get(verb, verb)
    if verb not in VERBS:
        raise IllegalMove(say("Unknown move `{bad}`. {usage}", bad=echo(tokens[0]), usage=USAGE))
    if verb in ("hunt", "buy", "noloot"):
        if args:
            raise IllegalMove(say("`{verb}` takes nothing after it.", verb=verb))
        return verb
    if verb in ("arm", "stow", "loot"):
        if len(args) != 1:
            raise IllegalMove(say("Write it as `{verb} <ship>`, e.g. `{verb} F9`.", verb=verb))
        return f"{verb} {parse_ship(args[0])}"
    if verb == "attack":
        return _parse_attack(args)
    if verb == "place":
        values = [parse_die(v) for a in args for v in a.replace(",", " ").replace("+", " ").split()]
        if not values:
            raise IllegalMove(say("Write it as `place <die> <die> …`, e.g. `place 5 6`."))
        if len(values) > 8:
            raise IllegalMove(say("A card never takes more than 5 dice."))
        return place_text(values)
    if verb == "discard":
        if len(args) != 1:
            raise IllegalMove(say("Write it as `discard <die>`, e.g. `discard 1` (one die at a time)."))
        return f"discard {parse_die(args[0])}"
    # use
    if len(args) != 2:
        raise IllegalMove(say("Write it as `use <flip|+1|-1|reroll> <die>`, e.g. `use +1 3`."))
    power = _POWER_WORDS.get(args[0].lower())
    if power is None or power not in USE_POWERS:
        raise IllegalMove(say("`{bad}` is not a power: use `flip`, `+1`, `-1` or `reroll`.",
                              bad=echo(args[0])))
    return f"use {power} {parse_die(args[1])}"


def _parse_attack(args: list[str]) -> str:
    usage = say("Write it as `attack <your ship> <seat>:<ship>`, e.g. `attack C7 2:F9`.")
    if not args:
        raise IllegalMove(usage)
    own = parse_ship(args[0])
    rest = "".join(args[1:])
    seat_text, colon, ship_text = rest.partition(":")
    if not colon and len(args) == 3:
        seat_text, ship_text = args[1], args[2]
    if not seat_text or not ship_text:
        raise IllegalMove(usage)
    if not (_SEAT.fullmatch(seat_text) and 1 <= int(seat_text) <= 6):
        raise IllegalMove(say("`{bad}` is not a seat: seats are numbered 1 to 6.",
                              bad=echo(seat_text)))
    return f"attack {own} {int(seat_text)}:{parse_ship(ship_text)}"
