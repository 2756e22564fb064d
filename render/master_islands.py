"""Master Islands images: the growing map (board) and a player's cards (hand).

Drawn only from a View (docs/views.md). The map auto-fits: the card size shrinks as the map grows so
the image stays about 1000 px wide, with x/y coordinates on all four edges as in the notation
(x east, y south, start card 0,0). Every card shows colour + letter + value; every galleon shows its
seat's mark (colour + shape + SEAT number, the same badge as the panel) and, when the seat has two
galleons, a white tab with the galleon number (``sail <n>``); corsair galleons are black discs over
crossed bones. The panel shows ``seats[i]["name"]`` when the host passes one, else "Seat n".
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from . import kit

View = dict[str, Any]
Pos = tuple[int, int]
Ship = tuple[int, int, bool, bool]  # seat, galleon number, corsair?, does the seat have two?

CARD_COLOURS: dict[str, kit.RGB] = {
    "B": kit.BLUE, "G": kit.GREEN, "R": kit.VERMILLION, "Y": kit.YELLOW,
}
CARD_NAMES: dict[str, str] = {"B": "blue", "G": "green", "R": "red", "Y": "yellow"}
UNKNOWN = kit.UNKNOWN

MAP_WIDTH = 1000  # the map never makes the image wider than this unless cells hit MIN_CELL
MAP_HEIGHT = 1100
MAX_CELL, MIN_CELL = 130, 40
MIN_WIDTH = 900  # room for the panel even when the map is tiny
RING = 1  # empty positions shown around the map (placement targets need coordinates too)


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


def _cell_size(cols: int, rows: int, axis: int) -> int:
    fit = min((MAP_WIDTH - 2 * axis) // cols, (MAP_HEIGHT - 2 * axis) // rows)
    return max(MIN_CELL, min(MAX_CELL, fit))


def draw_card(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], card: str,
              value_y: float | None = None, value_size: int | None = None) -> None:
    """One card: colour fill, letter in the corner, big value (colour is never alone)."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    letter, value = card[:1], card[1:]
    fill = CARD_COLOURS.get(letter, UNKNOWN)
    ink = kit.ink_on(fill)
    draw.rounded_rectangle(box, radius=max(3, round(w / 10)), fill=fill, outline=kit.INK,
                           width=max(1, round(w / 50)))
    corner = max(11, round(w * 0.27))
    kit.text(draw, (x0 + w * 0.08, y0 + w * 0.05), letter, corner, ink, "la", bold=True)
    size = value_size or max(14, round(w * 0.52))
    cy = value_y if value_y is not None else (y0 + y1) / 2
    kit.text(draw, ((x0 + x1) / 2 + w * 0.05, cy), value, size, ink, "mm", bold=True)


@lru_cache(maxsize=256)  # <= 256 x 50 KB at the largest cell size
def _card_tile(card: str, fill: kit.RGB, w: int, h: int) -> Image.Image:
    """A card without galleons, drawn once per (card, colour, size) and pasted: a big map
    repeats the same 20 cards, and rounded rectangles + text were most of its draw time."""
    tile, draw = kit.new_canvas(w + 1, h + 1)
    draw_card(draw, (0, 0, w, h), card)
    return tile


R_MIN = 9.0  # marker radius floor: 18 px across, the seat number stays readable on a phone
R_MAX = 24.0
HEADER = 0.34  # share of a card kept for its compact header (letter + value on one line)
FULL, PACKED = 2.25, 1.7  # marker spacing in radii: apart, or overlapping (a stack) when tight
MARGIN = 2


def _tab_radius(r: float) -> float:
    return max(6.0, r * 0.45)


def _row_height(r: float, tabs: bool) -> float:
    """A marker row: the tallest shape (diamond, 1.12 r each way) plus the galleon tab below."""
    down = max(1.12 * r, r + 1.3 * _tab_radius(r)) if tabs else 1.12 * r
    return 1.12 * r + down + MARGIN


@lru_cache(maxsize=512)
def _ship_layout(w: int, n: int, tabs: bool) -> tuple[float, int, int]:
    """Marker radius, markers per row and rows for ``n`` galleons on a card ``w`` px wide.

    The largest radius that fits, first with markers apart, then stacked (overlapping by a
    third); never below R_MIN (QA found 7 px markers on a 15-column map): what still does not
    fit is shown as a "+n" marker.
    """
    room = w * (1 - HEADER)
    for spacing in (FULL, PACKED):
        r = min(R_MAX, w * 0.19)
        while r >= R_MIN:
            per_row = max(1, int((w - MARGIN - FULL * r) // (spacing * r)) + 1)
            rows = min(2, int(room // _row_height(r, tabs)))
            if rows and per_row * rows >= n:
                return r, per_row, -(-n // per_row)
            r -= 0.5
    r = R_MIN
    per_row = max(1, int((w - MARGIN - FULL * r) // (PACKED * r)) + 1)
    return r, per_row, max(1, min(2, int(room // _row_height(r, tabs))))


def _draw_marker(draw: ImageDraw.ImageDraw, center: tuple[float, float], r: float,
                 ship: Ship) -> None:
    """The seat's mark (shape + colour + SEAT number, as in the panel), and when the seat has
    two galleons a white tab under it with the galleon number (the ``n`` of ``sail <n> <dir>``)."""
    seat, num, corsair, two = ship
    cx, cy = center
    if corsair:
        kit.corsair_mark(draw, center, r * 0.85, str(seat))
    else:
        kit.mark(draw, center, r, kit.SEAT_SHAPES.get(seat, "circle"),
                 kit.SEAT_COLOURS.get(seat, UNKNOWN), str(seat))
    if two:
        t = _tab_radius(r)
        ty = cy + r + 0.3 * t  # below the seat number, overlapping the shape's edge
        draw.rounded_rectangle((cx - t, ty - t, cx + t, ty + t), radius=max(2, t / 2),
                               fill=kit.WHITE, outline=kit.INK, width=max(1, round(t / 6)))
        kit.text(draw, (cx, ty), str(num), max(10, round(t * 1.6)), kit.INK, "mm", bold=t >= 9)


def _draw_more(draw: ImageDraw.ImageDraw, center: tuple[float, float], r: float, more: int) -> None:
    """The galleons that did not fit: a dark "+n" pill in the last slot."""
    cx, cy = center
    draw.rounded_rectangle((cx - r * 1.1, cy - r * 0.8, cx + r * 1.1, cy + r * 0.8),
                           radius=r * 0.5, fill=kit.INK)
    kit.text(draw, center, f"+{more}", max(10, round(r * 1.1)), kit.WHITE, "mm", bold=True)


def _ships_height(w: float, ships: list[Ship]) -> float:
    """Height the galleon rows take at the bottom of a card (to place the card's value)."""
    tabs = any(s[3] for s in ships)
    r, _, rows = _ship_layout(int(w), len(ships), tabs)
    return rows * _row_height(r, tabs) + MARGIN


def _draw_ships(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float],
                ships: list[Ship]) -> None:
    """All galleons on a card, in rows along its bottom, in seat order (top row first)."""
    x0, _, x1, y1 = box
    w = x1 - x0
    tabs = any(s[3] for s in ships)
    r, per_row, rows = _ship_layout(int(w), len(ships), tabs)
    shown: list[Ship | int] = list(sorted(ships))
    if len(shown) > per_row * rows:
        keep = per_row * rows - 1
        shown = shown[:keep] + [len(shown) - keep]
    row_h = _row_height(r, tabs)
    top = y1 - MARGIN - rows * row_h + 1.12 * r + MARGIN
    for k, item in enumerate(shown):
        row, col = divmod(k, per_row)
        in_row = min(per_row, len(shown) - row * per_row)
        step = min(FULL * r + MARGIN, (w - MARGIN - FULL * r) / max(1, in_row - 1))
        left = (x0 + x1) / 2 - step * (in_row - 1) / 2
        center = (left + col * step, top + row * row_h)
        if isinstance(item, int):
            _draw_more(draw, center, r, item)
        else:
            _draw_marker(draw, center, r, item)


def _draw_axes(draw: ImageDraw.ImageDraw, origin: Pos, shape: tuple[int, int], cell: int,
               axis: int) -> None:
    """A faint grid so empty positions can be counted, and x / y labels on all four edges."""
    (min_x, min_y), (cols, rows) = origin, shape
    width, height = cols * cell + 2 * axis, rows * cell + 2 * axis
    for i in range(cols + 1):
        draw.line((axis + i * cell, axis, axis + i * cell, height - axis), fill=kit.GRID)
    for j in range(rows + 1):
        draw.line((axis, axis + j * cell, width - axis, axis + j * cell), fill=kit.GRID)
    size = max(13, min(22, cell // 4))
    for i in range(cols):
        cx = axis + i * cell + cell / 2
        for y in (axis / 2, height - axis / 2):
            kit.text(draw, (cx, y), str(min_x + i), size, kit.MUTED, "mm", bold=True)
    for j in range(rows):
        cy = axis + j * cell + cell / 2
        for x in (axis / 2, width - axis / 2):
            kit.text(draw, (x, cy), str(min_y + j), size, kit.MUTED, "mm", bold=True)


def _value_place(box: tuple[float, float, float, float], ships: list[Ship]) -> tuple[float, int]:
    """Where and how big a card's value goes: centred in the space above its galleons, as
    big as that space allows (it stays right of the corner letter, so may share its line)."""
    w = box[2] - box[0]
    free = w - _ships_height(w, ships)
    return box[1] + free * 0.5 + w * 0.02, max(11, round(min(0.42 * w, free * 0.8)))


def _draw_map(view: View) -> Image.Image:
    cards, holes, ships = _positions(view)
    everything = set(cards) | holes | set(ships) or {(0, 0)}
    # One empty ring around the map: where cards can be placed next, with its coordinates.
    min_x = min(p[0] for p in everything) - RING
    max_x = max(p[0] for p in everything) + RING
    min_y = min(p[1] for p in everything) - RING
    max_y = max(p[1] for p in everything) + RING
    cols, rows = max_x - min_x + 1, max_y - min_y + 1
    axis = 30
    cell = _cell_size(cols, rows, axis)
    axis = max(22, min(34, cell // 3))
    width, height = cols * cell + 2 * axis, rows * cell + 2 * axis
    image, draw = kit.new_canvas(width, height)
    pad = max(2, cell // 22)

    def box(p: Pos, inset: float = 0) -> tuple[float, float, float, float]:
        left = axis + (p[0] - min_x) * cell
        top = axis + (p[1] - min_y) * cell
        return (left + inset, top + inset, left + cell - inset - 1, top + cell - inset - 1)

    _draw_axes(draw, (min_x, min_y), (cols, rows), cell, axis)
    for p in holes - set(cards):
        b = box(p, pad)
        kit.hatch(draw, b, kit.GRID, step=max(6, cell // 8))
        kit.dashed_rect(draw, b, kit.MUTED, width=max(1, cell // 40), dash=max(4, cell // 12))
    for p, card in cards.items():
        b = box(p, pad)
        here = ships.get(p, [])
        if not here:
            fill = CARD_COLOURS.get(card[:1], UNKNOWN)
            tile = _card_tile(card, fill, int(b[2] - b[0]), int(b[3] - b[1]))
            image.paste(tile, (int(b[0]), int(b[1])))
            continue
        draw_card(draw, b, card, *_value_place(b, here))
        _draw_ships(draw, b, here)
    for p in ships.keys() - set(cards):  # a galleon off the map: should not happen, still show it
        _draw_ships(draw, box(p, pad), ships[p])

    last = view.get("last_move") or {}
    thick = max(4, cell // 12)
    for c in last.get("cells") or []:
        p = (int(c[0]), int(c[1]))
        if min_x <= p[0] <= max_x and min_y <= p[1] <= max_y:
            kit.highlight(draw, box(p), thick)
    return image


# -- the panel -------------------------------------------------------------------------------------
def _seat_label(s: dict[str, Any], mode: str) -> str:
    role = s.get("role", "player")
    if role == "corsair":
        return "corsair"
    if mode == "coop" and s.get("team") is not None:
        return f"team {s['team']}"
    return "crew" if role == "crew" else ""


def _seat_badge(draw: ImageDraw.ImageDraw, center: tuple[float, float], r: float,
                s: dict[str, Any]) -> None:
    if s.get("role") == "corsair":
        kit.corsair_mark(draw, center, r * 0.85, str(s["seat"]))
    else:
        kit.seat_mark(draw, center, r, s["seat"])


def _status_lines(view: View) -> list[str]:
    mode = view.get("mode", "standard")
    lines = [f"Master Islands - {mode}"]
    facts = [f"phase: {view.get('phase', '?')}", f"pile: {view.get('pile', '?')} cards"]
    if view.get("round") is not None:
        facts.append(f"round {view['round']}/{view.get('rounds_max', '?')}")
    teams = view.get("team_scores") or {}
    target = view.get("target")
    for name, total in sorted(teams.items()):
        label = "crew" if name == "crew" else f"team {name}"
        facts.append(f"{label}: {total}/{target}")
    lines.append("   ".join(facts))
    result = view.get("result")
    if result and result.get("finished"):
        winners = result.get("winners") or []
        who = ", ".join(kit.seat_name(view, w) for w in winners) or "nobody"
        lines.append(f"GAME OVER - won by {who}. {result.get('reason', '')}".strip())
    return lines


CHIP_W, CHIP_H = 46, 32
ROW_H = 52
NAME_X, HAND_X, CHIPS_X = 112, 350, 520  # panel columns: name (+ role), hand and score, cards


def _name_label(view: View, s: dict[str, Any], mode: str) -> str:
    """The seat's display name (fallback "Seat n") and its role, cut to fit its column."""
    label = _seat_label(s, mode)
    suffix = f" ({label})" if label else ""
    room = HAND_X - NAME_X - 12 - kit.text_width(suffix, 23)
    return kit.fit(kit.seat_name(view, s["seat"]), 23, room) + suffix


def _chip(draw: ImageDraw.ImageDraw, x: float, y: float, card: str) -> None:
    fill = CARD_COLOURS.get(card[:1], UNKNOWN)
    draw.rounded_rectangle((x, y, x + CHIP_W - 4, y + CHIP_H), radius=5, fill=fill,
                           outline=kit.INK, width=1)
    kit.text(draw, (x + (CHIP_W - 4) / 2, y + CHIP_H / 2), card, 19, kit.ink_on(fill), "mm",
             bold=True)


def _panel_rows(view: View, width: int) -> list[tuple[dict[str, Any], int]]:
    """Each seat with how many chip lines its collected cards need at this width."""
    per_line = max(1, (width - CHIPS_X - 10) // CHIP_W)
    return [(s, max(1, -(-len(s.get("collected", [])) // per_line))) for s in view.get("seats", [])]


def _draw_panel(view: View, width: int) -> Image.Image:
    status = [piece for k, line in enumerate(_status_lines(view))
              for piece in ([line] if k < 2 else kit.wrap(line, 23, width - 40))]
    rows = _panel_rows(view, width)
    height = 20 + 40 * len(status) + sum(ROW_H + (n - 1) * (CHIP_H + 6) for _, n in rows) + 16
    image, draw = kit.new_canvas(width, height)
    draw.line((0, 0, width, 0), fill=kit.GRID, width=3)
    y = 16
    for k, line in enumerate(status):
        kit.text(draw, (20, y), line, 28 if k == 0 else 23, kit.INK, "la", bold=k != 1)
        y += 40
    to_move = set(view.get("to_move") or [])
    result = view.get("result") or {}
    winners = set(result.get("winners") or []) if result.get("finished") else set()
    mode = view.get("mode", "standard")
    target = view.get("target")
    per_line = max(1, (width - CHIPS_X - 10) // CHIP_W)
    for s, n_lines in rows:
        seat = s["seat"]
        row_h = ROW_H + (n_lines - 1) * (CHIP_H + 6)
        mid = y + ROW_H / 2 - 4
        if seat in to_move or seat in winners:
            draw.rectangle((8, y - 2, width - 8, y + row_h - 8), fill=kit.TURN_BG,
                           outline=kit.INK, width=2)
            kit.text(draw, (16, mid), "WIN" if seat in winners else ">", 22, kit.INK, "lm", bold=True)
        _seat_badge(draw, (86, mid), 17, s)
        kit.text(draw, (NAME_X, mid), _name_label(view, s, mode), 23, kit.INK, "lm",
                 bold=seat in to_move)
        collected = s.get("collected", [])
        score = s.get("score", len(collected))
        mine = f"{score}/{target}" if mode == "standard" and target else f"{score}"
        if s.get("role") != "corsair":
            kit.text(draw, (HAND_X, mid), f"hand {s.get('hand_size', 0)}", 21, kit.MUTED, "lm")
            kit.text(draw, (HAND_X + 95, mid), mine, 23, kit.INK, "lm", bold=True)
        for k, card in enumerate(collected):
            line, col = divmod(k, per_line)
            _chip(draw, CHIPS_X + col * CHIP_W, mid - CHIP_H / 2 + line * (CHIP_H + 6), card)
        y += row_h
    return image


def board(view: View) -> Image.Image:
    """The public table image: map + status and players panel. Uses no hidden field of the view."""
    game_map = _draw_map(view)
    width = max(game_map.width, MIN_WIDTH)
    return kit.stack([game_map, _draw_panel(view, width)], MIN_WIDTH)


# -- the hand --------------------------------------------------------------------------------------
def _context_line(view: View) -> str:
    viewer = view.get("viewer")
    if viewer is None:
        return "Spectator: no cards to show"
    me = next((s for s in view.get("seats", []) if s["seat"] == viewer), None)
    if me is None:
        return f"Seat {viewer}"
    where = "   ".join(f"galleon {i} at {x},{y}" for i, (x, y) in
                       enumerate(me.get("galleons", []), start=1))
    if me.get("role") == "corsair":
        return f"Seat {viewer} (corsair): no cards.   {where}"
    collected = len(me.get("collected", []))
    target = view.get("target")
    return f"Seat {viewer}: collected {collected}" + (f"/{target}" if target else "") + f"   {where}"


def hand(view: View) -> Image.Image:
    """The viewer's own cards, large, with one line of context (seat, collected, galleons)."""
    cards = view.get("hand") or []
    card_w, card_h, gap = 190, 250, 24
    width = max(760, len(cards) * (card_w + gap) + gap)
    height = 100 + (card_h + 50 if cards else 40)
    image, draw = kit.new_canvas(width, height)
    viewer = view.get("viewer")
    if viewer is not None:
        me = next((s for s in view.get("seats", []) if s["seat"] == viewer), {"seat": viewer})
        if me["seat"] in kit.SEAT_COLOURS:
            _seat_badge(draw, (40, 42), 22, me)
    kit.text(draw, (76, 28), "Your hand" if viewer is not None else "Master Islands", 28,
             kit.INK, bold=True)
    kit.text(draw, (76, 64), _context_line(view), 21, kit.MUTED)
    x = (width - len(cards) * (card_w + gap) + gap) / 2
    for card in cards:
        box = (x, 100, x + card_w, 100 + card_h)
        draw_card(draw, box, card, value_y=100 + card_h * 0.5, value_size=130)
        name = CARD_NAMES.get(card[:1], card[:1])
        kit.text(draw, (x + card_w / 2, 100 + card_h + 24), f"{card}  ({name})", 22, kit.INK,
                 "mm")
        x += card_w + gap
    return image
