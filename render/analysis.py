"""The chart of a post-game analysis: each seat's chance to win after every turn, one line per
seat in its colour with its mark along the line (never colour alone), the turn numbers below,
a legend naming the players, text readable on a phone. Drawn from plain data (the chances and
the names), so a test can draw any series."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from i18n import _

from . import accents, kit

WIDTH = 1000
PLOT_HEIGHT = 420
TEXT = kit.min_font_for(WIDTH)  # the smallest size a phone reads on an image this wide
TITLE = TEXT + 4
LINE = 4  # a seat's line width (drawn on an ink line 3 px wider: white and yellow show)
MARK = 13  # the radius of the marks along the lines
MARKS = 8  # marks along each line, about
TICK_GAP = 80  # px at least between two turn numbers
STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 500)


def chart(names: Sequence[str], chances: Sequence[Sequence[float]]) -> Image.Image:
    """The chart: ``names[i]`` is seat i+1's; ``chances[t][i]`` its chance (0 .. 1) after turn
    ``t`` (turn 0: the deal)."""
    seats = len(names)
    turns = max(1, len(chances) - 1)
    left, right = kit.MARGIN + kit.text_width("100 %", TEXT) + 12, WIDTH - kit.MARGIN - MARK
    legend = _legend(names)
    top = kit.MARGIN + round(TITLE * 1.5) + legend.height + MARK
    bottom = top + PLOT_HEIGHT
    height = bottom + 12 + round(TEXT * 1.3) * 2 + kit.MARGIN
    image, draw = kit.new_canvas(WIDTH, height)
    kit.text(draw, (kit.MARGIN, kit.MARGIN), accents.drawable(
        _("Chance to win after each turn")), TITLE, kit.INK, "la", bold=True)
    image.paste(legend, (0, kit.MARGIN + round(TITLE * 1.5)))

    def x_of(turn: int) -> float:
        return left + (right - left) * turn / turns

    def y_of(chance: float) -> float:
        return bottom - (bottom - top) * min(1.0, max(0.0, chance))

    for percent in (0, 25, 50, 75, 100):
        y = y_of(percent / 100)
        draw.line((left, y, right, y), fill=kit.GRID if percent % 50 else kit.MUTED, width=1)
        if percent % 50 == 0:
            kit.text(draw, (left - 10, y), f"{percent} %", TEXT, kit.INK, "rm")
    step = next((s for s in STEPS if (right - left) * s / turns >= TICK_GAP), STEPS[-1])
    for turn in range(0, turns + 1, step):
        x = x_of(turn)
        draw.line((x, bottom, x, bottom + 8), fill=kit.INK, width=2)
        kit.text(draw, (x, bottom + 10), str(turn), TEXT, kit.INK, "ma")
    kit.text(draw, ((left + right) / 2, bottom + 10 + round(TEXT * 1.3)), accents.drawable(
        _("turn")), TEXT, kit.MUTED, "ma")
    every = max(1, round(turns / MARKS))
    for seat in range(1, seats + 1):
        points = [(x_of(t), y_of(p[seat - 1])) for t, p in enumerate(chances)]
        if len(points) > 1:
            draw.line(points, fill=kit.INK, width=LINE + 3, joint="curve")
            draw.line(points, fill=kit.seat_colour(seat), width=LINE, joint="curve")
        # marks along the line, each seat's shifted so that equal lines still show every mark
        offset = (seat - 1) * every // max(1, seats)
        for t in range(offset, len(points), every):
            _mark(draw, points[t], seat)
        _mark(draw, points[-1], seat)
    return kit.trim(image)


def _mark(draw: ImageDraw.ImageDraw, center: tuple[float, float], seat: int) -> None:
    """The seat's mark (its shape in its colour; no number: the legend names it)."""
    kit.mark(draw, center, MARK, kit.seat_shape(seat), kit.seat_colour(seat))


def _legend(names: Sequence[str]) -> Image.Image:
    """Each seat's mark and line sample, then its player's name."""

    def painter(seat: int) -> kit.Painter:
        def paint(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float]) -> None:
            x0, y0, x1, y1 = box
            mid = (y0 + y1) / 2
            draw.line((x0 - 4, mid, x1 + 4, mid), fill=kit.INK, width=LINE + 3)
            draw.line((x0 - 4, mid, x1 + 4, mid), fill=kit.seat_colour(seat), width=LINE)
            _mark(draw, ((x0 + x1) / 2, mid), seat)
        return paint

    return kit.legend(WIDTH, [(painter(seat), accents.drawable(name) or _("Seat {n}", n=seat))
                              for seat, name in enumerate(names, 1)], size=TEXT)


def png(names: Sequence[str], chances: Sequence[Sequence[float]]) -> bytes:
    """The chart as PNG bytes."""
    return kit.png_bytes(chart(names, chances))
