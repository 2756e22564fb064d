"""The hard corsair (MI-K2..K5): how it judges a position, and that its search blocks."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from games.master_islands import levels
from games.master_islands.bots import corsair_step
from games.master_islands.corsair import crew_chance, crew_logit
from games.master_islands.levels import candidates, hard_bot
from tests.games.master_islands.test_support import GAME, laid_out, new, play

ROW = {(0, 0): "Y1", (1, 0): "B5", (2, 0): "G4", (3, 0): "R1"}  # 5 + 4 + 1 on row 0


def at_corsair_moves() -> dict[str, Any]:
    """Round 1 of 7, the corsair (seat 3) to move; 5 + 4 + 1 lies free on row 0."""
    state = new(3, [["B1", "G2", "R3"]] * 2, mode="corsair")
    state = laid_out(state, ROW, galleons={1: [(0, 0)], 2: [(0, 0)], 3: [(0, 0), (0, 0)]})
    state, _ = play(state, "place R3 0,1", "sail 1 S", "place B1 0,-1", "sail 1 N")
    assert GAME.to_move(state) == [3] and state["phase"] == "corsair"
    return state


def changed(state: dict[str, Any], **parts: Any) -> dict[str, Any]:
    st = dict(state)
    st.update(parts)
    return st


def test_mi_k2_crew_chance_grows_with_cards_rounds_left_and_open_alignments() -> None:
    start = laid_out(new(3, [["B1", "G2", "R3"]] * 2, mode="corsair"), {(0, 0): "Y1"},
                     galleons={3: [(0, 0), (0, 0)]})
    base = crew_logit(start)
    assert crew_logit(changed(start, collected=[["B5", "G5", "R5"], [], []])) > base
    assert crew_logit(changed(start, round=4)) < base  # 4 rounds left instead of 7
    open_row = laid_out(start, ROW, galleons={1: [(0, 0)], 2: [(0, 0)]})
    assert crew_logit(open_row) > crew_logit(laid_out(start, ROW, galleons={1: [(1, 0)]}))


def test_mi_k3_crew_chance_plays_the_round_out_so_a_block_counts() -> None:
    state = at_corsair_moves()
    on_row, _ = play(changed(state, galleons=[[[0, 1]], [[0, -1]], [[1, 0], [0, 0]]]), "done")
    away, _ = play(state, "done")
    assert crew_chance(GAME, on_row) < crew_chance(GAME, away)


def test_hard_corsair_searches_the_medium_step_first_and_blocks() -> None:
    state = at_corsair_moves()
    view = GAME.view(state, 3)
    legal = GAME.legal(state, 3)
    assert candidates(GAME, state, 3, legal, random.Random(0))[0] == corsair_step(view, 3)
    last_step = changed(state, moves_left=1)
    assert hard_bot(GAME, last_step, 3, random.Random(0)) in ("sail 1 E", "sail 2 E")


def corsair_turns(players: int, seed: int, limit: int) -> list[dict[str, Any]]:
    """Positions where the corsair is about to move, from a game between random players."""
    rng = random.Random(seed)
    state = GAME.new(players, {"mode": "corsair", "difficulty": "easy"}, seed)
    out = []
    while (movers := GAME.to_move(state)) and len(out) < limit:
        if state["phase"] == "corsair" and rng.random() < 0.5:
            out.append(state)
        state, _ = GAME.apply(state, movers[0], GAME.bots["easy"](GAME, state, movers[0], rng))
    return out


def test_hard_corsair_plays_legal_moves_from_its_own_view_only(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    small = {n: dataclasses.replace(k, playouts=12) for n, k in levels.CORSAIR_KNOBS.items()}
    monkeypatch.setattr(levels, "CORSAIR_KNOBS", small)
    positions = corsair_turns(3, 2, 3) + corsair_turns(4, 5, 3)
    assert len(positions) == 6
    for state in positions:
        seat = state["current"]
        move = hard_bot(GAME, state, seat, random.Random(4))
        assert move in GAME.legal(state, seat)
        other = GAME.determinize(state, seat, random.Random(99))
        assert other["pile"] != state["pile"] and GAME.view(other, seat) == GAME.view(state, seat)
        assert hard_bot(GAME, other, seat, random.Random(4)) == move
