"""Move notation: canonical forms, round-trips, and a fuzz of parse/apply (Isis & Osiris)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import IllegalMove
from games.isis_osiris.tiles import CELLS
from tests.games.isis_osiris.test_support import GAME, new


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [("pawn c4", "pawn C4"), ("  PAWN   a1 ", "pawn A1"), ("Reveal", "reveal"), ("tile f6", "tile F6")],
)
def test_parse_canonical(typed: str, canonical: str) -> None:
    assert GAME.parse(typed) == canonical


@pytest.mark.parametrize("bad", ["", "pawn", "pawn C4 D5", "reveal A1", "tile", "move C4", "pawn 4C", "tile G2"])
def test_parse_rejects_with_a_sentence(bad: str) -> None:
    with pytest.raises(IllegalMove) as info:
        GAME.parse(bad)
    assert str(info.value).endswith((".", ")"))


def test_legal_moves_round_trip_and_are_sorted() -> None:
    rng = random.Random(0)
    state = new(3, seed=11)
    while GAME.to_move(state):
        seat = GAME.to_move(state)[0]
        legal = GAME.legal(state, seat)
        assert legal == sorted(legal)
        for move in legal:
            assert GAME.parse(move) == move
            assert GAME.parse(move.lower()) == move
        state, _ = GAME.apply(state, seat, rng.choice(legal))


def test_every_cell_round_trips() -> None:
    for cell in CELLS:
        for verb in ("pawn", "tile"):
            assert GAME.parse(f"{verb} {cell.lower()}") == f"{verb} {cell}"


@settings(max_examples=300, deadline=None)
@given(
    text=st.one_of(
        st.text(max_size=12),
        st.tuples(st.sampled_from(["pawn", "tile", "reveal", "PAWN", "x"]), st.text(max_size=4)).map(" ".join),
    ),
    prefix=st.lists(st.integers(0, 10_000), max_size=12),
    seat=st.integers(-1, 5),
)
def test_fuzz_parse_and_apply_only_raise_illegal_move(text: str, prefix: list[int], seat: int) -> None:
    state = new(3, seed=3)
    for k in prefix:
        mover = GAME.to_move(state)[0]
        legal = GAME.legal(state, mover)
        state, _ = GAME.apply(state, mover, legal[k % len(legal)])
    try:
        GAME.parse(text)
    except IllegalMove:
        pass
    try:
        new_state, _ = GAME.apply(state, seat, text)
    except IllegalMove:
        return
    assert GAME.parse(text) in GAME.legal(state, seat) and new_state is not state
