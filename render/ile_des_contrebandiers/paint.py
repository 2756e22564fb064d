"""L'île des contrebandiers: the sea's parts, painted: an island (its quay, card and harbour
basin), the rings' sectors with the beam, the reefs and the lighthouse, the spaces' names. The
board paints them directly (:mod:`.sea`) or through the cached layers of :mod:`.layers`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from PIL import Image, ImageDraw

from i18n import _, _n

from .. import kit
from .drawings import draw_anchor, draw_lighthouse, draw_rays, draw_rocks, hatch_polygon
from .geometry import (
    ANCHOR,
    BODY,
    CX,
    CY,
    ISLAND_W,
    LETTERS,
    LIGHTHOUSE,
    LIT,
    NAME_INK,
    QUAY,
    R_LIGHT,
    RAY,
    REEF,
    RING_EDGES,
    RINGS,
    ROCK,
    SEA,
    SEA_LINE,
    SECTORS,
    SMALL,
    Box,
    Point,
    View,
    _angle,
    _boat_spot,
    _cell_points,
    _dock_box,
    _island_box,
    _island_sector,
    _name_spot,
    _polar,
    parse_space,
)
from .words import island_letter, island_name


class Island(NamedTuple):
    """Where island ``k``'s pieces go and what its card says."""

    k: int
    quay: tuple[Point, Point]  # from the rim of the outer ring into the basin
    card: Box
    words: tuple[str, int, str, str, bool]  # name (letter), its size, harbour, goods, bold
    dock: Box


def island(view: View, k: int) -> Island:
    islands = {i.get("island"): i for i in view.get("islands") or [] if isinstance(i, dict)}
    sector = _island_sector(view, k)
    dock = _dock_box(sector)
    rim = _polar(RING_EDGES[-1] - 4, _angle(sector))
    near = (min(max(rim[0], dock[0] + 20), dock[2] - 20),
            min(max(rim[1], dock[1] + 20), dock[3] - 20))
    left = (islands.get(k) or {}).get("goods_left")
    goods = (_("no tiles left") if left == 0 else _n("{n} tile left", "{n} tiles left", left)
             if isinstance(left, int) else _("tiles ?"))
    label = f"{island_name(view, k)} ({island_letter(view, k)})"
    size = BODY if kit.text_width(label, BODY) <= ISLAND_W - 10 else SMALL  # "tonneaux (T)"
    words = (label, size, _("harbour {harbour}", harbour=f"H{k}"), goods, left == 0)
    return Island(k, (rim, near), _island_box(sector), words, dock)


def paint_quay(draw: ImageDraw.ImageDraw, isl: Island) -> None:
    draw.line((*isl.quay[0], *isl.quay[1]), fill=QUAY, width=16)


def paint_card(draw: ImageDraw.ImageDraw, box: Box, words: tuple[str, int, str, str, bool]
               ) -> None:
    """An island's card: name and letter, harbour, goods left."""
    x0, y0, x1, y1 = box
    label, size, harbour, goods, bold = words
    draw.rounded_rectangle((x0, y0, x1, y1), radius=18, fill=kit.SAND, outline=kit.INK, width=2)
    kit.text(draw, ((x0 + x1) / 2, y0 + 20), label, size, kit.INK, "mm", bold=True)
    kit.text(draw, ((x0 + x1) / 2, y0 + 46), harbour, SMALL, kit.INK, "mm")
    kit.text(draw, ((x0 + x1) / 2, y0 + 71), goods, SMALL, kit.INK, "mm", bold=bold)


def paint_dock(draw: ImageDraw.ImageDraw, dock: Box) -> None:
    """A round harbour basin."""
    draw.rounded_rectangle(dock, radius=20, fill=SEA, outline=kit.INK, width=4)
    draw.rounded_rectangle((dock[0] + 5, dock[1] + 5, dock[2] - 5, dock[3] - 5), radius=16,
                           outline=kit.WHITE, width=2)


Ink = dict[str, Any] | Callable[[int, int], dict[str, Any]]


def draw_fan(draw: ImageDraw.ImageDraw, beam: int | None, dx: int = 0, dy: int = 0,
             ink: Ink | None = None) -> None:
    """The rings' 30 sectors, the one of ``beam`` lit, shifted by (``dx``, ``dy``); ``ink``
    replaces the colours (fill and outline, or a function of ring and sector giving them: a
    mask of the pixels drawn, which slice drew each)."""
    for ring in (3, 2, 1):
        r = RING_EDGES[ring]
        for sector in range(SECTORS):
            a = _angle(sector)
            colours = (ink(ring, sector) if callable(ink) else ink) or {
                "fill": LIT if sector == beam else SEA, "outline": SEA_LINE}
            draw.pieslice((CX - r + dx, CY - r + dy, CX + r + dx, CY + r + dy), a - 18, a + 18,
                          width=2, **colours)


def paint_rings(image: Image.Image, draw: ImageDraw.ImageDraw, beam: int | None,
                reefs: tuple[tuple[int, int], ...]) -> None:
    """Over the sectors: the beam's rays, the reefs, the lighthouse (what only the beam and the
    reefs change)."""
    if beam is not None:
        draw_rays(draw, beam)
    for ring, sector in reefs:
        points = _cell_points(ring, sector)
        draw.polygon(points, fill=REEF, outline=SEA_LINE)
        hatch_polygon(image, points, ROCK)
        draw_rocks(draw, _boat_spot(ring, sector), 14)
    r = R_LIGHT
    draw.ellipse((CX - r, CY - r, CX + r, CY + r), fill=LIGHTHOUSE, outline=kit.INK, width=3)
    if beam is not None:
        a = _angle(beam)
        draw.pieslice((CX - r + 2, CY - r + 2, CX + r - 2, CY + r - 2), a - 18, a + 18, fill=LIT)
        for d in (-12, -4, 4, 12):
            draw.line((CX, CY, *_polar(r - 3, a + d)), fill=RAY, width=3)
    draw_lighthouse(draw, (CX, CY + 4), 34)


def paint_names(draw: ImageDraw.ImageDraw, reefs: tuple[tuple[int, int], ...]) -> None:
    """Every space's name, then the anchor."""
    for ring in RINGS:
        for sector in range(SECTORS):
            name = f"{ring}{LETTERS[sector]}"
            if (ring, sector) in reefs:
                ink = kit.WHITE
            else:
                ink = NAME_INK
            kit.text(draw, _name_spot(ring, sector), name, SMALL, ink, "mm", bold=True)
    anchor = parse_space(ANCHOR)
    if anchor:
        ring, sector = anchor
        x, y = _polar(RING_EDGES[ring - 1] + 22, _angle(sector) - 10)
        reef = anchor in reefs
        draw.ellipse((x - 15, y - 15, x + 15, y + 15), fill=kit.WHITE, outline=kit.INK, width=2)
        draw_anchor(draw, (x, y + 1), 11, kit.INK if not reef else ROCK)
