"""Shared drawing kit: fonts, a colour-blind-safe palette, seat marks, PNG encoding.

Why one kit: every game image must look like the same product and obey the same rules (phone
readable, never colour alone, fast small PNGs), so those decisions live here once.
Pillow's built-in font (Aileron) has no symbols beyond Latin-1: keep texts ASCII ("-", "x", "/").
"""

from __future__ import annotations

import io
import math
import unicodedata
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

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

# Seats 1-4: a colour AND a shape (and the seat number is written on the mark).
SEAT_COLOURS: dict[int, RGB] = {1: ORANGE, 2: SKY, 3: PURPLE, 4: WHITE}
SEAT_SHAPES: dict[int, str] = {1: "circle", 2: "square", 3: "triangle", 4: "diamond"}
SEAT_COLOUR_NAMES: dict[int, str] = {1: "orange", 2: "sky", 3: "purple", 4: "white"}


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
    mask, left, top = _glyphs(s, size, anchor, bold)
    draw.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)


@lru_cache(maxsize=1024)
def text_width(s: str, size: int) -> int:
    return math.ceil(font(size).getlength(s))


def ascii_text(s: str) -> str:
    """``s`` folded to printable ASCII (the only glyphs of the font): accents dropped ("Zoé" ->
    "Zoe"), other characters (emoji, CJK) removed, spaces collapsed. May return ""."""
    folded = unicodedata.normalize("NFKD", s).encode("ascii", "ignore").decode("ascii")
    return " ".join("".join(c for c in folded if c.isprintable()).split())


def fit(s: str, size: int, width: int) -> str:
    """``s`` cut with "..." so it is at most ``width`` px wide at ``size``."""
    if text_width(s, size) <= width:
        return s
    while s and text_width(s + "...", size) > width:
        s = s[:-1]
    return s.rstrip() + "..."


def seat_name(view: dict, seat: int) -> str:
    """The display name the host put in ``view["seats"][i]["name"]`` (ASCII-folded for the
    font), or "Seat n" when there is none or nothing of it can be drawn."""
    row = next((s for s in view.get("seats") or [] if s.get("seat") == seat), {})
    name = ascii_text(str(row.get("name") or ""))
    return name if any(c.isalnum() for c in name) else f"Seat {seat}"


def wrap(s: str, size: int, width: int) -> list[str]:
    """Split ``s`` into lines no wider than ``width`` px at ``size`` (word boundaries)."""
    lines: list[str] = []
    for word in s.split():
        if lines and text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


_INSET = {"square": 1.17, "triangle": 1.7, "diamond": 1.26}
"""Radius reduction per unit of border width that leaves an even border (1/inradius ratio)."""


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Polygon of a seat shape of "radius" ``r`` (the circle is handled by :func:`mark`)."""
    if shape == "square":
        r *= 0.86
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if shape == "triangle":
        r *= 1.18
        return [(cx, cy - r), (cx + r * 0.94, cy + r * 0.62), (cx - r * 0.94, cy + r * 0.62)]
    if shape == "diamond":
        r *= 1.12
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    raise ValueError(f"unknown shape {shape!r}")


def mark(
    draw: ImageDraw.ImageDraw,
    center: tuple[float, float],
    r: float,
    shape: str,
    fill: RGB,
    label: str = "",
    outline: RGB = INK,
) -> None:
    """A seat badge: ``shape`` filled with ``fill``, outlined, ``label`` centred inside."""
    cx, cy = center
    width = max(1, round(r / 7))
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
    else:
        # Outline colour first, then the fill shrunk by the border width: Pillow's polygon
        # ``width=`` allocates a full-image mask per call (it was 40 % of a board's draw time).
        draw.polygon(shape_points(shape, cx, cy, r), fill=outline)
        draw.polygon(shape_points(shape, cx, cy, r - width * _INSET[shape]), fill=fill)
    if label:
        ty = cy + (r * 0.14 if shape == "triangle" else 0)
        size = max(8, round(r * (0.9 if shape == "triangle" else 1.3)))
        text(draw, (cx, ty), label, size, ink_on(fill), anchor="mm", bold=r >= 12)


def seat_mark(
    draw: ImageDraw.ImageDraw, center: tuple[float, float], r: float, seat: int, label: str = ""
) -> None:
    """The mark of ``seat`` (colour + shape), with ``label`` (default: the seat number)."""
    mark(draw, center, r, SEAT_SHAPES[seat], SEAT_COLOURS[seat], label or str(seat))


def corsair_mark(draw: ImageDraw.ImageDraw, center: tuple[float, float], r: float, label: str) -> None:
    """The corsair: a black disc over crossed bones (white X), unlike any seat shape."""
    cx, cy = center
    k = r * 1.35
    for dx in (-k, k):
        draw.line((cx - dx, cy - k, cx + dx, cy + k), fill=BLACK, width=max(3, round(r / 2.5)))
        draw.line((cx - dx, cy - k, cx + dx, cy + k), fill=WHITE, width=max(1, round(r / 6)))
    mark(draw, center, r, "circle", BLACK, label, outline=WHITE)


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


PNG_COMPRESS_LEVEL = 3


def png_bytes(image: Image.Image) -> bytes:
    """Encode ``image`` as a small PNG, fast.

    Measured on the 64-card bench board (982x1306, CPU ms / bytes): RGB level 6: 45 ms / 98 KB;
    RGB level 1: 27 ms / 117 KB. Mapped to the fixed kit palette (2.4 ms, P mode, no dither):
    level 1: 4.5 ms / 61 KB, level 3: 5.0 ms / 50 KB, level 4: 8.9 ms / 44 KB, level 6: 14.8 ms /
    38 KB, level 9 or ``optimize=True``: ~60-70 ms / 33 KB. Level 3 is the knee (zlib's fast
    strategies stop there); 50 KB is far under Discord's limits and our 300 KB budget.
    """
    if image.mode not in ("P", "L", "1"):
        if image.mode != "RGB":  # convert() copies even when the mode is already right
            image = image.convert("RGB")
        image = image.quantize(palette=_PALETTE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


def stack(parts: list[Image.Image], min_width: int = 0) -> Image.Image:
    """Parts one under the other, each centred, on one canvas at least ``min_width`` wide."""
    width = max(max(p.width for p in parts), min_width)
    image = Image.new("RGB", (width, sum(p.height for p in parts)), BG)
    y = 0
    for p in parts:
        image.paste(p, ((width - p.width) // 2, y))
        y += p.height
    return image


def new_canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGB", (width, height), BG)
    return image, ImageDraw.Draw(image)


_PALETTE = _palette_image()
