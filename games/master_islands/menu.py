"""``menu_path``: how a button menu reaches a move, with readable labels that tell choices apart."""

from __future__ import annotations

from typing import Any

from ..base import MenuStep
from ..text import Text, say
from .alignments import COLUMN, line_label, line_of
from .board import cells_of
from .cards import COLOURS, label
from .notation import DIRECTION_TEXT, parse, parse_pos, pos_text

Pos = tuple[int, int]
MAX_LABEL = 100
"""Discord's limit for a select option's label: longer labels get clipped, and could then
read the same."""

SINGLE = {
    "again": say("Play another Discovery"),
    "stop": say("End Discovery"),
    "pass": say("Take nothing"),
    "done": say("End corsair moves"),
}


def menu_path(view: dict[str, Any], move: str) -> list[MenuStep]:
    text = parse(move)
    verb, *args = text.split()
    if verb in SINGLE:
        return [MenuStep(verb, SINGLE[verb])]
    if verb == "place":
        return [MenuStep("place", say("Place a card")),
                MenuStep(args[0], label(args[0]), icon=f"card:{COLOURS[args[0][0]]}"),
                MenuStep(args[1], args[1])]
    if verb == "sail":
        return [MenuStep("sail", say("Sail a galleon")),
                MenuStep(f"{args[0]} {args[1]}", say("Galleon {n} → {direction}", n=args[0],
                                                     direction=DIRECTION_TEXT[args[1]]))]
    positions = [parse_pos(a) for a in args]
    return [MenuStep("take", say("Take an alignment")),
            MenuStep(" ".join(args), alignment_label(cells_of(view), positions))]


def describe(view: dict[str, Any], move: str) -> Text:
    """One phrase for autocomplete and logs: ``Take R5 (-3,0) + B4 (-1,0) + G1 (1,0) · row 0``,
    ``Place B4 (blue 4) at 1,0``, ``Sail galleon 2 west``."""
    verb, *args = parse(move).split()
    if verb in SINGLE:
        return SINGLE[verb]
    if verb == "place":
        return say("Place {card} at {pos}", card=label(args[0]), pos=args[1])
    if verb == "sail":
        return say("Sail galleon {n} {direction}", n=args[0], direction=DIRECTION_TEXT[args[1]])
    positions = [parse_pos(a) for a in args]
    return say("Take {alignment}", alignment=alignment_label(cells_of(view), positions))


def alignment_label(cells: dict[Pos, str], positions: list[Pos]) -> Text | str:
    """``R5 (-3,0) + B4 (-1,0) + G1 (1,0) · row 0``: every card with its position, so two
    alignments never read the same (values alone repeat). Shortened to fit a select option."""
    positions = sorted(positions)
    line = line_of(positions)
    cards = [(cells.get(p, "?"), pos_text(p)) for p in positions]
    for form in ("{} ({})", "{} {}"):
        listed = " + ".join(form.format(card, pos) for card, pos in cards)  # notation only
        if line is None:
            return listed
        text = say("{cards} · {line}", cards=listed, line=line_label(line))
        if len(text) <= MAX_LABEL:
            return text
    assert line is not None
    return _compact_label(cells, positions, line)


def _compact_label(cells: dict[Pos, str], positions: list[Pos], line: tuple[int, int]) -> Text:
    """``row -33 · x: Y1 -40, Y1 -37, …``: on one line a single coordinate places each card
    (y on a column, x elsewhere).
    Only a near-impossible alignment (ten value-1 cards far out on a diagonal) still passes
    100 characters; the menu then clips its tail."""
    column = line[0] == COLUMN
    coords = ", ".join(f"{cells.get(p, '?')} {p[1] if column else p[0]}" for p in positions)
    return say("{line} · {axis}: {coords}", line=line_label(line), axis="y" if column else "x",
               coords=coords)
