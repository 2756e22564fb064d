"""The post-game analysis chart (issue 28 part 1): one line per seat in its colour with its
marks, the players named, turn numbers below, every text readable on a phone."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import kit
from render.analysis import chart, png
from tests.render.checks import empty_bands, recorded_texts

NAMES = ["Alice", "Bob", "Zoé", "Computer 4"]
CHANCES = [[0.25, 0.25, 0.25, 0.25], [0.4, 0.2, 0.3, 0.1], [0.7, 0.1, 0.1, 0.1],
           [0.2, 0.6, 0.1, 0.1], [0.0, 1.0, 0.0, 0.0]]


def test_the_chart_reads_on_a_phone_and_names_every_player(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = recorded_texts(monkeypatch)
    with kit.recording_text_sizes() as sizes:
        image = chart(NAMES, CHANCES)
    assert 900 <= image.width <= 1100
    assert min(sizes) * kit.PHONE_WIDTH / image.width >= kit.MIN_READABLE
    assert {"Alice", "Bob", "Computer 4"} <= set(texts) and any(t.startswith("Zo") for t in texts)
    assert {"0", "1", "2", "3", "4"} <= set(texts)  # the turn numbers below
    assert {"0 %", "50 %", "100 %"} <= set(texts)
    assert max(empty_bands(image)) <= kit.MARGIN


def test_each_seat_shows_its_colour_and_its_marks_shapes(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, tuple[int, int, int]]] = []
    real = kit.mark
    monkeypatch.setattr(kit, "mark", lambda d, c, r, shape, fill, *a, **k: (
        drawn.append((shape, fill)), real(d, c, r, shape, fill, *a, **k)))
    image = chart(NAMES, CHANCES)
    colours = {c for _n, c in image.getcolors(2**20) or []}
    for seat in range(1, 5):
        assert kit.seat_colour(seat) in colours
        # never colour alone: the seat's shape, in the legend and along its line
        assert drawn.count((kit.seat_shape(seat), kit.seat_colour(seat))) >= 3


def test_a_long_game_keeps_its_turn_numbers_apart_and_encodes_small() -> None:
    long = [[i / 300, 1 - i / 300] for i in range(301)]
    data = png(["Alice", "Bob"], long)
    image = Image.open(io.BytesIO(data))
    assert image.width == 1000 and len(data) < 300_000
