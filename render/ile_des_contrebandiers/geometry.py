"""L'île des contrebandiers: sizes, colours and where everything sits on the round sea (rules
IC-1, IC-2: a reconstruction; the engine's games/ile_des_contrebandiers/board holds the rules'
side, this the picture's)."""

from __future__ import annotations

import math
from typing import Any

from i18n import N_

from .. import kit

View = dict[str, Any]
Box = tuple[float, float, float, float]
Point = tuple[float, float]

WIDTH = 800  # phone first: 20 px text reads as 10 px at 400 px wide
FONT = kit.min_font_for(WIDTH)  # 20: the smallest text anywhere
TITLE, BODY, SMALL = 26, 22, FONT
LINE = 32
EDGE = 14

# -- geometry (rules IC-1, IC-2: a reconstruction; the engine's games/ile_des_contrebandiers/board
# holds the rules' side, this the picture's) ----------------------------------------------------
LETTERS = "abcdefghij"
SECTORS = 10
RINGS = (1, 2, 3)
ISLAND_NAMES = (N_("gems"), N_("coins"), N_("jewels"), N_("vases"), N_("barrels"))
ANCHOR = "3f"
R_LIGHT = 60  # the lighthouse disc
RING_EDGES = (60, 140, 220, 300)  # inner edge of ring 1, outer edges of rings 1, 2, 3
DOCK_W, DOCK_H = 124, 84  # a harbour basin: room for four boats with their tiles
ISLAND_W, ISLAND_H = 128, 92
TOP, BOTTOM = 396, 370  # the sea image reaches this far above and below the lighthouse
CX, CY = WIDTH // 2, EDGE + TOP
SEA_H = EDGE + TOP + BOTTOM + EDGE

GAME_NAME = "L'île des contrebandiers"  # a name: the same in every language
BOAT_R = 14  # a seat mark's radius: its number is 20 px
CHIP_H = 26

SEA: kit.RGB = (153, 204, 255)
SEA_LINE: kit.RGB = (51, 102, 153)
NAME_INK: kit.RGB = (0, 51, 102)
LIT: kit.RGB = kit.YELLOW
RAY: kit.RGB = kit.ORANGE
REEF: kit.RGB = (102, 102, 102)
ROCK: kit.RGB = (51, 51, 51)
CRATE: kit.RGB = (204, 153, 102)
SHOWN: kit.RGB = kit.WHITE
LIGHTHOUSE: kit.RGB = (230, 230, 230)
QUAY: kit.RGB = kit.TILE

YELLOW_DIE = {
    "cw2": ("cw", 2, kit.VERMILLION, N_("turn 2 clockwise")),
    "cw3": ("cw", 3, kit.VERMILLION, N_("turn 3 clockwise")),
    "ccw2": ("ccw", 2, kit.GREEN, N_("turn 2 counter-clockwise")),
    "ccw3": ("ccw", 3, kit.GREEN, N_("turn 3 counter-clockwise")),
    "any2": ("any", 2, kit.BLACK, N_("turn 2, either way")),
    "sleep": ("sleep", 0, kit.BLACK, N_("keeper asleep: no turn")),
}


def _angle(sector: float) -> float:
    """The middle of ``sector`` in degrees, PIL style (0 = 3 o'clock, clockwise): sector a is at
    the top, the letters run clockwise."""
    return -90.0 + 36.0 * sector


def _polar(r: float, degrees: float) -> Point:
    a = math.radians(degrees)
    return CX + r * math.cos(a), CY + r * math.sin(a)


def parse_space(name: Any) -> tuple[int, int] | None:
    """(ring, sector) of a sea space like ``"2c"``; None for anything else."""
    if isinstance(name, str) and len(name) == 2 and name[0] in "123" and name[1] in LETTERS:
        return int(name[0]), LETTERS.index(name[1])
    return None


def parse_harbour(name: Any) -> int | None:
    """k of a harbour ``"Hk"``; None for anything else."""
    if isinstance(name, str) and len(name) == 2 and name[0] == "H" and name[1] in "01234":
        return int(name[1])
    return None


def _cell_points(ring: int, sector: int, inset: float = 0.0) -> list[Point]:
    """The outline of a sea space (an annular sector), ``inset`` px inside its edges."""
    r0, r1 = RING_EDGES[ring - 1] + inset, RING_EDGES[ring] - inset
    half = 18.0 - math.degrees(inset / ((r0 + r1) / 2))
    a0, a1 = _angle(sector) - half, _angle(sector) + half
    steps = 10
    outer = [_polar(r1, a0 + (a1 - a0) * k / steps) for k in range(steps + 1)]
    inner = [_polar(r0, a1 - (a1 - a0) * k / steps) for k in range(steps + 1)]
    return outer + inner


def _boat_spot(ring: int, sector: int) -> Point:
    """Where a boat sits in its space (the space's name is nearer the rim, a floating tile
    nearer the lighthouse)."""
    r0, r1 = RING_EDGES[ring - 1], RING_EDGES[ring]
    return _polar((r0 + r1) / 2 - 3, _angle(sector))


def _tile_spot(ring: int, sector: int) -> Point:
    return _polar(RING_EDGES[ring - 1] + 14, _angle(sector))


def _name_spot(ring: int, sector: int) -> Point:
    return _polar(RING_EDGES[ring] - 15, _angle(sector))


def _island_sector(view: View, k: int) -> int:
    for isl in view.get("islands") or []:
        if isl.get("island") == k and isinstance(isl.get("sector"), int):
            return isl["sector"] % SECTORS
    return (2 * k) % SECTORS


# sector -> (harbour basin, island card), relative to the lighthouse: where the round sea leaves
# room in an 800 px wide image (the upper islands' basins sit above their access space, the lower
# ones beside it, each card beside or above its basin). Sectors 6 and 8 mirror 4 and 2.
_LAYOUT: dict[int, tuple[Box, Box]] = {
    0: ((-62, -392, 62, -308), (70, -392, 198, -300)),
    2: ((262, -239, 386, -155), (258, -333, 386, -241)),
    4: ((262, 186, 386, 270), (258, 276, 386, 368)),
}
_LAYOUT[8] = tuple((-b[2], b[1], -b[0], b[3]) for b in _LAYOUT[2])  # type: ignore[assignment]
_LAYOUT[6] = tuple((-b[2], b[1], -b[0], b[3]) for b in _LAYOUT[4])  # type: ignore[assignment]


def _layout(sector: int) -> tuple[Box, Box]:
    """The harbour basin and island card of an island at ``sector`` (any sector: records could
    move an island; the five islands' own sectors have a hand-made place)."""
    if sector in _LAYOUT:
        dock, card = _LAYOUT[sector]
    else:
        a = _angle(sector)
        hx, hy = _polar(RING_EDGES[-1] + 20 + DOCK_H / 2, a)
        fx, fy = _polar(RING_EDGES[-1] + 40 + DOCK_H + ISLAND_H / 2, a)
        dock = (hx - CX - DOCK_W / 2, hy - CY - DOCK_H / 2, hx - CX + DOCK_W / 2,
                hy - CY + DOCK_H / 2)
        card = (fx - CX - ISLAND_W / 2, fy - CY - ISLAND_H / 2, fx - CX + ISLAND_W / 2,
                fy - CY + ISLAND_H / 2)
    return (tuple(v + (CX if k % 2 == 0 else CY) for k, v in enumerate(dock)),  # type: ignore
            tuple(v + (CX if k % 2 == 0 else CY) for k, v in enumerate(card)))


def _dock_box(sector: int) -> Box:
    return _layout(sector)[0]


def _harbour_centre(sector: int) -> Point:
    x0, y0, x1, y1 = _dock_box(sector)
    return (x0 + x1) / 2, (y0 + y1) / 2


def _island_box(sector: int) -> Box:
    return _layout(sector)[1]


def _anchor(view: View, name: Any) -> Point | None:
    """The centre of a space's boat spot or harbour basin (paths run through them)."""
    cell = parse_space(name)
    if cell:
        return _boat_spot(*cell)
    k = parse_harbour(name)
    if k is not None:
        return _harbour_centre(_island_sector(view, k))
    return None


def neighbours(view: View, name: str) -> set[str]:
    """Sea neighbours and harbour links of ``name`` (IC-1, IC-2)."""
    cell = parse_space(name)
    out: set[str] = set()
    if cell:
        ring, sector = cell
        out |= {f"{ring}{LETTERS[(sector + d) % SECTORS]}" for d in (-1, 1)}
        out |= {f"{r}{LETTERS[sector]}" for r in (ring - 1, ring + 1) if r in RINGS}
        for k in range(5):
            if ring == 3 and _island_sector(view, k) == sector:
                out.add(f"H{k}")
    k = parse_harbour(name)
    if k is not None:
        out.add(f"3{LETTERS[_island_sector(view, k)]}")
    return out


