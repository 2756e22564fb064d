"""Master Islands images: the growing map (board) and a player's cards (hand).

Drawn only from a View (docs/views.md), phone first: a board is at most 800 px wide and no text is
smaller than 20 px, so at the ~400 px a phone shows, every label is at least 10 px. The map
auto-fits: the card size shrinks as the map grows, with x/y coordinates on all four edges as in
the notation (x east, y south, start card 0,0) and half a cell of empty positions around it (where
cards can be placed next). Every card shows colour + letter + value; every galleon shows its
seat's mark (colour + shape + SEAT number, the same badge as the panel) and, when the seat has two
galleons, one or two pips under it (galleon 1 or 2, the ``n`` of ``sail <n>``); corsair galleons
are black discs over crossed bones. A legend explains the last-move frame, holes and pips. The
panel shows each seat's full name (``seats[i]["name"]``, wrapped, else "Seat n") and, at the end,
who won.
"""

from __future__ import annotations

import math
from collections import defaultdict
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from i18n import N_, _, _n

from . import kit
from .seats import result_reason

View = dict[str, Any]
Pos = tuple[int, int]
Box = tuple[float, float, float, float]
Ship = tuple[int, int, bool, bool]  # seat, galleon number, corsair?, does the seat have two?

CARD_COLOURS: dict[str, kit.RGB] = {
    "B": kit.BLUE, "G": kit.GREEN, "R": kit.VERMILLION, "Y": kit.YELLOW,
}
CARD_NAMES: dict[str, str] = {"B": N_("blue"), "G": N_("green"), "R": N_("red"), "Y": N_("yellow")}
MODE_NAMES: dict[str, str] = {"standard": N_("standard"), "coop": N_("cooperative"),
                              "corsair": N_("corsair")}
PHASE_NAMES: dict[str, str] = {"discovery": N_("Discovery"), "bonus": N_("colour bonus"),
                               "conquest": N_("Conquest"), "corsair": N_("corsair moves"),
                               "over": N_("game over")}
"""Words drawn from view codes: msgids, translated (``_``) when drawn."""
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


@lru_cache(maxsize=256)  # <= 256 x 60 KB at the largest cell size
def _card_tile_cached(card: str, fill: kit.RGB, w: int, h: int) -> tuple[Image.Image, list[int]]:
    with kit.recording_text_sizes(isolated=True) as sizes:
        tile, draw = kit.new_canvas(w + 1, h + 1)
        draw_card(draw, (0, 0, w, h), card)
    return tile, sizes


def _card_tile(card: str, fill: kit.RGB, w: int, h: int) -> Image.Image:
    """A card without galleons, drawn once per (card, colour, size) and pasted: a big map
    repeats the same 20 cards, and rounded rectangles + text were most of its draw time. Its
    text sizes are recorded again on every paste (the phone-readability check sees them)."""
    tile, sizes = _card_tile_cached(card, fill, w, h)
    kit.note_text_sizes(sizes)
    return tile


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


def _draw_ships(draw: ImageDraw.ImageDraw, box: Box, ships: list[Ship]) -> None:
    """All galleons on a card, in rows along its bottom, in seat order (top row first)."""
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
    for k, item in enumerate(shown):
        row, col = divmod(k, per_row)
        in_row = min(per_row, len(shown) - row * per_row)
        step = min(FULL * r, (w - MARGIN - FOOT * r) / max(1, in_row - 1))
        center = ((x0 + x1) / 2 + (col - (in_row - 1) / 2) * step, top + row * row_h)
        if isinstance(item, int):
            _draw_more(draw, center, r, item)
        else:
            _draw_marker(draw, center, r, item, lay.numbered)


def _visible(lo: float, hi: float) -> list[tuple[int, float]]:
    """Integer positions whose cell shows at least 45 % between ``lo`` and ``hi``, with the
    centre of their visible part (where their coordinate label goes)."""
    out = []
    for i in range(math.floor(lo), math.ceil(hi)):
        a, b = max(lo, i), min(hi, i + 1)
        if b - a >= 0.45:
            out.append((i, (a + b) / 2))
    return out


def _draw_axes(draw: ImageDraw.ImageDraw, g: Grid) -> None:
    """A faint grid so empty positions can be counted, and x / y labels on all four edges."""
    width, height = g.size
    x_lo, x_hi, y_lo, y_hi = g.px(g.left), g.px(g.right), g.py(g.top), g.py(g.bottom)
    for i in range(math.ceil(g.left), math.floor(g.right) + 1):
        draw.line((g.px(i), y_lo, g.px(i), y_hi), fill=kit.GRID)
    for j in range(math.ceil(g.top), math.floor(g.bottom) + 1):
        draw.line((x_lo, g.py(j), x_hi, g.py(j)), fill=kit.GRID)
    draw.rectangle((x_lo, y_lo, x_hi, y_hi), outline=kit.GRID)
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


def _draw_map(view: View) -> Image.Image:
    cards, holes, ships = _positions(view)
    g = _grid(set(cards) | holes | set(ships) or {(0, 0)})
    image, draw = kit.new_canvas(*g.size)
    cell = g.cell
    pad = max(2, cell // 22)
    _draw_axes(draw, g)
    for p in holes - set(cards):
        _draw_hole(draw, g.box(p, pad), cell)
    for p, card in cards.items():
        b = g.box(p, pad)
        here = ships.get(p, [])
        if here:
            _draw_card_with_ships(draw, b, card, here)
        else:
            fill = CARD_COLOURS.get(card[:1], UNKNOWN)
            image.paste(_card_tile(card, fill, int(b[2] - b[0]), int(b[3] - b[1])),
                        (int(b[0]), int(b[1])))
    for p in ships.keys() - set(cards):  # a galleon off the map: should not happen, still show it
        _draw_ships(draw, g.box(p, pad), ships[p])
    for p in _last_cells(view):
        if g.left <= p[0] < g.right and g.top <= p[1] < g.bottom:
            kit.highlight(draw, g.box(p), _frame_thick(cell))
    return image


def _last_cells(view: View) -> list[Pos]:
    last = view.get("last_move") or {}
    return [(int(c[0]), int(c[1])) for c in last.get("cells") or []]


def _legend(view: View, width: int) -> Image.Image | None:
    """What the map's marks mean, drawn with the map's own code: only the marks it shows."""
    entries: list[tuple[kit.Painter, str]] = []
    if _last_cells(view):
        entries.append((lambda d, b: kit.highlight(d, b, 5), _("last move")))
    cards = {(c["x"], c["y"]) for c in view.get("map", [])}
    if any((h[0], h[1]) not in cards for h in view.get("holes", [])):
        entries.append((lambda d, b: _draw_hole(d, b, 60), _("hole (card taken)")))
    if any(len(s.get("galleons", [])) > 1 for s in view.get("seats", [])):
        for num in (1, 2):
            entries.append((lambda d, b, n=num: _draw_pips(
                d, ((b[0] + b[2]) / 2, b[1] - 1), 14, n), _("galleon {n}", n=num)))
    return kit.legend(width, entries) if entries else None


# -- the panel -------------------------------------------------------------------------------------
def _seat_label(s: dict[str, Any], mode: str) -> str:
    role = s.get("role", "player")
    if role == "corsair":
        return _("corsair")
    if mode == "coop" and s.get("team") is not None:
        return _("team {team}", team=s["team"])
    return _("crew") if role == "crew" else ""


def _seat_badge(draw: ImageDraw.ImageDraw, center: tuple[float, float], r: float,
                s: dict[str, Any]) -> None:
    if s.get("role") == "corsair":
        kit.corsair_mark(draw, center, r, str(s["seat"]))
    else:
        kit.seat_mark(draw, center, r, s["seat"])


TITLE, BODY, SMALL = 26, 22, FONT  # panel text sizes (>= 10 px on a phone at 800 px wide)
LINE = 32  # panel line height at BODY size


def _status_lines(view: View, width: int) -> list[tuple[str, int, bool]]:
    """(text, size, bold) lines of the panel's head, wrapped to ``width``: game, winner by
    name, facts, how it ended."""
    mode = view.get("mode", "standard")
    shown_mode = _(MODE_NAMES[mode]) if mode in MODE_NAMES else mode
    lines = [(_("Master Islands - {mode}", mode=shown_mode), TITLE, True)]
    title = kit.result_title(view)
    if title:
        lines += [(line, TITLE, True) for line in kit.wrap(title, TITLE, width)]
    phase = str(view.get("phase", "?"))
    facts = [_("phase: {phase}", phase=_(PHASE_NAMES[phase]) if phase in PHASE_NAMES else phase)]
    pile = view.get("pile")
    if isinstance(pile, int):
        facts.append(_n("pile: {n} card", "pile: {n} cards", pile))
    if view.get("round") is not None:
        facts.append(_("round {round}/{rounds}", round=view["round"],
                       rounds=view.get("rounds_max", "?")))
    target = view.get("target")
    for name, total in sorted((view.get("team_scores") or {}).items()):
        facts.append(_("crew: {total}/{target}", total=total, target=target) if name == "crew"
                     else _("team {team}: {total}/{target}", team=name, total=total, target=target))
    lines += [(line, BODY, False) for line in kit.wrap_items(facts, BODY, width)]
    if title:
        reason = result_reason(view)
        lines += [(line, BODY, False) for line in kit.wrap(_("Game over. {reason}", reason=reason),
                                                           BODY, width)]
    return lines


CHIP_W, CHIP_H = 50, 34
NAME_X = kit.PANEL_NAME_X
EDGE = 14  # right margin of the panel rows


def _score_text(view: View, s: dict[str, Any]) -> str:
    score = s.get("score", len(s.get("collected", [])))
    target = view.get("target")
    return f"{score}/{target}" if view.get("mode", "standard") == "standard" and target else f"{score}"


def _right_width(view: View, s: dict[str, Any]) -> int:
    """Width of the right-hand "hand n   score" column of a seat's row."""
    if s.get("role") == "corsair":
        return 0
    return kit.text_width(_hand_text(s), SMALL) + 20 + kit.text_width(
        _score_text(view, s), BODY)


def _hand_text(s: dict[str, Any]) -> str:
    return _("hand {n}", n=s.get("hand_size", 0))


def _name_lines(view: View, s: dict[str, Any], width: int) -> list[str]:
    """The seat's full display name (fallback "Seat n") and its role, wrapped, never cut."""
    label = _seat_label(s, view.get("mode", "standard"))
    name = kit.seat_name(view, s["seat"])
    if label:
        name = _("{name}, {role}", name=name, role=label)
    room = width - NAME_X - EDGE - 16 - _right_width(view, s)
    return kit.wrap(name, BODY, room)


def _chip(image: Image.Image, x: int, y: int, card: str) -> None:
    """A collected card in the panel, pasted from :func:`_chip_tile` (the same pixels as
    :func:`_draw_chip`: a panel of a long game has dozens, each a rounded rectangle and a
    text); its text size is recorded as if drawn."""
    tile, mask, sizes = _chip_tile(card, x % 2)
    image.paste(tile, (x - x % 2, y), mask)
    kit.note_text_sizes(sizes)


@lru_cache(maxsize=128)
def _chip_tile(card: str, shift: int) -> tuple[Image.Image, Image.Image, list[int]]:
    """The chip drawn once, ``shift`` px right (text centres round by parity), with the mask of
    its pixels: the corners outside its rounded rectangle keep the row's own background."""
    size = (shift + CHIP_W - 4, CHIP_H + 1)
    with kit.recording_text_sizes(isolated=True) as sizes:
        tile, draw = kit.new_canvas(*size)
        _draw_chip(draw, shift, 0, card)
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((shift, 0, shift + CHIP_W - 5, CHIP_H), radius=5,
                                           fill=255, outline=255, width=1)
    return tile, mask, sizes


def _draw_chip(draw: ImageDraw.ImageDraw, x: float, y: float, card: str) -> None:
    fill = CARD_COLOURS.get(card[:1], UNKNOWN)
    draw.rounded_rectangle((x, y, x + CHIP_W - 5, y + CHIP_H), radius=5, fill=fill,
                           outline=kit.INK, width=1)
    kit.text(draw, (x + (CHIP_W - 5) / 2, y + CHIP_H / 2), card, SMALL, kit.ink_on(fill), "mm",
             bold=True)


class SeatRow(NamedTuple):
    seat: dict[str, Any]
    names: list[str]
    chip_lines: int

    @property
    def height(self) -> int:
        return 14 + LINE * len(self.names) + (CHIP_H + 6) * self.chip_lines + 6


def _seat_rows(view: View, width: int) -> list[SeatRow]:
    per_line = max(1, (width - NAME_X - EDGE) // CHIP_W)
    return [SeatRow(s, _name_lines(view, s, width), -(-len(s.get("collected", [])) // per_line))
            for s in view.get("seats", [])]


def _draw_seat_row(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, row: SeatRow,
                   y: int, width: int) -> None:
    """One seat: turn / win flag, badge, full name, hand and score, collected cards below."""
    s = row.seat
    mid = kit.seat_row_head(draw, view, s["seat"], row.names, (y, row.height, width, LINE),
                            (BODY, SMALL), lambda at: _seat_badge(draw, at, 17, s))
    if s.get("role") != "corsair":
        score = _score_text(view, s)
        right = width - EDGE - 4
        kit.text(draw, (right, mid), score, BODY, kit.INK, "rm", bold=True)
        kit.text(draw, (right - kit.text_width(score, BODY) - 20, mid),
                 _hand_text(s), SMALL, kit.MUTED, "rm")
    per_line = max(1, (width - NAME_X - EDGE) // CHIP_W)
    top = y + 8 + LINE * len(row.names) + 4
    for k, card in enumerate(s.get("collected", [])):
        line, col = divmod(k, per_line)
        _chip(image, NAME_X + col * CHIP_W, top + line * (CHIP_H + 6), card)


def _draw_panel(view: View, width: int) -> Image.Image:
    status = _status_lines(view, width - 2 * EDGE)
    rows = _seat_rows(view, width)
    height = 12 + LINE * len(status) + 10 + sum(r.height for r in rows) + 8
    image, draw = kit.new_canvas(width, height)
    draw.line((0, 0, width, 0), fill=kit.GRID, width=3)
    y = kit.text_lines(draw, status, EDGE, 12, LINE)
    y += 10
    for row in rows:
        _draw_seat_row(image, draw, view, row, y, width)
        y += row.height
    return image


def board(view: View) -> Image.Image:
    """The public table image: map, legend, status and players panel. Uses no hidden field."""
    game_map = _draw_map(view)
    width = max(game_map.width, MIN_WIDTH)
    parts = [game_map, _legend(view, width), _draw_panel(view, width)]
    return kit.stack_trimmed([p for p in parts if p is not None], width)


# -- the hand --------------------------------------------------------------------------------------
HAND_WIDTH = 760
CARD_W, CARD_H, GAP = 190, 250, 24
PER_ROW = 3  # cards per row: more would widen the image and shrink its text on a phone


def _context_lines(view: View, width: int) -> list[str]:
    """Who this is, how many cards collected, where the galleons are (wrapped to ``width``)."""
    viewer = view.get("viewer")
    if viewer is None:
        return [_("Spectator: no cards to show")]
    me = next((s for s in view.get("seats", []) if s["seat"] == viewer), None)
    who = kit.seat_name(view, viewer)  # "Seat 2" alone when the view names nobody
    if kit.seat_row(view, viewer).get("name"):
        who = _("{name} (seat {n})", name=who, n=viewer)
    if me is None:
        return kit.wrap(who, BODY, width)
    where = "   ".join(_("galleon {n} at {x},{y}", n=i, x=x, y=y) for i, (x, y) in
                       enumerate(me.get("galleons", []), start=1))
    if me.get("role") == "corsair":
        return kit.wrap(_("{who}, corsair: no cards.", who=who) + "   " + where, BODY, width)
    target = view.get("target")
    got = len(me.get("collected", []))
    mine = (_n("{who}: {n}/{target} card collected", "{who}: {n}/{target} cards collected", got,
               who=who, target=target) if target
            else _n("{who}: {n} card collected", "{who}: {n} cards collected", got, who=who))
    return kit.wrap(mine, BODY, width) + kit.wrap(where, BODY, width)


def hand(view: View) -> Image.Image:
    """The viewer's own cards, large, with context (name, seat, collected, galleons)."""
    cards = view.get("hand") or []
    context = _context_lines(view, HAND_WIDTH - 76 - EDGE)
    top = 70 + LINE * len(context)
    card_rows = -(-len(cards) // PER_ROW)
    height = top + card_rows * (CARD_H + 56) + 10
    image, draw = kit.new_canvas(HAND_WIDTH, height)
    viewer = view.get("viewer")
    if viewer is not None:
        me = next((s for s in view.get("seats", []) if s["seat"] == viewer), {"seat": viewer})
        _seat_badge(draw, (40, 42), 22, me)
    kit.text(draw, (76, 28), _("Your hand") if viewer is not None else "Master Islands", 28,
             kit.INK, bold=True)
    for k, line in enumerate(context):
        kit.text(draw, (76, 64 + LINE * k), line, BODY, kit.MUTED)
    for k, card in enumerate(cards):
        row, col = divmod(k, PER_ROW)
        in_row = min(PER_ROW, len(cards) - row * PER_ROW)
        x = (HAND_WIDTH - in_row * (CARD_W + GAP) + GAP) / 2 + col * (CARD_W + GAP)
        y = top + row * (CARD_H + 56)
        draw_card(draw, (x, y, x + CARD_W, y + CARD_H), card, y + CARD_H * 0.5, 130)
        name = _(CARD_NAMES[card[:1]]) if card[:1] in CARD_NAMES else card[:1]
        kit.text(draw, (x + CARD_W / 2, y + CARD_H + 26), _("{card}  ({colour})", card=card,
                                                           colour=name), BODY, kit.INK, "mm")
    return kit.trim(image)
