"""Drawn pieces kept for reuse: a bounded, thread-safe cache of small images, and pasting them.

Why: a board is drawn after every move, and most of it (a ship card, an island, the sea's rings
under a given beam, a legend) looks the same move after move and table after table. Drawing it
once and pasting it is exact when the piece was drawn on what lies under it (the background
colour, or through the mask of the pixels it covers), at whole-pixel positions.

Keys say everything that changes the pixels; the language is added to the keys of pieces with
words. Entries are shared between tables and threads: never draw into a returned image.
"""

from __future__ import annotations

import hashlib
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
        self.hits = self.misses = 0  # for benches
        self.used = 0  # bytes of the distinct images held
        self._entries: OrderedDict[Hashable, tuple[Any, list[int]]] = OrderedDict()
        self._held: dict[int, list[Any]] = {}  # id -> [image, entries using it, bytes, alike]
        self._alike: dict[Hashable, Image.Image] = {}  # (group, pixels' digest) -> image
        self._lock = threading.Lock()

    def get(self, key: Hashable, draw: Callable[[], Any], alike: Hashable = None) -> Any:
        """``draw()``'s result (an image or a tuple of images) for ``key`` in the current
        language, drawn once. ``alike`` names a group of keys whose images are often the same
        pixels (one piece at several x): those share one image."""
        if kit.text is not _KIT_TEXT:
            return draw()
        full = (current() if self.words else None, key)
        with self._lock:
            entry = self._entries.get(full)
            if entry is not None:
                self._entries.move_to_end(full)
                self.hits += 1
            else:
                self.misses += 1
        if entry is None:
            with kit.recording_text_sizes(isolated=True) as sizes:
                value = draw()
            group = None
            if alike is not None and isinstance(value, Image.Image):
                group = (full[0], alike, hashlib.blake2b(value.tobytes(), digest_size=16).digest(),
                         value.size)
            with self._lock:
                if group is not None:
                    value = self._alike.setdefault(group, value)
                entry = (value, list(sizes))
                old = self._entries.pop(full, None)
                if old is not None:
                    self._release(old[0])
                self._entries[full] = entry
                self._hold(value, group)
                while self.used > self.budget and len(self._entries) > 1:
                    self._release(self._entries.popitem(last=False)[1][0])
        kit.note_text_sizes(entry[1])
        return entry[0]

    def _hold(self, value: Any, group: Hashable) -> None:
        for image in _images(value):
            held = self._held.get(id(image))
            if held is None:
                held = self._held[id(image)] = [image, 0, _size(image), group]
                self.used += held[2]
            held[1] += 1

    def _release(self, value: Any) -> None:
        for image in _images(value):
            held = self._held[id(image)]
            held[1] -= 1
            if held[1] == 0:
                self.used -= held[2]
                del self._held[id(image)]
                if held[3] is not None:
                    self._alike.pop(held[3], None)

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._held.clear()
            self._alike.clear()
            self.used = 0


def _images(value: Any) -> list[Image.Image]:
    """The images in a kept value (an image, or a tuple holding images and positions)."""
    if isinstance(value, Image.Image):
        return [value]
    if isinstance(value, tuple | list):
        return [i for v in value for i in _images(v)]
    return []


def _size(image: Image.Image) -> int:
    """Bytes of an image's pixels."""
    return image.width * image.height * len(image.getbands())


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

    return cache.get((key, x, w, h, fill), draw, alike=(key, w, h, fill) if at_x else None)


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
