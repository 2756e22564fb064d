"""Drawn pieces kept for reuse: a bounded, thread-safe cache of small images, and pasting them.

Why: a board is drawn after every move, and most of it (a ship card, an island, the sea's rings
under a given beam, a legend) looks the same move after move and table after table. Drawing it
once and pasting it is exact when the piece was drawn on what lies under it (the background
colour, or through the mask of the pixels it covers), at whole-pixel positions.

Keys say everything that changes the pixels; the language is added to the keys of pieces with
words. Entries are shared between tables and threads: never draw into a returned image.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from i18n import current

from . import kit

_KIT_TEXT = kit.text


class Tiles:
    """An LRU of drawn images holding at most ``budget`` bytes of pixels. ``get`` draws on a
    miss (outside the lock: two threads may draw the same piece once each, both right) and
    notes the piece's text sizes again on every use, so the phone-readability checks see them.

    While ``kit.text`` is wrapped (tests recording every string drawn), pieces are drawn
    afresh and not kept: the wrapper sees every word, whatever was drawn before."""

    def __init__(self, name: str, budget: int, words: bool = True) -> None:
        self.name = name
        self.budget = budget
        self.words = words  # whether pieces hold words (then keyed by language too)
        self.used = 0
        self._entries: OrderedDict[Hashable, tuple[Any, list[int], int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, draw: Callable[[], Any]) -> Any:
        """``draw()``'s result (an image or a tuple of images) for ``key`` in the current
        language, drawn once."""
        if kit.text is not _KIT_TEXT:
            return draw()
        full = (current() if self.words else None, key)
        with self._lock:
            entry = self._entries.get(full)
            if entry is not None:
                self._entries.move_to_end(full)
        if entry is None:
            with kit.recording_text_sizes(isolated=True) as sizes:
                value = draw()
            entry = (value, list(sizes), _size(value))
            with self._lock:
                old = self._entries.pop(full, None)
                self.used += entry[2] - (old[2] if old else 0)
                self._entries[full] = entry
                while self.used > self.budget and len(self._entries) > 1:
                    _, dropped = self._entries.popitem(last=False)
                    self.used -= dropped[2]
        kit.note_text_sizes(entry[1])
        return entry[0]

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self.used = 0


def _size(value: Any) -> int:
    """Bytes of pixels in an image, or in the images of a tuple (a mask, a position…)."""
    if isinstance(value, Image.Image):
        return value.width * value.height * len(value.getbands())
    if isinstance(value, tuple | list):
        return sum(_size(v) for v in value)
    return 0


def whole(*values: float) -> bool:
    """Whether every coordinate is a whole number (a piece lands on the same pixels only when
    moved by whole pixels)."""
    return all(float(v).is_integer() for v in values)


MARGIN = 24
"""Room around a piece drawn for the cache: what it draws there (a word longer than its card)
makes it no tile (drawn in place each time instead, as before)."""

Box = tuple[float, float, float, float]


def piece(cache: Tiles, key: Hashable, box: Box, fill: kit.RGB,
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

    return cache.get((key, x, w, h, fill), draw)


def paste(image: Image.Image, tile: Image.Image, xy: tuple[float, float],
          mask: Image.Image | None = None) -> None:
    """``tile`` (through ``mask``) into ``image`` with its top-left corner at ``xy``."""
    image.paste(tile, (int(xy[0]), int(xy[1])), mask)


def put(image: Image.Image, cache: Tiles, key: Hashable, box: Box, fill: kit.RGB,
        paint: Callable[[ImageDraw.ImageDraw, Box], None], at_x: bool = True) -> None:
    """``paint`` into ``image`` at ``box`` (which is ``fill`` so far): the kept :func:`piece`
    pasted, or drawn in place when it is no tile."""
    tile = piece(cache, key, box, fill, paint, at_x)
    if tile is None:
        paint(ImageDraw.Draw(image), box)
    else:
        paste(image, tile, box[:2])
