"""A fast animated GIF writer for frames that share one palette: each frame after the first is
stored as the bands of rows that changed since the frame before, each cropped to its changed
columns.

Why not Pillow's multi-frame writer: it stores one rectangle a frame, and on every whole frame it
copies, maps the palette, subtracts, thresholds and pastes (about 15 ms a frame for a 800 x 2,000
board, most of a long replay's build). Here the frames are already in one palette (render.kit's),
so a frame's difference is one subtraction of palette indices and the rest works on the changed
bands only. A replay's turn changes its caption at the top and a seat's row at the bottom: one
rectangle spanning both is the whole frame, its unchanged middle still coded (about 2.5 KB a
frame of nothing). So a frame is written as up to :data:`MAX_BANDS` images, one a band; every
image but the last is shown :data:`SUB_MS`, the last for the rest of the frame's time (in
Chromium a frame half-made, its caption new and its board not yet, lasts under a paint or two:
tests/bot/web/test_replay_in_browser.py).

Each band is coded both ways (where over a tenth of it changed) and the smaller kept: its
unchanged pixels transparent (a small change on a big picture), or all its pixels as they are
(text replaced by other text: the transparent holes between the letters cost more than the
letters). The LZW coding is Pillow's (a one-frame GIF of the band, its image data taken out).
"""

from __future__ import annotations

import io
import struct
from collections.abc import Iterable, Sequence

from PIL import Image, ImageChops

_UNCHANGED = [255] + [0] * 255  # a difference of 0 (same palette index) -> mask on

SUB_MS = 20
"""How long each image of a frame but its last is shown (browsers honour 20 ms; a delay of 10 ms
or less they show for 100 ms)."""
BAND_GAP = 32
"""Unchanged rows that split a frame's change into two bands (a smaller gap is coded as
transparent rows within one band)."""
MAX_BANDS = 6
"""Images a frame at most: past it, the bands closest together are merged."""

def encode(frames: Iterable[Image.Image], durations: Sequence[int], transparent: int,
           loop: int = 0, background: int | None = None) -> bytes:
    """The animated GIF of ``frames`` (P mode, one size, one palette in which index
    ``transparent`` is never used by a pixel), each shown ``durations[k]`` ms. A frame equal to
    the one before is merged into it (the durations add up). Frames are read one at a time and
    not kept (but the first). :func:`shown` reads the GIF back a frame at a time.

    With ``background`` (a palette index), frames may differ in height (not in width): the
    screen is as tall as the tallest, and each frame is shown over it with ``background`` under
    it, exactly as if every frame had been padded so beforehand (the same bytes). The first
    frame is written last, once the screen's height is known: a long replay's frames can be made
    a board at a time, none kept, whatever their heights."""
    shown: list[tuple[int, list[tuple[bool, bytes]]]] = []  # (ms, [(transparency?, image)])
    first: Image.Image | None = None
    previous: Image.Image | None = None
    height = 0  # the screen's: the tallest frame's
    for frame, duration in zip(frames, durations, strict=True):
        if frame.mode != "P" or (previous is not None and frame.width != previous.width) or (
                previous is not None and background is None and frame.height != previous.height):
            raise ValueError("frames must be P mode and of one size (one width with a background)")
        if previous is None:
            first = frame
            shown.append((duration, []))  # its image comes last (the screen's height)
        else:
            tallest = max(frame.height, previous.height)
            images = _changes(padded(frame, tallest, background),
                              padded(previous, tallest, background), transparent)
            if images:
                shown.append((duration, images))
            else:
                shown[-1] = (shown[-1][0] + duration, shown[-1][1])
        height = max(height, frame.height)
        previous = frame
    if first is None:
        raise ValueError("no frames")
    screen = padded(first, height, background)
    shown[0] = (shown[0][0], [(False, image_data(screen, (0, 0)))] + shown[0][1])
    out = [_head(screen, loop)]
    for duration, images in shown:
        for k, (clear, data) in enumerate(images):
            delay = SUB_MS if k < len(images) - 1 else duration - SUB_MS * k
            flags = 0b00000100 | (1 if clear else 0)  # disposal 1: leave the image in place
            out.append(b"!\xf9\x04" + struct.pack("<BHB", flags, round(max(delay, SUB_MS) / 10),
                                                  transparent) + b"\0")
            out.append(data)
    out.append(b";")
    return b"".join(out)


def padded(image: Image.Image, height: int, background: int | None) -> Image.Image:
    """``image`` as the screen shows it ``height`` rows tall: ``background`` under it (as it is
    with no background)."""
    if image.height == height or background is None:
        return image
    out = Image.new("P", (image.width, height), background)
    out.putpalette(image.getpalette() or [])
    out.paste(image, (0, 0))
    return out


def _head(first: Image.Image, loop: int) -> bytes:
    """The GIF's header: the screen (``first``'s size), its palette, the loop count."""
    palette = bytes((first.getpalette() or [])[:768]).ljust(768, b"\0")
    return b"".join((
        b"GIF89a", struct.pack("<HHBBB", first.width, first.height, 0xF7, 0, 0), palette,
        b"!\xff\x0bNETSCAPE2.0\x03\x01", struct.pack("<H", loop), b"\0",
    ))


def screen(data: bytes) -> tuple[int, int]:
    """A GIF's screen size (width, height), from its header."""
    if data[:3] != b"GIF":
        raise ValueError("not a GIF")
    width, height = struct.unpack("<HH", data[6:10])
    return width, height


def shown(data: bytes) -> list[tuple[Image.Image, int]]:
    """What a viewer sees of a GIF :func:`encode` wrote: each frame (RGB) once all its images
    are drawn, and how long it stays (the images of a frame shown :data:`SUB_MS` each count as
    the frame's)."""
    frames: list[tuple[Image.Image, int]] = []
    with Image.open(io.BytesIO(data)) as image:
        passed, count = 0, getattr(image, "n_frames", 1)
        for index in range(count):
            image.seek(index)
            duration = int(image.info.get("duration", 0))
            passed += duration
            if duration > SUB_MS or index == count - 1:
                frames.append((image.convert("RGB"), passed))
                passed = 0
    return frames


def _changes(frame: Image.Image, previous: Image.Image, transparent: int
             ) -> list[tuple[bool, bytes]]:
    """``frame``'s images over ``previous``: one a band of changed rows, each the smaller of
    its two codings (the opaque one is tried only where over a tenth of the band changed: below
    that it never won); none when the frames are equal."""
    delta, boxes = changed(frame, previous)
    images = []
    for box in boxes:
        whole = frame.crop(box)
        holed = whole.copy()
        unchanged = delta.crop(box).point(_UNCHANGED, "1")
        holed.paste(transparent, mask=unchanged)
        choices = [(True, image_data(holed, box[:2]))]
        if unchanged.histogram()[255] < 0.9 * whole.width * whole.height:
            choices.append((False, image_data(whole, box[:2])))
        images.append(min(choices, key=lambda choice: len(choice[1])))
    return images


Box = tuple[int, int, int, int]


def changed(frame: Image.Image, previous: Image.Image) -> tuple[Image.Image, list[Box]]:
    """Where ``frame`` differs from ``previous`` (P mode, one palette): their difference (0
    where a pixel kept its index) and the boxes of the bands it is stored as, at most
    :data:`MAX_BANDS` (the closest bands merged), top to bottom."""
    delta = ImageChops.subtract_modulo(frame, previous)
    boxes = _bands(delta, 0, frame.height)
    while len(boxes) > MAX_BANDS:
        k = min(range(len(boxes) - 1), key=lambda i: boxes[i + 1][1] - boxes[i][3])
        boxes[k:k + 2] = [_union(boxes[k], boxes[k + 1])]
    return delta, boxes


def _bands(delta: Image.Image, top: int, bottom: int) -> list[Box]:
    """The boxes (left, top, right, bottom) of the bands of rows of ``delta`` between ``top``
    and ``bottom`` with a non-zero pixel, each as wide as its non-zero pixels, split where
    :data:`BAND_GAP` rows or more are all zero (found by halving: a bounding box is far quicker
    than a projection of every row)."""
    whole = top == 0 and bottom == delta.height
    box = (delta if whole else delta.crop((0, top, delta.width, bottom))).getbbox()
    if box is None:
        return []
    if box[3] - box[1] <= 2 * BAND_GAP:
        return [(box[0], top + box[1], box[2], top + box[3])]
    top, bottom = top + box[1], top + box[3]
    middle = (top + bottom) // 2
    bands: list[Box] = []
    for band in _bands(delta, top, middle) + _bands(delta, middle, bottom):
        if bands and band[1] - bands[-1][3] < BAND_GAP:
            bands[-1] = _union(bands[-1], band)
        else:
            bands.append(band)
    return bands


def _union(a: Box, b: Box) -> Box:
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def image_data(image: Image.Image, offset: tuple[int, int]) -> bytes:
    """The image descriptor (at ``offset``, no local palette) and LZW data of ``image``."""
    buffer = io.BytesIO()
    # no palette remapping (the indices stay), rows in order (what the descriptor below says)
    image.save(buffer, format="GIF", optimize=False, interlace=False)
    data = buffer.getvalue()
    at = 13 + (3 << ((data[10] & 7) + 1) if data[10] & 0x80 else 0)
    while data[at] == 0x21:  # extensions Pillow may write before the image
        at += 2
        while data[at]:
            at += data[at] + 1
        at += 1
    if data[at] != 0x2C:
        raise ValueError("unexpected GIF layout")
    flags = data[at + 9]
    start = at + 10 + ((3 << ((flags & 7) + 1)) if flags & 0x80 else 0)
    descriptor = b"," + struct.pack("<HHHHB", offset[0], offset[1], image.width, image.height, 0)
    return descriptor + data[start:-1]
