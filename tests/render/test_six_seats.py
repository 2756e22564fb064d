"""Seats 1-6 each have their own colour, shape AND number (never colour alone), and a toy
renderer built only on the kit draws all six; the marks differ pairwise in colour and in shape."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from render import kit

SEATS = range(1, 7)


def toy_board(view: dict[str, Any]) -> Image.Image:
    """A tiny renderer for any game: one row per seat, its mark and its full name."""
    seats = view["seats"]
    image, draw = kit.new_canvas(400, 60 * len(seats))
    for k, s in enumerate(seats):
        kit.seat_mark(draw, (40, 30 + 60 * k), 20, s["seat"])
        kit.text(draw, (80, 30 + 60 * k), kit.seat_name(view, s["seat"]), 20, kit.INK, "lm")
    return kit.trim(image)


def _shape_mask(seat: int) -> Image.Image:
    """The binarised silhouette of a seat's mark (colour and number left out)."""
    image = Image.new("RGB", (80, 80), kit.BLACK)
    kit.mark(ImageDraw.Draw(image), (40, 40), 20, kit.seat_shape(seat), kit.WHITE,
             outline=kit.WHITE)
    return image.convert("L").point(lambda v: 255 if v > 127 else 0)


def _overlap(a: Image.Image, b: Image.Image) -> float:
    """Intersection over union of two silhouettes."""
    inter = ImageChops.logical_and(a.convert("1"), b.convert("1")).histogram()[-1]
    union = ImageChops.logical_or(a.convert("1"), b.convert("1")).histogram()[-1]
    return inter / union


def test_six_seats_have_a_colour_a_shape_and_a_name() -> None:
    assert set(kit.SEAT_COLOURS) == set(kit.SEAT_SHAPES) == set(kit.SEAT_COLOUR_NAMES) == set(SEATS)
    assert len(set(kit.SEAT_COLOURS.values())) == 6
    assert len(set(kit.SEAT_SHAPES.values())) == 6
    assert len(set(kit.SEAT_COLOUR_NAMES.values())) == 6


def test_six_marks_differ_pairwise_in_shape() -> None:
    masks = {seat: _shape_mask(seat) for seat in SEATS}
    for a, b in combinations(SEATS, 2):
        assert _overlap(masks[a], masks[b]) < 0.85, (kit.seat_shape(a), kit.seat_shape(b))


def test_six_marks_differ_pairwise_in_colour() -> None:
    for a, b in combinations(SEATS, 2):
        ca, cb = kit.seat_colour(a), kit.seat_colour(b)
        assert sum(abs(x - y) for x, y in zip(ca, cb, strict=True)) > 60, (a, b)


def test_numbers_read_on_every_seat_colour() -> None:
    """The number on each mark is black or white, whichever contrasts more (WCAG >= 4.5)."""

    def lum(c: kit.RGB) -> float:
        def lin(v: int) -> float:
            s = v / 255
            return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
        return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])

    for seat in SEATS:
        fill, ink = kit.seat_colour(seat), kit.ink_on(kit.seat_colour(seat))
        hi, lo = sorted((lum(fill), lum(ink)), reverse=True)
        assert (hi + 0.05) / (lo + 0.05) >= 4.5, seat


def test_toy_renderer_draws_six_distinct_marks() -> None:
    view = {"seats": [{"seat": s, "name": f"Player {s}"} for s in SEATS]}
    with kit.recording_text_sizes() as sizes:
        image = toy_board(view)
    crops = []
    for k in range(6):  # the mark of row k, its colour present, every row different
        crop = image.crop((0, 60 * k, 70, 60 * k + 60))
        assert kit.seat_colour(k + 1) in {c for _, c in crop.getcolors(10_000)}
        crops.append(crop.tobytes())
    assert len(set(crops)) == 6
    assert min(sizes) * kit.PHONE_WIDTH / image.width >= kit.MIN_READABLE
