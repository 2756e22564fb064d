"""Move notation: canonical round-trip, people's spellings, clear refusals, and a fuzz of
parse/apply that never raises anything but IllegalMove."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import IllegalMove
from tests.games.maitre_des_mers.test_support import GAME, new, play, with_fleets


@pytest.mark.parametrize(("typed", "canonical"), [
    ("arm G11", "arm G11"), ("ARM g11", "arm G11"), ("  arm   c7 ", "arm C7"),
    ("hunt", "hunt"), ("Buy", "buy"),
    ("attack C7 2:F9", "attack C7 2:F9"), ("attack c7 2 f9", "attack C7 2:F9"),
    ("attack c7 2 : f9", "attack C7 2:F9"),
    ("place 6 5", "place 5 6"), ("place 6,5,4", "place 4 5 6"), ("PLACE 1", "place 1"),
    ("discard 1", "discard 1"), ("set aside 3", "discard 3"), ("aside 2", "discard 2"),
    ("use +1 3", "use +1 3"), ("use FLIP 2", "use flip 2"), ("use reroll 1", "use reroll 1"),
    ("use -1 4", "use -1 4"), ("use −1 4", "use -1 4"),
    ("stow f9", "stow F9"), ("loot C8", "loot C8"), ("noloot", "noloot"), ("no loot", "noloot"),
])
def test_people_spellings_parse_to_canonical(typed: str, canonical: str) -> None:
    assert GAME.parse(typed) == canonical
    assert GAME.parse(canonical) == canonical


@pytest.mark.parametrize(("typed", "words"), [
    ("", "Empty move"), ("fly", "Unknown move"), ("arm", "arm <ship>"), ("arm X9", "not a ship"),
    ("arm C12", "not a ship"), ("hunt now", "takes nothing"), ("place", "place <die>"),
    ("place 7", "not a die value"), ("discard 1 2", "one die at a time"),
    ("use +2 3", "not a power"), ("use flip", "use <flip"), ("attack C7", "attack <your ship>"),
    ("attack C7 9:F9", "not a seat"), ("place 1 1 1 1 1 1 1 1 1", "never takes more"),
])
def test_unreadable_moves_are_refused_with_a_sentence(typed: str, words: str) -> None:
    with pytest.raises(IllegalMove, match=words):
        GAME.parse(typed)


def test_every_legal_move_round_trips_along_random_games() -> None:
    rng = random.Random(3)
    for seed in range(20):
        state = GAME.new(2 + seed % 5, {}, seed)
        for _ in range(300):
            movers = GAME.to_move(state)
            if not movers:
                break
            legal = GAME.legal(state, movers[0])
            for move in legal:
                assert GAME.parse(move) == move
                assert GAME.parse(move.upper()) == move
            state, _ = GAME.apply(state, movers[0], rng.choice(legal))


def test_refusals_name_the_reason() -> None:
    state = new()
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.apply(state, 2, "arm C7")
    with pytest.raises(IllegalMove, match="not in the port"):
        GAME.apply(state, 1, "arm G12")
    st, _ = play(new(dice=[6, 5, 4, 1, 1]), "arm C7")
    with pytest.raises(IllegalMove, match="did not roll a 2"):
        GAME.apply(st, 1, "place 2")
    with pytest.raises(IllegalMove, match="place at least one"):
        GAME.apply(st, 1, "discard 1")
    with pytest.raises(IllegalMove, match="no goods card"):
        GAME.apply(st, 1, "use flip 1")
    attacker = with_fleets(new(), {1: [("C7", None)], 2: [("F9", None)]})
    with pytest.raises(IllegalMove, match="not in your fleet"):
        GAME.apply(attacker, 1, "attack F9 2:C7")
    with pytest.raises(IllegalMove, match="no Galion 12"):
        GAME.apply(attacker, 1, "attack C7 2:G12")
    with pytest.raises(IllegalMove, match="no seat 3"):
        GAME.apply(attacker, 1, "attack C7 3:F9")


TOKENS = ["arm", "hunt", "buy", "attack", "place", "discard", "use", "stow", "loot", "noloot",
          "C7", "G11", "F9", "c8", "2:F9", "1:C7", "+1", "-1", "flip", "reroll", "1", "3", "6",
          "7", "0", ":", "x", ""]


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 50), steps=st.integers(0, 40),
       words=st.lists(st.sampled_from(TOKENS), max_size=5), seat=st.integers(-1, 7),
       junk=st.text(max_size=12))
def test_fuzz_parse_and_apply_raise_only_illegal_move(seed, steps, words, seat, junk) -> None:
    rng = random.Random(seed)
    state = GAME.new(2 + seed % 5, {}, seed)
    for _ in range(steps):
        movers = GAME.to_move(state)
        if not movers:
            break
        state, _ = GAME.apply(state, movers[0], rng.choice(GAME.legal(state, movers[0])))
    for text in (" ".join(words), junk, " ".join(words) + junk):
        try:
            GAME.parse(text)
        except IllegalMove:
            pass
        try:
            new_state, _ = GAME.apply(state, seat, text)
        except IllegalMove as exc:
            assert str(exc).strip()
        else:
            assert GAME.parse(text) in GAME.legal(state, seat)
