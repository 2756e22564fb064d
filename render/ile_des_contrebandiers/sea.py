"""L'île des contrebandiers: the round sea (islands, rings, lighthouse, boats, tiles, path) and
the dice strip."""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from games.ile_des_contrebandiers.menu import view_paths
from i18n import _

from .. import kit, regions
from ..cache import Cache
from . import layers
from .drawings import (
    boat_width,
    dice_words,
    draw_boat,
    draw_chip,
    draw_path,
    mark_cell,
    mark_harbour,
    paste_die,
)
from .geometry import (
    BOAT_R,
    BODY,
    CX,
    CY,
    DOCK_W,
    EDGE,
    LETTERS,
    NAME_INK,
    RING_EDGES,
    RINGS,
    SEA_H,
    SECTORS,
    WIDTH,
    Box,
    Point,
    View,
    _anchor,
    _angle,
    _boat_spot,
    _cell_points,
    _dock_box,
    _island_sector,
    _tile_spot,
    parse_harbour,
    parse_space,
)
from .paint import draw_fan, island, paint_card, paint_dock, paint_names, paint_quay, paint_rings
from .words import (
    _beam,
    _cells,
    _finished,
    _reefs,
    chip_text,
    path_points,
    public_face,
)


# -- the sea --------------------------------------------------------------------------------------
def _draw_islands(draw: ImageDraw.ImageDraw, view: View) -> None:
    """Each island: its card (name, harbour, goods left), its round harbour basin and the quay
    that joins the basin to the outer space of sector 2k."""
    for k in range(5):
        isl = island(view, k)
        paint_quay(draw, isl)
        paint_card(draw, isl.card, isl.words)
        paint_dock(draw, isl.dock)


FANS = Cache("ile-des-contrebandiers fans", 4 << 20)
"""The sectors by beam (~1.8 MB each), for boards with an island on the rings (rare: others
paste the ring layers of render/ile_des_contrebandiers/layers.py)."""


def _fan(beam: int | None) -> tuple[Image.Image, Image.Image, tuple[int, int]]:
    """The sectors drawn once per beam position (30 big pie slices were half a board's draw
    time), with the mask of their pixels and where they go: pasted through the mask, the board
    is the same pixel for pixel (pie slices have no anti-aliasing to blend)."""

    def draw() -> tuple[Image.Image, Image.Image, tuple[int, int]]:
        r = RING_EDGES[-1] + 4
        left, top = CX - r, CY - r
        layer = Image.new("RGB", (2 * r + 1, 2 * r + 1), kit.BG)
        mask = Image.new("L", layer.size, 0)
        draw_fan(ImageDraw.Draw(layer), beam, -left, -top)
        draw_fan(ImageDraw.Draw(mask), beam, -left, -top, ink={"fill": 255, "outline": 255})
        return layer, mask, (left, top)

    return FANS.drawn(beam, draw)


def _draw_rings(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    beam = _beam(view)
    reefs = tuple(sorted(set(_reefs(view))))
    layer, mask, at = _fan(beam)
    image.paste(layer, at, mask)
    paint_rings(image, draw, beam, reefs)
    paint_marks(draw, view, reefs)


def paint_marks(draw: ImageDraw.ImageDraw, view: View, reefs: tuple[tuple[int, int], ...]
                ) -> None:
    """The last move's frames, then every space's name and the anchor over them."""
    _draw_highlights(draw, view)
    paint_names(draw, reefs)


def _draw_highlights(draw: ImageDraw.ImageDraw, view: View) -> None:
    for cell in _cells(view):
        sea = parse_space(cell)
        if sea:
            mark_cell(draw, _cell_points(*sea, inset=3))
        k = parse_harbour(cell)
        if k is not None:
            mark_harbour(draw, _dock_box(_island_sector(view, k)))


def _harbour_slots(n: int, box: Box, widths: list[float]) -> list[Point]:
    """Boat mark centres in a basin: one or two boats side by side in the middle, three or four
    in two rows of two (more, impossible with 4 seats, in more rows)."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    if n <= 2:  # under the harbour's name
        total = sum(widths) + 10 * (n - 1)
        left, out = cx - total / 2, []
        for w in widths:
            out.append((left + BOAT_R, cy + 10))
            left += w + 10
        return out
    rows = -(-n // 2)
    pitch = (y1 - y0 - 46) / (rows - 1)
    return [(x0 + 6 + BOAT_R + (k % 2) * (DOCK_W / 2 - 2), y0 + 19 + (k // 2) * pitch)
            for k in range(n)]


def _draw_boats(draw: ImageDraw.ImageDraw, view: View) -> None:
    boats = [b for b in view.get("boats") or [] if isinstance(b, dict)]
    by_space: dict[str, list[dict[str, Any]]] = {}
    crowded: set[int] = set()
    for b in sorted(boats, key=lambda b: b.get("seat") or 0):
        if b.get("space") is not None:
            by_space.setdefault(str(b["space"]), []).append(b)
    for space, here in sorted(by_space.items()):
        cell = parse_space(space)
        k = parse_harbour(space)
        if cell:
            x, y = _boat_spot(*cell)
            a = math.radians(_angle(cell[1]))
            side = (-math.sin(a), math.cos(a))  # clockwise along the ring
            if len(here) == 1:  # the usual case: the mark on the spot, its tile clockwise
                draw_boat(draw, view, (x, y), here[0], side)
                continue
            widths = [boat_width(view, b) for b in here]  # a push under way: side by side
            total = sum(widths) + 4 * (len(here) - 1)
            left = x - total / 2
            for b, w in zip(here, widths, strict=True):
                draw_boat(draw, view, (left + BOAT_R, y), b)
                left += w + 4
        elif k is not None:
            box = _dock_box(_island_sector(view, k))
            if len(here) > 2:
                crowded.add(k)
            widths = [boat_width(view, b) for b in here]
            for b, spot in zip(here, _harbour_slots(len(here), box, widths), strict=True):
                draw_boat(draw, view, spot, b)
    # Floating tiles over the boats (a boat may stop on one without loading it): the crate sits
    # nearer the lighthouse than the boat's mark and only overlaps its rim, never its number.
    for f in view.get("floating") or []:
        cell = parse_space(f.get("space")) if isinstance(f, dict) else None
        if cell:
            draw_chip(draw, _tile_spot(*cell), chip_text(view, public_face(f.get("tile"), False)),
                      floating=True)
    for k in range(5):  # the harbour's name in its basin, unless 3 or 4 boats fill it
        if k not in crowded:
            x0, y0, x1, _ = _dock_box(_island_sector(view, k))
            kit.text(draw, ((x0 + x1) / 2, y0 + 20), f"H{k}", BODY, NAME_INK, "mm", bold=True)


DIE = 64


def _draw_dice(view: View) -> Image.Image | None:
    """The roll of the turn (or the last one): both faces, then in words."""
    dice = view.get("dice")
    if not isinstance(dice, dict):
        return None
    image, draw = kit.new_canvas(WIDTH, DIE + 16)
    x, y = EDGE, 6
    label = _("Last roll") if _finished(view) else _("Dice")
    kit.text(draw, (x, y + DIE / 2), label, BODY, kit.INK, "lm", bold=True)
    x += kit.text_width(label, BODY) + 14
    paste_die(image, (x, y), "yellow", dice.get("yellow"), DIE)
    paste_die(image, (x + DIE + 12, y), "white", dice.get("white"), DIE)
    yellow, white = dice_words(dice)
    tx = x + 2 * DIE + 30
    lines = kit.wrap(f"{yellow}, {white}", BODY, WIDTH - tx - EDGE)
    for k, line in enumerate(lines):
        kit.text(draw, (tx, y + DIE / 2 + (k - (len(lines) - 1) / 2) * 28), line, BODY, kit.INK,
                 "lm")
    return image


def _draw_sea(view: View) -> Image.Image:
    image, draw = kit.new_canvas(WIDTH, SEA_H)
    if not layers.islands_and_rings(image, draw, view):  # an island moved onto the rings
        _draw_islands(draw, view)
        _draw_rings(image, draw, view)
    points = [p for p in (_anchor(view, s) for s in path_points(view)) if p]
    if points:
        draw_path(draw, points)
    _draw_boats(draw, view)
    _note_spaces(image, view)
    return image


SPOT_HALF = {1: 22, 2: 25, 3: 25}
"""Half the side of a sea space's region: a square around its boat spot, inside the space (an
annular sector 80 px deep, 38 px wide at ring 1's inner edge): its corners stay in the space
whatever the sector's slant, so no two spaces' squares touch."""


def _note_spaces(image: Image.Image, view: View) -> None:
    """Regions for every sea space and harbour basin, keyed by its name (``2c``, ``H1``: a
    sail's steps) and, while the turn's stage is a one-choice move naming a place (``drop 2c``,
    ``push 2c``, ``start H1``), by that move too: two keys on one place never come in one menu
    step."""
    if not regions.active():
        return
    stage = (view.get("turn") or {}).get("stage")
    ends = _sail_ends(view) if stage == "sail" else {}
    for ring in RINGS:
        for sector in range(SECTORS):
            name = f"{ring}{LETTERS[sector]}"
            x, y = _boat_spot(ring, sector)
            half = SPOT_HALF[ring]
            box = (x - half, y - half, x + half, y + half)
            regions.note(image, name, box)
            if stage in ("drop", "push"):
                regions.note(image, f"{stage} {name}", box)
            if name in ends:
                regions.note(image, ends[name], box)
    for k in range(5):
        box = _dock_box(_island_sector(view, k))
        regions.note(image, f"H{k}", box)
        if stage == "start":
            regions.note(image, f"start H{k}", box)
        if f"H{k}" in ends:
            regions.note(image, ends[f"H{k}"], box)


def _sail_ends(view: View) -> dict[str, str]:
    """End space -> the last step of the sail there when it passes through other spaces
    (``sail 2c 3c H1``: ``3c H1``, chosen after ``2c``): each end has one path, so the end's
    place stands for it (a one-space step is the space's own name)."""
    return {end: " ".join(path[1:]) for end, path in view_paths(view).items() if len(path) > 2}


