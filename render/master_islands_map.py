"""Master Islands map: the growing grid of cards with galleons and holes (the top of a board).

Drawn only from a View (docs/views/master-islands.md), phone first: a board is at most 800 px wide and no text
is smaller than 20 px. The map auto-fits: the card size shrinks as the map grows, with x/y
coordinates on all four edges as in the notation (x east, y south, start card 0,0) and half a
cell of empty positions around it (where cards can be placed next). Every card shows colour +
letter + value; every galleon shows its seat's mark (colour + shape + SEAT number) and, when
the seat has two galleons, one or two pips under it (galleon 1 or 2, the ``n`` of ``sail <n>``);
corsair galleons are black discs over crossed bones.

Speed: a board is drawn after every move, and a map repeats most of the last one; cards without
galleons are pasted from tiles drawn once per size, and holes and cards with galleons are pasted
back where they were drawn when the grid and their contents are the same
(:mod:`render.sprites`), the same pixels as drawing them.
"""

from __future__ import annotations

import math
from collections import defaultdict
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from . import kit, regions, sprites
from .cache import Cache

View = dict[str, Any]
Pos = tuple[int, int]
Box = tuple[float, float, float, float]
Ship = tuple[int, int, bool, bool]  # seat, galleon number, corsair?, does the seat have two?

CARD_COLOURS: dict[str, kit.RGB] = {
    "B": kit.BLUE, "G": kit.GREEN, "R": kit.VERMILLION, "Y": kit.YELLOW,
}
UNKNOWN = kit.UNKNOWN

BOARD_WIDTH = 800  # phone first: a board is never wider unless cells hit MIN_CELL (15+ columns)
FONT = kit.min_font_for(BOARD_WIDTH)  # 20: the smallest text on any board
MAP_HEIGHT = 1000
MAX_CELL, MIN_CELL = 170, 40
COMPACT_BELOW = 52  # a card narrower than this shows "B4" on one line (20 px text)
MIN_WIDTH = 600  # room for the panel even when the map is tiny or tall
RING = 0.5  # cells of empty positions shown around the map (placement targets have coordinates)


# -- the map ----------------------------------------------------------------------------------------
def _positions(view: View) -> tuple[dict[Pos, str], set[Pos], dict[Pos, list[Ship]]]:
    cards = {(c["x"], c["y"]): c["card"] for c in view.get("map", [])}
    holes = {(h[0], h[1]) for h in view.get("holes", [])}
    ships: dict[Pos, list[Ship]] = defaultdict(list)
    for s in view.get("seats", []):
        galleons = s.get("galleons", [])
        for i, (x, y) in enumerate(galleons, start=1):
            ships[(x, y)].append((s["seat"], i, s.get("role") == "corsair", len(galleons) > 1))
    return cards, holes, ships


class Grid(NamedTuple):
    """The map window: map units (a card at x spans [x, x + 1)) to pixels."""

    left: float
    top: float
    right: float
    bottom: float
    cell: int
    ax: int  # width of the left and right coordinate strips
    ay: int  # height of the top and bottom coordinate strips

    def px(self, gx: float) -> float:
        return self.ax + (gx - self.left) * self.cell

    def py(self, gy: float) -> float:
        return self.ay + (gy - self.top) * self.cell

    @property
    def size(self) -> tuple[int, int]:
        return (round(self.px(self.right)) + self.ax, round(self.py(self.bottom)) + self.ay)

    def box(self, p: Pos, inset: float = 0) -> Box:
        left, top = self.px(p[0]), self.py(p[1])
        return (left + inset, top + inset, left + self.cell - inset - 1,
                top + self.cell - inset - 1)


def _axis_font(cell: int) -> int:
    return max(FONT, min(24, cell // 4))


def _grid(everything: set[Pos]) -> Grid:
    """The window around ``everything``: cells as big as BOARD_WIDTH and MAP_HEIGHT allow, and
    on a small or tall map more empty columns, so the map spans the board's width (no band)."""
    min_x, max_x = min(p[0] for p in everything), max(p[0] for p in everything)
    min_y, max_y = min(p[1] for p in everything), max(p[1] for p in everything)
    cols, rows = max_x - min_x + 1 + 2 * RING, max_y - min_y + 1 + 2 * RING
    widest = max(len(str(v)) for v in (min_y, max_y + 1, min_y - 1))
    ax = kit.text_width("-" * (widest > 2) + "8" * (widest - (widest > 2)), 24) + 12
    ay = 34
    cell = min(MAX_CELL, int((BOARD_WIDTH - 2 * ax) / cols), int((MAP_HEIGHT - 2 * ay) / rows))
    cell = max(MIN_CELL, cell)
    ring_x = RING + max(0.0, (MIN_WIDTH - 2 * ax) / cell - cols) / 2
    return Grid(min_x - ring_x, min_y - RING, max_x + 1 + ring_x, max_y + 1 + RING, cell, ax, ay)


def draw_card(draw: ImageDraw.ImageDraw, box: Box, card: str, value_y: float | None = None,
              value_size: int | None = None) -> None:
    """One card: colour fill, letter in the corner, big value (colour is never alone)."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    if w < COMPACT_BELOW and value_y is None:
        _draw_compact_card(draw, box, card, middle=True)
        return
    letter, value = card[:1], card[1:]
    fill = CARD_COLOURS.get(letter, UNKNOWN)
    ink = kit.ink_on(fill)
    draw.rounded_rectangle(box, radius=max(3, round(w / 10)), fill=fill, outline=kit.INK,
                           width=max(1, round(w / 50)))
    corner = max(FONT, round(w * 0.27))
    kit.text(draw, (x0 + w * 0.08, y0 + w * 0.05), letter, corner, ink, "la", bold=True)
    size = value_size or max(FONT + 6, round(w * 0.52))
    cy = value_y if value_y is not None else (y0 + y1) / 2
    kit.text(draw, ((x0 + x1) / 2 + w * 0.05, cy), value, size, ink, "mm", bold=True)


def _draw_compact_card(draw: ImageDraw.ImageDraw, box: Box, card: str, middle: bool = False) -> None:
    """A card too small for a big value: letter and value on one line, at the top (over its
    galleons) or in the ``middle``."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    fill = CARD_COLOURS.get(card[:1], UNKNOWN)
    draw.rounded_rectangle(box, radius=max(3, round(w / 10)), fill=fill, outline=kit.INK,
                           width=max(1, round(w / 50)))
    ink = kit.ink_on(fill)
    if middle:
        kit.text(draw, ((x0 + x1) / 2, (y0 + y1) / 2), card, FONT, ink, "mm", bold=True)
    else:
        kit.text(draw, (x0 + max(3, w * 0.06), y0 + HEADER - 2), card, FONT, ink, "ls", bold=True)


CARD_TILES = Cache("master-islands cards", 2 << 20)
"""Cards without galleons by (card, colour, size): a big map repeats the same 20 cards."""


def _card_tile_cached(card: str, fill: kit.RGB, w: int,
                      h: int) -> tuple[Image.Image, Any, list[int]]:
    """A card without galleons, drawn once per (card, colour, size) and pasted: the tile, its
    pixels as Pillow's core image (pasted without Image.paste's checks), and its text sizes
    (recorded again on every paste: the phone-readability check sees them)."""
    key = (card, fill, w, h)
    found = CARD_TILES.get(key)
    if found is None:
        with kit.recording_text_sizes(isolated=True) as sizes:
            tile, draw = kit.new_canvas(w + 1, h + 1)
            draw_card(draw, (0, 0, w, h), card)
        found = CARD_TILES.put(key, (tile, tile.im, sizes))
    return found


# -- galleons on a card ---------------------------------------------------------------------------
R_MIN = 14.0  # numbered marker radius floor: its seat number is 20 px (10 px on a phone)
R_TINY = 11.0  # unnumbered markers (shape + colour), only when numbered ones cannot all fit
R_MAX = 24.0
HEADER = FONT - 2  # the compact header line (letter + value) above the galleons
PIPS = 0.3  # how much further down (in radii) the galleon pips reach below a mark
FOOT = 2.4  # a marker's width in radii
FULL, PACKED = 2.6, 1.7  # marker spacing in radii: apart, or overlapping (a stack) when tight
MARGIN = 2


class Reach(NamedTuple):
    """How far the marks of one card reach above and below their centre, in radii."""

    up: float
    down: float


def _reach(ships: list[Ship]) -> Reach:
    """The reach of the tallest mark on the card (a card of circles packs tighter)."""
    shapes = ["corsair" if s[2] else kit.seat_shape(s[0]) for s in ships]
    up = max(kit.SHAPE_REACH.get(sh, (1.15, 1.15))[0] for sh in shapes)
    down = max(kit.SHAPE_REACH.get(sh, (1.15, 1.15))[1] for sh in shapes)
    return Reach(up, down + (PIPS if any(s[3] for s in ships) else 0))


class Layout(NamedTuple):
    r: float
    per_row: int
    rows: int
    numbered: bool
    reach: Reach
    fits: bool = True

    @property
    def slots(self) -> int:
        return self.per_row * self.rows


def _row_height(r: float, reach: Reach) -> float:
    return (reach.up + reach.down) * r + MARGIN


def _fit(w: int, room: float, n: int, reach: Reach, r_min: float) -> tuple[float, int, int] | None:
    """The largest radius >= ``r_min`` at which ``n`` markers fit, apart first, then stacked."""
    for spacing in (FULL, PACKED):
        r = max(r_min, min(R_MAX, w * 0.2))
        while r >= r_min:
            per_row = max(1, int((w - MARGIN - FOOT * r) // (spacing * r)) + 1)
            rows = min(3, int(room // _row_height(r, reach)))
            if rows and per_row * rows >= n:
                return r, per_row, -(-n // per_row)
            r -= 0.5
    return None


@lru_cache(maxsize=1024)
def _ship_layout(w: int, h: int, n: int, reach: Reach) -> Layout:
    """How ``n`` galleons sit on a card ``w`` x ``h`` px: numbered markers (seat number 20 px)
    when they all fit; else smaller unnumbered ones (shape and colour still tell the seat);
    else numbered ones with a "+n" marker for the rest (``fits`` is False when even one row
    of them is taller than the card leaves, on 13+ column maps: they overlap the card's top)."""
    room = h - HEADER
    for r_min, numbered in ((R_MIN, True), (R_TINY, False)):
        found = _fit(w, room, n, reach, r_min)
        if found:
            return Layout(*found, numbered, reach)
    per_row = max(1, int((w - MARGIN - FOOT * R_MIN) // (PACKED * R_MIN)) + 1)
    rows = min(3, int(room // _row_height(R_MIN, reach)))
    return Layout(R_MIN, per_row, max(1, rows), True, reach, fits=rows > 0)


def _draw_pips(draw: ImageDraw.ImageDraw, center: tuple[float, float], r: float, num: int) -> None:
    """Galleon ``num`` of a seat that has two: ``num`` black pips on a white tab under the mark."""
    cx, cy = center
    pr = max(3.0, r * 0.2)
    half_w = num * pr + (num + 1) * pr * 0.7 / 2 + pr * 0.5
    ty = cy + r - pr * 0.2
    draw.rounded_rectangle((cx - half_w, ty - pr * 1.6, cx + half_w, ty + pr * 1.6),
                           radius=pr * 1.5, fill=kit.WHITE, outline=kit.INK, width=1)
    for k in range(num):
        px = cx + (k - (num - 1) / 2) * pr * 2.8
        draw.ellipse((px - pr, ty - pr, px + pr, ty + pr), fill=kit.INK)


def _draw_marker(draw: ImageDraw.ImageDraw, center: tuple[float, float], r: float,
                 ship: Ship, numbered: bool = True) -> None:
    """The seat's mark (shape + colour + SEAT number, as in the panel), and when the seat has
    two galleons pips under it telling galleon 1 from 2 (the ``n`` of ``sail <n> <dir>``)."""
    seat, num, corsair, two = ship
    label = str(seat) if numbered else ""
    if corsair:
        kit.corsair_mark(draw, center, r, label)
    else:
        kit.mark(draw, center, r, kit.seat_shape(seat), kit.seat_colour(seat), label,
                 halo=kit.WHITE)
    if two:
        _draw_pips(draw, center, r, num)


def _draw_more(draw: ImageDraw.ImageDraw, center: tuple[float, float], r: float, more: int) -> None:
    """The galleons that did not fit: a dark "+n" pill in the last slot."""
    cx, cy = center
    half = max(r * 1.1, kit.text_width(f"+{more}", FONT) / 2 + 5)
    draw.rounded_rectangle((cx - half, cy - r * 0.85, cx + half, cy + r * 0.85),
                           radius=r * 0.5, fill=kit.INK, outline=kit.WHITE, width=2)
    kit.text(draw, center, f"+{more}", FONT, kit.WHITE, "mm", bold=True)


def _layout(box: Box, ships: list[Ship]) -> Layout:
    return _ship_layout(int(box[2] - box[0]), int(box[3] - box[1]), len(ships), _reach(ships))


def _ships_height(box: Box, ships: list[Ship]) -> float:
    """Height the galleon rows take at the bottom of a card (to place the card's value)."""
    lay = _layout(box, ships)
    return lay.rows * _row_height(lay.r, lay.reach) + MARGIN


def _placed(box: Box, ships: list[Ship]) -> tuple[Layout, list[tuple[tuple[float, float],
                                                                    Ship | int]]]:
    """Where each galleon of a card goes (rows along its bottom, in seat order, top row first),
    and the "+n" of those that do not fit."""
    x0, _, x1, y1 = box
    w = x1 - x0
    lay = _layout(box, ships)
    r, per_row = lay.r, lay.per_row
    shown: list[Ship | int] = list(sorted(ships))
    if len(shown) > lay.slots:
        keep = lay.slots - 1
        shown = shown[:keep] + [len(shown) - keep]
    row_h = _row_height(r, lay.reach)
    top = y1 - MARGIN - lay.rows * row_h + lay.reach.up * r + MARGIN
    out: list[tuple[tuple[float, float], Ship | int]] = []
    for k, item in enumerate(shown):
        row, col = divmod(k, per_row)
        in_row = min(per_row, len(shown) - row * per_row)
        step = min(FULL * r, (w - MARGIN - FOOT * r) / max(1, in_row - 1))
        out.append((((x0 + x1) / 2 + (col - (in_row - 1) / 2) * step, top + row * row_h), item))
    return lay, out


def _draw_ships(draw: ImageDraw.ImageDraw, box: Box, ships: list[Ship]) -> None:
    """All galleons on a card, in rows along its bottom, in seat order (top row first)."""
    lay, placed = _placed(box, ships)
    for center, item in placed:
        if isinstance(item, int):
            _draw_more(draw, center, lay.r, item)
        else:
            _draw_marker(draw, center, lay.r, item, lay.numbered)


def _ships_reach(box: Box, ships: list[Ship]) -> Box:
    """A box that surely holds every pixel the galleons of a card draw (generous: shapes reach
    1.42 radii, halos and outlines a few pixels more, pips and "+n" pills less)."""
    lay, placed = _placed(box, ships)
    left, top, right, bottom = box
    for (cx, cy), item in placed:
        half = 1.7 * lay.r + 8
        if isinstance(item, int):
            half = max(half, kit.text_width(f"+{item}", FONT) / 2 + 10)
        left, right = min(left, cx - half), max(right, cx + half)
        top, bottom = min(top, cy - half), max(bottom, cy + half)
    return left, top, right, bottom


def _visible(lo: float, hi: float) -> list[tuple[int, float]]:
    """Integer positions whose cell shows at least 45 % between ``lo`` and ``hi``, with the
    centre of their visible part (where their coordinate label goes)."""
    out = []
    for i in range(math.floor(lo), math.ceil(hi)):
        a, b = max(lo, i), min(hi, i + 1)
        if b - a >= 0.45:
            out.append((i, (a + b) / 2))
    return out


AXES = Cache("master-islands axes", 1 << 20, entry_bytes=480_000)
"""A grid's coordinate labels, as drawn (a table's map keeps its grid between two growths)."""


def _draw_axes(image: Image.Image, draw: ImageDraw.ImageDraw, g: Grid) -> None:
    """A faint grid so empty positions can be counted, and x / y labels on all four edges
    (kept by grid: the four label strips hold nothing else, see :func:`_label_strips`)."""
    width, height = g.size
    x_lo, x_hi, y_lo, y_hi = g.px(g.left), g.px(g.right), g.py(g.top), g.py(g.bottom)
    for i in range(math.ceil(g.left), math.floor(g.right) + 1):
        draw.line((g.px(i), y_lo, g.px(i), y_hi), fill=kit.GRID)
    for j in range(math.ceil(g.top), math.floor(g.bottom) + 1):
        draw.line((x_lo, g.py(j), x_hi, g.py(j)), fill=kit.GRID)
    draw.rectangle((x_lo, y_lo, x_hi, y_hi), outline=kit.GRID)
    strips = _label_strips(g)
    found = [AXES.get((g, k)) for k in range(len(strips))]
    if all(f is not None for f in found):
        for sprite in found:
            assert sprite is not None
            sprites.paste(image, sprite)
        return
    with kit.recording_text_sizes() as sizes:  # (not isolated: the outer recorders see them)
        _draw_labels(draw, g)
    if AXES.seen_before(g):
        for k, rect in enumerate(strips):
            AXES.put((g, k), sprites.Sprite(image.crop(rect), None, rect[:2],
                                            tuple(sizes) if k == 0 else ()))


def _label_strips(g: Grid) -> list[sprites.Rect]:
    """The four edge strips outside the window (2 px clear of its outline): they hold the
    labels, wholly (a label is 12 px narrower than the side strips, and 24 px text centred in
    the 34 px top and bottom strips), and nothing else."""
    width, height = g.size
    return [(0, 0, width, g.ay - 2), (0, height - g.ay + 2, width, height),
            (0, g.ay - 2, g.ax - 2, height - g.ay + 2),
            (width - g.ax + 2, g.ay - 2, width, height - g.ay + 2)]


def _draw_labels(draw: ImageDraw.ImageDraw, g: Grid) -> None:
    width, height = g.size
    size = _axis_font(g.cell)
    for i, at in _visible(g.left, g.right):
        for y in (g.ay / 2, height - g.ay / 2):
            kit.text(draw, (g.px(at), y), str(i), size, kit.MUTED, "mm", bold=True)
    for j, at in _visible(g.top, g.bottom):
        for x in (g.ax / 2, width - g.ax / 2):
            kit.text(draw, (x, g.py(at)), str(j), size, kit.MUTED, "mm", bold=True)


def _draw_card_with_ships(draw: ImageDraw.ImageDraw, b: Box, card: str, ships: list[Ship]) -> None:
    """A card holding galleons: its value as big as the space above them allows (centred), or,
    when that space is too small, letter and value on one compact line at the top."""
    w = b[2] - b[0]
    free = (b[3] - b[1]) - _ships_height(b, ships)
    size = round(min(0.42 * w, free * 0.8))
    if size >= max(FONT + 4, round(w * 0.27) + 4):
        draw_card(draw, b, card, b[1] + free * 0.5 + w * 0.02, size)
    else:
        _draw_compact_card(draw, b, card)
    _draw_ships(draw, b, ships)


def _draw_hole(draw: ImageDraw.ImageDraw, b: Box, cell: int) -> None:
    """A position emptied by a conquest: hatched, dashed outline (a pattern, not a colour)."""
    kit.hatch(draw, b, kit.MUTED, step=max(7, cell // 8))
    kit.dashed_rect(draw, b, kit.INK, width=max(2, cell // 40), dash=max(5, cell // 12))


def _frame_thick(cell: int) -> int:
    return max(5, cell // 12)


HOLES = Cache("master-islands holes", 256 << 10, entry_bytes=20_000)
SHIP_CARDS = Cache("master-islands cards with galleons", 1 << 20, entry_bytes=64_000)
"""Holes and cards with galleons as drawn, by exact box and contents (a table's map keeps its
grid between two growths, and a card with galleons changes only when one sails or lands).
Small, as the axes: a few tables' worth (with 1,000 tables the board costs the same without)."""


def grid_of(view: View) -> Grid:
    """The map window of ``view`` (its size is the map's size)."""
    cards, holes, ships = _positions(view)
    return _grid(set(cards) | holes | set(ships) or {(0, 0)})


def _rect(ink: Box) -> sprites.Rect:
    return (math.floor(ink[0]) - 2, math.floor(ink[1]) - 2, math.ceil(ink[2]) + 3,
            math.ceil(ink[3]) + 3)


def draw_map(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, g: Grid) -> None:
    """The map of ``view`` in window ``g``, drawn from (0, 0) of ``image``. Holes and cards
    with galleons are pasted back when drawn at the same place before (:mod:`render.sprites`)."""
    cards, holes, ships = _positions(view)
    cell = g.cell
    pad = max(2, cell // 22)
    _draw_axes(image, draw, g)
    for p in holes - set(cards):
        b = g.box(p, pad)
        w = max(2, cell // 40)  # the dashed outline's width, centred on the box
        sprites.drawn_or_pasted(HOLES, (b, cell), image,
                                lambda b=b, w=w: _rect((b[0] - w, b[1] - w, b[2] + w, b[3] + w)),
                                lambda b=b: _draw_hole(draw, b, cell))
    core = image.im  # card tiles go straight to Pillow's core paste (checked sizes: inside)
    tiles: dict[tuple[str, int, int], tuple[Image.Image, Any, list[int]]] = {}
    sizes: list[int] = []  # the tiles' texts, noted once at the end
    for p, card in cards.items():
        b = g.box(p, pad)
        here = ships.get(p)
        if here:
            sprites.drawn_or_pasted(SHIP_CARDS, (b, card, tuple(sorted(here))), image,
                                    lambda b=b, here=here: _rect(_ships_reach(b, here)),
                                    lambda b=b, card=card, here=here: _draw_card_with_ships(
                                        draw, b, card, here))
            continue
        key = (card, int(b[2] - b[0]), int(b[3] - b[1]))
        tile = tiles.get(key)
        if tile is None:
            tile = tiles[key] = _card_tile_cached(
                card, CARD_COLOURS.get(card[:1], UNKNOWN), key[1], key[2])
        sizes += tile[2]
        x, y = int(b[0]), int(b[1])
        right, bottom = x + tile[0].width, y + tile[0].height
        if 0 <= x and 0 <= y and right <= image.width and bottom <= image.height:
            core.paste(tile[1], (x, y, right, bottom))
        else:
            image.paste(tile[0], (x, y))
    kit.note_text_sizes(sizes)
    for p in ships.keys() - set(cards):  # a galleon off the map: should not happen, still show it
        _draw_ships(draw, g.box(p, pad), ships[p])
    for p in _last_cells(view):
        if g.left <= p[0] < g.right and g.top <= p[1] < g.bottom:
            kit.highlight(draw, g.box(p), _frame_thick(cell))
    if regions.active():
        _note_places(image, g, set(cards))


def _note_places(image: Image.Image, g: Grid, cards: set[Pos]) -> None:
    """Regions keyed ``x,y`` (``place <card> <x>,<y>``'s position token) for the positions a
    card could be placed on: empty (or a hole) and next to a card; cut to the map's window
    (the ring around the map shows half of the outer ones)."""
    near = {(x + dx, y + dy) for x, y in cards for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))}
    left, top = g.px(g.left), g.py(g.top)
    right, bottom = g.px(g.right) - 1, g.py(g.bottom) - 1
    for p in sorted(near - cards):
        b = g.box(p)
        box = (max(b[0], left), max(b[1], top), min(b[2], right), min(b[3], bottom))
        if box[0] < box[2] and box[1] < box[3]:
            regions.note(image, f"{p[0]},{p[1]}", box)


def map_image(view: View) -> Image.Image:
    """The map alone, on its own canvas."""
    g = grid_of(view)
    image, draw = kit.new_canvas(*g.size)
    draw_map(image, draw, view, g)
    return image


def _last_cells(view: View) -> list[Pos]:
    last = view.get("last_move") or {}
    return [(int(c[0]), int(c[1])) for c in last.get("cells") or []]

