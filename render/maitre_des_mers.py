"""Le Maitre des Mers images: the table (board) and a player's fleet (hand).

Drawn only from a View (docs/views.md, section maitre-des-mers), phone first: 800 px wide and no
text under 20 px (10 px at the ~400 px a phone shows). Everything in this game is public, so the
board never depends on who looks.

The board shows, top to bottom: the title (and the winner by name at the end); the port (its face
-up ships) and the stacks (ship pile count, the goods and treasure stacks with their top card
readable and how many cards lie below); the action of the seat to move (``turn``), or the previous
one (``last_action``, with its outcome) while the next is being announced: the target card, its
combination and slots with the dice placed on it, the dice just rolled and the dice set aside, as
die faces, the goods powers (used ones struck through) and, for an attack, both ships, both dice
and totals and the fight's winner; a legend; each seat's fleet (ships with their cargo), score and
full name, the seat to move flagged.

Never colour alone: a ship family has a colour, a letter (C, F, G) and a hull with 1, 2 or 3
masts; a treasure map is a drawn scroll; a set-aside die is grey and crossed out; a treasure card
says "pts", a goods card its power. Every word is drawn through ``_`` (i18n): the host sets the
language around the call (the game's catalog, ``maitre_des_mers``, holds them with the engine's).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from games.maitre_des_mers.cards import combination_name
from i18n import N_, _, _n, translate

from . import kit

View = dict[str, Any]
Box = tuple[float, float, float, float]

WIDTH = 800  # phone first: 20 px text reads as 10 px at 400 px wide
FONT = kit.min_font_for(WIDTH)  # 20: the smallest text anywhere
TITLE, BODY, SMALL = 26, 22, FONT
LINE = 32  # line height at BODY size
EDGE = 14  # left and right margin of every part
GAP = 12  # between cards

# family letter -> (name, colour, masts): the mast count is the family's shape cue.
FAMILIES: dict[str, tuple[str, kit.RGB, int]] = {
    "C": (N_("Caravelle"), kit.BLUE, 1),
    "F": (N_("Frégate"), kit.VERMILLION, 2),
    "G": (N_("Galion"), kit.TILE, 3),
}
MAP_SHIPS = frozenset({"C7", "C8", "F8", "F9", "G9", "G10"})
"""MM-2 (Decision): the ships carrying the treasure-map icon. The view's ``port`` lists bare ship
codes, so the port's map icons come from here (a fleet entry says ``map`` itself)."""

GAME_NAME = "Le Maître des Mers"
"""The game's name (a name: the same in every language)."""
GOODS_FILL: kit.RGB = (255, 204, 153)  # crate wood (a colour of the kit palette's cube)
GOODS_BAND: kit.RGB = (153, 102, 51)
GOLD: kit.RGB = (255, 204, 0)
PILE_FILL: kit.RGB = (51, 51, 102)  # face-down ships
ASIDE_FILL: kit.RGB = (204, 204, 204)

POWER_TEXT = {"flip": N_("flip"), "+1": "+1", "-1": "-1", "reroll": N_("reroll"),
              "die": N_("+1 die")}
"""A goods power, short (a chip, a card corner); "+1" and "-1" read the same everywhere."""
POWER_HELP = {
    "flip": N_("turn a die to 7 - x"), "+1": N_("add 1 to a die"), "-1": N_("take 1 from a die"),
    "reroll": N_("reroll a die"), "die": N_("one extra die"),
}
COMBINATION_HELP = {
    "ship": N_("a 6, a 5, a 4 and two cargo dice"),
    "three of a kind": N_("3 dice alike"),
    "two pairs": N_("2 pairs of different values"),
    "small straight": N_("4 in a row (1-4, 2-5 or 3-6)"),
    "full house": N_("3 alike and a pair"),
    "four of a kind": N_("4 dice alike"),
    "five of a kind": N_("5 dice alike"),
}
"""Combination id -> what it asks for (its name is the engine's, ``COMBINATIONS``)."""


def power_text(power: Any) -> str:
    """A goods power's short name in the current language."""
    text = POWER_TEXT.get(power, str(power))
    return text if text in ("+1", "-1") else _(text)


# -- data from the view -------------------------------------------------------------------------
def ship_info(item: Any) -> dict[str, Any]:
    """A ship as a dict (the fleet's form) from a fleet entry or a bare code like ``"G11"``."""
    if isinstance(item, dict):
        code = str(item.get("ship") or f"{item.get('family', '?')}{item.get('target', '')}")
        info = _from_code(code)
        for key in ("family", "target", "firepower", "map", "cargo"):
            if item.get(key) is not None:
                info[key] = item[key]
        return info
    return _from_code(str(item))


def _from_code(code: str) -> dict[str, Any]:
    family = code[:1].upper()
    target = int(code[1:]) if code[1:].isdigit() else None
    return {"ship": code, "family": family, "target": target,
            "firepower": target - 6 if target is not None else None,
            "map": code in MAP_SHIPS, "cargo": None}


def _name(view: View, seat: Any) -> str:
    return kit.seat_name(view, seat) if isinstance(seat, int) else "?"


def goods_label(card: dict[str, Any]) -> str:
    """``"A: +1"``: a goods card's letter and power."""
    return _("{letter}: {power}", letter=card.get("letter", "?"),
             power=power_text(card.get("power")))


def treasure_label(card: dict[str, Any]) -> str:
    """``"B: 6 pts"``: a treasure card's letter and points."""
    return _("{letter}: {points} pts", letter=card.get("letter", "?"),
             points=card.get("points", "?"))


def cargo_label(cargo: dict[str, Any] | None) -> str:
    if not cargo:
        return _("free")
    return treasure_label(cargo) if cargo.get("kind") == "treasure" else goods_label(cargo)


def _cells(view: View) -> set[str]:
    """What the last move touched: ship codes, "goods", "treasures"."""
    last = view.get("last_move") or {}
    return {c for c in last.get("cells") or [] if isinstance(c, str)}


# -- small drawings -----------------------------------------------------------------------------
PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}


def paint_die(draw: ImageDraw.ImageDraw, box: Box, value: int, aside: bool = False) -> None:
    """A die face (pips 1-6; none for an unknown value) in the square ``box``. Set aside: grey,
    grey pips, crossed out (a shape cue, not only a colour)."""
    x0, y0, x1, y1 = box
    side = x1 - x0 + 1
    fill, pip = (ASIDE_FILL, kit.MUTED) if aside else (kit.WHITE, kit.INK)
    draw.rounded_rectangle(box, radius=max(3, side // 6), fill=fill, outline=kit.INK,
                           width=max(2, round(side / 22)))
    if aside:  # the cross first: the pips stay readable on top of it
        w = max(2, round(side / 18))
        a, b = side * 0.1, side * 0.9
        draw.line((x0 + a, y0 + a, x0 + b, y0 + b), fill=kit.INK, width=w)
        draw.line((x0 + b, y0 + a, x0 + a, y0 + b), fill=kit.INK, width=w)
    step, pip_r = side / 4, max(2.0, side / 11)
    ring = pip_r + max(1.5, side / 30) if aside else pip_r
    for col, row in PIPS.get(value, []):
        cx, cy = x0 + step * (col + 1), y0 + step * (row + 1)
        draw.ellipse((cx - ring, cy - ring, cx + ring, cy + ring), fill=fill)
        draw.ellipse((cx - pip_r, cy - pip_r, cx + pip_r, cy + pip_r), fill=pip)


@lru_cache(maxsize=64)
def _die_image(value: int, side: int, aside: bool) -> Image.Image:
    """A die face drawn once per value, size and state, then pasted."""
    image = Image.new("RGB", (side, side), kit.BG)
    paint_die(ImageDraw.Draw(image), (0, 0, side - 1, side - 1), value, aside)
    return image


def draw_die(image: Image.Image, xy: tuple[float, float], value: Any, side: int,
             aside: bool = False) -> None:
    """Paste a die face with its top-left corner at ``xy``."""
    v = value if isinstance(value, int) and 1 <= value <= 6 else 0
    image.paste(_die_image(v, side, aside), (round(xy[0]), round(xy[1])))


def _draw_slot(draw: ImageDraw.ImageDraw, xy: tuple[float, float], side: int) -> None:
    """A free slot of the target card: a dashed square."""
    x, y = xy
    kit.dashed_rect(draw, (x, y, x + side - 1, y + side - 1), kit.MUTED, width=2, dash=6)


def draw_ship_icon(draw: ImageDraw.ImageDraw, box: Box, masts: int, ink: kit.RGB) -> None:
    """The family shape: a Caravelle has 1 mast and a triangular sail, a Fregate 2 masts with
    square sails, a Galion 3 masts and a raised stern castle."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    deck = y0 + h * 0.66
    hull = [(x0, deck), (x1, deck), (x1 - w * 0.18, y1), (x0 + w * 0.14, y1)]
    if masts >= 3:
        hull = [(x0, deck - h * 0.2), (x0 + w * 0.22, deck - h * 0.2), (x0 + w * 0.22, deck),
                *hull[1:]]
    draw.polygon(hull, fill=ink)
    line = max(2, round(w / 20))
    if masts == 1:  # a lateen sail
        mx = x0 + w * 0.38
        draw.line((mx, y0, mx, deck), fill=ink, width=line)
        draw.polygon([(mx + line, y0 + h * 0.04), (mx + w * 0.5, deck - 3), (mx + line, deck - 3)],
                     fill=ink)
        return
    span = w * (0.64 if masts == 2 else 0.72)
    left = x0 + (w - span) / 2 + (w * 0.08 if masts >= 3 else 0)
    step = span / (masts - 1)
    half = min(step * 0.3, w * 0.12)
    for k in range(masts):
        mx = left + k * step
        draw.line((mx, y0, mx, deck), fill=ink, width=line)
        draw.rectangle((mx - half, y0 + h * 0.12, mx + half, deck - h * 0.12), fill=ink)


def draw_map_icon(draw: ImageDraw.ImageDraw, box: Box) -> None:
    """The treasure-map icon: a parchment with a dotted path to a red X."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    draw.rectangle(box, fill=kit.SAND, outline=kit.INK, width=2)
    for k in range(3):
        px, py = x0 + w * (0.18 + 0.16 * k), y0 + h * (0.72 - 0.12 * k)
        draw.ellipse((px - 1.5, py - 1.5, px + 1.5, py + 1.5), fill=kit.INK)
    cx, cy, r = x0 + w * 0.72, y0 + h * 0.38, min(w, h) * 0.22
    width = max(2, round(w / 10))
    draw.line((cx - r, cy - r, cx + r, cy + r), fill=kit.VERMILLION, width=width)
    draw.line((cx - r, cy + r, cx + r, cy - r), fill=kit.VERMILLION, width=width)


def _stack_edges(draw: ImageDraw.ImageDraw, box: Box, below: int, fill: kit.RGB) -> Box:
    """Up to 3 card edges peeking under a stack's top card; returns the top card's box."""
    depth = min(max(below, 0), 3)
    x0, y0, x1, y1 = box
    for k in range(depth, 0, -1):
        draw.rounded_rectangle((x0 + 5 * k, y0 + 5 * k, x1, y1), radius=10, fill=fill,
                               outline=kit.INK, width=2)
    return x0, y0, x1 - 5 * depth, y1 - 5 * depth


def _empty_place(draw: ImageDraw.ImageDraw, box: Box, words: str) -> None:
    """A dashed place with ``words`` wrapped inside it."""
    kit.dashed_rect(draw, box, kit.MUTED, width=2, dash=8)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    lines = kit.wrap(words, SMALL, round(box[2] - box[0]) - 16)
    for k, line in enumerate(lines):
        kit.text(draw, (cx, cy + (k - (len(lines) - 1) / 2) * 28), line, SMALL, kit.MUTED, "mm")


# -- cards ----------------------------------------------------------------------------------------
BAND = 46  # a card's coloured band


def draw_ship_card(draw: ImageDraw.ImageDraw, box: Box, info: dict[str, Any],
                   with_cargo: bool = False) -> None:
    """A ship: family band (mast icon, code, map icon), family name, cargo target, firepower;
    ``with_cargo`` adds what it carries at the bottom."""
    x0, y0, x1, y1 = box
    name, colour, masts = FAMILIES.get(info.get("family", ""), ("?", kit.UNKNOWN, 0))
    ink = kit.ink_on(colour)
    draw.rounded_rectangle(box, radius=10, fill=kit.WHITE, outline=kit.INK, width=2)
    draw.rounded_rectangle((x0, y0, x1, y0 + BAND), radius=10, fill=colour, outline=kit.INK,
                           width=2)
    draw.rectangle((x0 + 2, y0 + BAND - 12, x1 - 2, y0 + BAND - 2), fill=colour)
    draw_ship_icon(draw, (x0 + 8, y0 + 8, x0 + 48, y0 + BAND - 8), masts, ink)
    kit.text(draw, (x0 + 56, y0 + BAND / 2), str(info.get("ship", "?")), 28, ink, "lm", bold=True)
    if info.get("map"):
        draw_map_icon(draw, (x1 - 44, y0 + 9, x1 - 8, y0 + BAND - 9))
    y = y0 + BAND + 8 + LINE / 2
    kit.text(draw, (x0 + 10, y), _(name) if name != "?" else name, BODY, kit.INK, "lm", bold=True)
    target, fire = info.get("target"), info.get("firepower")
    kit.text(draw, (x0 + 10, y + LINE), _("cargo {n}", n=target if target is not None else "?"),
             BODY, kit.INK, "lm")
    kit.text(draw, (x0 + 10, y + 2 * LINE),
             _("firepower {n}", n=fire if fire is not None else "?"), BODY, kit.INK, "lm")
    if with_cargo:
        _draw_cargo(draw, (x0 + 6, y1 - 50, x1 - 6, y1 - 6), info.get("cargo"), BODY)


def _draw_cargo(draw: ImageDraw.ImageDraw, box: Box, cargo: dict[str, Any] | None,
                size: int) -> None:
    """What a ship carries: a gold treasure, a wooden goods crate, or "free" (dashed)."""
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    if not cargo:
        kit.dashed_rect(draw, box, kit.MUTED, width=2, dash=6)
        kit.text(draw, (cx, cy), _("free"), size, kit.MUTED, "mm")
        return
    fill = GOLD if cargo.get("kind") == "treasure" else GOODS_FILL
    draw.rounded_rectangle(box, radius=6, fill=fill, outline=kit.INK, width=2)
    kit.text(draw, (cx, cy), cargo_label(cargo), size, kit.INK, "mm", bold=True)


CARD_KINDS = {"goods": (N_("Goods"), GOODS_BAND, GOODS_FILL),
              "treasure": (N_("Treasure"), GOLD, kit.WHITE)}
NONE_LEFT = {"goods": N_("no goods left"), "treasure": N_("no treasure left")}


def draw_stack_card(draw: ImageDraw.ImageDraw, box: Box, kind: str, card: dict[str, Any] | None,
                    below: int | None) -> None:
    """The goods or treasure stack: its top card readable (letter + power or points, what it
    does) and how many cards lie below, or a dashed empty place."""
    title, band, fill = CARD_KINDS[kind]
    if not card:
        _empty_place(draw, box, _(NONE_LEFT[kind]))
        return
    top = _stack_edges(draw, box, below or 0, fill)
    x0, y0, x1, y1 = top
    draw.rounded_rectangle(top, radius=10, fill=fill, outline=kit.INK, width=2)
    draw.rounded_rectangle((x0, y0, x1, y0 + 40), radius=10, fill=band, outline=kit.INK, width=2)
    draw.rectangle((x0 + 2, y0 + 28, x1 - 2, y0 + 38), fill=band)
    kit.text(draw, (x0 + 10, y0 + 20), _(title), BODY, kit.ink_on(band), "lm", bold=True)
    label = goods_label(card) if kind == "goods" else treasure_label(card)
    kit.text(draw, (x0 + 10, y0 + 70), label, 30, kit.INK, "lm", bold=True)
    if kind == "goods":
        power = str(card.get("power"))
        helptext = _(POWER_HELP[power]) if power in POWER_HELP else ""
    else:
        helptext = _("worth {n} points", n=card.get("points", "?"))
    kit.text(draw, (x0 + 10, y0 + 108), helptext, SMALL, kit.INK, "lm")
    if below is not None:
        words = _("{n} more below", n=below) if below > 0 else _("the last card")
        kit.text(draw, (x0 + 10, y1 - 22), words, SMALL, kit.MUTED, "lm")


def draw_target_card(draw: ImageDraw.ImageDraw, box: Box, target: dict[str, Any] | None) -> None:
    """The card an action aims at: a ship, the top treasure or the top goods card."""
    kind = (target or {}).get("kind")
    if kind == "ship":
        draw_ship_card(draw, box, ship_info(target.get("ship", "?")))
    elif kind in ("treasure", "goods"):
        draw_stack_card(draw, box, kind, target, None)
    else:
        _empty_place(draw, box, _("no target"))


# -- the port and the stacks ------------------------------------------------------------------------
CARD_W = (WIDTH - 2 * EDGE - 3 * GAP) // 4  # 4 port places across the image
SHIP_H = 172
PORT_PLACES = 4


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
            draw_ship_card(draw, box, info)
            if info["ship"] in cells:
                kit.highlight(draw, box, FRAME)
        else:
            _empty_place(draw, box, _("empty place"))
    return image


STACK_H = 180
FRAME = 6  # last-move frame thickness


def _draw_stacks(view: View) -> Image.Image:
    """Ship pile (count), goods stack, treasure stack, side by side."""
    image, draw = kit.new_canvas(WIDTH, STACK_H + 12)
    cells = _cells(view)
    pile_w = CARD_W
    rest = (WIDTH - 2 * EDGE - pile_w - 2 * GAP) // 2
    pile = view.get("pile") or 0
    box = (EDGE, 0, EDGE + pile_w, STACK_H)
    if pile:
        x0, y0, x1, y1 = _stack_edges(draw, box, pile - 1, PILE_FILL)
        draw.rounded_rectangle((x0, y0, x1, y1), radius=10, fill=PILE_FILL, outline=kit.INK,
                               width=2)
        draw_ship_icon(draw, (x0 + 40, y0 + 20, x1 - 40, y0 + 76), 3, kit.SAND)
        kit.text(draw, ((x0 + x1) / 2, y0 + 104), _("Ship pile"), BODY, kit.WHITE, "mm",
                 bold=True)
        kit.text(draw, ((x0 + x1) / 2, y0 + 136), _n("{n} face down", "{n} face down", pile), SMALL, kit.WHITE,
                 "mm")
    else:
        _empty_place(draw, box, _("ship pile empty"))
    for k, (kind, key, cell) in enumerate((("goods", "goods", "goods"),
                                           ("treasure", "treasures", "treasures"))):
        cards = list(view.get(key) or [])
        x = EDGE + pile_w + GAP + k * (rest + GAP)
        box = (x, 0, x + rest, STACK_H)
        draw_stack_card(draw, box, kind, cards[0] if cards else None, len(cards) - 1)
        if cards and cell in cells:
            kit.highlight(draw, box, FRAME)
    return image


# -- the action -----------------------------------------------------------------------------------
DIE = 50  # die faces in the action (8, the largest pool, fit on one row)
DIE_GAP = 8
LABEL_W = 96  # "placed", "rolled" ... column
DICE_X = EDGE + CARD_W + 20  # the dice column, right of the target card
HEAD_X = EDGE + 50  # action lines, right of the seat mark

Painter = Callable[[Image.Image, ImageDraw.ImageDraw, float], None]


class Piece(NamedTuple):
    """One horizontal piece of the action part: its height and how to draw it at a given y."""

    height: float
    paint: Painter


def _line(text: str, x: float = EDGE, size: int = BODY, bold: bool = False,
          seat: int | None = None, fill: kit.RGB = kit.INK) -> Piece:
    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, y: float) -> None:
        if seat is not None:
            kit.seat_mark(draw, (EDGE + 18, y + LINE / 2), 16, seat)
        kit.text(draw, (x, y + LINE / 2), text, size, fill, "lm", bold=bold)
    return Piece(LINE, paint)


def _lines(text: str, x: float = EDGE, bold: bool = False, seat: Any = None) -> list[Piece]:
    """``text`` wrapped from ``x`` to the right edge; ``seat``'s mark left of the first line."""
    out = []
    for k, line in enumerate(kit.wrap(text, BODY, WIDTH - EDGE - x)):
        mark = seat if k == 0 and isinstance(seat, int) else None
        out.append(_line(line, x, bold=bold, seat=mark))
    return out


def _gap(height: float) -> Piece:
    return Piece(height, lambda image, draw, y: None)


HEADS: dict[tuple[str, bool], tuple[str, str]] = {
    ("arm", True): (N_("{name} arms {ship}"), N_("Previous action: {name} tried to arm {ship}")),
    ("arm", False): (N_("{name} arms a ship"), N_("Previous action: {name} tried to arm a ship")),
    ("hunt", True): (N_("{name} hunts treasure {card}"),
                     N_("Previous action: {name} hunted treasure {card}")),
    ("hunt", False): (N_("{name} hunts the top treasure"),
                      N_("Previous action: {name} hunted the top treasure")),
    ("buy", True): (N_("{name} buys goods {card}"),
                    N_("Previous action: {name} tried to buy goods {card}")),
    ("buy", False): (N_("{name} buys the top goods card"),
                     N_("Previous action: {name} tried to buy the top goods card")),
    ("attack", True): (N_("{name} attacks {target} of {owner} with {ship}"),
                       N_("Previous action: {name} attacked {target} of {owner} with {ship}")),
    ("attack", False): (N_("{name} attacks {target}"),
                        N_("Previous action: {name} attacked {target}")),
}
"""(action, every part known) -> the action's line (now, once it is over)."""


def _action_head(view: View, action: dict[str, Any], past: bool) -> str:
    """``Alice arms G11`` / ``Previous action: Bob attacked F9 of Alice with C7``."""
    kind = action.get("action")
    target = action.get("target") or {}
    name = _name(view, action.get("seat"))
    if kind == "arm":
        full, fields = bool(target.get("ship")), {"ship": target.get("ship")}
    elif kind in ("hunt", "buy"):
        label = treasure_label(target) if kind == "hunt" else goods_label(target)
        full, fields = bool(target.get("letter")), {"card": label}
    elif kind == "attack":
        fight = action.get("fight") or {}
        a, d = fight.get("attacker") or {}, fight.get("defender") or {}
        theirs = d.get("ship") or target.get("ship") or "?"
        full = bool(d.get("seat") and a.get("ship"))
        fields = {"target": theirs, "owner": _name(view, d.get("seat")), "ship": a.get("ship")}
    else:
        return f"{name}: {kind}"
    return _(HEADS[kind, full][past], name=name, **fields)


def _dice_left(action: dict[str, Any]) -> int | None:
    pool = action.get("pool")
    if not isinstance(pool, int):
        return None
    used = len(action.get("placed") or []) + len(action.get("aside") or [])
    return max(0, pool - used)


def _stage_text(view: View, action: dict[str, Any], past: bool) -> str:
    """What happens now (or how the previous action ended)."""
    if past:
        return _(OUTCOMES.get(action.get("outcome"), OUTCOMES[None]))
    stage = action.get("stage")
    if stage == "stow":
        seat = action.get("seat")
        free = [ship_info(x)["ship"] for x in kit.seat_row(view, seat).get("fleet") or []
                if not ship_info(x)["cargo"]]
        if free:
            return _("{name} chooses a free ship to carry the card: {ships}",
                     name=_name(view, seat), ships=", ".join(free))
        return _("{name} chooses a free ship to carry the card", name=_name(view, seat))
    if stage == "loot":
        return _loot_text(view, action)
    if stage == "dice":
        left = _dice_left(action)
        extra = [str(p) for p in action.get("powers") or []].count("die")
        text = (_("Rolling dice: {left} of {pool} dice left", left=left, pool=action["pool"])
                if left is not None else _("Rolling dice"))
        if extra:  # MM-15: extra-die goods join the pool by themselves
            text = _n("{text} ({n} extra die from goods)", "{text} ({n} extra dice from goods)",
                      extra, text=text)
        return text
    return ""


OUTCOMES = {"success": N_("Outcome: success"), "failure": N_("Outcome: failure"),
            None: N_("Outcome: ended")}
"""How the previous action ended (``last_action.outcome``)."""


def _fleet_ship(view: View, seat: Any, code: Any) -> dict[str, Any]:
    """``code`` as its owner's fleet shows it (cargo, map), else from the code alone."""
    for ship in kit.seat_row(view, seat).get("fleet") or []:
        info = ship_info(ship)
        if info["ship"] == code:
            return info
    return ship_info(code if code is not None else "?")


def _loot_text(view: View, action: dict[str, Any]) -> str:
    fight = action.get("fight") or {}
    winner = fight.get("winner")
    sides = [fight.get(side) or {} for side in ("attacker", "defender")]
    loser = next((f for f in sides if f.get("seat") != winner), {})
    cargo = _fleet_ship(view, loser.get("seat"), loser.get("ship")).get("cargo")
    what = cargo_label(cargo) if cargo else _("the card")
    return _("{name} may loot {card} from {ship} onto a free ship", name=_name(view, winner),
             card=what, ship=loser.get("ship", "?"))


def _dice_pieces(action: dict[str, Any], past: bool) -> list[Piece]:
    """Right of the target card: combination, slots with placed dice, rolled, aside, powers."""
    room = WIDTH - EDGE - DICE_X
    out: list[Piece] = []
    combo = action.get("combination")
    if combo:
        words = (_("{combination}: {help}", combination=translate(combination_name(combo)),
                   help=_(COMBINATION_HELP[combo])) if combo in COMBINATION_HELP else str(combo))
        out += _lines(words, DICE_X, bold=True)
    target = action.get("target") or {}
    if combo == "ship" and target.get("kind") == "ship":
        need = ship_info(target.get("ship", "?")).get("target")
        if need is not None:
            out.append(_line(_("cargo dice total >= {n}", n=need), DICE_X))
    per_line = max(1, (room - LABEL_W + DIE_GAP) // (DIE + DIE_GAP))
    placed = list(action.get("placed") or [])
    slots = action.get("slots")
    slots = max(slots if isinstance(slots, int) else 0, len(placed))
    for start in range(0, slots, per_line):
        out.append(_dice_row(_("placed") if start == 0 else "", placed[start:start + per_line],
                             min(per_line, slots - start), False))
    for key, aside in (("rolled", False), ("aside", True)):
        dice = list(action.get(key) or [])
        if not dice and key == "rolled" and not past and action.get("stage") == "dice":
            out.append(_line(_("rolled"), DICE_X, SMALL, fill=kit.MUTED))
        for start in range(0, len(dice), per_line):
            chunk = dice[start:start + per_line]
            out.append(_dice_row(_(ROW_LABELS[key]) if start == 0 else "", chunk, len(chunk),
                                 aside))
    powers = [str(p) for p in action.get("powers") or []]
    if powers:
        remaining = list(action.get("powers_used") or [])
        chips = []
        for p in powers:  # the same power on two cards: mark as many used as were used
            used = p in remaining
            if used:
                remaining.remove(p)
            chips.append((power_text(p), used))
        for k, line in enumerate(_chip_lines(chips, room - LABEL_W)):
            out.append(_power_row(_("powers") if k == 0 else "", line))
    return out


ROW_LABELS = {"rolled": N_("rolled"), "aside": N_("aside")}


def _dice_row(label: str, dice: list[Any], count: int, aside: bool) -> Piece:
    """A labelled row of die faces; past the dice, free slots (dashed) up to ``count``."""
    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, y: float) -> None:
        kit.text(draw, (DICE_X, y + 6 + DIE / 2), label, SMALL, kit.MUTED, "lm")
        for k in range(count):
            at = (DICE_X + LABEL_W + k * (DIE + DIE_GAP), y + 6)
            if k < len(dice):
                draw_die(image, at, dice[k], DIE, aside)
            else:
                _draw_slot(draw, at, DIE)
    return Piece(DIE + 12, paint)


POWER_CHIP_H, POWER_PAD = 38, 12


def _chip_words(label: str, used: bool) -> str:
    return _("{power} used", power=label) if used else label


def _chip_w(label: str, used: bool) -> int:
    return kit.text_width(_chip_words(label, used), SMALL + 2) + 2 * POWER_PAD


def _chip_lines(chips: list[tuple[str, bool]], room: int) -> list[list[tuple[str, bool]]]:
    lines: list[list[tuple[str, bool]]] = [[]]
    x = 0
    for label, used in chips:
        w = _chip_w(label, used) + 8
        if lines[-1] and x + w > room:
            lines.append([])
            x = 0
        lines[-1].append((label, used))
        x += w
    return lines


def _power_row(label: str, chips: list[tuple[str, bool]]) -> Piece:
    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, y: float) -> None:
        kit.text(draw, (DICE_X, y + 6 + POWER_CHIP_H / 2), label, SMALL, kit.MUTED, "lm")
        x = DICE_X + LABEL_W
        for text, used in chips:
            w = _chip_w(text, used)
            draw_power_chip(draw, (x, y + 6, x + w, y + 6 + POWER_CHIP_H), text, used)
            x += w + 8
    return Piece(POWER_CHIP_H + 12, paint)


def draw_power_chip(draw: ImageDraw.ImageDraw, box: Box, label: str, used: bool) -> None:
    """A goods power: a crate-coloured chip; once used this turn, grey, dashed, "used"."""
    if used:
        draw.rectangle(box, fill=ASIDE_FILL)
        kit.dashed_rect(draw, box, kit.INK, width=2, dash=6)
    else:
        draw.rounded_rectangle(box, radius=6, fill=GOODS_FILL, outline=kit.INK, width=2)
    kit.text(draw, (box[0] + POWER_PAD, (box[1] + box[3]) / 2), _chip_words(label, used), SMALL,
             kit.INK, "lm",
             bold=not used)


def _dice_stage(action: dict[str, Any], past: bool) -> Piece:
    """The target card on the left, the dice column on its right."""
    pieces = _dice_pieces(action, past)
    card_h = SHIP_H - 12

    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, y: float) -> None:
        draw_target_card(draw, (EDGE, y, EDGE + CARD_W, y + card_h), action.get("target"))
        yy = y
        for piece in pieces:
            piece.paint(image, draw, yy)
            yy += piece.height
    return Piece(max(sum(p.height for p in pieces), card_h) + 10, paint)


FIGHT_CARD_W = 170
FIGHT_H = 52 + SHIP_H - 12 + 12


def _fight(view: View, action: dict[str, Any]) -> Piece:
    """Both ships (with their owner's mark), both dice as faces, both totals; the winner's side
    framed thick on the turn colour and marked "WINS"."""
    fight = action.get("fight") or {}
    winner = fight.get("winner")
    half = (WIDTH - 2 * EDGE) / 2

    def paint(image: Image.Image, draw: ImageDraw.ImageDraw, y: float) -> None:
        for k, side in enumerate(("attacker", "defender")):
            f = fight.get(side) or {}
            x = EDGE + k * half
            seat = f.get("seat")
            won = winner is not None and winner == seat
            draw.rounded_rectangle((x + 2, y, x + half - 6, y + FIGHT_H - 6), radius=10,
                                   fill=kit.TURN_BG if won else kit.BG, outline=kit.INK,
                                   width=4 if won else 1)
            if isinstance(seat, int):
                kit.seat_mark(draw, (x + 30, y + 28), 16, seat)
            kit.text(draw, (x + 60, y + 28), _(SIDES[side][won]), BODY, kit.INK, "lm", bold=won)
            info = _fleet_ship(view, seat, f.get("ship"))
            card = (x + 12, y + 52, x + 12 + FIGHT_CARD_W, y + 52 + SHIP_H - 12)
            draw_ship_card(draw, card, info)
            dx = card[2] + 14
            draw_die(image, (dx, y + 56), f.get("die"), 56)
            fire = f.get("firepower", info.get("firepower"))
            kit.text(draw, (dx, y + 136), _("fire {fire} + {die}", fire=fire, die=f.get("die", "?")),
                     SMALL, kit.INK, "lm")
            kit.text(draw, (dx, y + 174), f"= {f.get('total', '?')}", 30, kit.INK, "lm",
                     bold=True)
    return Piece(FIGHT_H + 6, paint)


SIDES = {"attacker": (N_("attacker"), N_("attacker - WINS")),
         "defender": (N_("defender"), N_("defender - WINS"))}
"""A fight's side, as its box titles it (lost, won)."""


def _back_under_pile(view: View, fight: dict[str, Any]) -> str | None:
    """MM-16: the losing ship, when it is in no fleet and not in the port any more."""
    winner = fight.get("winner")
    if winner is None or not view.get("seats"):
        return None
    loser = next((f for f in (fight.get("attacker") or {}, fight.get("defender") or {})
                  if f.get("seat") != winner), {})
    code = loser.get("ship")
    if not code:
        return None
    where = {ship_info(p)["ship"] for p in view.get("port") or []}
    for s in view["seats"]:
        where |= {ship_info(x)["ship"] for x in s.get("fleet") or []}
    return None if code in where else str(code)


def _action_pieces(view: View, action: dict[str, Any], past: bool) -> list[Piece]:
    out = _lines(_action_head(view, action, past), HEAD_X, bold=True, seat=action.get("seat"))
    out.append(_gap(6))
    kind = action.get("action")
    fight = action.get("fight")
    if kind == "attack" and fight:
        winner = fight.get("winner")
        if winner is not None:
            line = (N_("The attacker, {name}, wins the fight")
                    if winner == (fight.get("attacker") or {}).get("seat")
                    else N_("The defender, {name}, wins the fight"))
            out += _lines(_(line, name=_name(view, winner)))
        out.append(_fight(view, action))
        gone = _back_under_pile(view, fight)
        if gone:
            out += _lines(_("{ship} carried nothing: it went back under the ship pile", ship=gone))
    elif kind == "attack" and (action.get("target") or {}).get("kind") == "ship":
        target = ship_info(action["target"].get("ship", "?"))
        out.append(Piece(SHIP_H, lambda image, draw, y: draw_ship_card(
            draw, (EDGE, y, EDGE + CARD_W, y + SHIP_H - 12), target)))
    elif kind in ("arm", "hunt", "buy"):
        out.append(_dice_stage(action, past))
    stage = _stage_text(view, action, past)
    if stage:
        out += _lines(stage, bold=True)
    return out


def _draw_action(view: View) -> Image.Image | None:
    """The seat to move's action; while the next action is being announced (or once the game
    is over), the previous one with its outcome."""
    turn = view.get("turn") or None
    last = view.get("last_action") or None
    pieces: list[Piece] = []
    if turn and turn.get("action"):
        title = _("Action")
        pieces += _action_pieces(view, turn, past=False)
    else:
        title = _("Action") if turn else _("Last action")
        if turn:
            seat = turn.get("seat")
            pieces += _lines(_("{name} announces an action: arm, hunt, buy or attack",
                               name=_name(view, seat)), HEAD_X, bold=True, seat=seat)
            pieces.append(_gap(10))
        if last:
            pieces += _action_pieces(view, last, past=True)
    if not pieces:
        return None
    height = 12 + LINE + 8 + sum(p.height for p in pieces) + 10
    image, draw = kit.new_canvas(WIDTH, round(height))
    draw.line((0, 0, WIDTH, 0), fill=kit.GRID, width=3)
    kit.text(draw, (EDGE, 12 + LINE / 2), title, TITLE, kit.INK, "lm", bold=True)
    y: float = 12 + LINE + 8
    for piece in pieces:
        piece.paint(image, draw, y)
        y += piece.height
    return image


# -- fleets ---------------------------------------------------------------------------------------
CHIP_W, CHIP_H, CHIP_GAP = 160, 76, 8
CHIPS_X = kit.PANEL_NAME_X


def draw_ship_chip(draw: ImageDraw.ImageDraw, box: Box, info: dict[str, Any]) -> None:
    """A fleet ship, small: family band (code, masts, firepower), cargo and map icon below."""
    x0, y0, x1, y1 = box
    _family, colour, masts = FAMILIES.get(info.get("family", ""), ("?", kit.UNKNOWN, 0))
    ink = kit.ink_on(colour)
    band = y0 + 34
    draw.rounded_rectangle(box, radius=8, fill=kit.WHITE, outline=kit.INK, width=2)
    draw.rounded_rectangle((x0, y0, x1, band), radius=8, fill=colour, outline=kit.INK, width=2)
    draw.rectangle((x0 + 2, band - 10, x1 - 2, band - 2), fill=colour)
    draw_ship_icon(draw, (x0 + 6, y0 + 5, x0 + 42, band - 5), masts, ink)
    kit.text(draw, (x0 + 48, y0 + 17), str(info.get("ship", "?")), BODY, ink, "lm", bold=True)
    fire = info.get("firepower")
    kit.text(draw, (x1 - 8, y0 + 17), _("fire {n}", n=fire if fire is not None else "?"), SMALL,
             ink, "rm")
    right = x1 - 6
    if info.get("map"):
        draw_map_icon(draw, (x1 - 36, band + 8, x1 - 6, y1 - 8))
        right = x1 - 42
    _draw_cargo(draw, (x0 + 6, band + 5, right, y1 - 5), info.get("cargo"), SMALL)


def _fleet_facts(fleet: list[dict[str, Any]]) -> list[str]:
    """What breaks ties and adds to the score (MM-18): fleet size, firepower, full families."""
    if not fleet:
        return [_("no ships yet")]
    fire = sum(s.get("firepower") or 0 for s in fleet)
    families = sum(1 for f in FAMILIES if sum(1 for s in fleet if s.get("family") == f) >= 4)
    facts = [_n("{n} ship", "{n} ships", len(fleet)), _("firepower {n}", n=fire)]
    if families:
        facts.append(_n("{n} full family (+{points})", "{n} full families (+{points})", families,
                        points=5 * families))
    return facts


def _score(view: View, s: dict[str, Any]) -> Any:
    if s.get("score") is not None:
        return s["score"]
    scores = (view.get("result") or {}).get("scores") or []
    index = (s.get("seat") or 0) - 1
    return scores[index] if 0 <= index < len(scores) else "?"


class SeatRow(NamedTuple):
    seat: dict[str, Any]
    names: list[str]
    fleet: list[dict[str, Any]]
    per_line: int
    facts: list[str]  # fleet size, firepower, full families
    facts_inline: bool  # beside the last line of chips (else on a line of their own)

    @property
    def chip_lines(self) -> int:
        return -(-len(self.fleet) // self.per_line)

    @property
    def height(self) -> int:
        facts = 0 if self.facts_inline else LINE * len(self.facts)
        return 14 + LINE * len(self.names) + facts + (CHIP_H + CHIP_GAP) * self.chip_lines + 6


def _seat_rows(view: View, width: int) -> list[SeatRow]:
    rows = []
    pitch = CHIP_W + CHIP_GAP
    per_line = max(1, (width - CHIPS_X - EDGE + CHIP_GAP) // pitch)
    for s in view.get("seats") or []:
        score = _("score {n}", n=_score(view, s))
        room = width - kit.PANEL_NAME_X - EDGE - 24 - kit.text_width(score, BODY)
        names = kit.wrap(kit.seat_name(view, s.get("seat", 0)), BODY, room)
        fleet = [ship_info(x) for x in s.get("fleet") or []]
        facts_text = _fleet_facts(fleet)
        last = len(fleet) - (-(-len(fleet) // per_line) - 1) * per_line if fleet else 0
        beside = width - EDGE - (CHIPS_X + last * pitch) - 6
        facts = kit.wrap_items(facts_text, SMALL, beside, ", ") if fleet and beside >= 140 else []
        inline = bool(facts) and len(facts) <= 2
        if not inline:
            facts = kit.wrap_items(facts_text, SMALL, width - CHIPS_X - EDGE, ", ")
        rows.append(SeatRow(s, names, fleet, per_line, facts, inline))
    return rows


def _draw_seat_row(draw: ImageDraw.ImageDraw, view: View, row: SeatRow, y: int,
                   width: int) -> None:
    """One seat: turn / win flag, badge, full name, score; its ships as chips; fleet facts."""
    s = row.seat
    seat = s.get("seat", 0)
    mid = kit.seat_row_head(draw, view, seat, row.names, (y, row.height, width, LINE),
                            (BODY, SMALL), lambda at: kit.seat_mark(draw, at, 17, seat))
    kit.text(draw, (width - EDGE - 4, mid), _("score {n}", n=_score(view, s)), BODY, kit.INK,
             "rm", bold=True)
    y0 = mid + LINE * len(row.names) - LINE / 2
    if not row.facts_inline:
        for k, line in enumerate(row.facts):
            kit.text(draw, (CHIPS_X, y0 + LINE * k + LINE / 2), line, SMALL, kit.MUTED, "lm")
        y0 += LINE * len(row.facts)
    top = y0 + 4
    cells = _cells(view)
    pitch = CHIP_W + CHIP_GAP
    for k, info in enumerate(row.fleet):
        line, col = divmod(k, row.per_line)
        x, yy = CHIPS_X + col * pitch, top + line * (CHIP_H + CHIP_GAP)
        box = (x, yy, x + CHIP_W, yy + CHIP_H)
        draw_ship_chip(draw, box, info)
        if info["ship"] in cells:
            kit.highlight(draw, box, 4)
    if row.facts_inline:
        last = len(row.fleet) - (row.chip_lines - 1) * row.per_line
        x = CHIPS_X + last * pitch + 6
        yy = top + (row.chip_lines - 1) * (CHIP_H + CHIP_GAP) + CHIP_H / 2
        for k, line in enumerate(row.facts):
            dy = (k - (len(row.facts) - 1) / 2) * (LINE - 4)
            kit.text(draw, (x, yy + dy), line, SMALL, kit.MUTED, "lm")


def _draw_fleets(view: View, title: str | None = None) -> Image.Image:
    title = title or _("Fleets")
    rows = _seat_rows(view, WIDTH)
    height = 12 + LINE + 10 + sum(r.height for r in rows) + 8
    image, draw = kit.new_canvas(WIDTH, height)
    draw.line((0, 0, WIDTH, 0), fill=kit.GRID, width=3)
    kit.text(draw, (EDGE, 12 + LINE / 2), title, TITLE, kit.INK, "lm", bold=True)
    y = 12 + LINE + 10
    for row in rows:
        _draw_seat_row(draw, view, row, y, WIDTH)
        y += row.height
    return image


# -- head and legend ------------------------------------------------------------------------------
def _head_lines(view: View) -> list[tuple[str, int, bool]]:
    room = WIDTH - 2 * EDGE
    lines = [(GAME_NAME, TITLE, True)]
    title = kit.result_title(view)
    if title:
        lines += [(line, TITLE, True) for line in kit.wrap(title, TITLE, room)]
        reason = translate((view.get("result") or {}).get("reason") or "")
        lines += [(line, BODY, False)
                  for line in kit.wrap(_("Game over. {reason}", reason=reason), BODY, room)]
        scores = [f"{kit.seat_name(view, s.get('seat', 0))} {_score(view, s)}"
                  for s in sorted(view.get("seats") or [], key=lambda s: s.get("seat", 0))]
        lines += [(line, BODY, False)
                  for line in kit.wrap_items([_("Final scores:"), *scores], BODY, room, sep="   ")]
    facts = [_("ships in pile: {n}", n=view.get("pile", 0)),
             _("goods left: {n}", n=len(view.get("goods") or [])),
             _("treasures left: {n}", n=len(view.get("treasures") or []))]
    lines += [(line, BODY, False) for line in kit.wrap_items(facts, BODY, room)]
    return lines


def _draw_head(view: View) -> Image.Image:
    lines = _head_lines(view)
    image, draw = kit.new_canvas(WIDTH, 12 + LINE * len(lines) + 8)
    kit.text_lines(draw, lines, EDGE, 12, LINE)
    return image


def _legend(view: View) -> Image.Image:
    """The map icon, a set-aside die, the free-ship mark and, when drawn, the last-move frame."""
    entries: list[tuple[kit.Painter, str]] = [
        (lambda d, b: draw_map_icon(d, (b[0] + 2, b[1], b[2] - 2, b[3])), _("treasure map")),
        (lambda d, b: _legend_die(d, b), _("die set aside")),
        (lambda d, b: draw_ship_icon(d, b, 1, kit.INK), _("C = Caravelle")),
        (lambda d, b: draw_ship_icon(d, b, 2, kit.INK), _("F = Frégate")),
        (lambda d, b: draw_ship_icon(d, b, 3, kit.INK), _("G = Galion")),
    ]
    if _highlighted(view):
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
        draw_ship_card(draw, (x, y + row * (HAND_CARD_H + GAP), x + CARD_W,
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
