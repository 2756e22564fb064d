"""Le Maître des Mers: what the view says of ships and cards, and the drawings every part
shares (dice, ship icons, the treasure map, ship and stack cards); sizes and colours."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from i18n import N_, _

from .. import kit, tiles
from ..cache import Cache

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


CARD_W = (WIDTH - 2 * EDGE - 3 * GAP) // 4  # 4 port places across the image
SHIP_H = 172
PORT_PLACES = 4



# -- cards drawn once, pasted (render/tiles.py) ----------------------------------------------------
CARDS = Cache("maitre-des-mers cards", 13_300_000, words=True)
"""Ship cards, chips, stack cards, the pile, cargo boxes, legends: 20-200 KB each (4 bytes a
pixel, as Pillow keeps them). Random games of 2-4 players need ~25 MB for all of them in one
language; 13.3 MB keep ~90 % of pastes hits (the 1,000-table bench holds 5.8 MB, 99 % hits)."""


def ship_key(info: dict[str, Any]) -> tuple[Any, ...]:
    """What a ship card or chip shows of a ship, its cargo aside."""
    return tuple(info.get(k) for k in ("ship", "family", "target", "firepower")) + (
        bool(info.get("map")),)


def card_key(card: dict[str, Any] | None) -> str:
    return json.dumps(card, sort_keys=True, default=str)


def paste_ship_card(image: Image.Image, box: Box, info: dict[str, Any],
                    with_cargo: bool = False, fill: kit.RGB = kit.BG) -> None:
    """:func:`draw_ship_card` into ``image``, whose ``box`` is ``fill`` so far: the card is
    drawn once per ship, size, x, colour under it and language, its cargo box apart."""
    tiles.put(image, CARDS, ("ship", ship_key(info)), box, fill,
              lambda draw, b: draw_ship_card(draw, b, info))
    if with_cargo:  # on the card's white, as draw_ship_card puts it
        x0, y0, x1, y1 = box
        paste_cargo(image, (x0 + 6, y1 - 50, x1 - 6, y1 - 6), info.get("cargo"), BODY)


def paste_cargo(image: Image.Image, box: Box, cargo: dict[str, Any] | None, size: int) -> None:
    """:func:`_draw_cargo` into ``image``, whose ``box`` is white so far (a card's or chip's)."""
    tiles.put(image, CARDS, ("cargo", card_key(cargo), size), box, kit.WHITE,
              lambda draw, b: _draw_cargo(draw, b, cargo, size), at_x=False)


def paste_stack_card(image: Image.Image, box: Box, kind: str, card: dict[str, Any] | None,
                     below: int | None) -> None:
    """:func:`draw_stack_card` into ``image`` (``box`` background so far), drawn once."""
    tiles.put(image, CARDS, ("stack", kind, card_key(card), below), box, kit.BG,
              lambda draw, b: draw_stack_card(draw, b, kind, card, below))


def paste_target_card(image: Image.Image, box: Box, target: dict[str, Any] | None) -> None:
    """:func:`draw_target_card` into ``image`` (``box`` background so far)."""
    kind = (target or {}).get("kind")
    if kind == "ship":
        paste_ship_card(image, box, ship_info((target or {}).get("ship", "?")))
    elif kind in ("treasure", "goods"):
        paste_stack_card(image, box, kind, target, None)
    else:
        _empty_place(ImageDraw.Draw(image), box, _("no target"))
