"""Isis & Osiris images: the 6x6 board (board) and a player's reserve (hand).

Drawn only from a View (docs/views.md). Pawns carry their seat's colour, shape (circle, square,
triangle, diamond) and number. Placed tiles are face down (a plain dark tile) unless the view gives
their value (open option, or the end); the final image adds each pawn's value under it. A revealed
tile waiting to be placed is drawn large in the panel.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from . import kit

View = dict[str, Any]

COLS, ROWS = "ABCDEF", "123456"
CELL = 124
AXIS = 36
MIN_WIDTH = 900


def _sign(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def _cell_box(cell: str) -> tuple[int, int, int, int]:
    col, row = COLS.index(cell[0]), ROWS.index(cell[1:])
    left, top = AXIS + col * CELL, AXIS + row * CELL
    return left, top, left + CELL - 1, top + CELL - 1


def draw_tile(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float],
              value: int | None, size: int) -> None:
    """A tile: face down (dark, with a '?') or face up with its signed value.

    Positive and negative tiles differ by their sign first, and also by border colour (blue / red).
    """
    w = box[2] - box[0]
    radius = max(4, round(w / 8))
    if value is None:
        draw.rounded_rectangle(box, radius=radius, fill=kit.TILE, outline=kit.INK, width=2)
        inset = w * 0.14
        inner = (box[0] + inset, box[1] + inset, box[2] - inset, box[3] - inset)
        draw.rounded_rectangle(inner, radius=radius, outline=kit.SAND, width=max(1, round(w / 40)))
        kit.text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "?", round(size * 0.8),
                 kit.SAND, "mm", bold=True)
        return
    edge = kit.BLUE if value > 0 else kit.VERMILLION
    draw.rounded_rectangle(box, radius=radius, fill=kit.WHITE, outline=edge,
                           width=max(3, round(w / 12)))
    kit.text(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), _sign(value), size, kit.INK,
             "mm", bold=True)


@lru_cache(maxsize=64)
def _tile_image(value: int | None, side: int, size: int) -> Image.Image:
    """A board tile drawn once per value (the board repeats 9 values on 36 cells), then pasted."""
    image, draw = kit.new_canvas(side, side)
    draw.rectangle((0, 0, side, side), fill=kit.SAND)
    draw_tile(draw, (0, 0, side - 1, side - 1), value, size)
    return image


def _draw_grid(view: View) -> Image.Image:
    size = 6 * CELL + 2 * AXIS
    image, draw = kit.new_canvas(size, size)
    for i, name in enumerate(COLS):
        cx = AXIS + i * CELL + CELL / 2
        for y in (AXIS / 2, size - AXIS / 2):
            kit.text(draw, (cx, y), name, 24, kit.MUTED, "mm", bold=True)
    for j, name in enumerate(ROWS):
        cy = AXIS + j * CELL + CELL / 2
        for x in (AXIS / 2, size - AXIS / 2):
            kit.text(draw, (x, cy), name, 24, kit.MUTED, "mm", bold=True)
    final = view.get("final") or {}
    final_tiles = final.get("tiles") or {}
    pawn_values = final.get("pawn_values") or {}
    board = view.get("board") or {}
    pad = 6
    for col in COLS:
        for row in ROWS:
            cell = col + row
            x0, y0, x1, y1 = _cell_box(cell)
            draw.rectangle((x0, y0, x1, y1), fill=kit.SAND, outline=kit.BG, width=3)
            item = board.get(cell)
            if item is None:
                kit.text(draw, (x0 + 8, y0 + 6), cell, 16, kit.MUTED)
                continue
            inner = (x0 + pad, y0 + pad, x1 - pad, y1 - pad)
            if item.get("kind") == "tile":
                value = item.get("value")
                if value is None:
                    value = final_tiles.get(cell)
                image.paste(_tile_image(value, inner[2] - inner[0] + 1, 52), inner[:2])
            else:
                seat = item.get("seat", 0)
                cx = (x0 + x1) / 2
                worth = pawn_values.get(cell)
                cy = (y0 + y1) / 2 - (14 if worth is not None else 0)
                kit.mark(draw, (cx, cy), CELL * 0.3, kit.SEAT_SHAPES.get(seat, "circle"),
                         kit.SEAT_COLOURS.get(seat, kit.UNKNOWN), str(seat))
                if worth is not None:
                    label = _sign(worth) if worth else "0"
                    w = kit.text_width(label, 24) + 14
                    draw.rounded_rectangle((cx - w / 2, y1 - 36, cx + w / 2, y1 - 8), radius=6,
                                           fill=kit.WHITE, outline=kit.INK, width=2)
                    kit.text(draw, (cx, y1 - 22), label, 24, kit.INK, "mm", bold=True)
    last = view.get("last_move") or {}
    for cell in last.get("cells") or []:
        if isinstance(cell, str) and len(cell) == 2 and cell[0] in COLS and cell[1] in ROWS:
            kit.highlight(draw, _cell_box(cell), 8)
    return image


def _mode_line(view: View) -> str:
    options = view.get("options") or {}
    memory = "open tiles" if str(options.get("open")).lower() == "true" else "memory"
    reserve = "common reserve" if options.get("reserve") == "common" else "own reserves"
    facts = [f"Isis & Osiris - {memory}, {reserve}"]
    if view.get("pile") is not None:
        facts.append(f"pile: {view['pile']} tiles")
    return "   ".join(facts)


def _pending_line(view: View) -> str | None:
    pending = view.get("pending")
    if not pending:
        return None
    who = kit.seat_name(view, pending["seat"])
    return f"{who} revealed {_sign(pending['value'])}: it must be placed now"


def _draw_panel(view: View, width: int) -> Image.Image:
    result = view.get("result") or {}
    lines = [_mode_line(view)]
    if result.get("finished"):
        winners = ", ".join(kit.seat_name(view, w) for w in result.get("winners") or [])
        winners = winners or "nobody"
        lines += kit.wrap(f"GAME OVER - won by {winners}. {result.get('reason', '')}".strip(), 23,
                          width - 40)
    pending = _pending_line(view)
    seats = view.get("seats") or []
    pending_h = 150 if pending else 0
    height = 20 + 40 * len(lines) + pending_h + 56 * len(seats) + 16
    image, draw = kit.new_canvas(width, height)
    draw.line((0, 0, width, 0), fill=kit.GRID, width=3)
    y = 16
    for k, line in enumerate(lines):
        kit.text(draw, (20, y), line, 26 if k == 0 else 23, kit.INK, bold=True)
        y += 40
    if pending:
        draw_tile(draw, (24, y, 154, y + 130), view["pending"]["value"], 64)
        seat = view["pending"]["seat"]
        if seat in kit.SEAT_COLOURS:
            kit.seat_mark(draw, (196, y + 40), 22, seat)
        kit.text(draw, (232, y + 40), kit.fit(kit.seat_name(view, seat), 26, 380) + " revealed a tile", 26, kit.INK, "lm", bold=True)
        kit.text(draw, (176, y + 88), f"{_sign(view['pending']['value'])}: it must be placed now",
                 23, kit.INK, "lm")
        y += pending_h
    to_move = set(view.get("to_move") or [])
    winners = set(result.get("winners") or []) if result.get("finished") else set()
    for s in seats:
        seat = s["seat"]
        mid = y + 24
        if seat in to_move or seat in winners:
            draw.rectangle((8, y - 2, width - 8, y + 50), fill=kit.TURN_BG, outline=kit.INK,
                           width=2)
            kit.text(draw, (16, mid), "WIN" if seat in winners else ">", 22, kit.INK, "lm",
                     bold=True)
        if seat in kit.SEAT_COLOURS:
            kit.seat_mark(draw, (86, mid), 18, seat)
        kit.text(draw, (114, mid), kit.fit(kit.seat_name(view, seat), 23, 95), 23, kit.INK, "lm",
                 bold=seat in to_move)
        kit.text(draw, (215, mid), f"pawns {s.get('pawns_left', 0)}", 22, kit.INK, "lm")
        for k in range(min(s.get("pawns_left", 0), 8)):
            if seat in kit.SEAT_COLOURS:
                kit.mark(draw, (320 + k * 24, mid), 9, kit.SEAT_SHAPES[seat], kit.SEAT_COLOURS[seat])
        if view.get("pile") is None:
            kit.text(draw, (530, mid), f"tiles {s.get('tiles_left', 0)}", 22, kit.INK, "lm")
        if s.get("score") is not None:
            kit.text(draw, (width - 24, mid), f"score {s['score']}", 23, kit.INK, "rm", bold=True)
        y += 56
    return image


def board(view: View) -> Image.Image:
    """The public board: grid, pawns, tiles (values only when the view gives them), panel."""
    grid = _draw_grid(view)
    width = max(grid.width, MIN_WIDTH)
    return kit.stack([grid, _draw_panel(view, width)], MIN_WIDTH)


def hand(view: View) -> Image.Image:
    """The viewer's reserve: remaining pawns and tiles (tiles face down: nobody knows them)."""
    viewer = view.get("viewer")
    me = next((s for s in view.get("seats") or [] if s["seat"] == viewer), None)
    width = 760
    pending = view.get("pending")
    mine_pending = bool(pending and pending.get("seat") == viewer)
    height = 110 + (120 if me else 0) + (130 if me and view.get("pile") is None else 0)
    height += 150 if mine_pending else 0
    image, draw = kit.new_canvas(width, height)
    if me is None:
        kit.text(draw, (24, 28), "Isis & Osiris", 28, kit.INK, bold=True)
        kit.text(draw, (24, 66), "Spectator: no reserve to show", 22, kit.MUTED)
        return image
    if viewer in kit.SEAT_COLOURS:
        kit.seat_mark(draw, (40, 42), 22, viewer)
    kit.text(draw, (76, 28), "Your reserve", 28, kit.INK, bold=True)
    if view.get("pile") is None:
        note = f"Seat {viewer}: tile values unknown until revealed (even to you)"
    else:
        note = f"Seat {viewer}: tiles come from the common pile ({view['pile']} left)"
    kit.text(draw, (76, 66), note, 21, kit.MUTED)
    y = 110
    pawns = me.get("pawns_left", 0)
    kit.text(draw, (24, y + 45), f"{pawns} pawns", 24, kit.INK, "lm", bold=True)
    for k in range(pawns if viewer in kit.SEAT_COLOURS else 0):
        kit.seat_mark(draw, (190 + k * 62, y + 45), 26, viewer)
    y += 120
    if view.get("pile") is None:
        tiles = me.get("tiles_left", 0)
        kit.text(draw, (24, y + 45), f"{tiles} tiles", 24, kit.INK, "lm", bold=True)
        for k in range(tiles):
            x = 166 + k * 50
            draw_tile(draw, (x, y + 10, x + 44, y + 80), None, 40)
        y += 130
    if mine_pending:
        draw_tile(draw, (24, y, 154, y + 130), pending["value"], 64)
        kit.text(draw, (176, y + 65), f"You revealed {_sign(pending['value'])}: place it now", 24,
                 kit.INK, "lm", bold=True)
    return image
