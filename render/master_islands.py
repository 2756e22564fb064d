"""Master Islands images: the growing map (board) and a player's cards (hand).

Drawn only from a View (docs/views.md). The map auto-fits: the card size shrinks as the map grows so
the image stays about 1000 px wide, with x/y coordinates on all four edges as in the notation
(x east, y south, start card 0,0). Every card shows colour + letter + value; every galleon shows its
seat's colour + shape + its number; corsair galleons are black discs over crossed bones.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from . import kit

View = dict[str, Any]
Pos = tuple[int, int]

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
def _positions(view: View) -> tuple[dict[Pos, str], set[Pos], dict[Pos, list[tuple[int, int, bool]]]]:
    cards = {(c["x"], c["y"]): c["card"] for c in view.get("map", [])}
    holes = {(h[0], h[1]) for h in view.get("holes", [])}
    ships: dict[Pos, list[tuple[int, int, bool]]] = defaultdict(list)
    for s in view.get("seats", []):
        for i, (x, y) in enumerate(s.get("galleons", []), start=1):
            ships[(x, y)].append((s["seat"], i, s.get("role") == "corsair"))
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


def _draw_ships(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float],
                ships: list[tuple[int, int, bool]]) -> None:
    """All galleons on a card, in up to two rows of four along its bottom."""
    x0, _, x1, y1 = box
    w = x1 - x0
    crowded = len(ships) > 3
    r = w * (0.112 if crowded else 0.15 if len(ships) == 3 else 0.18)
    step = w / 4 if crowded else r * 2.5
    for k, (seat, num, corsair) in enumerate(sorted(ships)):
        row, col = divmod(k, 4)
        in_row = min(4, len(ships) - row * 4)
        left = (x0 + x1) / 2 - step * (in_row - 1) / 2
        center = (left + col * step, y1 - r * 1.35 - row * r * 2.3)
        if corsair:
            kit.corsair_mark(draw, center, r * 0.85, str(num))
        else:
            kit.mark(draw, center, r, kit.SEAT_SHAPES.get(seat, "circle"),
                     kit.SEAT_COLOURS.get(seat, UNKNOWN), str(num))


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
        inner = b[2] - b[0]
        two_rows = len(here) > 4
        value_y = b[1] + inner * (0.30 if two_rows else 0.34)
        value_size = max(12, round(inner * (0.36 if two_rows else 0.42)))
        draw_card(draw, b, card, value_y, value_size)
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
        who = ", ".join(f"seat {w}" for w in winners) or "nobody"
        lines.append(f"GAME OVER - won by {who}. {result.get('reason', '')}".strip())
    return lines


CHIP_W, CHIP_H = 46, 32
ROW_H = 52


def _chip(draw: ImageDraw.ImageDraw, x: float, y: float, card: str) -> None:
    fill = CARD_COLOURS.get(card[:1], UNKNOWN)
    draw.rounded_rectangle((x, y, x + CHIP_W - 4, y + CHIP_H), radius=5, fill=fill,
                           outline=kit.INK, width=1)
    kit.text(draw, (x + (CHIP_W - 4) / 2, y + CHIP_H / 2), card, 19, kit.ink_on(fill), "mm",
             bold=True)


def _panel_rows(view: View, width: int) -> list[tuple[dict[str, Any], int]]:
    """Each seat with how many chip lines its collected cards need at this width."""
    per_line = max(1, (width - 470) // CHIP_W)
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
    per_line = max(1, (width - 470) // CHIP_W)
    for s, n_lines in rows:
        seat = s["seat"]
        row_h = ROW_H + (n_lines - 1) * (CHIP_H + 6)
        mid = y + ROW_H / 2 - 4
        if seat in to_move or seat in winners:
            draw.rectangle((8, y - 2, width - 8, y + row_h - 8), fill=kit.TURN_BG,
                           outline=kit.INK, width=2)
            kit.text(draw, (16, mid), "WIN" if seat in winners else ">", 22, kit.INK, "lm", bold=True)
        _seat_badge(draw, (86, mid), 17, s)
        label = _seat_label(s, mode)
        kit.text(draw, (112, mid), f"Seat {seat}" + (f" ({label})" if label else ""), 23,
                 kit.INK, "lm", bold=seat in to_move)
        collected = s.get("collected", [])
        score = s.get("score", len(collected))
        mine = f"{score}/{target}" if mode == "standard" and target else f"{score}"
        if s.get("role") != "corsair":
            kit.text(draw, (290, mid), f"hand {s.get('hand_size', 0)}", 21, kit.MUTED, "lm")
            kit.text(draw, (385, mid), mine, 23, kit.INK, "lm", bold=True)
        for k, card in enumerate(collected):
            line, col = divmod(k, per_line)
            _chip(draw, 460 + col * CHIP_W, mid - CHIP_H / 2 + line * (CHIP_H + 6), card)
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
