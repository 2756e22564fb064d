"""L'île des contrebandiers: the board (head, dice, sea, legend, panel) and the hand."""

from __future__ import annotations

from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from i18n import _, _n

from .. import kit, tiles
from ..regions import finder
from . import layers
from .drawings import (
    draw_anchor,
    draw_chip,
    draw_path,
    draw_rocks,
)
from .geometry import (
    BODY,
    CRATE,
    EDGE,
    GAME_NAME,
    LINE,
    LIT,
    RAY,
    REEF,
    ROCK,
    SEA_LINE,
    SMALL,
    TITLE,
    WIDTH,
    Box,
    View,
    parse_harbour,
    parse_space,
)
from .sea import (
    _draw_dice,
    _draw_sea,
)
from .words import (
    _beam,
    _boat,
    _cells,
    _name,
    _score,
    chip_text,
    island_letter,
    island_name,
    named_text,
    path_points,
    public_face,
    stage_prompt,
)


# -- head, legend, panel --------------------------------------------------------------------------
def _head_lines(view: View) -> list[tuple[str, int, bool]]:
    room = WIDTH - 2 * EDGE
    lines = [(GAME_NAME, TITLE, True)]
    title = kit.result_title(view)
    if title:
        reason = named_text(view, (view.get("result") or {}).get("reason") or "")
        scores = [f"{_name(view, s.get('seat'))} {_score(view, s.get('seat'))}"
                  for s in sorted(view.get("seats") or [], key=lambda s: s.get("seat") or 0)]
        return lines + kit.game_over_lines(title, reason, scores, room, TITLE, BODY)
    prompt = stage_prompt(view)
    if prompt:
        lines += [(line, BODY, True) for line in kit.wrap(prompt, BODY, room)]
    caught = (view.get("turn") or {}).get("caught") or []
    if caught:
        names = ", ".join(_name(view, s) for s in caught)
        lines += [(line, BODY, False)
                  for line in kit.wrap(_("Caught by the beam: {names}", names=names), BODY, room)]
    return lines


def _draw_head(view: View) -> Image.Image:
    return kit.lines_block(_head_lines(view), WIDTH, EDGE, LINE, 6)


def _legend(view: View) -> Image.Image:
    """What the sea's marks mean (drawn once per language, island name and which marks the
    board shows: never draw into it)."""
    sample, island = chip_text(view, (2, 3)), island_name(view, 2)
    path, framed = bool(path_points(view)), bool(_cells(view))
    return layers.ISLANDS.drawn(("legend", sample, island, path, framed),
                              lambda: _draw_legend(sample, island, path, framed))


def _draw_legend(sample: str, island: str, path: bool, framed: bool) -> Image.Image:
    entries: list[tuple[kit.Painter, str]] = [
        (_legend_beam, _("lit sector")),
        (_legend_reef, _("reef")),
        (lambda d, b: draw_anchor(d, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), 11), _("anchor")),
        (lambda d, b: draw_chip(d, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), "?", True),
         _("hidden tile")),
        (lambda d, b: draw_chip(d, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2), sample, True),
         _n("tile for {island}, {n} point", "tile for {island}, {n} points", 3,
            island=island)),
    ]
    if path:
        entries.append((lambda d, b: draw_path(d, [(b[0] - 4, (b[1] + b[3]) / 2),
                                                   (b[2] + 4, (b[1] + b[3]) / 2)]),
                        _("path sailed")))
    if framed:
        entries.append((lambda d, b: d.rectangle(b, outline=kit.HIGHLIGHT, width=5),
                        _("last move")))
    return kit.legend(WIDTH, entries)


def _legend_beam(draw: ImageDraw.ImageDraw, b: Box) -> None:
    draw.rectangle(b, fill=LIT, outline=SEA_LINE, width=2)
    for k in (0.3, 0.7):
        draw.line((b[0] + 3, b[3] - 3, b[0] + (b[2] - b[0]) * (k + 0.3), b[1] + 3), fill=RAY,
                  width=3)


def _legend_reef(draw: ImageDraw.ImageDraw, b: Box) -> None:
    draw.rectangle(b, fill=REEF, outline=SEA_LINE, width=2)
    kit.hatch(draw, b, ROCK, step=7)
    draw_rocks(draw, ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2 + 2), 7)


def where_words(view: View, space: Any) -> str:
    if space is None:
        return _("boat not placed yet")
    k = parse_harbour(space)
    if k is not None:
        return _("in harbour {harbour} ({island})", harbour=f"H{k}", island=island_name(view, k))
    cell = parse_space(space)
    if cell and cell[1] == _beam(view):
        return _("at sea on {space} (lit)", space=space)
    return _("at sea on {space}", space=space)


def tile_words(view: View, tile: Any, public: bool = True) -> str:
    if not tile:
        return _("no tile")
    face = public_face(tile, on_boat=True) if public else (
        (tile.get("destination"), tile.get("points")) if tile.get("hidden") is False else None)
    if face is None:
        return _("a hidden tile")
    island = island_name(view, face[0])
    if not isinstance(face[1], int):
        return _("tile for {island}", island=island)
    return _n("tile for {island}, {n} pt", "tile for {island}, {n} pts", face[1], island=island)


def delivered_words(view: View, seat: Any) -> str:
    done = kit.seat_row(view, seat).get("delivered") or []
    items = [f"{island_name(view, d.get('destination'))} {d.get('points', '?')}"
             for d in done if isinstance(d, dict)]
    if not items:
        return _("delivered: nothing yet")
    return _("delivered: {items}", items=", ".join(items))


class SeatRow(NamedTuple):
    seat: int
    names: list[str]
    facts: list[str]

    @property
    def height(self) -> int:
        return 16 + LINE * len(self.names) + 28 * len(self.facts)


def _seat_rows(view: View) -> list[SeatRow]:
    rows = []
    caught = (view.get("turn") or {}).get("caught") or []
    for s in view.get("seats") or []:
        seat = s.get("seat", 0)
        score = _("score {score}", score=_score(view, seat))
        room = WIDTH - kit.PANEL_NAME_X - EDGE - 24 - kit.text_width(score, BODY)
        names = kit.wrap(_name(view, seat), BODY, room)
        boat = _boat(view, seat)
        facts = [where_words(view, boat.get("space")) + ", " + tile_words(view, boat.get("tile"))]
        if seat in caught:
            facts[0] += ", " + _("caught by the beam")  # one more item of the list
        facts.append(delivered_words(view, seat))
        room = WIDTH - kit.PANEL_NAME_X - EDGE
        lines = [ln for f in facts for ln in kit.wrap_items(f.split(", "), SMALL, room, ", ")]
        rows.append(SeatRow(seat, names, lines))
    return rows


def _draw_panel(view: View) -> Image.Image:
    rows = _seat_rows(view)
    height = 12 + LINE + 10 + sum(r.height for r in rows) + 6
    image, draw = kit.new_canvas(WIDTH, height)
    draw.line((0, 0, WIDTH, 0), fill=kit.GRID, width=3)
    kit.text(draw, (EDGE, 12 + LINE / 2), _("Smugglers"), TITLE, kit.INK, "lm", bold=True)
    y = 12 + LINE + 10
    for row in rows:
        mid = kit.seat_row_head(draw, view, row.seat, row.names, (y, row.height, WIDTH, LINE),
                                (BODY, SMALL), lambda at, s=row.seat: kit.seat_mark(draw, at, 17,
                                                                                    s))
        kit.text(draw, (WIDTH - EDGE - 4, mid), _("score {score}", score=_score(view, row.seat)),
                 BODY, kit.INK, "rm", bold=True)
        fy = mid + LINE * (len(row.names) - 1) + LINE / 2 + 14
        for k, line in enumerate(row.facts):
            kit.text(draw, (kit.PANEL_NAME_X, fy + 28 * k), line, SMALL, kit.INK, "lm")
        y += row.height
    return image


def board(view: View) -> Image.Image:
    """The public sea: head (prompt or winner), the round sea with islands, boats, tiles, path and
    dice, a legend, the seats (never depends on who looks: hidden faces never reach it)."""
    parts = [_draw_head(view), _draw_dice(view), _draw_sea(view), _legend(view),
             _draw_panel(view)]
    return kit.stack_trimmed([p for p in parts if p is not None], WIDTH)


regions = finder(board)
"""Sea spaces and harbours, keyed as the sail, start, drop and push choices name them."""


# -- the hand -------------------------------------------------------------------------------------
def own_tile(view: View, boat: dict[str, Any]) -> dict[str, Any] | None:
    """The viewer's tile: ``hand``; else the face their own boat's entry carries (a view giving
    the face only there)."""
    tile = view.get("hand")
    if isinstance(tile, dict) and "destination" in tile:
        return tile
    board_tile = boat.get("tile")
    if isinstance(board_tile, dict) and board_tile.get("hidden") is False:
        return {"destination": board_tile.get("destination"), "points": board_tile.get("points")}
    return None


CARD_W, CARD_H = 360, 210


def _tile_words(view: View, tile: dict[str, Any]) -> tuple[str, str, str]:
    """The viewer's tile in words: destination (name, letter), points, harbour."""
    dest, points = tile.get("destination"), tile.get("points")
    where = _("to {island} ({letter})", island=island_name(view, dest),
              letter=island_letter(view, dest))
    worth = _n("{n} point", "{n} points", points) if isinstance(points, int) else _("? points")
    harbour = _("deliver to harbour {harbour}", harbour=f"H{dest}") if isinstance(dest, int) \
        else ""
    return where, worth, harbour


def _draw_tile_card(draw: ImageDraw.ImageDraw, box: Box, words: tuple[str, str, str]) -> None:
    """The viewer's own tile, large: destination island (name, letter, harbour) and points."""
    x0, y0, x1, y1 = box
    where, worth, harbour = words
    draw.rounded_rectangle(box, radius=16, fill=kit.WHITE, outline=kit.INK, width=3)
    draw.rounded_rectangle((x0, y0, x1, y0 + 52), radius=16, fill=CRATE, outline=kit.INK, width=3)
    draw.rectangle((x0 + 3, y0 + 36, x1 - 3, y0 + 49), fill=CRATE)
    kit.text(draw, ((x0 + x1) / 2, y0 + 26), _("Your tile"), BODY, kit.INK, "mm", bold=True)
    size = 32 if kit.text_width(where, 32) <= x1 - x0 - 20 else TITLE  # a longer French name
    kit.text(draw, ((x0 + x1) / 2, y0 + 90), where, size, kit.INK, "mm", bold=True)
    kit.text(draw, ((x0 + x1) / 2, y0 + 134), worth, 32, kit.INK, "mm", bold=True)
    kit.text(draw, ((x0 + x1) / 2, y0 + 176), harbour, BODY, kit.INK, "mm")


def hand(view: View) -> Image.Image:
    """The viewer's own tile large (``hand``), their boat's place, score and deliveries; when
    they are to move, what to do now. A spectator or an empty boat: said in words."""
    viewer = view.get("viewer")
    me = kit.seat_row(view, viewer) if viewer is not None else {}
    room = WIDTH - 2 * EDGE
    if viewer is None or not me:
        return _watching(view, room)
    boat = _boat(view, viewer)
    tile = own_tile(view, boat)
    score = _("score {score}", score=_score(view, viewer))
    names = kit.wrap(_name(view, viewer), BODY, WIDTH - 76 - EDGE - 30
                     - kit.text_width(score, TITLE))
    fact_lines = [(ln, bold) for f, bold in _hand_facts(view, viewer, boat, tile)
                  for ln in kit.wrap(f, BODY, room)]
    top = 70 + LINE * len(names)
    card = CARD_H + 20 if isinstance(tile, dict) else 0
    image, draw = kit.new_canvas(WIDTH, top + card + LINE * len(fact_lines) + 16)
    kit.seat_mark(draw, (40, 42), 22, viewer)
    kit.text(draw, (76, 28), _("Your boat"), 28, kit.INK, bold=True)
    kit.text(draw, (WIDTH - EDGE, 42), score, TITLE, kit.INK, "rm", bold=True)
    for k, line in enumerate(names):
        kit.text(draw, (76, 64 + LINE * k), line, BODY, kit.INK)
    y = top
    if isinstance(tile, dict):
        x0 = (WIDTH - CARD_W) / 2
        words = _tile_words(view, tile)
        tiles.put(image, layers.ISLANDS, ("tile", words), (x0, y, x0 + CARD_W, y + CARD_H),
                  kit.BG, lambda d, b: _draw_tile_card(d, b, words))
        y += card
    for line, bold in fact_lines:
        kit.text(draw, (EDGE, y + LINE / 2), line, BODY, kit.INK, "lm", bold=bold)
        y += LINE
    return kit.trim(image)


def _watching(view: View, room: int) -> Image.Image:
    """A spectator's hand: no boat, no tile; the turn's prompt or the result, then the panel."""
    prompt = stage_prompt(view)
    title = kit.result_title(view)
    extra = [title] if title else [prompt] if prompt else []
    wrapped = [ln for s in [_("You are watching: no boat, no tile on your boat."), *extra]
               for ln in kit.wrap(s, BODY, room)]
    image, draw = kit.new_canvas(WIDTH, 16 + LINE * (len(wrapped) + 1) + 10)
    kit.text(draw, (EDGE, 16 + LINE / 2), GAME_NAME, TITLE, kit.INK, "lm",
             bold=True)
    for k, line in enumerate(wrapped):
        kit.text(draw, (EDGE, 16 + LINE * (k + 1.5)), line, BODY, kit.INK, "lm",
                 bold=k == 0)
    return kit.stack_trimmed([image, _draw_panel(view)], WIDTH)


def _hand_facts(view: View, viewer: int, boat: dict[str, Any], tile: dict[str, Any] | None
                ) -> list[tuple[str, bool]]:
    """The hand's sentences, each with whether it is bold: where the boat is, the deliveries,
    the tile on board, then the result or (on the viewer's turn) what to do now."""
    facts = [(_("Your boat: {where}", where=where_words(view, boat.get("space"))), True),
             (delivered_words(view, viewer), False)]
    board_tile = boat.get("tile")
    if isinstance(tile, dict):
        shown = isinstance(board_tile, dict) and board_tile.get("shown") is True
        facts.append((_("Everyone has seen this tile.") if shown else _("Only you see this tile."),
                      False))
    elif board_tile:
        facts.append((_("Your boat carries a tile (its face is not in this view)."), False))
    else:
        facts.append((_("No tile on your boat."), True))
    title = kit.result_title(view)
    if title:
        facts.append((title, bool((view.get("result") or {}).get("winners"))))
    elif viewer in (view.get("to_move") or []):
        prompt = stage_prompt(view)
        if prompt:
            facts.append((_("Now: {prompt}", prompt=prompt), True))
    return facts
