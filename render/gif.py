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
image but the last is shown :data:`SUB_MS` (browsers show anything under 20 ms for 100 ms), the
last for the rest of the frame's time.

Each band is coded both ways and the smaller kept: its unchanged pixels transparent (a small
change on a big picture), or all its pixels as they are (text replaced by other text: the
transparent holes between the letters cost more than the letters). The LZW coding is Pillow's (a
one-frame GIF of the band, its image data taken out).
"""

from __future__ import annotations

import io
import re
import struct
from collections.abc import Sequence

from PIL import Image, ImageChops

_UNCHANGED = [255] + [0] * 255  # a difference of 0 (same palette index) -> mask on

SUB_MS = 20
"""How long each image of a frame but its last is shown (browsers honour 20 ms; 10 or less they
show for 100 ms)."""
BAND_GAP = 32
"""Unchanged rows that split a frame's change into two bands (fewer cost more to code as
transparent than an image's own header)."""
MAX_BANDS = 6
"""Images a frame at most: past it, the bands closest together are merged."""

_CHANGED_ROWS = re.compile(rb"[^\0](?:\0{0,%d}[^\0])*" % (BAND_GAP - 1))


def encode(frames: Sequence[Image.Image], durations: Sequence[int], transparent: int,
           loop: int = 0) -> bytes:
    """The animated GIF of ``frames`` (P mode, one size, one palette in which index
    ``transparent`` is never used by a pixel), each shown ``durations[k]`` ms. A frame equal to
    the one before is merged into it (the durations add up). :func:`shown` reads it back a frame
    at a time."""
    if not frames:
        raise ValueError("no frames")
    width, height = frames[0].size
    palette = bytes((frames[0].getpalette() or [])[:768]).ljust(768, b"\0")
    head = b"".join((
        b"GIF89a", struct.pack("<HHBBB", width, height, 0xF7, 0, 0), palette,
        b"!\xff\x0bNETSCAPE2.0\x03\x01", struct.pack("<H", loop), b"\0",
    ))
    shown: list[tuple[int, list[tuple[bool, bytes]]]] = []  # (ms, [(transparency?, image)])
    previous: Image.Image | None = None
    for frame, duration in zip(frames, durations, strict=True):
        if frame.size != (width, height) or frame.mode != "P":
            raise ValueError("frames must be P mode and of one size")
        if previous is None:
            shown.append((duration, [(False, _image(frame, (0, 0)))]))
        else:
            images = _changes(frame, previous, transparent)
            if images:
                shown.append((duration, images))
            else:
                shown[-1] = (shown[-1][0] + duration, shown[-1][1])
        previous = frame
    out = [head]
    for duration, images in shown:
        for k, (clear, data) in enumerate(images):
            delay = SUB_MS if k < len(images) - 1 else duration - SUB_MS * k
            flags = 0b00000100 | (1 if clear else 0)  # disposal 1: leave the image in place
            out.append(b"!\xf9\x04" + struct.pack("<BHB", flags, round(max(delay, SUB_MS) / 10),
                                                  transparent) + b"\0")
            out.append(data)
    out.append(b";")
    return b"".join(out)


def shown(data: bytes) -> list[tuple[Image.Image, int]]:
    """What a viewer sees of a GIF :func:`encode` wrote: each frame (RGB) once all its images
    are drawn, and how long it stays (the images of a frame shown :data:`SUB_MS` each count as
    the frame's)."""
    frames: list[tuple[Image.Image, int]] = []
    with Image.open(io.BytesIO(data)) as image:
        passed = 0
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            duration = int(image.info.get("duration", 0))
            passed += duration
            if duration > SUB_MS or index == image.n_frames - 1:
                frames.append((image.convert("RGB"), passed))
                passed = 0
    return frames


def _changes(frame: Image.Image, previous: Image.Image, transparent: int
             ) -> list[tuple[bool, bytes]]:
    """``frame``'s images over ``previous``: one a band of changed rows, each the smaller of
    its two codings; none when the frames are equal."""
    delta = ImageChops.subtract_modulo(frame, previous)
    rows = delta.getprojection()[1]
    bands = [[m.start(), m.end()] for m in _CHANGED_ROWS.finditer(bytes(rows))]
    while len(bands) > MAX_BANDS:
        k = min(range(len(bands) - 1), key=lambda i: bands[i + 1][0] - bands[i][1])
        bands[k:k + 2] = [[bands[k][0], bands[k + 1][1]]]
    images = []
    for top, bottom in bands:
        left, _, right, _ = delta.crop((0, top, frame.width, bottom)).getbbox() or (
            0, 0, frame.width, 0)
        box = (left, top, right, bottom)
        whole = frame.crop(box)
        holed = whole.copy()
        holed.paste(transparent, mask=delta.crop(box).point(_UNCHANGED, "1"))
        images.append(min((True, _image(holed, box[:2])), (False, _image(whole, box[:2])),
                          key=lambda choice: len(choice[1])))
    return images


def _image(image: Image.Image, offset: tuple[int, int]) -> bytes:
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
