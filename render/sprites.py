"""Drawings kept and pasted again instead of redrawn, and boards assembled in one canvas.

Why: boards are drawn after every move and most of a board is what the last one showed (the
same cards, holes, tiles and pawns at the same places, the same legend). A *harvest* keeps the
pixels a drawing wrote on the real canvas, and which ones (a mask), keyed by everything that
decided them, the exact float box included: translating a drawing by whole pixels can move an
edge or a rounded text position, so a drawing is only reused where it was drawn. Pasting them
back through the mask is then the very same pixels over whatever lies beneath, because our
drawings overwrite pixels (shapes and lines are not anti-aliased) and blend text only over their
own fills.

How the written pixels are found: the drawing is made on the real canvas over its rectangle
filled with a colour no drawing uses, then with another; pixels alike both times were written
and do not depend on what lies beneath. Pixels that differ were blended over the background (a
letter's edge past a card's rounded corner): they are kept as drawn on the plain background, and
pasted only where the canvas is plain background there (checked pixel by pixel, else drawn).
Sprites are kept in :class:`render.cache.Cache` made with ``entry_bytes``: a drawing is kept
the second time its key is seen soon (most are seen once when 1,000 tables share a process:
those cost one look-up, not a harvest).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw

from . import kit, regions
from .cache import Cache
from .cache import paste as paste_image

Rect = tuple[int, int, int, int]
SENTINELS: tuple[kit.RGB, kit.RGB] = ((255, 0, 254), (0, 255, 1))
"""Colours no drawing writes: no kit colour, nor a blend of them, has full red and no green,
or full green and no red."""
MAX_BLENDED = 64  # background-blended pixels checked on each paste; more: not kept
RING = 32
"""px around a drawing's rectangle watched for pixels it should not have drawn (then it is not
kept); a drawing must not reach further past its rectangle than this."""


class Sprite(NamedTuple):
    """Pixels of one drawing at the place it was drawn, which of them it wrote (None: all),
    the text sizes it recorded, and the pixels that must be plain background for a paste
    (``image`` None: a drawing that cannot be kept, drawn every time)."""

    image: Image.Image | None
    mask: Image.Image | None
    at: tuple[int, int]
    sizes: tuple[int, ...]
    on_background: tuple[tuple[int, int], ...] = ()


def paste(canvas: Image.Image, sprite: Sprite) -> None:
    """``sprite`` back where it was drawn; its texts count as drawn again (phone checks)."""
    assert sprite.image is not None
    paste_image(canvas, sprite.image, sprite.at, sprite.mask)
    kit.note_text_sizes(sprite.sizes)


def _differs(image: Image.Image, other: Image.Image | kit.RGB) -> Image.Image:
    """255 where ``image`` differs from ``other`` (an image or a colour) in any channel."""
    if not isinstance(other, Image.Image):
        other = Image.new("RGB", image.size, other)
    red, green, blue = ImageChops.difference(image, other).split()
    most = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return ImageChops.add(most, most, scale=1 / 255)  # 0 stays 0, anything else saturates


def _painted(canvas: Image.Image, rect: Rect, under: Image.Image | kit.RGB,
             paint: Callable[[], None]) -> tuple[Image.Image, tuple[int, ...]]:
    """What ``paint`` leaves in ``rect`` over ``under``, and the text sizes it drew."""
    canvas.paste(under, rect if isinstance(under, tuple) else rect[:2])
    with kit.recording_text_sizes(isolated=True) as sizes:
        paint()
    return canvas.crop(rect), tuple(sizes)


def _harvest(canvas: Image.Image, rect: Rect, paint: Callable[[], None]) -> Sprite:
    """The sprite of ``paint`` in ``rect``; ``canvas`` is left as it was."""
    under = canvas.crop(rect)
    at = (rect[0], rect[1])
    ring = (max(0, rect[0] - RING), max(0, rect[1] - RING), min(canvas.width, rect[2] + RING),
            min(canvas.height, rect[3] + RING))
    around = canvas.crop(ring)
    first, sizes = _painted(canvas, rect, SENTINELS[0], paint)
    spilt = ImageChops.difference(around, canvas.crop(ring))
    spilt.paste(kit.BLACK, (rect[0] - ring[0], rect[1] - ring[1], rect[2] - ring[0],
                            rect[3] - ring[1]))
    if spilt.getbbox() is not None:  # it drew outside its rectangle: not kept, drawn each time
        canvas.paste(around, ring[:2])
        return Sprite(None, None, at, sizes)
    second, _ = _painted(canvas, rect, SENTINELS[1], paint)
    written = _differs(first, SENTINELS[0])
    blended = ImageChops.multiply(written, _differs(first, second))
    points: list[tuple[int, int]] = []
    image = first
    if blended.getbbox() is not None:
        width = rect[2] - rect[0]
        points = [(at[0] + k % width, at[1] + k // width)
                  for k, v in enumerate(blended.tobytes()) if v]
        if len(points) <= MAX_BLENDED:
            image, _ = _painted(canvas, rect, kit.BG, paint)
            written = ImageChops.lighter(written, _differs(image, kit.BG))
    canvas.paste(under, at)
    if len(points) > MAX_BLENDED:
        return Sprite(None, None, at, sizes)
    mask = None if written.getextrema()[0] == 255 else written
    return Sprite(image, mask, at, sizes, tuple(points))


def _pastable(canvas: Image.Image, sprite: Sprite) -> bool:
    """Whether ``sprite`` can be pasted here: kept, and plain background under its pixels
    that were blended over the background."""
    if sprite.image is None:
        return False
    pixel = canvas.im.getpixel
    return all(pixel(p)[:3] == kit.BG for p in sprite.on_background)


def drawn_or_pasted(cache: Cache | None, key: Hashable, canvas: Image.Image,
                    where: Callable[[], Rect], paint: Callable[[], None]) -> None:
    """``paint()`` on ``canvas``, or the pixels it wrote last time under ``key``.

    The caller promises that ``key`` decides every pixel ``paint`` writes and that it writes
    nothing outside the rectangle ``where()`` gives (a drawing caught writing outside, within
    :data:`RING` px, is not kept; none may reach further). No cache (None) means draw."""
    found = cache.get(key) if cache is not None else None
    if found is None and cache is not None and cache.seen_before(key):
        rect = where()
        rect = (max(0, rect[0]), max(0, rect[1]), min(canvas.width, rect[2]),
                min(canvas.height, rect[3]))
        if rect[0] < rect[2] and rect[1] < rect[3]:
            found = _harvest(canvas, rect, paint)
            cache.put(key, found)
    if found is not None and _pastable(canvas, found):
        paste(canvas, found)
    else:
        paint()


def kept(cache: Cache, key: Hashable, canvas: Image.Image, rect: Rect,
         paint: Callable[[], None]) -> None:
    """``paint()``, or its pixels kept under ``key``: for drawings on a rectangle of plain
    background (fresh canvas, nothing else drawn there before or after), text included."""
    found = cache.get(key)
    if found is not None and found.image is not None:
        paste(canvas, found)
        return
    with kit.recording_text_sizes() as sizes:  # (not isolated: the outer recorders see them)
        paint()
    if cache.seen_before(key):
        cache.put(key, Sprite(canvas.crop(rect), None, (rect[0], rect[1]), tuple(sizes)))


def ruled_box(panel: Image.Image, strip: int = 32) -> Rect | None:
    """The content box of a panel whose top row is a rule from edge to edge: that rule gives
    the left, top and right, so only the lowest ink is searched, a strip at a time upwards."""
    width, height = panel.size
    for bottom in range(height, 0, -strip):
        top = max(0, bottom - strip)
        part = panel.crop((0, top, width, bottom))
        found = ImageChops.difference(part, Image.new("RGB", part.size, kit.BG)).getbbox()
        if found is not None:
            return (0, 0, width, top + found[3])
    return None


def stacked(width: int, top_height: int, draw_top: Callable[[Image.Image, ImageDraw.ImageDraw],
                                                          None],
            below: list[Image.Image], margin: int = kit.MARGIN,
            boxes: list[Rect | None] | None = None,
            canvas: Callable[[int, int], tuple[Image.Image, ImageDraw.ImageDraw]] = kit.new_canvas,
            ) -> Image.Image:
    """``kit.stack_trimmed([top, *below], width, margin)``, where ``top`` is what ``draw_top``
    draws on a ``width`` x ``top_height`` canvas, without drawing ``top`` apart: it is drawn
    straight into the board's canvas, which is cut where the trim would cut it (below the
    lowest ink of ``below`` plus the margin), so the big map is neither copied nor cropped.
    ``boxes``: the parts' content boxes when known (a kept legend's, a panel's from
    :func:`ruled_box`); ``canvas`` makes the canvas (a blank one, or one with what every
    board starts with already on top).

    Same pixels: the parts below are pasted over anything ``draw_top`` drew past its height
    (a separate canvas would have clipped it), and the crop is the trim's own formula on the
    stacked ink. Parts narrower than ``width``, or no ink below, fall back to stack_trimmed."""
    if boxes is None:
        boxes = [kit.content_box(p) for p in below]
    found = [b for b in boxes if b is not None]
    if any(p.width != width for p in below) or not found:
        top, draw = canvas(width, top_height)
        draw_top(top, draw)
        return kit.stack_trimmed([top, *below], width, margin)
    y, lowest = top_height, 0
    for part, box in zip(below, boxes, strict=True):
        if box is not None:
            lowest = y + box[3]
        y += part.height
    height = min(y, lowest + margin)
    image, draw = canvas(width, height)
    draw_top(image, draw)
    y = top_height
    at = []
    for part in below:
        if y < height:
            image.paste(part, (0, y))
            at.append((part, 0, y))
        y += part.height
    regions.placed(image, at)
    # The usual board: ink below from edge to edge (the panel's top rule) and near the top (the
    # map's labels): the trim keeps everything, found without walking the whole canvas.
    if (min(b[0] for b in found) <= margin and max(b[2] for b in found) >= width - margin
            and kit.content_box(image.crop((0, 0, width, min(height, margin + 1)))) is not None):
        return image
    box = kit.content_box(image)
    assert box is not None  # the parts below have ink
    crop = (max(0, box[0] - margin), max(0, box[1] - margin), min(width, box[2] + margin),
            min(height, box[3] + margin))
    if crop == (0, 0, width, height):
        return image
    return regions.cropped(image.crop(crop), image, crop[0], crop[1])
