"""Master Islands images: the board (map, legend, status and players panel) and a player's
cards (hand).

Drawn only from a View (docs/views/master-islands.md), phone first: a board is at most 800 px wide and no text is
smaller than 20 px, so at the ~400 px a phone shows, every label is at least 10 px. The map (its
grid, cards, galleons and holes) is :mod:`render.master_islands_map`. A legend explains the
last-move frame, holes and pips. The panel shows each seat's full name (``seats[i]["name"]``,
wrapped, else "Seat n") and, at the end, who won.

Speed (a board is drawn after every move): the map is drawn straight into the board's canvas
(:func:`render.sprites.stacked`), legends and hand cards are drawn once and pasted, collected
cards are pasted chips; the same pixels as drawing everything.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from i18n import N_, _, _n, current

from . import kit, sprites
from .cache import Cache
from .master_islands_map import (
    BOARD_WIDTH,
    CARD_COLOURS,
    FONT,
    MIN_WIDTH,
    UNKNOWN,
    _draw_hole,
    _draw_pips,
    _last_cells,
    draw_card,
    draw_map,
    grid_of,
    map_image,
)
from .regions import finder, note
from .seats import result_reason

View = dict[str, Any]
__all__ = ["BOARD_WIDTH", "CARD_COLOURS", "UNKNOWN", "board", "draw_card", "hand"]

CARD_NAMES: dict[str, str] = {"B": N_("blue"), "G": N_("green"), "R": N_("red"), "Y": N_("yellow")}
MODE_NAMES: dict[str, str] = {"standard": N_("standard"), "coop": N_("cooperative"),
                              "corsair": N_("corsair")}
PHASE_NAMES: dict[str, str] = {"discovery": N_("Discovery"), "bonus": N_("colour bonus"),
                               "conquest": N_("Conquest"), "corsair": N_("corsair moves"),
                               "over": N_("game over")}
"""Words drawn from view codes: msgids, translated (``_``) when drawn."""

LEGENDS = Cache("master-islands legends", 1 << 20, entry_bytes=160_000)
"""Legend strips by the marks they explain, width and language (a handful exist)."""
_BOXES: dict[tuple, sprites.Rect | None] = {}  # their content boxes (as few: never dropped)


def _legend(view: View, width: int) -> tuple[Image.Image, sprites.Rect | None] | None:
    """What the map's marks mean, drawn with the map's own code: only the marks it shows;
    with its content box (kept with it)."""
    cards = {(c["x"], c["y"]) for c in view.get("map", [])}
    shows = (bool(_last_cells(view)),
             any((h[0], h[1]) not in cards for h in view.get("holes", [])),
             any(len(s.get("galleons", [])) > 1 for s in view.get("seats", [])))
    if not any(shows):
        return None
    key = (shows, width, current())
    found = LEGENDS.get(key)
    if found is None:
        with kit.recording_text_sizes(isolated=True) as sizes:
            image = _draw_legend(*shows, width)
        found = sprites.Sprite(image, None, (0, 0), tuple(sizes))
        LEGENDS.put(key, found)
        if len(_BOXES) > 1000:
            _BOXES.clear()
        _BOXES[key] = kit.content_box(image)
    kit.note_text_sizes(found.sizes)
    assert found.image is not None
    box = _BOXES.get(key) if key in _BOXES else kit.content_box(found.image)
    return found.image, box


def _draw_legend(last: bool, holes: bool, pips: bool, width: int) -> Image.Image:
    entries: list[tuple[kit.Painter, str]] = []
    if last:
        entries.append((lambda d, b: kit.highlight(d, b, 5), _("last move")))
    if holes:
        entries.append((lambda d, b: _draw_hole(d, b, 60), _("hole (card taken)")))
    if pips:
        for num in (1, 2):
            entries.append((lambda d, b, n=num: _draw_pips(
                d, ((b[0] + b[2]) / 2, b[1] - 1), 14, n), _("galleon {n}", n=num)))
    return kit.legend(width, entries)


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
        sprites.kept(ROWS, _row_key(view, row, y, width), image, (0, y, width, y + row.height),
                     lambda row=row, y=y: _draw_seat_row(image, draw, view, row, y, width))
        y += row.height
    return image


ROWS = Cache("master-islands seat rows", 2 << 20, entry_bytes=250_000)
"""Panel rows as drawn: between two moves most seats' rows do not change."""


def _row_key(view: View, row: SeatRow, y: int, width: int) -> tuple:
    """Everything a seat's row shows, where, and in which language."""
    s = row.seat
    result = view.get("result") or {}
    won = bool(result.get("finished")) and s["seat"] in (result.get("winners") or [])
    return (y, width, current(), view.get("mode", "standard"), view.get("target"),
            s["seat"] in (view.get("to_move") or []), won, s["seat"], s.get("role"),
            s.get("hand_size", 0), s.get("score"), tuple(s.get("collected", [])),
            tuple(row.names))



def board(view: View) -> Image.Image:
    """The public table image: map, legend, status and players panel. Uses no hidden field."""
    g = grid_of(view)
    width = max(g.size[0], MIN_WIDTH)
    legend = _legend(view, width)
    panel = _draw_panel(view, width)
    below = ([] if legend is None else [legend[0]]) + [panel]
    if g.size[0] != width:  # a map narrower than the panel is centred above it
        return kit.stack_trimmed([map_image(view), *below], width)
    boxes = ([] if legend is None else [legend[1]]) + [sprites.ruled_box(panel)]
    return sprites.stacked(width, g.size[1], lambda image, draw: draw_map(image, draw, view, g),
                           below, boxes=boxes)


regions = finder(board)
"""The positions a card may be placed on, keyed ``x,y`` (see :mod:`render.regions`)."""



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
        note(image, card, (x, y, x + CARD_W, y + CARD_H))  # place <card> <x>,<y>
        name = _(CARD_NAMES[card[:1]]) if card[:1] in CARD_NAMES else card[:1]
        kit.text(draw, (x + CARD_W / 2, y + CARD_H + 26), _("{card}  ({colour})", card=card,
                                                           colour=name), BODY, kit.INK, "mm")
    return kit.trim(image)


hand_regions = finder(hand)
"""The cards in the hand, keyed by their code (``place <card> <x>,<y>``'s card)."""
