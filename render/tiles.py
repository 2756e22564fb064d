"""Pieces drawn on an image of their own, kept and pasted (Le Maître des Mers, L'île).

Why: a board is drawn after every move, and most of it (a ship card, an island, the sea's rings
under a given beam, a legend) looks the same move after move and table after table. Drawing it
once and pasting it is exact when the piece was drawn on what lies under it (the background
colour, or through the mask of the pixels it covers), at whole-pixel positions. The pieces are
kept in a :class:`render.cache.Cache` (bounded, thread-safe, the language in the keys).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from PIL import Image, ImageChops, ImageDraw

from . import kit
from .cache import Cache, paste


def whole(*values: float) -> bool:
    """Whether every coordinate is a whole number (a piece lands on the same pixels only when
    moved by whole pixels)."""
    return all(float(v).is_integer() for v in values)


MARGIN = 24
"""Room around a piece drawn for the cache: what it draws there (a word longer than its card)
makes it no tile (drawn in place each time instead, as before)."""

Box = tuple[float, float, float, float]


def piece(cache: Cache, key: Hashable, box: Box, fill: kit.RGB,
          paint: Callable[[ImageDraw.ImageDraw, Box], None], at_x: bool = True
          ) -> Image.Image | None:
    """What ``paint(draw, box)`` draws over ``fill`` inside ``box``, drawn once and kept: None
    when it is no tile (``box`` off whole pixels, or the drawing reaches outside it).

    Exact because the piece is drawn at the same x as on the board (``at_x``; float rounding
    of a shape's x can depend on it), and at a y of its own: tests check that our pieces do not
    change with whole-pixel moves in y (tests/render/test_tiles_mm_ic.py), nor in x when
    ``at_x`` is False."""
    x0, y0, x1, y1 = box
    if not whole(*box):
        return None
    x, w, h = int(x0) if at_x else MARGIN, int(x1 - x0), int(y1 - y0)

    def draw() -> Image.Image | None:
        m = MARGIN
        image = Image.new("RGB", (x + w + 1 + m, h + 1 + 2 * m), fill)
        paint(ImageDraw.Draw(image), (x, m, x + w, m + h))
        inside = (x, m, x + w + 1, m + h + 1)
        drawn = ImageChops.difference(image, Image.new("RGB", image.size, fill)).getbbox()
        if drawn is not None and not (drawn[0] >= inside[0] and drawn[1] >= inside[1]
                                      and drawn[2] <= inside[2] and drawn[3] <= inside[3]):
            return None
        return image.crop(inside)

    return cache.drawn((key, x, w, h, fill), draw, alike=(key, w, h, fill) if at_x else None)


def put(image: Image.Image, cache: Cache, key: Hashable, box: Box, fill: kit.RGB,
        paint: Callable[[ImageDraw.ImageDraw, Box], None], at_x: bool = True) -> None:
    """``paint`` into ``image`` at ``box`` (which is ``fill`` so far): the kept :func:`piece`
    pasted, or drawn in place when it is no tile."""
    tile = piece(cache, key, box, fill, paint, at_x)
    if tile is None:
        paint(ImageDraw.Draw(image), box)
    else:
        paste(image, tile, box[:2])
