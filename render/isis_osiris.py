"""Isis & Osiris images: the 6x6 board (board) and a player's reserve (hand).

Drawn only from a View (docs/views/isis-osiris.md), phone first: the board is 800 px wide and no text is
smaller than 20 px (10 px at the ~400 px a phone shows). Pawns carry their seat's colour, shape
and number (the kit's seat marks, seats 1-6). Placed tiles are face down (a plain dark tile) unless
the view gives their value (open option, or the end); the final image adds each pawn's value under
it and names the winner. A revealed tile waiting to be placed is drawn large in the panel. A legend
explains the last-move frame; the panel shows each seat's full name (wrapped, never cut).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from i18n import _, _n, current

from . import kit, sprites
from . import regions as render_regions
from .cache import Cache
from .seats import result_reason

View = dict[str, Any]

COLS, ROWS = "ABCDEF", "123456"
BOARD_WIDTH = 800  # phone first: 20 px text reads as 10 px at 400 px wide
FONT = kit.min_font_for(BOARD_WIDTH)
AXIS = 31
CELL = (BOARD_WIDTH - 2 * AXIS) // 6
TITLE, BODY, SMALL = 26, 22, FONT
LINE = 32
EDGE = 14


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
def _tile_cached(value: int | None, side: int, size: int) -> tuple[Image.Image, list[int]]:
    with kit.recording_text_sizes(isolated=True) as sizes:
        image, draw = kit.new_canvas(side, side)
        draw.rectangle((0, 0, side, side), fill=kit.SAND)
        draw_tile(draw, (0, 0, side - 1, side - 1), value, size)
    return image, sizes


def _tile_image(value: int | None, side: int, size: int) -> Image.Image:
    """A board tile drawn once per value (the board repeats 9 values on 36 cells), then pasted;
    its text sizes are recorded again on every paste (the phone-readability check sees them)."""
    image, sizes = _tile_cached(value, side, size)
    kit.note_text_sizes(sizes)
    return image


PAWNS = Cache("isis-osiris pawns", 768 << 10, entry_bytes=75_000)
"""Pawns as drawn, by cell, seat and final worth: a board is a copy of the empty one (the same
for every table) with its occupied cells drawn over (tiles are pasted tiles). Small: a pasted
pawn costs about what drawing it does, so keeping many would save nothing."""
SIZE = 6 * CELL + 2 * AXIS


def _draw_empty(draw: ImageDraw.ImageDraw) -> None:
    """Coordinates on the four edges and the 36 named empty cells."""
    for i, name in enumerate(COLS):
        cx = AXIS + i * CELL + CELL / 2
        for y in (AXIS / 2, SIZE - AXIS / 2):
            kit.text(draw, (cx, y), name, 24, kit.MUTED, "mm", bold=True)
    for j, name in enumerate(ROWS):
        cy = AXIS + j * CELL + CELL / 2
        for x in (AXIS / 2, SIZE - AXIS / 2):
            kit.text(draw, (x, cy), name, 24, kit.MUTED, "mm", bold=True)
    for col in COLS:
        for row in ROWS:
            x0, y0, x1, y1 = _cell_box(col + row)
            draw.rectangle((x0, y0, x1, y1), fill=kit.SAND, outline=kit.BG, width=3)
            kit.text(draw, (x0 + 8, y0 + 6), col + row, FONT, kit.MUTED)


def _draw_cell(image: Image.Image, draw: ImageDraw.ImageDraw, cell: str, item: dict[str, Any],
               value: int | None, worth: int | None) -> None:
    """An occupied cell: its sand square (over the empty one) and its tile (face down unless
    ``value``) or pawn (with its final ``worth`` under it, if given)."""
    x0, y0, x1, y1 = _cell_box(cell)
    draw.rectangle((x0, y0, x1, y1), fill=kit.SAND, outline=kit.BG, width=3)
    pad = 6
    inner = (x0 + pad, y0 + pad, x1 - pad, y1 - pad)
    if item.get("kind") == "tile":
        image.paste(_tile_image(value, inner[2] - inner[0] + 1, 52), inner[:2])
        return
    seat = item.get("seat", 0)
    sprites.drawn_or_pasted(PAWNS, (cell, seat, worth), image,
                            lambda: (x0, y0, x1 + 1, y1 + 1),
                            lambda: _draw_pawn(draw, (x0, y0, x1, y1), seat, worth))


def _draw_pawn(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], seat: int,
               worth: int | None) -> None:
    x0, y0, x1, y1 = box
    cx = (x0 + x1) / 2
    cy = (y0 + y1) / 2 - (14 if worth is not None else 0)
    kit.seat_mark(draw, (cx, cy), CELL * 0.28, seat)
    if worth is not None:
        label = _sign(worth) if worth else "0"
        w = kit.text_width(label, 24) + 14
        draw.rounded_rectangle((cx - w / 2, y1 - 36, cx + w / 2, y1 - 8), radius=6,
                               fill=kit.WHITE, outline=kit.INK, width=2)
        kit.text(draw, (cx, y1 - 22), label, 24, kit.INK, "mm", bold=True)


TEMPLATE_HEIGHT = 1400  # taller than boards get (four seats' rows, a revealed tile, the end)


@lru_cache(maxsize=1)
def _template() -> Image.Image:
    """The empty board atop a background canvas taller than a board."""
    image, draw = kit.new_canvas(SIZE, TEMPLATE_HEIGHT)
    with kit.recording_text_sizes(isolated=True):  # (noted on every board instead)
        _draw_empty(draw)
    return image


def _canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A board's canvas with the empty board already on it: one copy of the template's top
    (no fill, no paste)."""
    template = _template()
    if width == SIZE and height <= template.height:
        image = template.crop((0, 0, width, height))
    else:
        image, _ = kit.new_canvas(width, height)
        image.paste(template.crop((0, 0, SIZE, SIZE)), (0, 0))
    return image, ImageDraw.Draw(image)


def _draw_grid(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    """The board over the empty one already on ``image`` (:func:`_canvas`) from (0, 0): each
    occupied cell (drawn over its empty square, wholly: the same pixels as drawing the cell
    alone), then the frame."""
    occupied = {c for c in view.get("board") or {} if len(c) == 2 and c[0] in COLS and c[1] in ROWS}
    kit.note_text_sizes([24] * 4 * 6 + [FONT] * (36 - len(occupied)))  # labels, empty cells' names
    final = view.get("final") or {}
    final_tiles = final.get("tiles") or {}
    pawn_values = final.get("pawn_values") or {}
    for cell, item in sorted((view.get("board") or {}).items()):
        if cell not in occupied:
            continue
        value = item.get("value")
        if value is None:
            value = final_tiles.get(cell)
        worth = pawn_values.get(cell) if item.get("kind") != "tile" else None
        _draw_cell(image, draw, cell, item, value, worth)
    for cell in _last_cells(view):
        kit.highlight(draw, _cell_box(cell), FRAME)
    _note_lines(image)


def _note_lines(image: Image.Image) -> None:
    """Regions for the two steps a cell is chosen in (``pawn C4``: column ``C``, then row
    ``4``): each column, and each row, from edge to edge of the grid with its coordinates. A
    column and a row overlap, but they are never offered at the same step."""
    if not render_regions.active():
        return
    for i, name in enumerate(COLS):
        left = AXIS + i * CELL
        render_regions.note(image, name, (left, 0, left + CELL - 1, SIZE - 1))
    for j, name in enumerate(ROWS):
        top = AXIS + j * CELL
        render_regions.note(image, name, (0, top, SIZE - 1, top + CELL - 1))


FRAME = 8  # last-move frame thickness


def _last_cells(view: View) -> list[str]:
    last = view.get("last_move") or {}
    return [c for c in last.get("cells") or []
            if isinstance(c, str) and len(c) == 2 and c[0] in COLS and c[1] in ROWS]


def _legend(view: View, width: int) -> Image.Image | None:
    """What the frame on the board means, drawn with the board's own frame."""
    if not _last_cells(view):
        return None
    return kit.legend(width, [(lambda d, b: kit.highlight(d, b, 5), _("last move"))])


def _mode_facts(view: View) -> list[str]:
    options = view.get("options") or {}
    memory = _("open tiles") if str(options.get("open")).lower() == "true" else _("memory")
    reserve = _("common reserve") if options.get("reserve") == "common" else _("own reserves")
    facts = [_("Isis & Osiris - {memory}, {reserve}", memory=memory, reserve=reserve)]
    if view.get("pile") is not None:
        facts.append(_n("pile: {n} tile", "pile: {n} tiles", view["pile"]))
    return facts


def _head_lines(view: View, width: int) -> list[tuple[str, int, bool]]:
    """(text, size, bold) lines above the seats: game, winner by name, how it ended."""
    room = width - 2 * EDGE
    lines = [(line, TITLE, True) for line in kit.wrap_items(_mode_facts(view), TITLE, room)]
    title = kit.result_title(view)
    if title:
        reason = result_reason(view)
        lines += [(line, TITLE, True) for line in kit.wrap(title, TITLE, room)]
        lines += [(line, BODY, False) for line in kit.wrap(_("Game over. {reason}", reason=reason),
                                                           BODY, room)]
    return lines


PENDING_H = 150


def _pending_box(y: int) -> tuple[int, int, int, int]:
    return EDGE + 6, y, EDGE + 136, y + 130


def _draw_pending(draw: ImageDraw.ImageDraw, view: View, y: int, width: int) -> None:
    """The revealed tile waiting to be placed, large, with who revealed it (full name)."""
    pending = view["pending"]
    draw_tile(draw, _pending_box(y), pending["value"], 64)
    seat = pending["seat"]
    kit.seat_mark(draw, (196, y + 30), 20, seat)
    lines = kit.wrap(_("{name} revealed a tile", name=kit.seat_name(view, seat)), 24,
                     width - 226 - EDGE)
    for k, line in enumerate(lines):
        kit.text(draw, (226, y + 30 + k * LINE), line, 24, kit.INK, "lm", bold=True)
    kit.text(draw, (176, y + 36 + LINE * len(lines)),
             _("{value}: it must be placed now", value=_sign(pending["value"])), BODY, kit.INK, "lm")


NAME_X = kit.PANEL_NAME_X


class SeatRow(NamedTuple):
    seat: dict[str, Any]
    names: list[str]

    @property
    def height(self) -> int:
        return 14 + LINE * (len(self.names) + 1) + 6


def _seat_rows(view: View, width: int) -> list[SeatRow]:
    rows = []
    for s in view.get("seats") or []:
        score = _("score {n}", n=s["score"]) if s.get("score") is not None else ""
        room = width - NAME_X - EDGE - 20 - kit.text_width(score, BODY)
        rows.append(SeatRow(s, kit.wrap(kit.seat_name(view, s["seat"]), BODY, room)))
    return rows


def _draw_seat_row(draw: ImageDraw.ImageDraw, view: View, row: SeatRow, y: int,
                   width: int) -> None:
    """One seat: turn / win flag, badge, full name and score; pawns and tiles left below."""
    s = row.seat
    seat = s["seat"]
    mid = kit.seat_row_head(draw, view, seat, row.names, (y, row.height, width, LINE),
                            (BODY, SMALL), lambda at: kit.seat_mark(draw, at, 17, seat))
    if s.get("score") is not None:
        kit.text(draw, (width - EDGE - 4, mid), _("score {n}", n=s["score"]), BODY, kit.INK, "rm",
                 bold=True)
    low = mid + LINE * len(row.names)
    pawns = s.get("pawns_left", 0)
    kit.text(draw, (NAME_X, low), _("pawns {n}", n=pawns), SMALL, kit.INK, "lm")
    for k in range(min(pawns, 8)):
        kit.mark(draw, (NAME_X + 100 + k * 24, low), 9, kit.seat_shape(seat), kit.seat_colour(seat))
    if view.get("pile") is None:
        kit.text(draw, (NAME_X + 320, low), _("tiles {n}", n=s.get("tiles_left", 0)), SMALL, kit.INK,
                 "lm")


def _draw_panel(view: View, width: int) -> Image.Image:
    head = _head_lines(view, width)
    rows = _seat_rows(view, width)
    pending_h = PENDING_H if view.get("pending") else 0
    height = 12 + LINE * len(head) + 10 + pending_h + sum(r.height for r in rows) + 8
    image, draw = kit.new_canvas(width, height)
    draw.line((0, 0, width, 0), fill=kit.GRID, width=3)
    y = kit.text_lines(draw, head, EDGE, 12, LINE)
    y += 10
    if pending_h:
        _draw_pending(draw, view, y, width)
        render_regions.note(image, "tile", _pending_box(y))  # the tile to place next
        y += pending_h
    for row in rows:
        sprites.kept(ROWS_KEPT, _row_key(view, row, y, width), image,
                     (0, y, width, y + row.height),
                     lambda row=row, y=y: _draw_seat_row(draw, view, row, y, width))
        y += row.height
    return image


ROWS_KEPT = Cache("isis-osiris seat rows", 512 << 10, entry_bytes=250_000)
"""Panel rows as drawn: between two moves most seats' rows do not change (a table's own; with
1,000 tables few come back soon enough, and the board costs the same without)."""


def _row_key(view: View, row: SeatRow, y: int, width: int) -> tuple:
    """Everything a seat's row shows, where, and in which language."""
    s = row.seat
    result = view.get("result") or {}
    won = bool(result.get("finished")) and s["seat"] in (result.get("winners") or [])
    return (y, width, current(), s["seat"] in (view.get("to_move") or []), won, s["seat"],
            s.get("score"), s.get("pawns_left", 0), s.get("tiles_left", 0),
            view.get("pile") is None, tuple(row.names))


def board(view: View) -> Image.Image:
    """The public board: grid, pawns, tiles (values only when the view gives them), legend,
    panel."""
    legend, panel = _legend(view, SIZE), _draw_panel(view, SIZE)
    below = ([] if legend is None else [legend]) + [panel]
    boxes = ([] if legend is None else [kit.content_box(legend)]) + [sprites.ruled_box(panel)]
    return sprites.stacked(SIZE, SIZE, lambda image, draw: _draw_grid(image, draw, view), below,
                           boxes=boxes, canvas=_canvas)


regions = render_regions.finder(board)
"""Columns (``A``-``F``), rows (``1``-``6``) and a revealed tile waiting (``tile``)."""


HAND_WIDTH = 760
HAND_ROWS = Cache("isis-osiris hand rows", 1 << 20, entry_bytes=360_000)
"""A reserve's rows of pawns and of face-down tiles as drawn (a hand is mostly the last one)."""


def _draw_pawn_row(draw: ImageDraw.ImageDraw, seat: int, pawns: int, y: int) -> None:
    kit.text(draw, (24, y + 45), _n("{n} pawn", "{n} pawns", pawns), 24, kit.INK, "lm", bold=True)
    for k in range(pawns):
        kit.seat_mark(draw, (190 + k * 62, y + 45), 26, seat)


def _draw_tile_row(draw: ImageDraw.ImageDraw, tiles: int, y: int) -> None:
    kit.text(draw, (24, y + 45), _n("{n} tile", "{n} tiles", tiles), 24, kit.INK, "lm", bold=True)
    for k in range(tiles):
        x = 166 + k * 50
        draw_tile(draw, (x, y + 10, x + 44, y + 80), None, 40)


def hand(view: View) -> Image.Image:
    """The viewer's reserve: remaining pawns and tiles (tiles face down: nobody knows them)."""
    viewer = view.get("viewer")
    me = kit.seat_row(view, viewer) or None
    if me is None:
        image, draw = kit.new_canvas(HAND_WIDTH, 110)
        kit.text(draw, (24, 28), "Isis & Osiris", 28, kit.INK, bold=True)
        kit.text(draw, (24, 66), _("Spectator: no reserve to show"), BODY, kit.MUTED)
        return kit.trim(image)
    who = kit.seat_name(view, viewer)  # "Seat 2" alone when the view names nobody
    if kit.seat_row(view, viewer).get("name"):
        who = _("{name} (seat {n})", name=who, n=viewer)
    if view.get("pile") is None:
        note = _("{who}: tile values unknown until revealed (even to you)", who=who)
    else:
        note = _("{who}: tiles come from the common pile ({n} left)", who=who, n=view["pile"])
    notes = kit.wrap(note, BODY, HAND_WIDTH - 76 - EDGE)
    pending = view.get("pending")
    mine_pending = bool(pending and pending.get("seat") == viewer)
    top = 70 + LINE * len(notes)
    height = top + 120 + (130 if view.get("pile") is None else 0) + (150 if mine_pending else 0)
    image, draw = kit.new_canvas(HAND_WIDTH, height)
    kit.seat_mark(draw, (40, 42), 22, viewer)
    kit.text(draw, (76, 28), _("Your reserve"), 28, kit.INK, bold=True)
    for k, line in enumerate(notes):
        kit.text(draw, (76, 64 + LINE * k), line, BODY, kit.MUTED)
    y = top
    pawns = me.get("pawns_left", 0)
    sprites.kept(HAND_ROWS, ("pawns", viewer, pawns, y, current()), image,
                 (0, y, HAND_WIDTH, y + 120), lambda y=y: _draw_pawn_row(draw, viewer, pawns, y))
    if pawns:  # the verbs of the first step: pawn <cell>, tile <cell>
        render_regions.note(image, "pawn", (EDGE, y + 10, 190 + (pawns - 1) * 62 + 30, y + 80))
    y += 120
    if view.get("pile") is None:
        tiles = me.get("tiles_left", 0)
        sprites.kept(HAND_ROWS, ("tiles", tiles, y, current()), image,
                     (0, y, HAND_WIDTH, y + 130), lambda y=y: _draw_tile_row(draw, tiles, y))
        if tiles and not mine_pending:
            render_regions.note(image, "tile", (EDGE, y + 10, 166 + (tiles - 1) * 50 + 44,
                                                y + 80))
        y += 130
    if mine_pending:
        draw_tile(draw, (24, y, 154, y + 130), pending["value"], 64)
        render_regions.note(image, "tile", (24, y, 154, y + 130))
        kit.text(draw, (176, y + 65), _("You revealed {value}: place it now",
                                        value=_sign(pending["value"])), 24,
                 kit.INK, "lm", bold=True)
    return kit.trim(image)


hand_regions = render_regions.finder(hand)
"""The reserve's rows: ``pawn`` and ``tile`` (a revealed tile of one's own: ``tile``)."""
