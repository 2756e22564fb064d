"""Move notation: canonical texts, people's spellings, refusals, and a fuzz of parse/apply."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st_

from games import IllegalMove
from tests.games.ile_des_contrebandiers.test_support import GAME, arrange, new, play


@pytest.mark.parametrize(("typed", "canonical"), [
    ("start h3", "start H3"), ("START H0", "start H0"), ("turn clockwise", "turn cw"),
    ("turn counter-clockwise", "turn ccw"), ("turn CCW", "turn ccw"), ("drop 2C", "drop 2c"),
    ("sail 3B 3c h1", "sail 3b 3c H1"), ("sail 3b,3c,H1", "sail 3b 3c H1"),
    ("sail 3b-3c-H1", "sail 3b 3c H1"), ("sail 3b → 3c", "sail 3b 3c"), ("move 2a", "sail 2a"),
    ("push 2d", "push 2d"), ("swap", "swap"), ("load", "load"), ("stay", "stay"),
    ("pass", "stay"),
])
def test_parse_reads_peoples_spellings(typed: str, canonical: str) -> None:
    assert GAME.parse(typed) == canonical
    assert GAME.parse(canonical) == canonical


@pytest.mark.parametrize(("typed", "why"), [
    ("", "Empty"), ("fly 2c", "Unknown move"), ("start 3c", "harbour"), ("start", "start H3"),
    ("turn up", "turn cw"), ("drop H1", "harbour"), ("drop 4a", "not a space"),
    ("sail", "stay"), ("sail 2k", "not a space"), ("push", "push <space>"),
    ("load 2c", "takes nothing"), ("sail " + "2a 2b " * 7, "far longer"),
])
def test_parse_refuses_with_a_sentence(typed: str, why: str) -> None:
    with pytest.raises(IllegalMove, match=why):
        GAME.parse(typed)


def test_every_legal_move_round_trips() -> None:
    rng = random.Random(3)
    state = GAME.new(4, {"reefs": 2}, 3)
    for _ in range(400):
        movers = GAME.to_move(state)
        if not movers:
            break
        legal = GAME.legal(state, movers[0])
        for move in legal:
            assert GAME.parse(move) == move and GAME.parse(move.upper()) == move
        state, _ = GAME.apply(state, movers[0], rng.choice(legal))


def test_any_valid_typed_path_is_accepted_and_made_canonical() -> None:
    st = arrange(new(3), {1: ("3c", None), 2: ("H0", None), 3: ("H0", None)}, white=4, beam=8)
    legal = GAME.legal(st, 1)
    assert "sail 2c 1c" in legal
    for typed in ("sail 3b 2b 2c 1c", "sail 3d 2d 1d 1c", "sail 2c 2d 1d 1c", "sail 3d 3c 2c 1c"):
        done, _ = play(st, typed)
        assert done["last_move"]["move"] == "sail 2c 1c" and done["path"] == ["2c", "1c"]
    with pytest.raises(IllegalMove, match="too long"):
        play(st, "sail 3b 2b 2c 2d 1d")


SPACE = st_.sampled_from(["1a", "2c", "3c", "3f", "2j", "H0", "H1", "h4", "3B", "9z", ""])
TEXT = st_.one_of(
    st_.text(max_size=20),
    st_.builds(lambda v, a: f"{v} {' '.join(a)}",
               st_.sampled_from(["start", "turn", "drop", "sail", "push", "swap", "load", "stay",
                                 "move", "pass"]),
               st_.lists(st_.one_of(SPACE, st_.sampled_from(["cw", "ccw", "left"])), max_size=5)),
)


@settings(max_examples=300, deadline=None)
@given(TEXT, st_.integers(min_value=0, max_value=4))
def test_fuzz_parse_and_apply_refuse_cleanly(text: str, which: int) -> None:
    states = [new(2), play(new(2, [("any2", 3)]), "start H1", "start H2")[0],
              arrange(new(3), {1: ("3c", "1:1"), 2: ("2c", None)}, {"3d": "0:1"}, white=3, beam=8),
              play(arrange(new(3), {1: ("3b", None), 2: ("3c", None)}, beam=8), "sail 3c")[0],
              play(arrange(new(2, [("cw2", 1)], beam=0), {1: ("H0", None), 2: ("2c", "4:2")}),
                   "stay")[0]]
    state = states[which]
    seat = GAME.to_move(state)[0]
    try:
        canonical = GAME.parse(text)
    except IllegalMove as exc:
        assert str(exc)
        return
    assert GAME.parse(canonical) == canonical
    try:
        after, events = GAME.apply(state, seat, text)
    except IllegalMove as exc:
        assert str(exc) and canonical not in GAME.legal(state, seat)
        return
    assert events and after["last_move"]["move"] in GAME.legal(state, seat)
