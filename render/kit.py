"""Shared drawing kit: fonts, a colour-blind-safe palette, seat marks, PNG encoding.

Colours are in :mod:`render.colours`, canvases, trimming and PNG encoding in
:mod:`render.canvas`; both are re-exported here.

Why one kit: every game image must look like the same product and obey the same rules (phone
readable, never colour alone, fast small PNGs), so those decisions live here once.
Pillow's built-in font (Aileron) draws ASCII and « » ’ … ° · only: accented letters are composed
from their base letter and an accent (:mod:`render.accents`: French reads right), other signs are
spelt ("-" for dashes, "x", "->"). Words come from the catalogs (``_``) in the current language.
"""

from __future__ import annotations

import math
import threading
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from i18n import _, _n

from . import accents

# The kit's colours and its canvas/encoding half live in their own modules; renderers keep
# writing kit.X for all of it.
from .canvas import (  # noqa: F401
    MARGIN,
    PNG_COMPRESS_LEVEL,
    TRIM_STRIP,
    Heights,
    content_box,
    in_series,
    new_canvas,
    paletted,
    png_bytes,
    stack,
    stack_trimmed,
    steady,
    trim,
)
from .colours import (  # noqa: F401
    BG,
    BG_INDEX,
    BLACK,
    BLUE,
    GREEN,
    GRID,
    HIGHLIGHT,
    INK,
    MUTED,
    ORANGE,
    PALETTE,
    PURPLE,
    RGB,
    SAND,
    SEAT_COLOUR_NAMES,
    SEAT_COLOURS,
    SEAT_SHAPES,
    SKY,
    TILE,
    TURN_BG,
    UNKNOWN,
    UNUSED_INDEX,
    VERMILLION,
    WHITE,
    YELLOW,
    seat_colour,
    seat_shape,
)

PHONE_WIDTH = 400  # a phone shows an image about this wide
MIN_READABLE = 10  # smallest text size (px) once the image is scaled to PHONE_WIDTH


# -- text sizes: every kit.text call can be recorded, per thread --------------------------------
_LOCAL = threading.local()


def _recorders() -> list[list[int]]:
    recorders = getattr(_LOCAL, "stack", None)
    if recorders is None:
        recorders = _LOCAL.stack = []
    return recorders


@contextmanager
def recording_text_sizes(isolated: bool = False) -> Iterator[list[int]]:
    """Collect the ``size`` of every :func:`text` drawn in this thread while the block runs.

    Why: the phone-readability rule (size * 400 / image width >= 10) is checked by tests on
    what was really drawn. Thread-local, so concurrent renders in worker threads do not mix.
    ``isolated`` hides the sizes from outer recorders (for cached drawings, which replay theirs
    with :func:`note_text_sizes` on every use).
    """
    sizes: list[int] = []
    recorders = _recorders()
    saved = recorders[:] if isolated else None
    if isolated:
        recorders.clear()
    recorders.append(sizes)
    try:
        yield sizes
    finally:
        recorders.remove(sizes)
        if saved is not None:
            recorders[:0] = saved


def note_text_sizes(sizes: Iterable[int]) -> None:
    """Record ``sizes`` as drawn now (a cached drawing pasted again draws its texts again)."""
    for recorder in _recorders():
        recorder.extend(sizes)


def min_font_for(width: int) -> int:
    """The smallest text size that stays readable on an image ``width`` px wide."""
    return math.ceil(MIN_READABLE * width / PHONE_WIDTH)


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont:
    """Pillow's embedded scalable font at ``size`` px (cached: each call of
    ``load_default`` loads the font afresh)."""
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
    recorders = getattr(_LOCAL, "stack", None)
    if recorders:
        for recorder in recorders:
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


@lru_cache(maxsize=8192)
def word_width(word: str, size: int) -> float:
    """How far the pen moves over ``word`` at ``size`` (fractional px)."""
    return font(size).getlength(accents.base_text(word))


def word_wrap(s: str, size: int, width: int) -> list[str]:
    """:func:`wrap` for text drawn a word at a time (:func:`word_text`): a line's width is the
    sum of its words' and spaces' widths, each measured once (wrapping long replay captions
    measured every prefix of every line again)."""
    lines: list[str] = []
    used = 0.0
    space = word_width(" ", size)
    for word in s.split():
        wide = word_width(word, size)
        if lines and used + space + wide <= width:
            lines[-1] = f"{lines[-1]} {word}"
            used += space + wide
        else:
            pieces = _split_word(word, size, width) if wide > width else [word]
            lines.extend(pieces)
            used = word_width(pieces[-1], size)
    return lines or [""]


def word_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, size: int,
              fill: RGB = INK, bold: bool = False) -> None:
    """``s`` left-aligned at ``xy`` (its middle height), drawn a word at a time: each word's
    glyphs rendered once and kept (:func:`text`), the pen moved by the words' and spaces'
    widths. For text that is rarely the same twice (a replay's captions, a line a turn) but whose
    words are: a line costs a few pastes, not a FreeType rendering (kerning across a space, which
    this leaves out, is nil)."""
    x, y = xy
    space = word_width(" ", size)
    for word in s.split(" "):
        if word:
            text(draw, (x, y), word, size, fill, "lm", bold=bold)
        x += word_width(word, size) + space


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


def highlight(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], thick: int) -> None:
    """The last-move frame: thick black outside, white inside, hugging ``box`` (a shape cue)."""
    b = (box[0] - thick // 2, box[1] - thick // 2, box[2] + thick // 2, box[3] + thick // 2)
    draw.rounded_rectangle(b, radius=thick, outline=HIGHLIGHT, width=thick)
    inner = (b[0] + thick, b[1] + thick, b[2] - thick, b[3] - thick)
    draw.rectangle(inner, outline=WHITE, width=max(2, thick // 2))


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


def lines_block(lines: list[TextLine], width: int, x: float, height: int,
                bottom: int) -> Image.Image:
    """A header of its own: ``lines`` from 12 px down, one every ``height`` px, then ``bottom``
    px of margin (the games' heads above their boards)."""
    image, draw = new_canvas(width, 12 + height * len(lines) + bottom)
    text_lines(draw, lines, x, 12, height)
    return image


def game_over_lines(title: str, reason: str, scores: list[str], room: int, title_size: int,
                    body_size: int) -> list[TextLine]:
    """A finished game in a head: who won (``title``, :func:`result_title`), "Game over." and
    why, the final scores; each wrapped to ``room`` px (the heads of the card games)."""
    ended = _("Game over. {reason}", reason=reason)
    return [*((line, title_size, True) for line in wrap(title, title_size, room)),
            *((line, body_size, False) for line in wrap(ended, body_size, room)),
            *((line, body_size, False)
              for line in wrap_items([_("Final scores:"), *scores], body_size, room))]


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
    to move (">") or won ("WIN"), its badge, its full name on as many lines as it takes. In a
    replay's series (:func:`in_series`) the seat to move is framed, not filled, its name not
    bold: what moves from row to row every turn is a few pixels, not two rows of text.
    ``box`` is (y, height, width, line height); ``sizes`` (body, small) text sizes. Returns
    the middle y of the first line, where a game draws the rest (score, hand …)."""
    y, height, width, line = box
    body, small = sizes
    result = view.get("result") or {}
    won = bool(result.get("finished")) and seat in (result.get("winners") or [])
    to_move = seat in (view.get("to_move") or [])
    mid = y + 8 + line / 2
    if to_move or won:
        fill = row_fill(view, seat)
        draw.rectangle((4, y + 1, width - 5, y + height - 3),
                       fill=None if fill == BG else fill, outline=INK, width=2)
        flag = _("WIN") if won else ">"
        size = small  # a longer word for WIN shrinks to the room left of the badge
        while size > 10 and text_width(flag, size) > PANEL_BADGE_X - PANEL_STATE_X - 16:
            size -= 1
        text(draw, (PANEL_STATE_X, mid), flag, size, INK, "lm", bold=True)
    badge((PANEL_BADGE_X, mid))
    for k, name_line in enumerate(names):
        text(draw, (PANEL_NAME_X, mid + k * line), name_line, body, INK, "lm",
             bold=to_move and not in_series())
    return mid


def row_fill(view: dict, seat: int) -> RGB:
    """The colour of a seat's panel row (:func:`seat_row_head`): the turn colour for a winner,
    and for the seat to move outside a replay's series (:func:`in_series`); else background."""
    result = view.get("result") or {}
    won = bool(result.get("finished")) and seat in (result.get("winners") or [])
    to_move = seat in (view.get("to_move") or []) and not in_series()
    return TURN_BG if won or to_move else BG
