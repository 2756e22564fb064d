"""L'île des contrebandiers: the sea's unchanging layers, drawn once and pasted.

Why: the rings (30 sectors, rays, reefs, the lighthouse) and the islands were half of a board's
drawing, and they change only with the beam (10 positions), the reefs (fixed for a game) and an
island's goods count. Pasting them gives the same pixels as drawing them (the old order is kept
wherever two pieces touch; tests/render/test_pixels_mm_ic.py compares with the old drawings).

Memory: one ring layer per set of reefs (~1.1 MB) and, per beam, only the part the beam changes
(~0.2 MB); island cards and basins ~35 KB each.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw

from .. import kit, tiles
from ..cache import Cache, paste
from . import paint
from .drawings import mark_cell, mark_harbour
from .geometry import (
    CX,
    CY,
    LIT,
    RING_EDGES,
    SEA_H,
    WIDTH,
    Box,
    View,
    _cell_points,
    _dock_box,
    _island_sector,
    parse_harbour,
    parse_space,
)
from .words import _beam, _cells, _reefs

R = RING_EDGES[-1] + 4  # the sectors' outlines reach just past the outer ring
LEFT, TOP = CX - R, CY - R
SIDE = 2 * R + 1

RINGS = Cache("ile-des-contrebandiers rings", 10_700_000)
ISLANDS = Cache("ile-des-contrebandiers islands", 4_000_000, words=True)
"""The 1,000-table bench holds 6.3 MB of ring layers, patches and frames (99 % hits; with
neither cache every board would paint the rings, islands and tiles afresh) and 3.8 MB of islands
and tiles (98 %); the rings' bound leaves room for the reef sets of games further on."""

Reefs = tuple[tuple[int, int], ...]


def _square(beam: int | None, reefs: Reefs) -> Image.Image:
    """The rings' square as the board draws it: sectors, rays, reefs, lighthouse."""
    image, draw = kit.new_canvas(WIDTH, SEA_H)
    paint.draw_fan(draw, beam)
    paint.paint_rings(image, draw, beam, reefs)
    return image.crop((LEFT, TOP, LEFT + SIDE, TOP + SIDE))


def rings(beam: int | None, reefs: Reefs) -> list[tuple[Image.Image, tuple[int, int]]]:
    """The ring layer for ``reefs`` unlit, then (for a beam) the patch the beam changes: pasted
    in this order they are the lit layer, pixel for pixel."""
    base = RINGS.drawn(("rings", reefs), lambda: _square(None, reefs))
    out = [(base, (LEFT, TOP))]
    if beam is not None:

        def patch() -> tuple[Image.Image, tuple[int, int]]:
            lit = _lit_square(base, beam, reefs)
            box = ImageChops.difference(lit, base).getbbox() or (0, 0, 1, 1)
            return lit.crop(box), (LEFT + box[0], TOP + box[1])

        out.append(RINGS.drawn(("beam", beam, reefs), patch))
    return out


def _lit_square(base: Image.Image, beam: int, reefs: Reefs) -> Image.Image:
    """``_square(beam, reefs)`` from the unlit square ``base``: the pixels the beam sector's
    slices fill turn lit (:func:`_fan_fills`), then the rays, reefs and lighthouse are painted
    again over them (they cover what they covered in ``base``, and only opaque shapes are drawn,
    so every pixel is the one drawing the 30 slices again would give, at a fifth of the cost)."""
    image, draw = kit.new_canvas(WIDTH, SEA_H)
    image.paste(base, (LEFT, TOP))
    image.paste(LIT, (LEFT, TOP, LEFT + SIDE, TOP + SIDE),
                _fan_fills().point([255 if v in _beam_fills(beam) else 0 for v in range(256)]))
    paint.paint_rings(image, draw, beam, reefs)
    return image.crop((LEFT, TOP, LEFT + SIDE, TOP + SIDE))


def _beam_fills(beam: int) -> set[int]:
    """The labels of :func:`_fan_fills` of the slices of sector ``beam`` (rings 1-3)."""
    return {_fill_label(ring, beam) for ring in (1, 2, 3)}


def _fill_label(ring: int, sector: int) -> int:
    return 1 + 10 * (ring - 1) + sector


@lru_cache(maxsize=1)
def _fan_fills() -> Image.Image:
    """Which slice's fill each pixel of the ring square shows, drawn once for every beam (the
    slices' shapes do not depend on their colours): its label (:func:`_fill_label`), 255 for an
    outline, 0 outside the sectors."""
    labels = Image.new("L", (SIDE, SIDE), 0)
    paint.draw_fan(ImageDraw.Draw(labels), None, -LEFT, -TOP,
                 ink=lambda ring, sector: {"fill": _fill_label(ring, sector), "outline": 255})
    return labels


@lru_cache(maxsize=1)
def fan_mask() -> Image.Image:
    """The pixels the sectors cover (any beam), in the ring square."""
    mask = Image.new("L", (SIDE, SIDE), 0)
    paint.draw_fan(ImageDraw.Draw(mask), None, -LEFT, -TOP, ink={"fill": 255, "outline": 255})
    return mask


def _quay_box(isl: paint.Island) -> tuple[int, int, int, int]:
    (x0, y0), (x1, y1) = isl.quay
    return (max(0, int(min(x0, x1)) - 10), max(0, int(min(y0, y1)) - 10),
            min(WIDTH, int(max(x0, x1)) + 11), min(SEA_H, int(max(y0, y1)) + 11))


def _meets(a: Box, b: Box) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


@lru_cache(maxsize=64)
def _fast(layout: tuple[tuple[Box, Box, tuple[int, int, int, int]], ...], beam: int | None,
          reefs: Reefs) -> bool:
    """Whether islands can be drawn over the pasted rings: cards and basins clear of every pixel
    the ring layer draws, each quay touching no other piece than its own basin (then only quays
    need the rings put back over them)."""
    square = Image.new("RGB", (SIDE, SIDE), kit.BG)
    for layer, (x, y) in rings(beam, reefs):
        square.paste(layer, (x - LEFT, y - TOP))
    drawn = ImageChops.lighter(fan_mask(), _opaque_mask(square, kit.BG))

    def clear(box: Box) -> bool:
        return drawn.crop((int(box[0]) - LEFT, int(box[1]) - TOP, int(box[2]) + 1 - LEFT,
                           int(box[3]) + 1 - TOP)).getbbox() is None

    for k, (card, dock, quay) in enumerate(layout):
        if not (clear(card) and clear(dock)) or _meets(quay, card):
            return False
        for j, (card2, dock2, quay2) in enumerate(layout):
            if j != k and (_meets(quay, card2) or _meets(quay, dock2) or _meets(quay, quay2)):
                return False
    return True


def _opaque_mask(tile: Image.Image, fill: kit.RGB) -> Image.Image:
    """The pixels of ``tile`` that are not ``fill`` (for pieces without text or blending)."""
    diff = ImageChops.difference(tile, Image.new("RGB", tile.size, fill))
    r, g, b = diff.split()
    return ImageChops.lighter(ImageChops.lighter(r, g), b).point(_ANY)


_ANY = [0] + [255] * 255


def _dock(dock: Box) -> tuple[Image.Image, Image.Image] | None:
    tile = tiles.piece(ISLANDS, "dock", dock, kit.BG, paint.paint_dock)
    if tile is None:
        return None
    return ISLANDS.drawn(("dock mask", dock), lambda: (tile, _opaque_mask(tile, kit.BG)))


def islands_and_rings(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> bool:
    """Islands, then the rings over them and the last move's marks, names and anchor, as
    ``sea._draw_islands`` then ``sea._draw_rings`` draw them: the rings pasted first, each quay
    then drawn and the rings put back over it through their mask, cards and basins pasted
    beside. False (nothing drawn) when an island sits where this is not exact."""
    islands = [paint.island(view, k) for k in range(5)]
    beam, reefs = _beam(view), tuple(sorted(set(_reefs(view))))
    if not _fast(tuple((i.card, i.dock, _quay_box(i)) for i in islands), beam, reefs):
        return False
    layers = rings(beam, reefs)
    for layer, at in layers:
        image.paste(layer, at)
    for isl in islands:
        box = _quay_box(isl)
        # Only the ring layer (or paper) lies under a quay's box, and it changes with the beam
        # only where the beam's patch meets the box.
        lit = beam if any(_meets(box, _patch_box(p)) for p in layers[1:]) else None
        paste(image, RINGS.drawn(("quay", isl.quay, lit, reefs),
                                     lambda i=isl, b=box: _quay(image, draw, i, b)), box[:2])
        tiles.put(image, ISLANDS, ("card", isl.words), isl.card, kit.BG,
                  lambda d, b, w=isl.words: paint.paint_card(d, b, w))
        dock = _dock(isl.dock)
        if dock is None:
            paint.paint_dock(draw, isl.dock)
        else:
            paste(image, dock[0], isl.dock[:2], dock[1])
    for cell in _cells(view):  # the last move's frames: shapes only, pasted through a mask
        space, k = parse_space(cell), parse_harbour(cell)
        if space:
            frame = RINGS.drawn(("frame", space), lambda s=space: cell_frame(s))
        elif k is not None:
            dock = _dock_box(_island_sector(view, k))
            frame = RINGS.drawn(("harbour frame", dock), lambda b=dock: harbour_frame(b))
        else:
            continue
        paste(image, frame[0], frame[2], frame[1])
    paint.paint_names(draw, reefs)
    return True


Frame = tuple[Image.Image, Image.Image, tuple[int, int]]
FRAME_PAD = 12
"""Pixels around a frame's shape on its own small canvas (its lines are at most 7 px wide)."""


def cell_frame(space: tuple[int, int]) -> Frame:
    """The last-move frame of sea space ``space`` (ring, sector): see :func:`_frame`."""
    points = _cell_points(*space, inset=3)
    xs, ys = [x for x, _ in points], [y for _, y in points]
    return _frame(lambda d, dx, dy: mark_cell(d, [(x + dx, y + dy) for x, y in points]),
                  (min(xs), min(ys), max(xs), max(ys)))


def harbour_frame(dock: Box) -> Frame:
    """The last-move frame around a harbour basin (its rounded box reaches 5 px out)."""
    return _frame(lambda d, dx, dy: mark_harbour(d, (dock[0] + dx, dock[1] + dy, dock[2] + dx,
                                                     dock[3] + dy)),
                  (dock[0] - 5, dock[1] - 5, dock[2] + 5, dock[3] + 5))


def _frame(paint: Callable[[ImageDraw.ImageDraw, int, int], None], near: Box) -> Frame:
    """A last-move frame drawn once as the board draws it: its pixels, their mask and where
    they go. ``paint(draw, dx, dy)`` draws it shifted by whole pixels onto a canvas around
    ``near`` (a fortieth of the sea's size, so a fortieth of the pixels to draw twice and
    compare); the whole sea's canvas, as before, should the shape reach that canvas's edge.
    Tests check every space and harbour give the pixels of the whole sea's canvas."""
    region = (max(0, math.floor(near[0]) - FRAME_PAD), max(0, math.floor(near[1]) - FRAME_PAD),
              min(WIDTH, math.ceil(near[2]) + FRAME_PAD + 1),
              min(SEA_H, math.ceil(near[3]) + FRAME_PAD + 1))
    return _frame_in(paint, region) or _frame_in(paint, (0, 0, WIDTH, SEA_H), edge_ok=True) \
        or (Image.new("RGB", (1, 1)), Image.new("L", (1, 1)), (0, 0))


def _frame_in(paint: Callable[[ImageDraw.ImageDraw, int, int], None],
              region: tuple[int, int, int, int], edge_ok: bool = False) -> Frame | None:
    """:func:`_frame` on the canvas ``region`` of the sea; None when nothing was drawn there or
    (unless ``edge_ok``) the frame touches the canvas's edge (it may go on beyond it). Frames
    are opaque lines, so the mask is where drawing on black and on white gave the same pixel."""
    size = (region[2] - region[0], region[3] - region[1])
    black, white = Image.new("RGB", size, kit.BLACK), Image.new("RGB", size, kit.WHITE)
    paint(ImageDraw.Draw(black), -region[0], -region[1])
    paint(ImageDraw.Draw(white), -region[0], -region[1])
    diff = ImageChops.difference(black, white)
    r, g, b = diff.split()
    same = ImageChops.lighter(ImageChops.lighter(r, g), b).point([255] + [0] * 255)
    box = same.getbbox()
    if box is None or not edge_ok and (box[0] == 0 or box[1] == 0 or box[2] == size[0]
                                       or box[3] == size[1]):
        return None
    return black.crop(box), same.crop(box), (region[0] + box[0], region[1] + box[1])


def _patch_box(patch: tuple[Image.Image, tuple[int, int]]) -> Box:
    layer, (x, y) = patch
    return x, y, x + layer.width - 1, y + layer.height - 1


def _quay(image: Image.Image, draw: ImageDraw.ImageDraw, isl: paint.Island,
          box: tuple[int, int, int, int]) -> Image.Image:
    """The quay's box as the board shows it: the quay drawn, then the rings over it (through
    the pixels the ring layer drew there)."""
    under = image.crop(box)
    paint.paint_quay(draw, isl)
    image.paste(under, box[:2], _layer_pixels(under, fan_mask(), box))
    return image.crop(box)


def _layer_pixels(under: Image.Image, mask: Image.Image, box: tuple[int, int, int, int]
                  ) -> Image.Image:
    """Which pixels of ``box`` the ring layer drew: its sectors' mask, and whatever it drew past
    them (a reef's edge), i.e. ``under`` not paper."""
    inside = mask.crop((box[0] - LEFT, box[1] - TOP, box[2] - LEFT, box[3] - TOP))
    return ImageChops.lighter(inside, _opaque_mask(under, kit.BG))


def clear() -> None:
    """Forget every kept layer (tests)."""
    RINGS.clear()
    ISLANDS.clear()
