"""French (and other Latin) accents in images, with the one font the kit has.

Pillow's embedded font (Aileron) holds ASCII and a few signs (« » ’ … ° ·) but no accented
letter: "é" would come out as an empty box. Rather than change the font (every image's layout
and look would move), an accented letter is drawn as its base letter with the accent placed over
it: the acute, grave, circumflex and tilde from the font's own spacing accents, the diaeresis as
two dots, the cedilla as a comma under the letter. Widths are those of the base letters, so a
French word takes the room its unaccented spelling did. A few signs the font lacks are spelt
("œ" -> "oe", "—" -> "-", "→" -> "->"); other characters (emoji, CJK) are left to the caller
(:func:`drawable` drops them from names).
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

FONT_CHARS = frozenset(chr(c) for c in range(0x20, 0x7F)) | frozenset("©«°±´·»‘’“”…‹›⁄™")
"""What the embedded font draws itself."""
MARKS = {"\u0301": "´", "\u0300": "`", "\u0302": "^", "\u0303": "~", "\u0308": "dots",
         "\u0327": "cedilla"}
"""Combining accents this module draws (NFD marks) and how."""
SPELT = {"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE", "ß": "ss", "ø": "o", "Ø": "O", "→": "->",
         "←": "<-", "—": "-", "–": "-", "−": "-", "×": "x", "≥": ">=", "≤": "<=",
         "\u00a0": " ", "\u202f": " ", "\u2009": " ", "‐": "-"}
"""Signs the font lacks, written with ones it has."""


def spelt(s: str) -> str:
    """``s`` with the signs of :data:`SPELT` written out (accented letters kept)."""
    if all(c in FONT_CHARS for c in s):
        return s
    return "".join(SPELT.get(c, c) for c in unicodedata.normalize("NFC", s))


def drawable_char(ch: str) -> str:
    """How one character is drawn: itself (the font has it, or a letter with accents this
    module composes), its base letter (other accents), or "" (nothing of it can be drawn)."""
    if ch in FONT_CHARS:
        return ch
    if ch in SPELT:
        return SPELT[ch]
    parts = unicodedata.normalize("NFD", ch)
    if parts[0] not in FONT_CHARS:
        return ""
    marks = "".join(m for m in parts[1:] if m in MARKS)
    return unicodedata.normalize("NFC", parts[0] + marks)


def drawable(s: str) -> str:
    """``s`` as the kit can draw it, accents kept ("Zoé" stays "Zoé"); characters nothing of
    which can be drawn (emoji, CJK) dropped and spaces collapsed. May return ""."""
    kept = "".join(drawable_char(c) for c in unicodedata.normalize("NFC", s))
    return " ".join("".join(c for c in kept if c.isprintable()).split())


def split(s: str) -> tuple[str, tuple[tuple[int, str], ...]]:
    """(the base string the font draws, (index, mark) of each accent to add)."""
    base: list[str] = []
    marks: list[tuple[int, str]] = []
    for ch in spelt(s):
        if ch in FONT_CHARS:
            base.append(ch)
            continue
        parts = unicodedata.normalize("NFD", ch)
        base.append(parts[0])
        marks += [(len(base) - 1, MARKS[m]) for m in parts[1:] if m in MARKS]
    return "".join(base), tuple(marks)


def base_text(s: str) -> str:
    """The letters the font draws for ``s`` (its width is the width of ``s``)."""
    return s if all(c in FONT_CHARS for c in s) else split(s)[0]


@lru_cache(maxsize=64)
def _metrics(size: int) -> tuple[int, int]:
    """(x-height, cap height) of the font at ``size``, in px."""
    font = ImageFont.load_default(size)
    return -font.getbbox("x", anchor="ls")[1], -font.getbbox("H", anchor="ls")[1]


Box = tuple[float, float, float, float]


@lru_cache(maxsize=256)
def _ink(size: int, glyph: str, stroke: int) -> tuple[int, int, int, int]:
    """Where the ink of ``glyph`` lies around its baseline-left point (getbbox gives the
    line's height, not the ink's: an accent sits high in it)."""
    font = ImageFont.load_default(size)
    pad = size * 2
    probe = Image.new("L", (pad * 2, pad * 2), 0)
    ImageDraw.Draw(probe).text((pad, pad), glyph, font=font, fill=255, anchor="ls",
                               stroke_width=stroke, stroke_fill=255)
    box = probe.getbbox() or (pad, pad, pad + 1, pad + 1)
    return box[0] - pad, box[1] - pad, box[2] - pad, box[3] - pad


def _mark_boxes(font: ImageFont.FreeTypeFont, size: int, mark: str, cx: float, baseline: float,
                height: int, stroke: int) -> list[tuple[str, Box]]:
    """Where one accent goes, relative to the anchor point: ("dot", box) ellipses, or (glyph,
    box) with the box the glyph's ink must fill (its baseline-left point derived when drawn)."""
    gap = max(1.0, size * 0.08)
    floor = baseline - height - gap  # the accent's ink ends here, above the letter
    if mark == "dots":
        r = max(1.0, size * 0.06) + stroke / 2
        return [("dot", (cx + dx - r, floor - 2 * r, cx + dx + r, floor))
                for dx in (-size * 0.13, size * 0.13)]
    if mark == "^":  # the font's caret is too big for an accent: a small hat of two strokes
        half, tall = size * 0.15, size * 0.13
        return [("hat", (cx - half, floor - tall, cx + half, floor))]
    glyph = "," if mark == "cedilla" else mark
    left, top, right, bottom = _ink(size, glyph, stroke)
    width, tall = right - left, bottom - top
    if mark == "cedilla":
        return [(glyph, (cx - width / 2, baseline, cx + width / 2, baseline + tall))]
    return [(glyph, (cx - width / 2, floor - tall, cx + width / 2, floor))]


def composed(font: ImageFont.FreeTypeFont, size: int, s: str, anchor: str,
             stroke: int) -> tuple[Image.Image, int, int]:
    """``s`` drawn as a mask with its accents, and the mask's offset from the anchor point (as
    ``kit._glyphs`` returns it)."""
    base, marks = split(s)
    x_height, cap = _metrics(size)
    left, top, right, bottom = font.getbbox(base, anchor=anchor, stroke_width=stroke)
    line_left, line_top = font.getbbox(base, anchor="ls", stroke_width=stroke)[:2]
    bx, by = left - line_left, top - line_top  # the baseline's left end, from the anchor point
    parts: list[tuple[str, Box]] = []
    dotless: list[Box] = []
    for index, mark in marks:
        x0, x1 = bx + font.getlength(base[:index]), bx + font.getlength(base[: index + 1])
        letter = base[index]
        height = cap if letter.isupper() or letter in "bdfhklt" else x_height
        parts += _mark_boxes(font, size, mark, (x0 + x1) / 2, by, height, stroke)
        if letter in "ij" and mark != "cedilla":  # the dot gives way to the accent
            dotless.append((x0, by - cap * 2, x1, by - x_height - 1))
    top = min([top] + [int(b[1]) - 1 for _g, b in parts])
    bottom = max([bottom] + [int(b[3]) + 2 for _g, b in parts])
    left = min([left] + [int(b[0]) - 1 for _g, b in parts])
    right = max([right] + [int(b[2]) + 2 for _g, b in parts])
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    draw = ImageDraw.Draw(mask)
    ox, oy = -left, -top  # the anchor point in the mask
    draw.text((ox, oy), base, font=font, fill=255, anchor=anchor, stroke_width=stroke,
              stroke_fill=255)
    for x0, y0, x1, y1 in dotless:
        draw.rectangle((ox + x0, oy + y0, ox + x1, oy + y1), fill=0)
    for glyph, (x0, y0, _x1, _y1) in parts:
        if glyph == "dot":
            draw.ellipse((ox + x0, oy + y0, ox + _x1, oy + _y1), fill=255)
            continue
        if glyph == "hat":
            draw.line([(ox + x0, oy + _y1), ((ox + x0 + ox + _x1) / 2, oy + y0),
                       (ox + _x1, oy + _y1)], fill=255, width=max(1, round(size / 14)) + stroke,
                      joint="curve")
            continue
        gl, gt = _ink(size, glyph, stroke)[:2]
        draw.text((ox + x0 - gl, oy + y0 - gt), glyph, font=font, fill=255, anchor="ls",
                  stroke_width=stroke, stroke_fill=255)
    return mask, left, top
