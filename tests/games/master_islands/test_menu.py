"""The ``take`` menu (QA item 3): every alignment label is unique, readable and fits a select."""

from __future__ import annotations

import random

import pytest

from games import move_text
from games.master_islands.menu import MAX_LABEL, alignment_label
from tests.games.master_islands.test_support import GAME, at_conquest, new


def _labels(state: dict, seat: int) -> list[str]:
    view = GAME.view(state, seat)
    return [GAME.menu_path(view, m)[-1].label for m in GAME.legal(state, seat) if m.startswith("take")]


@pytest.mark.parametrize("seed", range(6))
def test_take_labels_are_unique_when_nobody_takes(seed: int) -> None:
    """Players who always pass grow big maps with many alignments: the worst case for menus."""
    rng = random.Random(seed)
    state = GAME.new(2 + seed % 3, {}, seed)
    most = 0
    while GAME.to_move(state):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal(state, seat)
        labels = _labels(state, seat)
        assert len(set(labels)) == len(labels)
        assert all(len(label) <= MAX_LABEL for label in labels)
        most = max(most, len(labels))
        view = GAME.view(state, seat)
        assert all(move_text(GAME.menu_path(view, m)) == m for m in legal)
        state, _ = GAME.apply(state, seat, rng.choice([m for m in legal if m[:4] != "take"]))
    assert most > 1  # the check above saw menus with several alignments


def test_label_names_cards_positions_and_line() -> None:
    cells = {(-3, 0): "R5", (-1, 0): "B4", (1, 0): "G1", (0, 0): "Y1"}
    assert alignment_label(cells, [(1, 0), (-3, 0), (-1, 0)]) == "R5 (-3,0) + B4 (-1,0) + G1 (1,0) · row 0"
    assert alignment_label(cells, [(-3, 0), (-1, 0), (0, 0)]) != alignment_label(cells, [(-3, 0), (-1, 0), (1, 0)])


def test_a_long_alignment_is_shortened_not_clipped() -> None:
    """Ten value-1 cards far from the start: the full form would pass Discord's 100 characters."""
    positions = [(-40 + 3 * i, -33) for i in range(10)]
    cells = {p: "Y1" for p in positions}
    text = alignment_label(cells, positions)
    assert text == "row -33 · x: " + ", ".join(f"Y1 {x}" for x in range(-40, -12, 3))
    diagonal = [(-12 + i, -12 + i) for i in range(10)]
    text = alignment_label({p: "B1" for p in diagonal}, diagonal)
    assert len(text) <= MAX_LABEL and text.startswith("diagonal ↘ through 0,0 · x: B1 -12, B1 -11")


def test_describe_a_take_in_one_phrase() -> None:
    state = at_conquest(new(), {(0, 0): "Y5", (1, 2): "B5", (2, 2): "G4", (4, 2): "Y1"})
    view = GAME.view(state, 1)
    assert GAME.describe(view, "take 1,2 2,2 4,2") == "Take B5 (1,2) + G4 (2,2) + Y1 (4,2) · row 2"
    assert GAME.describe(view, "sail 2 W") == "Sail galleon 2 west"
    assert GAME.describe(view, "pass") == "Take nothing"
