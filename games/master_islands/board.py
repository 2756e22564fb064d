"""The map and the galleons (MI-6, MI-7, MI-8): pure helpers over a state or a view.

Both a state and a view carry ``map`` and the galleons, so bots (which see views only) and the
engine share these helpers. Positions are ``(x, y)`` tuples here, ``[x, y]`` lists in JSON.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .notation import DIRECTIONS

Pos = tuple[int, int]
Cells = dict[Pos, str]


def cells_of(state: Mapping[str, Any]) -> Cells:
    """Position -> card, from a state (``[x, y, card]``) or a view (``{"x", "y", "card"}``)."""
    entries = state["map"]
    if entries and isinstance(entries[0], dict):
        return {(e["x"], e["y"]): e["card"] for e in entries}
    return {(x, y): card for x, y, card in entries}


def galleons_of(state: Mapping[str, Any]) -> list[list[Pos]]:
    """Galleons per seat (index 0 = seat 1), as position tuples; a state or a view."""
    if "galleons" in state:
        per_seat = state["galleons"]
    else:
        per_seat = [s["galleons"] for s in state["seats"]]
    return [[(g[0], g[1]) for g in seat] for seat in per_seat]


def blocked(galleons: list[list[Pos]]) -> set[Pos]:
    """MI-12: cards holding any galleon cannot be part of an alignment."""
    return {pos for seat in galleons for pos in seat}


def neighbours(pos: Pos) -> list[Pos]:
    x, y = pos
    return [(x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)]


def place_targets(cells: Cells, own: list[Pos]) -> list[Pos]:
    """MI-8: empty positions orthogonally next to a card holding one of ``own`` galleons."""
    out = {n for g in own for n in neighbours(g) if n not in cells}
    return sorted(out)


def can_place_near(cells: Cells, own: list[Pos]) -> bool:
    """Whether ``place_targets`` is non-empty, without building it (hot path of MI-9)."""
    for x, y in own:
        if (
            (x, y - 1) not in cells
            or (x + 1, y) not in cells
            or (x, y + 1) not in cells
            or (x - 1, y) not in cells
        ):
            return True
    return False


def sails(cells: Cells, own: list[Pos]) -> list[tuple[int, str, Pos]]:
    """MI-8 / MI-7: (galleon number, direction, destination) onto an adjacent card."""
    out = []
    for i, (x, y) in enumerate(own):
        for letter, (dx, dy) in DIRECTIONS.items():
            dest = (x + dx, y + dy)
            if dest in cells:
                out.append((i + 1, letter, dest))
    return out


def bonus_colour(cells: Cells, own: list[Pos], pos: Pos, card: str) -> bool:
    """MI-10: the placed card matches the colour of an adjacent card holding an own galleon."""
    own_set = set(own)
    return any(n in own_set and cells.get(n, " ")[0] == card[0] for n in neighbours(pos))
