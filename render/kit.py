"""Shared drawing kit: fonts, a colour-blind-safe palette, seat marks, PNG encoding.

Why one kit: every game image must look like the same product and obey the same rules (phone
readable, never colour alone, fast small PNGs), so those decisions live here once.
Pillow's built-in font (Aileron) draws ASCII and « » ’ … ° · only: accented letters are composed
from their base letter and an accent (:mod:`render.accents`: French reads right), other signs are
spelt ("-" for dashes, "x", "->"). Words come from the catalogs (``_``) in the current language.
"""

from __future__ import annotations

import io
import math
import struct
import threading
import unicodedata
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFont

from i18n import _, _n

from . import accents

RGB = tuple[int, int, int]

# Okabe-Ito palette (safe for the common colour-vision deficiencies); each colour still carries a
# letter or a shape wherever it is used.
BLACK: RGB = (0, 0, 0)
WHITE: RGB = (255, 255, 255)
ORANGE: RGB = (230, 159, 0)
SKY: RGB = (86, 180, 233)
GREEN: RGB = (0, 158, 115)
YELLOW: RGB = (240, 228, 66)
BLUE: RGB = (0, 114, 178)
VERMILLION: RGB = (213, 94, 0)
PURPLE: RGB = (204, 121, 167)

BG: RGB = (250, 247, 240)  # paper
INK: RGB = (30, 30, 30)
MUTED: RGB = (110, 110, 110)
GRID: RGB = (215, 210, 200)
HIGHLIGHT: RGB = (20, 20, 20)  # last move frame: thick and double, so it is a shape cue too
TURN_BG: RGB = (255, 236, 180)  # the row of the seat to move (also marked with ">")
UNKNOWN: RGB = (160, 160, 160)
SAND: RGB = (236, 222, 190)  # board squares
TILE: RGB = (120, 92, 60)  # face-down tile

# Seats 1-6: a colour AND a shape (and the seat number is written on the mark), all different.
SEAT_COLOURS: dict[int, RGB] = {1: ORANGE, 2: SKY, 3: PURPLE, 4: WHITE, 5: YELLOW, 6: GREEN}
SEAT_SHAPES: dict[int, str] = {
    1: "circle", 2: "square", 3: "triangle", 4: "diamond", 5: "cross", 6: "star",
}
SEAT_COLOUR_NAMES: dict[int, str] = {
    1: "orange", 2: "sky", 3: "purple", 4: "white", 5: "yellow", 6: "bluish green",
}

PHONE_WIDTH = 400  # a phone shows an image about this wide
MIN_READABLE = 10  # smallest text size (px) once the image is scaled to PHONE_WIDTH
MARGIN = 14  # the uniform empty margin left around every image's content


def seat_colour(seat: int) -> RGB:
    """The colour of ``seat`` (grey past the sixth seat: the number still tells it)."""
    return SEAT_COLOURS.get(seat, UNKNOWN)


def seat_shape(seat: int) -> str:
    """The shape of ``seat`` (a circle past the sixth seat: the number still tells it)."""
    return SEAT_SHAPES.get(seat, "circle")


# -- text sizes: every kit.text call can be recorded, per thread --------------------------------
_LOCAL = threading.local()


def _recorders() -> list[list[int]]:
    stack = getattr(_LOCAL, "stack", None)
    if stack is None:
        stack = _LOCAL.stack = []
    return stack


@contextmanager
def recording_text_sizes(isolated: bool = False) -> Iterator[list[int]]:
    """Collect the ``size`` of every :func:`text` drawn in this thread while the block runs.

    Why: the phone-readability rule (size * 400 / image width >= 10) is checked by tests on
    what was really drawn. Thread-local, so concurrent renders in worker threads do not mix.
    ``isolated`` hides the sizes from outer recorders (for cached drawings, which replay theirs
    with :func:`note_text_sizes` on every use).
    """
    sizes: list[int] = []
    stack = _recorders()
    saved = stack[:] if isolated else None
    if isolated:
        stack.clear()
    stack.append(sizes)
    try:
        yield sizes
    finally:
        stack.remove(sizes)
        if saved is not None:
            stack[:0] = saved


def note_text_sizes(sizes: Iterable[int]) -> None:
    """Record ``sizes`` as drawn now (a cached drawing pasted again draws its texts again)."""
    for recorder in _recorders():
        recorder.extend(sizes)


def min_font_for(width: int) -> int:
    """The smallest text size that stays readable on an image ``width`` px wide."""
    return math.ceil(MIN_READABLE * width / PHONE_WIDTH)


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's embedded scalable font at ``size`` px (cached: loading costs ~1 ms)."""
    return ImageFont.load_default(size)  # type: ignore[return-value]


@lru_cache(maxsize=4096)
def _glyphs(s: str, size: int, anchor: str, bold: bool) -> tuple[Image.Image, int, int]:
    """``s`` rendered once as an 8-bit mask, with its offset from the anchor point.

    Why: FreeType rendering was ~60% of a board's draw time, and boards repeat the same few
    strings ("B", "4", axis numbers) hundreds of times.
    """
    stroke = 1 if bold else 0
    if not all(c in accents.FONT_CHARS for c in s):  # "é": its letter and its accent
        return accents.composed(font(size), size, s, anchor, stroke)
    left, top, right, bottom = font(size).getbbox(s, anchor=anchor, stroke_width=stroke)
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), s, font=font(size), fill=255, anchor=anchor,
                              stroke_width=stroke, stroke_fill=255)
    return mask, left, top


def ink_on(fill: RGB) -> RGB:
    """Black or white, whichever reads better on ``fill`` (WCAG relative luminance)."""

    def lin(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4

    lum = 0.2126 * lin(fill[0]) + 0.7152 * lin(fill[1]) + 0.0722 * lin(fill[2])
    return BLACK if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else WHITE


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    size: int,
    fill: RGB = INK,
    anchor: str = "la",
    bold: bool = False,
) -> None:
    """Draw ``s``; ``bold`` fakes a heavier weight with a same-colour stroke (one font only)."""
    if not s:
        return
    stack = getattr(_LOCAL, "stack", None)
    if stack:
        for recorder in stack:
            recorder.append(size)
    mask, left, top = _glyphs(s, size, anchor, bold)
    draw.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)


@lru_cache(maxsize=1024)
def text_width(s: str, size: int) -> int:
    return math.ceil(font(size).getlength(accents.base_text(s)))


def ascii_text(s: str) -> str:
    """``s`` folded to printable ASCII (the only glyphs of the font): accents dropped ("Zoé" ->
    "Zoe"), other characters (emoji, CJK) removed, spaces collapsed. May return ""."""
    folded = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode("ascii")
    return " ".join("".join(c for c in folded if c.isprintable()).split())


def seat_row(view: dict, seat: object) -> dict:
    """``view["seats"]``'s entry for ``seat`` ({} when there is none)."""
    return next((s for s in view.get("seats") or [] if s.get("seat") == seat), {})


def seat_name(view: dict, seat: int) -> str:
    """The display name the host put in ``view["seats"][i]["name"]`` (accents kept, what the
    font cannot draw dropped), or "Seat n" when there is none or nothing of it can be drawn."""
    name = accents.drawable(str(seat_row(view, seat).get("name") or ""))
    return name if any(c.isalnum() for c in name) else _("Seat {n}", n=seat)


def _split_word(word: str, size: int, width: int) -> list[str]:
    """A word wider than ``width`` broken into pieces that fit (names may have no spaces)."""
    pieces = [""]
    for c in word:
        if pieces[-1] and text_width(pieces[-1] + c, size) > width:
            pieces.append("")
        pieces[-1] += c
    return pieces


def wrap(s: str, size: int, width: int) -> list[str]:
    """Split ``s`` into lines no wider than ``width`` px at ``size``: at spaces, and inside a
    word only when the word alone is too wide. Nothing is ever cut off."""
    lines: list[str] = []
    for word in s.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.extend(_split_word(word, size, width))
    return lines or [""]


def wrap_items(items: list[str], size: int, width: int, sep: str = "   ") -> list[str]:
    """Join ``items`` with ``sep`` into lines no wider than ``width``, breaking between items
    (an item too wide alone is wrapped by :func:`wrap`)."""
    lines: list[str] = []
    for item in items:
        if lines and text_width(lines[-1] + sep + item, size) <= width:
            lines[-1] += sep + item
        else:
            lines.extend(wrap(item, size, width))
    return lines or [""]


def result_title(view: dict) -> str | None:
    """Who won, by name, when the game is over: "Winner: Ann", "Winners: Ann, Bob", "No winner"."""
    result = view.get("result") or {}
    if not result.get("finished"):
        return None
    names = [seat_name(view, w) for w in result.get("winners") or []]
    if not names:
        return _("No winner")
    return _n("Winner: {names}", "Winners: {names}", len(names), names=", ".join(names))


_INSET = {"square": 1.17, "triangle": 1.7, "diamond": 1.26, "cross": 1.0}
"""Radius reduction per unit of border width that leaves an even border (1/inradius ratio)."""

LABEL_SCALE = 1.45
"""A mark's number is this many times its radius: r >= 14 keeps it at 20 px and more."""


def _regular(cx: float, cy: float, r: float, n: int, turn: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(turn + 2 * math.pi * k / n), cy + r * math.sin(turn + 2 * math.pi * k / n))
            for k in range(n)]


def _star(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A fat five-pointed star: its inner pentagon still holds a digit."""
    outer = _regular(cx, cy + r * 0.12, r * 1.42, 5, -math.pi / 2)
    inner = _regular(cx, cy + r * 0.12, r * 0.92, 5, -math.pi / 2 + math.pi / 5)
    return [p for pair in zip(outer, inner, strict=True) for p in pair]


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Polygon of a seat shape of "radius" ``r`` (the circle is handled by :func:`mark`)."""
    if shape == "square":
        r *= 0.9
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if shape == "triangle":  # bigger than the others: its number sits in the wide lower part
        r *= 1.42
        return [(cx, cy - r * 0.92), (cx + r * 0.94, cy + r * 0.62), (cx - r * 0.94, cy + r * 0.62)]
    if shape == "diamond":
        r *= 1.2
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "cross":  # a fat plus: its centre square holds the number
        a, b = r * 1.12, r * 0.56
        return [(cx - b, cy - a), (cx + b, cy - a), (cx + b, cy - b), (cx + a, cy - b),
                (cx + a, cy + b), (cx + b, cy + b), (cx + b, cy + a), (cx - b, cy + a),
                (cx - b, cy + b), (cx - a, cy + b), (cx - a, cy - b), (cx - b, cy - b)]
    if shape == "star":
        return _star(cx, cy, r)
    raise ValueError(f"unknown shape {shape!r}")


SHAPE_REACH = {"circle": (1.0, 1.0), "square": (0.9, 0.9), "triangle": (1.31, 0.88),
               "diamond": (1.2, 1.2), "cross": (1.12, 1.12), "star": (1.3, 1.3)}
"""How far (in radii) each shape reaches above and below its centre: for laying marks out."""


def mark(
    draw: ImageDraw.ImageDraw,
    center: tuple[float, float],
    r: float,
    shape: str,
    fill: RGB,
    label: str = "",
    outline: RGB = INK,
    halo: RGB | None = None,
) -> None:
    """A seat badge: ``shape`` filled with ``fill``, outlined, ``label`` centred inside.

    ``halo`` adds a thin outer ring (white on the map) so a mark stands out even on a card of
    its own colour.
    """
    cx, cy = center
    width = max(1, round(r / 7))
    if halo is not None:
        _shape(draw, center, r + width * 1.5, shape, halo)
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
    elif shape in ("star", "cross"):  # concave: a shrunk copy would not leave an even border
        points = shape_points(shape, cx, cy, r - width / 2)
        draw.polygon(points, fill=fill)
        draw.line([*points, points[0], points[1]], fill=outline, width=width, joint="curve")
    else:
        # Outline colour first, then the fill shrunk by the border width: Pillow's polygon
        # ``width=`` allocates a full-image mask per call (it was 40 % of a board's draw time).
        draw.polygon(shape_points(shape, cx, cy, r), fill=outline)
        draw.polygon(shape_points(shape, cx, cy, r - width * _INSET[shape]), fill=fill)
    if label:
        ty = cy + {"triangle": r * 0.2, "star": r * 0.12}.get(shape, 0)
        text(draw, (cx, ty), label, label_size(r), ink_on(fill), anchor="mm", bold=r >= 12)


def label_size(r: float) -> int:
    """The size of the number written on a mark of radius ``r``."""
    return max(8, round(r * LABEL_SCALE))


def _shape(draw: ImageDraw.ImageDraw, center: tuple[float, float], r: float, shape: str,
           fill: RGB) -> None:
    """``shape`` filled flat (a halo behind a mark)."""
    cx, cy = center
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill)
    else:
        draw.polygon(shape_points(shape, cx, cy, r), fill=fill)


def seat_mark(
    draw: ImageDraw.ImageDraw, center: tuple[float, float], r: float, seat: int, label: str = "",
    halo: RGB | None = None,
) -> None:
    """The mark of ``seat`` (colour + shape), with ``label`` (default: the seat number)."""
    mark(draw, center, r, seat_shape(seat), seat_colour(seat), label or str(seat), halo=halo)


def corsair_mark(draw: ImageDraw.ImageDraw, center: tuple[float, float], r: float, label: str) -> None:
    """The corsair: a black disc over crossed bones (white X), unlike any seat shape."""
    cx, cy = center
    k = r * 1.15
    for dx in (-k, k):
        draw.line((cx - dx, cy - k, cx + dx, cy + k), fill=BLACK, width=max(3, round(r / 2.5)))
        draw.line((cx - dx, cy - k, cx + dx, cy + k), fill=WHITE, width=max(1, round(r / 6)))
    mark(draw, center, r * 0.92, "circle", BLACK, outline=WHITE)
    if label:  # the number as big as on a seat mark of radius r
        text(draw, center, label, label_size(r), WHITE, anchor="mm", bold=r >= 12)


def dashed_rect(
    draw: ImageDraw.ImageDraw,
    box: tuple[float, float, float, float],
    fill: RGB,
    width: int = 2,
    dash: int = 8,
) -> None:
    """A dashed outline (holes, highlights): a pattern, not only a colour."""
    x0, y0, x1, y1 = box
    for a, b, horizontal, fixed in (
        (x0, x1, True, y0), (x0, x1, True, y1), (y0, y1, False, x0), (y0, y1, False, x1),
    ):
        pos = a
        while pos < b:
            end = min(pos + dash, b)
            if horizontal:
                draw.line((pos, fixed, end, fixed), fill=fill, width=width)
            else:
                draw.line((fixed, pos, fixed, end), fill=fill, width=width)
            pos += 2 * dash


def hatch(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: RGB, step: int = 10
) -> None:
    """Diagonal hatching inside ``box`` (a removed card)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    for k in range(step, int(w + h), step):
        # Line x + y = x0 + y0 + k, clipped to the box.
        ax, ay = x0 + min(k, w), y0 + max(0, k - w)
        bx, by = x0 + max(0, k - h), y0 + min(k, h)
        draw.line((ax, ay, bx, by), fill=fill, width=1)


def _palette_image() -> Image.Image:
    """A fixed 256-entry palette: every named kit colour exactly, then the 6x6x6 web cube.

    Mapping to a fixed palette costs ~4 ms on a 1000x1150 board against ~20 ms for an adaptive
    (FASTOCTREE) one and ~110 ms for MEDIANCUT; the flat fills keep their exact colour and only
    anti-aliased edge pixels move to the nearest cube colour (invisible at 100 %).
    """
    named = [v for k, v in globals().items() if k.isupper() and isinstance(v, tuple) and len(v) == 3]
    named += list(SEAT_COLOURS.values())
    cube = [(r, g, b) for r in range(0, 256, 51) for g in range(0, 256, 51) for b in range(0, 256, 51)]
    colours = list(dict.fromkeys(named + cube))[:256]
    flat = [c for rgb in colours for c in rgb]
    pal = Image.new("P", (1, 1))
    pal.putpalette(flat + flat[:3] * (256 - len(colours)))
    return pal


def highlight(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], thick: int) -> None:
    """The last-move frame: thick black outside, white inside, hugging ``box`` (a shape cue)."""
    b = (box[0] - thick // 2, box[1] - thick // 2, box[2] + thick // 2, box[3] + thick // 2)
    draw.rounded_rectangle(b, radius=thick, outline=HIGHLIGHT, width=thick)
    inner = (b[0] + thick, b[1] + thick, b[2] - thick, b[3] - thick)
    draw.rectangle(inner, outline=WHITE, width=max(2, thick // 2))


PNG_COMPRESS_LEVEL = 2


def png_bytes(image: Image.Image) -> bytes:
    """Encode ``image`` as a small PNG, fast.

    Measured on the 64-card bench board (982x1306, CPU ms / bytes): RGB level 6: 45 ms / 98 KB;
    RGB level 1: 27 ms / 117 KB. Mapped to the fixed kit palette (2.4 ms, P mode, no dither):
    level 1: 4.5 ms / 61 KB, level 3: 5.0 ms / 50 KB, level 4: 8.9 ms / 44 KB, level 6: 14.8 ms /
    38 KB, level 9 or ``optimize=True``: ~60-70 ms / 33 KB. An image mapped to the kit palette
    is then written by :func:`_kit_png` (same pixels, level 2): on the four games' boards and
    hands 13 % less CPU than Pillow's writer at level 3, for 6 % more bytes.
    """
    if image.mode not in ("P", "L", "1"):
        return _kit_png(paletted(image))
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=3)
    return out.getvalue()


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _kit_png(image: Image.Image) -> bytes:
    """A P-mode image in the kit palette (:func:`paletted`) as PNG: 8-bit indices, every row
    unfiltered (as Pillow writes palette images), the palette chunk made once.

    Why not Pillow's writer: it deflates row by row through its own buffers; one
    :func:`zlib.compress` of the whole image (the GIL released meanwhile) costs less. The rows
    get their filter byte (0) by pasting the image one column to the right of a zero column."""
    width, height = image.size
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(image, (1, 0))
    return b"".join((
        _PNG_SIGNATURE,
        _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
        _PLTE,
        _chunk(b"IDAT", zlib.compress(rows.tobytes(), PNG_COMPRESS_LEVEL)),
        _IEND,
    ))


def paletted(image: Image.Image) -> Image.Image:
    """``image`` mapped to the fixed kit palette (P mode, no dither): flat fills keep their exact
    colour, so images (and animation frames) compress well and compare exactly."""
    if image.mode != "RGB":  # convert() copies even when the mode is already right
        image = image.convert("RGB")
    return image.quantize(palette=_PALETTE, dither=Image.Dither.NONE)


def stack(parts: list[Image.Image], min_width: int = 0) -> Image.Image:
    """Parts one under the other, each centred, on one canvas at least ``min_width`` wide."""
    width = max(max(p.width for p in parts), min_width)
    image = Image.new("RGB", (width, sum(p.height for p in parts)), BG)
    y = 0
    for p in parts:
        image.paste(p, ((width - p.width) // 2, y))
        y += p.height
    return image


def stack_trimmed(parts: list[Image.Image], min_width: int = 0,
                  margin: int = MARGIN) -> Image.Image:
    """``trim(stack(parts, min_width), margin)``, pasting the parts straight into the trimmed
    canvas: one full-size fill and one full-size copy less per board (a fifth of a big board's
    drawing). The content box comes from each part's own (:func:`content_box`)."""
    width = max(max(p.width for p in parts), min_width)
    placed: list[tuple[Image.Image, int, int]] = []
    boxes: list[tuple[int, int, int, int]] = []
    y = 0
    for p in parts:
        x = (width - p.width) // 2
        placed.append((p, x, y))
        box = content_box(p)
        if box is not None:
            boxes.append((box[0] + x, box[1] + y, box[2] + x, box[3] + y))
        y += p.height
    if not boxes:
        return stack(parts, min_width)
    crop = (max(0, min(b[0] for b in boxes) - margin), max(0, min(b[1] for b in boxes) - margin),
            min(width, max(b[2] for b in boxes) + margin),
            min(y, max(b[3] for b in boxes) + margin))
    image = Image.new("RGB", (crop[2] - crop[0], crop[3] - crop[1]), BG)
    for p, x, top in placed:
        image.paste(p, (x - crop[0], top - crop[1]))
    return image


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
    return image if crop == (0, 0, *image.size) else image.crop(crop)


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


Painter = Callable[[ImageDraw.ImageDraw, tuple[float, float, float, float]], None]

LEGEND_SIZE = 20  # legend text: 10 px on a phone for images up to 800 px wide


def legend(width: int, entries: list[tuple[Painter, str]], size: int = LEGEND_SIZE) -> Image.Image:
    """One strip explaining map marks: each entry's sample (drawn by its painter with the map's
    own code, so it looks the same) then its words, wrapping onto more lines when needed."""
    swatch_w, swatch_h, gap, line_h = 44, 32, 28, 44
    widths = [swatch_w + 10 + text_width(label, size) for _, label in entries]
    rows: list[list[int]] = [[]]
    x = MARGIN
    for k, w in enumerate(widths):
        if rows[-1] and x + w > width - MARGIN:
            rows.append([])
            x = MARGIN
        rows[-1].append(k)
        x += w + gap
    image, draw = new_canvas(width, line_h * len(rows) + 8)
    for j, row in enumerate(rows):
        x, mid = MARGIN, 4 + j * line_h + line_h / 2
        for k in row:
            paint, label = entries[k]
            paint(draw, (x + 6, mid - swatch_h / 2 + 4, x + swatch_w - 6, mid + swatch_h / 2 - 4))
            text(draw, (x + swatch_w + 10, mid), label, size, INK, "lm")
            x += widths[k] + gap
    return image


_PALETTE = _palette_image()
_PLTE = _chunk(b"PLTE", bytes(_PALETTE.getpalette() or []))
_IEND = _chunk(b"IEND", b"")


TextLine = tuple[str, int, bool]
"""A line of a panel or header: (text, size, bold)."""


def text_lines(
    draw: ImageDraw.ImageDraw, lines: Iterable[TextLine], x: float, y: float, height: int
) -> float:
    """``lines`` left-aligned at ``x``, one every ``height`` px from ``y``; the y after them."""
    for line, size, bold in lines:
        text(draw, (x, y + height / 2), line, size, INK, "lm", bold=bold)
        y += height
    return y


PANEL_STATE_X, PANEL_BADGE_X, PANEL_NAME_X = 14, 84, 112
"""Panel columns every game shares: ">" / "WIN" flag, seat badge, name."""


def seat_row_head(
    draw: ImageDraw.ImageDraw,
    view: dict,
    seat: int,
    names: list[str],
    box: tuple[int, int, int, int],
    sizes: tuple[int, int],
    badge: Callable[[tuple[float, float]], None],
) -> float:
    """The start of a seat's panel row, alike in every game: framed and flagged when the seat is
    to move (">") or won ("WIN"), its badge, its full name on as many lines as it takes.
    ``box`` is (y, height, width, line height); ``sizes`` (body, small) text sizes. Returns
    the middle y of the first line, where a game draws the rest (score, hand …)."""
    y, height, width, line = box
    body, small = sizes
    result = view.get("result") or {}
    won = bool(result.get("finished")) and seat in (result.get("winners") or [])
    to_move = seat in (view.get("to_move") or [])
    mid = y + 8 + line / 2
    if to_move or won:
        draw.rectangle((4, y + 1, width - 5, y + height - 3), fill=TURN_BG, outline=INK, width=2)
        flag = _("WIN") if won else ">"
        size = small  # a longer word for WIN shrinks to the room left of the badge
        while size > 10 and text_width(flag, size) > PANEL_BADGE_X - PANEL_STATE_X - 16:
            size -= 1
        text(draw, (PANEL_STATE_X, mid), flag, size, INK, "lm", bold=True)
    badge((PANEL_BADGE_X, mid))
    for k, name_line in enumerate(names):
        text(draw, (PANEL_NAME_X, mid + k * line), name_line, body, INK, "lm", bold=to_move)
    return mid
