"""Le Maître des Mers: every seat's fleet as a row of ship chips, with name, score and the fleet
facts that break ties."""

from __future__ import annotations

from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from i18n import _, _n

from .. import kit, regions, tiles
from .cards import (
    BODY,
    CARDS,
    EDGE,
    FAMILIES,
    LINE,
    SMALL,
    TITLE,
    WIDTH,
    Box,
    View,
    _cells,
    _draw_cargo,
    draw_map_icon,
    draw_ship_icon,
    paste_cargo,
    ship_info,
    ship_key,
)

# -- fleets ---------------------------------------------------------------------------------------
CHIP_W, CHIP_H, CHIP_GAP = 160, 76, 8
CHIPS_X = kit.PANEL_NAME_X


def draw_ship_chip(draw: ImageDraw.ImageDraw, box: Box, info: dict[str, Any],
                   with_cargo: bool = True) -> None:
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
    if info.get("map"):
        draw_map_icon(draw, (x1 - 36, band + 8, x1 - 6, y1 - 8))
    if with_cargo:
        _draw_cargo(draw, _cargo_box(box, info), info.get("cargo"), SMALL)


def _cargo_box(box: Box, info: dict[str, Any]) -> Box:
    x0, y0, x1, y1 = box
    return x0 + 6, y0 + 39, x1 - (42 if info.get("map") else 6), y1 - 5


def paste_ship_chip(image: Image.Image, box: Box, info: dict[str, Any], fill: kit.RGB) -> None:
    """:func:`draw_ship_chip` into ``image``, whose ``box`` is ``fill`` so far: the chip is
    drawn once per ship, colour under it and language, its cargo box apart."""
    tiles.put(image, CARDS, ("chip", ship_key(info)), box, fill,
              lambda draw, b: draw_ship_chip(draw, b, info, with_cargo=False), at_x=False)
    paste_cargo(image, _cargo_box(box, info), info.get("cargo"), SMALL)


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


def _draw_seat_row(image: Image.Image, view: View, row: SeatRow, y: int, width: int) -> None:
    """One seat: turn / win flag, badge, full name, score; its ships as chips; fleet facts."""
    draw = ImageDraw.Draw(image)
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
    moving = seat in (view.get("to_move") or [])
    stage = (view.get("turn") or {}).get("stage")
    # The mover's ships: stow <ship> / loot <ship> at those stages, else attack's own ship (its
    # second step); the others' ships: attack's target <seat>:<ship>.
    own = f"{stage} {{}}" if stage in ("stow", "loot") else "{}"
    for k, info in enumerate(row.fleet):
        line, col = divmod(k, row.per_line)
        x, yy = CHIPS_X + col * pitch, top + line * (CHIP_H + CHIP_GAP)
        box = (x, yy, x + CHIP_W, yy + CHIP_H)
        paste_ship_chip(image, box, info, kit.row_fill(view, seat))
        regions.note(image, own.format(info["ship"]) if moving else f"{seat}:{info['ship']}", box)
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
        _draw_seat_row(image, view, row, y, WIDTH)
        y += row.height
    return image

