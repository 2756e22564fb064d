"""``menu_path``: how a button menu reaches a move, with readable labels that tell choices apart."""

from __future__ import annotations

from typing import Any

from ..base import MenuStep
from .alignments import COLUMN, line_label, line_of
from .board import cells_of
from .cards import label
from .notation import DIRECTION_NAMES, parse, parse_pos, pos_text

Pos = tuple[int, int]
MAX_LABEL = 100
"""Discord's limit for a select option's label: longer labels get clipped, and could then
read the same."""

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
            MenuStep(" ".join(args), alignment_label(cells_of(view), positions))]


def describe(view: dict[str, Any], move: str) -> str:
    """One line for autocomplete and logs: ``Take R5 (-3,0) + B4 (-1,0) + G1 (1,0) · row 0``
    (a take is one choice, so its label alone says it all); other moves join their steps."""
    steps = menu_path(view, move)
    if steps[0].token == "take":
        return f"Take {steps[1].label}"
    return " → ".join(step.label for step in steps)


def alignment_label(cells: dict[Pos, str], positions: list[Pos]) -> str:
    """``R5 (-3,0) + B4 (-1,0) + G1 (1,0) · row 0``: every card with its position, so two
    alignments never read the same (values alone repeat). Shortened to fit a select option."""
    positions = sorted(positions)
    line = line_of(positions)
    suffix = f" · {line_label(line)}" if line else ""
    cards = [(cells.get(p, "?"), pos_text(p)) for p in positions]
    for sep, form in ((" + ", "{} ({})"), (" + ", "{} {}")):
        text = sep.join(form.format(card, pos) for card, pos in cards) + suffix
        if len(text) <= MAX_LABEL or line is None:
            return text
    return _compact_label(cells, positions, line)


def _compact_label(cells: dict[Pos, str], positions: list[Pos], line: tuple[int, int]) -> str:
    """``row -33 · x: Y1 -40, Y1 -37, …``: on one line a single coordinate places each card
    (y on a column, x elsewhere).
    Only a near-impossible alignment (ten value-1 cards far out on a diagonal) still passes
    100 characters; the menu then clips its tail."""
    column = line[0] == COLUMN
    head = line_label(line)
    coords = ", ".join(f"{cells.get(p, '?')} {p[1] if column else p[0]}" for p in positions)
    return f"{head} · {'y' if column else 'x'}: {coords}"
