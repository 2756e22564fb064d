"""Isis & Osiris components: the board's cells, the 22 Isis tiles, dealing counts (IO-1..IO-4).

Tile values are ints in the state and signed texts (``+2``, ``-3``) in records and messages.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ..echo import echo

COLUMNS = "ABCDEF"
ROWS = "123456"
CELLS: tuple[str, ...] = tuple(c + r for r in ROWS for c in COLUMNS)
"""IO-1: ``A1`` … ``F6``, row by row (north to south), west to east inside a row."""

TILE_SET: tuple[int, ...] = (
    (1,) * 2 + (2,) * 6 + (3,) * 2 + (4,) * 1 + (-1,) * 2 + (-2,) * 6 + (-3,) * 2 + (-4,) * 1
)
"""IO-2: the 22 Isis tiles."""

DEAL: dict[int, tuple[int, int]] = {2: (8, 11), 3: (6, 7), 4: (5, 5)}
"""IO-4: player count -> (pawns, tiles) per player."""


def neighbours(cell: str) -> list[str]:
    """The orthogonally adjacent cells (IO-11), in CELLS order."""
    col, row = COLUMNS.index(cell[0]), ROWS.index(cell[1])
    out = []
    for dc, dr in ((0, -1), (-1, 0), (1, 0), (0, 1)):
        c, r = col + dc, row + dr
        if 0 <= c < 6 and 0 <= r < 6:
            out.append(COLUMNS[c] + ROWS[r])
    return out


NEIGHBOURS: dict[str, list[str]] = {cell: neighbours(cell) for cell in CELLS}


def format_value(value: int) -> str:
    """``3`` -> ``"+3"``, ``-2`` -> ``"-2"`` (the sign is always written, as on the tiles)."""
    return f"{value:+d}"


_VALUE = re.compile(r"[+-]?[0-9]")
"""A tile value as text: ASCII digits only (``str.isdigit`` and ``int`` also take "³", "٣")."""


def parse_value(raw: Any) -> int:
    """A tile value from a record (``"+2"``, ``"-3"`` or an int); ValueError if not a tile."""
    if isinstance(raw, str) and _VALUE.fullmatch(raw.strip()):
        value = int(raw.strip())
    elif isinstance(raw, int) and not isinstance(raw, bool):
        value = raw
    else:
        raise ValueError(f"'{echo(raw)}' is not a tile value: write one like \"+2\" or \"-3\"")
    if value not in TILE_SET:
        raise ValueError(f"no Isis tile is worth '{echo(raw)}' (tiles are -4..-1 and +1..+4)")
    return value


def unseen_pool(revealed: list[int]) -> list[int]:
    """The multiset of tiles nobody has seen: all 22 minus the revealed ones (sorted)."""
    left = Counter(TILE_SET)
    left.subtract(revealed)
    if any(n < 0 for n in left.values()):
        raise ValueError("more tiles revealed than the game has")
    return sorted(left.elements())


def check_sub_multiset(values: list[int]) -> None:
    """ValueError unless ``values`` could all come from one set of 22 tiles (records' setup)."""
    extra = Counter(values) - Counter(TILE_SET)
    if extra:
        shown = ", ".join(f"{format_value(v)}×{n}" for v, n in sorted(extra.items()))
        raise ValueError(f"the setup has more tiles than the game has: {shown} too many")
