"""Notation: canonical spellings, round-trips, and fuzzing parse/apply with random text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import IllegalMove
from tests.games.master_islands.test_support import GAME, at_conquest, new

CANONICAL = [
    "place B4 1,0",
    "place Y1 -3,12",
    "sail 2 W",
    "sail 1 N",
    "again",
    "stop",
    "pass",
    "done",
    "take -1,2 0,1 2,-1",
]


@pytest.mark.parametrize("move", CANONICAL)
def test_canonical_moves_round_trip(move: str) -> None:
    assert GAME.parse(move) == move
    assert GAME.parse(GAME.parse(move)) == move


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("place b4 1,0", "place B4 1,0"),
        ("  PLACE  g2   0,-1 ", "place G2 0,-1"),
        ("place B4 1, 0", "place B4 1,0"),
        ("sail 2 w", "sail 2 W"),
        ("sail 1 north", "sail 1 N"),
        ("Again", "again"),
        ("take 3,2 1,0 2,1", "take 1,0 2,1 3,2"),
        ("take 0,1 -1,2", "take -1,2 0,1"),
    ],
)
def test_spellings_are_canonicalised(typed: str, canonical: str) -> None:
    assert GAME.parse(typed) == canonical


@pytest.mark.parametrize(
    "bad",
    ["", "place", "place B6 1,0", "place X1 1,0", "place B4", "place B4 1", "place B4 a,b",
     "sail 3 N", "sail 1 NE", "sail", "take", "take 1,0 1,0", "again now", "jump 1,0", "place B4 1,0,2",
     "place B² 1,0", "place B4 1_0,0", "place B4 ١,0", "take 99999999,0 1,0"],
)
def test_bad_notation_is_refused_with_a_sentence(bad: str) -> None:
    with pytest.raises(IllegalMove) as info:
        GAME.parse(bad)
    assert len(str(info.value)) > 10 and str(info.value).endswith(".")


def test_every_legal_move_is_canonical() -> None:
    state = at_conquest(new(), {(0, 0): "Y5", (1, 1): "B5", (3, 3): "G5", (0, 1): "R3"})
    for move in GAME.legal(state, 1) + GAME.legal(new(), 1):
        assert GAME.parse(move) == move


STATES = [new(), at_conquest(new(), {(0, 0): "Y5", (0, 1): "B5", (0, 2): "G5"})]
WORDS = st.sampled_from(["place", "sail", "take", "again", "stop", "pass", "done", "B4", "Y1",
                         "1,0", "0,-1", "N", "W", "1", "2", "-", ",", "x"])


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(max_size=40), st.lists(WORDS, max_size=6).map(" ".join)),
       which=st.integers(0, 1), seat=st.integers(-1, 5))
def test_fuzz_parse_and_apply_only_refuse_cleanly(text: str, which: int, seat: int) -> None:
    state = STATES[which]
    try:
        GAME.parse(text)
    except IllegalMove:
        pass
    try:
        new_state, events = GAME.apply(state, seat, text)
    except IllegalMove:
        return
    assert seat == GAME.to_move(state)[0]
    assert GAME.parse(text) in GAME.legal(state, seat)
