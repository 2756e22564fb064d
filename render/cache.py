"""Drawn images kept for reuse: the one bounded, thread-safe cache every game's images use.

Why: a board is drawn after every move, and most of it (a card, an island, the rings under a
beam, a legend, a seat's row) looks the same move after move and table after table. Two ways of
reusing a drawing build on this cache: :mod:`render.tiles` (a piece drawn on an image of its
own, then pasted) and :mod:`render.sprites` (the pixels a drawing wrote on the board's own
canvas, pasted back where they were drawn).

A cache is a least-recently-used map holding at most ``max_bytes`` of pixels, counted as Pillow
stores them (4 bytes a pixel for RGB, 1 for a mask; an image kept under several keys counts
once). A cache made with ``entry_bytes`` keeps a value only the second time its key is looked up
soon (within the last ``max_bytes // entry_bytes`` keys, as many as it holds): with 1,000 tables
taking turns, a table's next board comes after too many others for its own pieces to still be
kept, so they are drawn and never stored (keeping costs: a harvest draws three times). The window
has no floor: on the drawings of the 1,000-table bench replayed, a floor of 8 remembered keys for
the smallest caches kept 1,225 Isis & Osiris seat rows for 105 hits and drew more boards than
remembering only as many keys as the cache holds. Keys say everything that changes the pixels;
``words=True`` adds the language to every key.

Entries are shared between tables and threads: never draw into a returned image. Misses are
drawn outside the lock (two threads may draw one piece once each, both right).
"""

from __future__ import annotations

import hashlib
import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, ClassVar

from PIL import Image

from i18n import current

from . import kit

_KIT_TEXT = kit.text
SMALLEST = 64
"""Bytes counted for an entry holding no image (a drawing that cannot be kept, remembered so)."""


class Cache:
    """Drawn values (an image, or a tuple holding images) by key, least recently used dropped
    first, with hit and miss counts for the benches (:meth:`stats`)."""

    _every: ClassVar[weakref.WeakSet[Cache]] = weakref.WeakSet()

    def __init__(self, name: str, max_bytes: int, *, entry_bytes: int = 0,
                 words: bool = False) -> None:
        self.name, self.max_bytes, self.words = name, max_bytes, words
        self.max_seen = max(1, max_bytes // entry_bytes) if entry_bytes else 0
        self.hits = self.misses = self.kept = 0  # look-ups found or not, values stored
        self.used = 0  # bytes of the distinct images held
        self._entries: OrderedDict[Hashable, tuple[Any, tuple[int, ...]]] = OrderedDict()
        self._held: dict[int, list[Any]] = {}  # id -> [image, entries using it, bytes, alike]
        self._alike: dict[Hashable, Image.Image] = {}  # (group, pixels' digest) -> image
        self._seen: OrderedDict[int, None] = OrderedDict()
        self._lock = threading.Lock()
        Cache._every.add(self)

    def _full(self, key: Hashable) -> Hashable:
        return (current(), key) if self.words else key

    def get(self, key: Hashable) -> Any:
        """The value kept under ``key`` (None when there is none)."""
        full = self._full(key)
        with self._lock:
            entry = self._entries.get(full)
            if entry is None:
                self.misses += 1
                return None
            self._entries.move_to_end(full)
            self.hits += 1
            return entry[0]

    def seen_before(self, key: Hashable) -> bool:
        """Whether a value for ``key`` is worth keeping now: always in a cache without
        ``entry_bytes``, else when ``key`` was looked up lately (and remember it now)."""
        if not self.max_seen:
            return True
        h = hash(self._full(key))
        with self._lock:
            if h in self._seen:
                self._seen.move_to_end(h)
                return True
            self._seen[h] = None
            if len(self._seen) > self.max_seen:
                self._seen.popitem(last=False)
            return False

    def put(self, key: Hashable, value: Any, sizes: tuple[int, ...] = (),
            alike: Hashable = None) -> Any:
        """Keep ``value`` (with the text sizes drawing it noted) unless it alone is over the
        budget; returns it, or the image already kept with the same pixels in group ``alike``
        (one piece drawn at several x often gives the very same pixels: those share one)."""
        group = None
        if alike is not None and isinstance(value, Image.Image):
            group = (self._full(alike), value.size,
                     hashlib.blake2b(value.tobytes(), digest_size=16).digest())
        with self._lock:
            if group is not None:
                value = self._alike.setdefault(group, value)
            fresh = {id(i): i for i in _images(value) if id(i) not in self._held}
            if sum(map(image_bytes, fresh.values())) > self.max_bytes:
                if group is not None and self._alike.get(group) is value:
                    del self._alike[group]
                return value
            full = self._full(key)
            old = self._entries.pop(full, None)
            if old is not None:
                self._release(old[0])
            self._hold(value, group)
            self._entries[full] = (value, tuple(sizes))
            self.kept += 1
            while self.used > self.max_bytes and self._entries:
                self._release(self._entries.popitem(last=False)[1][0])
        return value

    def drawn(self, key: Hashable, draw: Callable[[], Any], alike: Hashable = None) -> Any:
        """``draw()``'s result for ``key`` (None too), drawn once and kept (see :meth:`put`); the text
        sizes it drew are noted again on every use, so the phone-readability checks see them.

        While ``kit.text`` is wrapped (tests recording every string drawn), values are drawn
        afresh and not kept: the wrapper sees every word, whatever was drawn before."""
        if kit.text is not _KIT_TEXT:
            return draw()
        full = self._full(key)
        with self._lock:
            entry = self._entries.get(full)
            if entry is not None:
                self._entries.move_to_end(full)
                self.hits += 1
            else:
                self.misses += 1
        if entry is not None:
            kit.note_text_sizes(entry[1])
            return entry[0]
        with kit.recording_text_sizes(isolated=True) as sizes:
            value = draw()
        kit.note_text_sizes(sizes)
        if not self.seen_before(key):
            return value
        return self.put(key, value, tuple(sizes), alike)

    def _hold(self, value: Any, group: Hashable) -> None:
        images = _images(value)
        if not images:
            self.used += SMALLEST
        for image in images:
            held = self._held.get(id(image))
            if held is None:
                held = self._held[id(image)] = [image, 0, image_bytes(image), group]
                self.used += held[2]
            held[1] += 1

    def _release(self, value: Any) -> None:
        images = _images(value)
        if not images:
            self.used -= SMALLEST
        for image in images:
            held = self._held[id(image)]
            held[1] -= 1
            if held[1] == 0:
                self.used -= held[2]
                del self._held[id(image)]
                if held[3] is not None and self._alike.get(held[3]) is image:
                    del self._alike[held[3]]

    def __len__(self) -> int:
        return len(self._entries)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()
            self._held.clear()
            self._alike.clear()
            self._seen.clear()
            self.used = 0

    def stats(self) -> dict[str, Any]:
        """Entries, bytes held and the budget, hits, misses and values stored since start."""
        return {"name": self.name, "entries": len(self), "bytes": self.used,
                "max_bytes": self.max_bytes, "hits": self.hits, "misses": self.misses,
                "kept": self.kept}

    @classmethod
    def caches(cls) -> list[Cache]:
        """Every cache alive, by name."""
        return sorted(cls._every, key=lambda c: c.name)

    @classmethod
    def clear_all(cls) -> None:
        """Empty every cache (tests that watch what is drawn start from nothing)."""
        for cache in cls.caches():
            cache.clear()


def _images(value: Any) -> list[Image.Image]:
    """The images in a kept value (an image, or a tuple holding images and positions)."""
    if isinstance(value, Image.Image):
        return [value]
    if isinstance(value, tuple | list):
        return [i for v in value for i in _images(v)]
    return []


def image_bytes(image: Image.Image) -> int:
    """Bytes of an image's pixels as Pillow keeps them (RGB in 4 bytes a pixel)."""
    per_pixel = 1 if image.mode in ("1", "L", "P") else 4
    return image.width * image.height * per_pixel


def paste(canvas: Image.Image, tile: Image.Image, xy: tuple[float, float],
          mask: Image.Image | None = None) -> None:
    """``canvas.paste(tile, xy, mask)`` with ``xy`` cut to whole pixels, without Image.paste's
    checks for a same-mode ``tile`` that fits inside ``canvas`` (a big map pastes a hundred
    card tiles: the checks were a quarter of its drawing)."""
    x, y = int(xy[0]), int(xy[1])
    box = (x, y, x + tile.width, y + tile.height)
    if (tile.mode != canvas.mode or x < 0 or y < 0 or box[2] > canvas.width
            or box[3] > canvas.height or canvas.readonly):
        canvas.paste(tile, (x, y), mask)
    elif mask is None:
        canvas.im.paste(tile.im, box)
    else:
        canvas.im.paste(tile.im, box, mask.im)
