"""Which part of a board image is which card, cell or ship: regions a page makes clickable.

A region is a rectangle of the board image, in its pixels, and the menu token it stands for
(``key``: exactly a token some move's menu steps offer, see ``Game.menu_path``): a web page
showing the board lets a reader click it instead of choosing the token in a select.

How a renderer adds regions (without changing a pixel it draws):

* while drawing a part of the board on its own canvas, it calls :func:`note` with that canvas,
  the key and the box it drew the thing in (the canvas's own coordinates, corners as drawn:
  ``(x0, y0, x1, y1)``, inclusive or not, the box is rounded outwards);
* the kit's stacking and trimming (:func:`render.canvas.stack`, ``stack_trimmed``, ``trim``,
  :func:`render.sprites.stacked`) move a part's regions with the part: to where it is pasted,
  then by the crop, and drop what the crop cuts off; a renderer that assembles parts another way
  calls :func:`placed` itself;
* the module says it has regions: ``regions = render.regions.finder(board)``, the regions of
  exactly what ``board(view)`` draws (the catalog looks for that name), and likewise
  ``hand_regions = render.regions.finder(hand)`` for the hand image.

Noting does nothing unless regions are being collected (:func:`collecting`), so drawing a board
for a post costs the same as before; collecting costs a list per noted part. Note only from the
view's public facts and outside drawings kept and pasted (:mod:`render.sprites`,
:mod:`render.tiles` skip the drawing code when they paste). Regions travel on the part image
objects (an attribute no Pillow operation copies: a crop or copy starts without any), so a
part that is cached and pasted again must not be noted on; note on the canvas a part is drawn
onto instead.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from PIL import Image

Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Region:
    """``key`` (a menu token) is drawn in ``box`` = (x, y, width, height) of the board image."""

    key: str
    box: Box


_ON: ContextVar[bool] = ContextVar("collecting_regions", default=False)
_ATTR = "_tablee_regions"  # the regions of a part image, set only while collecting


@contextmanager
def collecting(on: bool = True) -> Iterator[None]:
    """Images drawn in this block carry the regions noted on them (``on`` False: a no-op)."""
    token = _ON.set(on)
    try:
        yield
    finally:
        _ON.reset(token)


def active() -> bool:
    """Whether regions are being collected."""
    return _ON.get()


def note(image: Image.Image, key: str, box: tuple[float, float, float, float]) -> None:
    """``key`` is drawn in ``box`` = (x0, y0, x1, y1) of ``image`` (rounded outwards, the
    right and bottom edges included); nothing unless collecting."""
    if not _ON.get():
        return
    x0, y0 = math.floor(box[0]), math.floor(box[1])
    _on(image).append((key, x0, y0, math.floor(box[2]) + 1 - x0, math.floor(box[3]) + 1 - y0))


_Noted = tuple[str, int, int, int, int]
"""A region as a part keeps it: key, x, y, width, height (tuples: cheaper to make and move
than :class:`Region`, which :func:`of` makes)."""


def _on(image: Image.Image) -> list[_Noted]:
    found: list[_Noted] | None = getattr(image, _ATTR, None)
    if found is None:
        found = []
        setattr(image, _ATTR, found)
    return found


def _cut(noted: _Noted, dx: int, dy: int, width: int, height: int) -> _Noted | None:
    """``noted`` moved by (dx, dy) and cut to a ``width`` x ``height`` image (None: all cut)."""
    key, x, y, w, h = noted
    x0, y0 = max(0, x + dx), max(0, y + dy)
    x1, y1 = min(width, x + dx + w), min(height, y + dy + h)
    if x1 <= x0 or y1 <= y0:
        return None
    return key, x0, y0, x1 - x0, y1 - y0


def of(image: Image.Image) -> list[Region]:
    """The regions noted on ``image`` (or moved onto it from its parts), inside it."""
    width, height = image.size
    out = []
    for noted in getattr(image, _ATTR, ()):
        kept = _cut(noted, 0, 0, width, height)
        if kept is not None:
            out.append(Region(kept[0], kept[1:]))
    return out


def placed(image: Image.Image, parts: Iterable[tuple[Image.Image, int, int]]) -> None:
    """``image`` holds each part pasted at (x, y): their regions move onto it (cut to it);
    nothing unless collecting."""
    if not _ON.get():
        return
    width, height = image.size
    out: list[_Noted] | None = None
    for part, x, y in parts:
        for noted in getattr(part, _ATTR, ()):
            kept = _cut(noted, x, y, width, height)
            if kept is not None:
                if out is None:
                    out = _on(image)
                out.append(kept)


def cropped(image: Image.Image, source: Image.Image, left: int, top: int) -> Image.Image:
    """``image`` is ``source`` cropped at (left, top) (or ``source`` itself): its regions
    follow; returns ``image``."""
    if _ON.get() and image is not source:
        placed(image, [(source, -left, -top)])
    return image


def finder(board: Callable[[Any], Image.Image]) -> Callable[[Any], list[Region]]:
    """A renderer's ``regions(view)``: the regions of ``board(view)``, drawn with collection on
    (:func:`drawn` gives the image with them, for a caller that needs both)."""

    def regions(view: Any) -> list[Region]:
        return drawn(board, view)[1]

    regions.__doc__ = f"The clickable regions of ``{board.__module__}.board(view)``."
    return regions


def drawn(board: Callable[[Any], Image.Image], view: Any) -> tuple[Image.Image, list[Region]]:
    """``board(view)`` and its regions (the very image: the same pixels as without regions)."""
    with collecting():
        image = board(view)
    return image, of(image)
