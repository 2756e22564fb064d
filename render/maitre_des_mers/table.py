"""Le Maître des Mers: the board (head, port, stacks, action, legend, fleets) and the hand."""

from __future__ import annotations

from PIL import Image, ImageDraw

from i18n import _, _n, translate

from .. import kit, tiles
from .. import regions as render_regions
from .action import _draw_action
from .cards import (
    BODY,
    CARD_W,
    CARDS,
    EDGE,
    GAME_NAME,
    GAP,
    LINE,
    PILE_FILL,
    PORT_PLACES,
    SHIP_H,
    SMALL,
    TITLE,
    WIDTH,
    Box,
    View,
    _cells,
    _empty_place,
    _stack_edges,
    draw_map_icon,
    draw_ship_icon,
    paint_die,
    paste_ship_card,
    paste_stack_card,
    power_text,
    ship_info,
)
from .fleets import _draw_fleets, _fleet_facts, _score


def _draw_port(view: View) -> Image.Image:
    port = list(view.get("port") or [])
    cells = _cells(view)
    rows = -(-len(port) // PORT_PLACES)
    height = 12 + LINE + 8 + (SHIP_H * rows if port else 70) + 14
    image, draw = kit.new_canvas(WIDTH, height)
    draw.line((0, 0, WIDTH, 0), fill=kit.GRID, width=3)
    kit.text(draw, (EDGE, 12 + LINE / 2), _("Port"), TITLE, kit.INK, "lm", bold=True)
    top = 12 + LINE + 8
    if not port:  # MM-17: the game ends as soon as the port is empty
        _empty_place(draw, (EDGE, top, WIDTH - EDGE, top + 58), _("no ship left in the port"))
        return image
    for k in range(max(len(port), PORT_PLACES)):
        row, col = divmod(k, PORT_PLACES)
        x, y = EDGE + col * (CARD_W + GAP), top + row * SHIP_H
        box = (x, y, x + CARD_W, y + SHIP_H - 12)
        if k < len(port):
            info = ship_info(port[k])
            paste_ship_card(image, box, info)
            render_regions.note(image, info["ship"], box)  # arm <ship>
            if info["ship"] in cells:
                kit.highlight(draw, box, FRAME)
        else:
            _empty_place(draw, box, _("empty place"))
    return image


STACK_H = 180
VERBS = {"goods": "buy", "treasure": "hunt"}  # the action a stack's top card is the target of
FRAME = 6  # last-move frame thickness


def _draw_stacks(view: View) -> Image.Image:
    """Ship pile (count), goods stack, treasure stack, side by side."""
    image, draw = kit.new_canvas(WIDTH, STACK_H + 12)
    cells = _cells(view)
    pile_w = CARD_W
    rest = (WIDTH - 2 * EDGE - pile_w - 2 * GAP) // 2
    pile = view.get("pile") or 0
    box = (EDGE, 0, EDGE + pile_w, STACK_H)
    tiles.put(image, CARDS, ("pile", pile), box, kit.BG, lambda draw, b: _draw_pile(draw, b, pile))
    for k, (kind, key, cell) in enumerate((("goods", "goods", "goods"),
                                           ("treasure", "treasures", "treasures"))):
        cards = list(view.get(key) or [])
        x = EDGE + pile_w + GAP + k * (rest + GAP)
        box = (x, 0, x + rest, STACK_H)
        paste_stack_card(image, box, kind, cards[0] if cards else None, len(cards) - 1)
        if cards:
            render_regions.note(image, VERBS[kind], box)
        if cards and cell in cells:
            kit.highlight(draw, box, FRAME)
    return image



def _draw_pile(draw: ImageDraw.ImageDraw, box: Box, pile: int) -> None:
    """The ship pile: face-down ships (edges for those below) and how many, or an empty place."""
    if pile:
        x0, y0, x1, y1 = _stack_edges(draw, box, pile - 1, PILE_FILL)
        draw.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=PILE_FILL, outline=kit.INK,
                               width=2)
        draw_ship_icon(draw, (x0 + 40, y0 + 20, x1 - 40, y0 + 76), 3, kit.SAND)
        kit.text(draw, ((x0 + x1) / 2, y0 + 104), _("Ship pile"), BODY, kit.WHITE, "mm",
                 bold=True)
        kit.text(draw, ((x0 + x1) / 2, y0 + 136), _n("{n} face down", "{n} face down", pile),
                 SMALL, kit.WHITE, "mm")
    else:
        _empty_place(draw, box, _("ship pile empty"))


# -- head and legend ------------------------------------------------------------------------------
def _head_lines(view: View) -> list[tuple[str, int, bool]]:
    room = WIDTH - 2 * EDGE
    lines = [(GAME_NAME, TITLE, True)]
    title = kit.result_title(view)
    if title:
        reason = translate((view.get("result") or {}).get("reason") or "")
        scores = [f"{kit.seat_name(view, s.get('seat', 0))} {_score(view, s)}"
                  for s in sorted(view.get("seats") or [], key=lambda s: s.get("seat", 0))]
        lines += kit.game_over_lines(title, reason, scores, room, TITLE, BODY)
    facts = [_("ships in pile: {n}", n=view.get("pile", 0)),
             _("goods left: {n}", n=len(view.get("goods") or [])),
             _("treasures left: {n}", n=len(view.get("treasures") or []))]
    lines += [(line, BODY, False) for line in kit.wrap_items(facts, BODY, room)]
    return lines


def _draw_head(view: View) -> Image.Image:
    return kit.lines_block(_head_lines(view), WIDTH, EDGE, LINE, 8)


def _legend(view: View) -> Image.Image:
    """The map icon, a set-aside die, the free-ship mark and, when drawn, the last-move frame
    (drawn once per language and frame or not: never draw into it)."""
    framed = _highlighted(view)
    return CARDS.drawn(("legend", framed), lambda: _draw_legend(framed))


def _draw_legend(framed: bool) -> Image.Image:
    entries: list[tuple[kit.Painter, str]] = [
        (lambda d, b: draw_map_icon(d, (b[0] + 2, b[1], b[2] - 2, b[3])), _("treasure map")),
        (lambda d, b: _legend_die(d, b), _("die set aside")),
        (lambda d, b: draw_ship_icon(d, b, 1, kit.INK), _("C = Caravelle")),
        (lambda d, b: draw_ship_icon(d, b, 2, kit.INK), _("F = Frégate")),
        (lambda d, b: draw_ship_icon(d, b, 3, kit.INK), _("G = Galion")),
    ]
    if framed:
        entries.append((lambda d, b: kit.highlight(d, b, 5), _("last move")))
    return kit.legend(WIDTH, entries)


def _legend_die(draw: ImageDraw.ImageDraw, box: Box) -> None:
    side = min(box[2] - box[0], box[3] - box[1]) + 6
    x0, y0 = (box[0] + box[2] - side) / 2, (box[1] + box[3] - side) / 2
    paint_die(draw, (x0, y0, x0 + side, y0 + side), 3, aside=True)


def _highlighted(view: View) -> bool:
    cells = _cells(view)
    if not cells:
        return False
    codes = {ship_info(p)["ship"] for p in view.get("port") or []}
    for s in view.get("seats") or []:
        codes |= {ship_info(x)["ship"] for x in s.get("fleet") or []}
    if view.get("goods"):
        codes.add("goods")
    if view.get("treasures"):
        codes.add("treasures")
    return bool(cells & codes)


def board(view: View) -> Image.Image:
    """The public table: head, port, stacks, action, legend, fleets (no field depends on who
    looks: everything is public)."""
    parts = [_draw_head(view), _draw_port(view), _draw_stacks(view), _draw_action(view),
             _legend(view), _draw_fleets(view)]
    return kit.stack_trimmed([p for p in parts if p is not None], WIDTH)


regions = render_regions.finder(board)


# -- the hand -------------------------------------------------------------------------------------
HAND_CARD_H = 230


def hand(view: View) -> Image.Image:
    """The viewer's fleet, large (ships, cargo, goods powers) and score; when the viewer is to
    move, the action under way too. A spectator gets every fleet."""
    viewer = view.get("viewer")
    me = kit.seat_row(view, viewer) if viewer is not None else {}
    if viewer is None or not me:
        return kit.trim(kit.stack([_draw_fleets(view, _("{game} - fleets", game=GAME_NAME))],
                                  WIDTH))
    fleet = [ship_info(x) for x in me.get("fleet") or []]
    score = _("score {n}", n=_score(view, me))
    names = kit.wrap(kit.seat_name(view, viewer), BODY, WIDTH - 76 - EDGE - 30
                     - kit.text_width(score, TITLE))
    facts = kit.wrap_items(_fleet_facts(fleet), BODY, WIDTH - 76 - EDGE, ", ")
    powers = [power_text(c["cargo"].get("power"))
              for c in fleet if c.get("cargo") and c["cargo"].get("kind") == "goods"]
    power_lines = kit.wrap_items([_("Your goods powers: {powers}", powers=", ".join(powers))],
                                 BODY, WIDTH - 2 * EDGE) if powers else []
    top = 70 + LINE * (len(names) + len(facts))
    rows = -(-len(fleet) // PORT_PLACES) if fleet else 0
    height = top + max(rows * (HAND_CARD_H + GAP), LINE) + LINE * len(power_lines) + 20
    image, draw = kit.new_canvas(WIDTH, height)
    kit.seat_mark(draw, (40, 42), 22, viewer)
    kit.text(draw, (76, 28), _("Your fleet"), 28, kit.INK, bold=True)
    kit.text(draw, (WIDTH - EDGE, 42), score, TITLE, kit.INK, "rm", bold=True)
    for k, line in enumerate(names + facts):
        kit.text(draw, (76, 64 + LINE * k), line, BODY, kit.INK if k < len(names) else kit.MUTED)
    y = top
    if not fleet:
        kit.text(draw, (EDGE, y + LINE / 2), _("No ships yet: arm a ship of the port."), BODY,
                 kit.INK, "lm")
        y += LINE
    for k, info in enumerate(fleet):
        row, col = divmod(k, PORT_PLACES)
        x = EDGE + col * (CARD_W + GAP)
        paste_ship_card(image, (x, y + row * (HAND_CARD_H + GAP), x + CARD_W,
                                y + row * (HAND_CARD_H + GAP) + HAND_CARD_H), info, with_cargo=True)
    y += rows * (HAND_CARD_H + GAP)
    for line in power_lines:
        kit.text(draw, (EDGE, y + LINE / 2 + 6), line, BODY, kit.INK, "lm", bold=True)
        y += LINE
    parts = [image]
    if viewer in (view.get("to_move") or []):
        action = _draw_action(view)
        if action is not None:
            parts.append(action)
    return kit.stack_trimmed(parts, WIDTH)
