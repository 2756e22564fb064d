"""``menu_path``: how a button menu reaches a move, with readable labels (item 6 of the issue)."""

from __future__ import annotations

from typing import Any

from ..base import MenuStep
from .board import cells_of
from .cards import label
from .moves import take_label
from .notation import DIRECTION_NAMES, parse, parse_pos

SINGLE = {
    "again": "Play another Discovery",
    "stop": "End Discovery",
    "pass": "Take nothing",
    "done": "End corsair moves",
}


def menu_path(view: dict[str, Any], move: str) -> list[MenuStep]:
    text = parse(move)
    verb, *args = text.split()
    if verb in SINGLE:
        return [MenuStep(verb, SINGLE[verb])]
    if verb == "place":
        return [MenuStep("place", "Place a card"), MenuStep(args[0], label(args[0])),
                MenuStep(args[1], args[1])]
    if verb == "sail":
        return [MenuStep("sail", "Sail a galleon"),
                MenuStep(f"{args[0]} {args[1]}", f"Galleon {args[0]} → {DIRECTION_NAMES[args[1]]}")]
    positions = [parse_pos(a) for a in args]
    return [MenuStep("take", "Take an alignment"),
            MenuStep(" ".join(args), take_label(cells_of(view), positions))]
