"""From drawn parts to the bytes sent: canvases stacked and trimmed to their content, mapped to
the kit palette, encoded as PNG.

Part of the drawing kit (:mod:`render.kit` re-exports every name here)."""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

try:  # ISA-L's deflate: the same format, cheaper than zlib at its fastest levels
    from isal.isal_zlib import compress as _deflate
except ImportError:  # a platform without isal's wheels: the standard library's, slower
    _deflate = zlib.compress

from PIL import Image, ImageChops, ImageDraw

from . import regions
from .colours import BG, PALETTE

MARGIN = 14  # the uniform empty margin left around every image's content


PNG_COMPRESS_LEVEL = 2
"""Deflate level of :func:`_kit_png` (ISA-L's levels are 0-3; zlib's 2 when isal is absent)."""


def png_bytes(image: Image.Image, deflate: Callable[[bytes, int], bytes] | None = None) -> bytes:
    """Encode ``image`` as a small PNG, fast. ``deflate``: ISA-L's by default (the bench also
    times the standard library's :func:`zlib.compress`).

    An RGB image is first mapped to the fixed kit palette (:func:`paletted`: P mode, no dither),
    which makes it both smaller and cheaper to deflate than any RGB level, then written by
    :func:`_kit_png` (the same pixels, one deflate of the whole image at
    :data:`PNG_COMPRESS_LEVEL`); P, L and 1-bit images go through Pillow's writer at level 3.
    Higher levels (or ``optimize=True``) save a few bytes for many times the CPU;
    ``python -m benchmarks`` times the encode.
    """
    if image.mode not in ("P", "L", "1"):
        return _kit_png(paletted(image), deflate or _deflate)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=3)
    return out.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _kit_png(image: Image.Image, deflate: Callable[[bytes, int], bytes]) -> bytes:
    """A P-mode image in the kit palette (:func:`paletted`) as PNG: 8-bit indices, every row
    unfiltered (as Pillow writes palette images), the palette chunk made once.

    Why not Pillow's writer: it deflates row by row through its own buffers; one deflate of
    the whole image (ISA-L's when installed, the GIL released meanwhile) costs less. The rows
    get their filter byte (0) by pasting the image one column to the right of a zero column."""
    width, height = image.size
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(image, (1, 0))
    return b"".join((
        _PNG_SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
        _PLTE,
        _chunk(b"IDAT", deflate(rows.tobytes(), PNG_COMPRESS_LEVEL)),
        _IEND,
    ))


def paletted(image: Image.Image) -> Image.Image:
    """``image`` mapped to the fixed kit palette (P mode, no dither): flat fills keep their exact
    colour, so images (and animation frames) compress well and compare exactly."""
    if image.mode != "RGB":  # convert() copies even when the mode is already right
        image = image.convert("RGB")
    return image.quantize(palette=PALETTE, dither=Image.Dither.NONE)


def stack(parts: list[Image.Image], min_width: int = 0) -> Image.Image:
    """Parts one under the other, each centred, on one canvas at least ``min_width`` wide."""
    width = max(max(p.width for p in parts), min_width)
    image = Image.new("RGB", (width, sum(p.height for p in parts)), BG)
    y = 0
    at = []
    for p in parts:
        image.paste(p, ((width - p.width) // 2, y))
        at.append((p, (width - p.width) // 2, y))
        y += p.height
    regions.placed(image, at)
    return image


Heights = dict[tuple[int, int], int]
"""(number of parts, index) -> the tallest that part has been in a series of boards."""

_STEADY: ContextVar[Heights | None] = ContextVar("steady_parts", default=None)


@contextmanager
def steady(heights: Heights | None = None) -> Iterator[Heights]:
    """Boards stacked (:func:`stack_trimmed`) in this block keep each part at least as tall as
    the same part of the boards drawn before it in the block (or with the same ``heights``),
    blank below: a part that shrinks, a line fewer, no longer moves everything under it.

    A replay draws its boards in turn order this way, so consecutive frames differ only where
    the game changed and an animation stores small differences (a board that moved 30 px down
    is a whole new image to GIF or WebP). Parts are matched by their position among the same
    number of parts. A board drawn on its own (a table post) is unchanged.

    In a series the seat to move is marked by its frame and flag only, not filled
    (:func:`render.kit.seat_row_head`): a filled row that moves every turn, the text on it
    antialiased against another colour, repainted two seats' rows a frame (a fifth of a long
    replay's bytes)."""
    series: Heights = {} if heights is None else heights
    token = _STEADY.set(series)
    try:
        yield series
    finally:
        _STEADY.reset(token)


def in_series() -> bool:
    """Whether boards are being drawn in a :func:`steady` series (a replay's frames)."""
    return _STEADY.get() is not None


def _slots(parts: list[Image.Image]) -> list[int]:
    """The height each of ``parts`` takes: its own, or in a :func:`steady` block its tallest
    there (the block learns the new heights), background below it."""
    heights = _STEADY.get()
    if heights is None:
        return [p.height for p in parts]
    out = []
    for index, part in enumerate(parts):
        key = (len(parts), index)
        tallest = max(heights.get(key, 0), part.height)
        heights[key] = tallest
        out.append(tallest)
    return out


def stack_trimmed(parts: list[Image.Image], min_width: int = 0,
                  margin: int = MARGIN) -> Image.Image:
    """``trim(stack(parts, min_width), margin)``, pasting the parts straight into the trimmed
    canvas: one full-size fill and one full-size copy less per board (a fifth of a big board's
    drawing).

    The crop is found with as little looking as exact needs: its top from the first part with
    ink, its bottom from the last, and its sides from each part in turn only until both sides
    are within ``margin`` of the canvas's edges (the crop then keeps the whole width whatever the
    other parts hold). Boards draw full-width rules early, so their middle parts are not
    searched at all (the search was ~40 % of a Le Maître des Mers or L'île board).

    In a :func:`steady` block, parts keep the heights earlier boards of the block gave them
    (the rows under a shorter part are the canvas's background: no padded copy is made)."""
    width = max(max(p.width for p in parts), min_width)
    placed: list[tuple[Image.Image, int, int]] = []
    y = 0
    for p, slot in zip(parts, _slots(parts), strict=True):
        placed.append((p, (width - p.width) // 2, y))
        y += slot
    inked = _inked_rows(placed)
    if inked is None:  # nothing but background: the stack, its slots' height
        blank = Image.new("RGB", (width, y), BG)
        regions.placed(blank, placed)
        return blank
    top, bottom, first, last = inked
    left, right = width, 0
    for p, x, _ in placed[first:last + 1]:
        whole = (0, 0, p.width, p.height)
        if left > margin and x < left:
            found = _first_ink(p, whole, 0, backwards=False)
            if found is not None:
                left = min(left, x + found[0])
        if right < width - margin and x + p.width > right:
            found = _first_ink(p, whole, 0, backwards=True)
            if found is not None:
                right = max(right, x + found[2])
    crop = (max(0, left - margin), max(0, top - margin), min(width, right + margin),
            min(y, bottom + margin))
    image = Image.new("RGB", (crop[2] - crop[0], crop[3] - crop[1]), BG)
    for p, x, part_top in placed:
        image.paste(p, (x - crop[0], part_top - crop[1]))
    regions.placed(image, ((p, x - crop[0], part_top - crop[1]) for p, x, part_top in placed))
    return image


def _inked_rows(
    placed: list[tuple[Image.Image, int, int]],
) -> tuple[int, int, int, int] | None:
    """The first and last rows with ink of parts placed at (x, y) one under the other, and the
    indices of the first and last parts with ink; None when none has any."""
    tops = (_first_ink(p, (0, 0, p.width, p.height), 1, backwards=False) for p, _, _ in placed)
    first, found = next(((i, f) for i, f in enumerate(tops) if f is not None), (-1, None))
    if found is None:
        return None
    top = placed[first][2] + found[1]
    for last in range(len(placed) - 1, first - 1, -1):
        p, _, y = placed[last]
        found = _first_ink(p, (0, 0, p.width, p.height), 1, backwards=True)
        if found is not None:
            return top, y + found[3], first, last
    raise AssertionError("the first part with ink has ink")


def new_canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), BG)
    return image, ImageDraw.Draw(image)


def trim(image: Image.Image, margin: int = MARGIN) -> Image.Image:
    """``image`` cropped to its content plus ``margin`` (at most), so no image carries an empty
    band of background on any side (a phone shrinks empty space along with the text)."""
    box = content_box(image)
    if box is None:
        return image
    crop = (max(0, box[0] - margin), max(0, box[1] - margin),
            min(image.width, box[2] + margin), min(image.height, box[3] + margin))
    if crop == (0, 0, *image.size):
        return image
    return regions.cropped(image.crop(crop), image, crop[0], crop[1])


TRIM_STRIP = 32
"""Rows (or columns) :func:`content_box` compares at a time, walking in from an edge."""


@lru_cache(maxsize=32)
def _blank(size: tuple[int, int]) -> Image.Image:
    return Image.new("RGB", size, BG)


def _first_ink(image: Image.Image, box: tuple[int, int, int, int], axis: int,
               backwards: bool) -> tuple[int, int, int, int] | None:
    """The bounding box (in ``image``) of the non-background pixels of the first strip of
    ``box``, walking along ``axis`` (0: columns, 1: rows) from its start (or its end), that has
    any; None when ``box`` is all background."""
    lo, hi = box[axis], box[axis + 2]
    starts = range(lo, hi, TRIM_STRIP)
    for a in reversed(starts) if backwards else starts:
        strip = list(box)
        strip[axis], strip[axis + 2] = a, min(hi, a + TRIM_STRIP)
        part = image.crop(tuple(strip))
        found = ImageChops.difference(part, _blank(part.size)).getbbox()
        if found is not None:
            return (found[0] + strip[0], found[1] + strip[1], found[2] + strip[0],
                    found[3] + strip[1])
    return None


def content_box(image: Image.Image) -> tuple[int, int, int, int] | None:
    """The bounding box of the pixels that are not the background colour (None: none are).

    Why strips: comparing the whole image with a background-filled copy was ~30 % of a board's
    cost (a full-size fill, difference and scan); walking in from each edge a strip at a time
    stops at the first ink, which is a few pixels in for every image we draw. Exact either way.
    """
    if image.mode != "RGB":
        image = image.convert("RGB")
    w, h = image.size
    top = _first_ink(image, (0, 0, w, h), 1, backwards=False)
    if top is None:
        return None
    bottom = _first_ink(image, (0, top[1], w, h), 1, backwards=True)
    assert bottom is not None  # the top strip's ink is in there
    rows = (0, top[1], w, bottom[3])
    left = _first_ink(image, rows, 0, backwards=False)
    right = _first_ink(image, rows, 0, backwards=True)
    assert left is not None and right is not None
    return left[0], top[1], right[2], bottom[3]


_PLTE = _chunk(b"PLTE", bytes(PALETTE.getpalette() or []))
_IEND = _chunk(b"IEND", b"")
