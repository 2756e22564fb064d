"""Computer players: they play legal moves, the greedy one follows its documented preferences."""

from __future__ import annotations

import random

from games.master_islands.bots import corsair_plan, crew_gain, greedy_bot
from tests.games.master_islands.test_support import GAME, at_conquest, laid_out, new, play


def test_greedy_takes_the_largest_alignment() -> None:
    cards = {(0, 0): "Y5", (0, 2): "B5", (1, 2): "G5", (0, 4): "R4", (1, 4): "Y4", (2, 4): "B2"}
    state = at_conquest(new(), cards)
    assert greedy_bot(GAME, state, 1, random.Random(0)) == "take 0,4 1,4 2,4"


def test_greedy_plays_the_bonus_discovery_and_seeks_bonuses() -> None:
    state = new(2, [["Y1", "B2", "G3"], ["B1", "G2", "R3"]])
    move = greedy_bot(GAME, state, 1, random.Random(0))
    assert move.startswith("place Y1")  # matches the Y5 start card under its galleons
    state, _ = play(state, "place Y1 1,0", "sail 1 E")
    assert greedy_bot(GAME, state, 1, random.Random(0)) == "again"


def test_greedy_corsair_blocks_an_alignment() -> None:
    cards = {(0, 0): "Y1", (1, 0): "B5", (2, 0): "G4", (3, 0): "R1"}  # 5 + 4 + 1 on row 0
    state = new(3, [["B1", "G2", "R3"]] * 2, mode="corsair")
    state = laid_out(state, cards, galleons={1: [(0, 0)], 2: [(0, 0)], 3: [(0, 0), (0, 0)]})
    state, _ = play(state, "place R3 0,1", "sail 1 S", "place B1 0,-1", "sail 1 N")
    assert GAME.to_move(state) == [3]
    assert greedy_bot(GAME, state, 3, random.Random(0)) in ("sail 1 E", "sail 2 E")


def test_crew_gain_adds_the_largest_disjoint_alignments_one_per_crew_player() -> None:
    big = ((0, 0), (1, 0), (2, 0))
    overlapping = ((2, 0), (3, 0))
    apart = ((0, 5), (1, 5))
    alignments = [overlapping, big, apart]
    assert crew_gain(alignments, set(), 2) == 5  # 3 + 2: the overlapping one cannot follow
    assert crew_gain(alignments, set(), 1) == 3
    assert crew_gain(alignments, {(1, 0)}, 2) == 4  # the big one broken: 2 + 2
    assert crew_gain(alignments, {(1, 0), (0, 5)}, 3) == 2


def test_corsair_plan_sits_where_it_breaks_the_most_cards() -> None:
    # the crew's galleons hold 3,0; free alignments: row 0 (1 + 5 + 4) and column 0 (5 + 5)
    cards = {(0, 0): "Y1", (1, 0): "B5", (2, 0): "G4", (3, 0): "R1", (0, 1): "B5", (0, 2): "G5"}
    state = new(3, [["B1", "G2", "R3"]] * 2, mode="corsair")
    state = laid_out(state, cards, galleons={1: [(3, 0)], 2: [(3, 0)], 3: [(0, 0), (0, 0)]})
    view = GAME.view(state, 3)
    a, b = corsair_plan(view | {"moves_left": 4}, 3)
    stops = {a, b}
    assert stops & {(0, 0), (1, 0), (2, 0)} and stops & {(0, 1), (0, 2)}  # both broken


def test_bots_only_play_legal_moves_to_the_end() -> None:
    for level in ("easy", "medium"):
        for players, options in ((3, {}), (4, {"mode": "coop"}), (3, {"mode": "corsair"})):
            rng = random.Random(1)
            state = GAME.new(players, options, 3)
            for _ in range(3000):
                if not GAME.to_move(state):
                    break
                seat = GAME.to_move(state)[0]
                move = GAME.bots[level](GAME, state, seat, rng)
                assert move in GAME.legal(state, seat)
                state, _ = GAME.apply(state, seat, move)
            assert GAME.result(state).finished
