"""The application emojis: seat marks, dice faces and card colours as 128x128 PNGs, with the
names Discord knows them by (``python -m bot emojis`` uploads them once; the adapter shows them
in text and menus, :mod:`bot.adapter.kit.emojis`).

Each is the drawing the boards use, so a chat line and an image read alike: a seat's mark is
its colour, shape and number (:func:`render.kit.seat_mark`), a die face is a Maître des Mers die
(its pips, :data:`render.maitre_des_mers.cards.PIPS`), a card is a Master Islands card of that
colour with its letter. Emojis show at 22 px in a chat line, often on a dark theme: each is
drawn big on a transparent square with a white rim outside its dark outline, then shrunk with
smoothing.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from functools import cache

from PIL import Image, ImageDraw

from games.master_islands.cards import COLOURS as CARD_LETTERS

from . import kit
from .maitre_des_mers.cards import PIPS
from .master_islands_map import CARD_COLOURS

SIZE = 128
"""Discord shows an emoji at 22 px in a line of text, 48 px alone: 128 px is sharp at both."""
SCALE = 4
"""Each emoji is drawn this many times bigger, then shrunk: smooth edges without drawing any."""
PREFIX = "tablee_"
NAME = re.compile(r"\w{2,32}", re.ASCII)
"""The names Discord accepts for an emoji."""

SEATS = tuple(sorted(kit.SEAT_COLOURS))
"""The seats with a colour and a shape of their own (1-6)."""
DICE = (1, 2, 3, 4, 5, 6)
CARD_COLOUR_LETTERS: dict[str, str] = {str(word): letter for letter, word in CARD_LETTERS.items()}
"""Master Islands' card colours by their English word ("blue" -> "B"): the only game whose cards
have colours (Le Maître des Mers' ships are told apart by family and masts)."""


def seat_name(seat: int) -> str:
    return f"{PREFIX}seat{seat}"


def die_name(value: int) -> str:
    return f"{PREFIX}die{value}"


def card_name(colour: str) -> str:
    return f"{PREFIX}card_{colour}"


def _drawn(paint: Callable[[ImageDraw.ImageDraw, float], None]) -> bytes:
    """A PNG of what ``paint(draw, side)`` draws on a transparent square ``side`` wide (each
    is drawn once per process: the callers cache it)."""
    side = SIZE * SCALE
    image = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    paint(ImageDraw.Draw(image), side)
    out = io.BytesIO()
    image.resize((SIZE, SIZE), Image.Resampling.LANCZOS).save(out, format="PNG", compress_level=9)
    return out.getvalue()


WIDE = {"triangle": 1.34, "star": 1.36}
"""How far (in radii) the shapes wider than tall reach left and right of their centre."""


@cache
def seat_png(seat: int) -> bytes:
    """The seat's mark: its colour, its shape and its number, as on every board."""

    shape = kit.seat_shape(seat)
    up, down = kit.SHAPE_REACH[shape]
    halo = 1.5 / 7  # kit.mark's white ring, in radii
    r = SIZE * SCALE * 0.48 / (max(up, down, WIDE.get(shape, 0)) + halo)  # as big as it fits

    def paint(draw: ImageDraw.ImageDraw, side: float) -> None:
        kit.seat_mark(draw, (side / 2, side / 2 + (up - down) * r / 2), r, seat, halo=kit.WHITE)

    return _drawn(paint)


@cache
def die_png(value: int) -> bytes:
    """The die face showing ``value``: white, a dark edge, the pips of the boards' dice
    (:data:`render.maitre_des_mers.cards.PIPS`) bigger, so that they read at 22 px."""

    def paint(draw: ImageDraw.ImageDraw, side: float) -> None:
        rim = side * 0.04
        draw.rounded_rectangle((rim, rim, side - rim, side - rim), radius=side * 0.2,
                               fill=kit.WHITE)
        x0 = side * 0.08
        inner = side - 2 * x0
        draw.rounded_rectangle((x0, x0, side - x0, side - x0), radius=side * 0.15,
                               fill=kit.WHITE, outline=kit.INK, width=round(side * 0.05))
        step, pip = inner / 4, side * 0.075
        for col, row in PIPS[value]:
            cx, cy = x0 + step * (col + 1), x0 + step * (row + 1)
            draw.ellipse((cx - pip, cy - pip, cx + pip, cy + pip), fill=kit.INK)

    return _drawn(paint)


@cache
def card_png(colour: str) -> bytes:
    """A card of ``colour`` ("blue"), its letter on it ("B"): never the colour alone."""
    letter = CARD_COLOUR_LETTERS[colour]
    fill = CARD_COLOURS[letter]

    def paint(draw: ImageDraw.ImageDraw, side: float) -> None:
        w, h = side * 0.66, side * 0.92
        x0, y0 = (side - w) / 2, (side - h) / 2
        rim = side * 0.035
        draw.rounded_rectangle((x0 - rim, y0 - rim, x0 + w + rim, y0 + h + rim),
                               radius=side * 0.12, fill=kit.WHITE)
        draw.rounded_rectangle((x0, y0, x0 + w, y0 + h), radius=side * 0.09, fill=fill,
                               outline=kit.INK, width=round(side * 0.04))
        kit.text(draw, (side / 2, side / 2), letter, round(side * 0.6), kit.ink_on(fill), "mm",
                 bold=True)

    return _drawn(paint)


def images() -> dict[str, bytes]:
    """Every application emoji, name -> PNG, in a steady order: seats, dice, card colours."""
    out = {seat_name(s): seat_png(s) for s in SEATS}
    out |= {die_name(v): die_png(v) for v in DICE}
    out |= {card_name(c): card_png(c) for c in CARD_COLOUR_LETTERS}
    return out


def names() -> list[str]:
    """The names of :func:`images`, without drawing them."""
    return ([seat_name(s) for s in SEATS] + [die_name(v) for v in DICE]
            + [card_name(c) for c in CARD_COLOUR_LETTERS])
