"""Game.undo_barrier in every game (BGA's undo rule): a move may be taken back only while its
mover is still to move and nothing was rolled, drawn or revealed. Tests are named after the rule
that makes the event; the playouts check the engines' marks against what changed in the state."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import Game, get_game
from games.base import State
from tests.games.every_game import setup_id, setups

from .ile_des_contrebandiers import test_support as ic
from .isis_osiris import test_support as io
from .maitre_des_mers import test_support as mm
from .master_islands import test_support as mi


def barrier(game: Game, state: State, move: str) -> tuple[str | None, State]:
    """The barrier of ``move`` played by the seat to move, and the state after it."""
    seat = game.to_move(state)[0]
    after, events = game.apply(state, seat, move)
    return game.undo_barrier(state, after, seat, game.parse(move), events), after


# -- Master Islands ---------------------------------------------------------------------------------
def test_mi_8_a_placement_keeps_the_turn_and_may_be_taken_back() -> None:
    state = mi.new(2)
    assert barrier(mi.GAME, state, "place B1 1,0")[0] is None


def test_mi_15_the_supply_draw_cannot_be_taken_back() -> None:
    placed = mi.play(mi.new(2), "place B1 1,0")[0]
    kind, after = barrier(mi.GAME, placed, "sail 1 E")  # no alignment: supply, next seat
    assert kind == "card" and mi.GAME.to_move(after) == [2]


def test_mi_10_another_discovery_is_the_same_turn() -> None:
    state = mi.new(2, [["Y1", "G2", "R3"], ["B1", "G2", "R3"]])
    state = mi.play(state, "place Y1 1,0", "sail 1 E")[0]  # yellow next to yellow: a bonus
    assert state["phase"] == "bonus"
    assert barrier(mi.GAME, state, "again")[0] is None


def test_mi_k3_corsair_sails_are_one_turn_until_the_last() -> None:
    state = mi.laid_out(mi.new(3, mode="corsair"), {(0, 0): "Y5", (1, 0): "B1", (2, 0): "G2"},
                        {3: [(0, 0), (0, 0)]})
    state = {**state, "phase": "corsair", "current": 3, "moves_left": 2}
    kind, after = barrier(mi.GAME, state, "sail 1 E")
    assert kind is None and after["moves_left"] == 1
    assert barrier(mi.GAME, after, "sail 1 E")[0] == "turn"  # its last move ends the phase


# -- Isis & Osiris ------------------------------------------------------------------------------------
def test_io_7_a_revealed_tile_cannot_be_taken_back() -> None:
    assert barrier(io.GAME, io.new(), "reveal")[0] == "tile"


def test_io_6_a_placement_ends_the_turn() -> None:
    assert barrier(io.GAME, io.new(), "pawn C4")[0] == "turn"
    revealed = io.play(io.new(), "reveal")[0]
    assert barrier(io.GAME, revealed, "tile D2")[0] == "turn"


def test_io_10_a_turn_that_comes_back_after_skips_is_still_over() -> None:
    state = io.new()
    state = {**state, "pawns": [3, 0], "reserves": [state["reserves"][0], []]}
    kind, after = barrier(io.GAME, state, "pawn A1")
    assert io.GAME.to_move(after) == [1] and kind == "turn"


# -- Le Maître des Mers ----------------------------------------------------------------------------------
POWERS = [("C7", "g0"), ("C8", "g1"), ("C9", "g2"), ("C10", "g3")]  # flip, +1, -1, reroll


def test_mm_10_announcing_rolls_the_dice() -> None:
    assert barrier(mm.GAME, mm.new(dice=[1, 2, 3, 4, 5]), "arm C7")[0] == "die"


def test_mm_15_a_power_that_rolls_nothing_may_be_taken_back() -> None:
    state = mm.play(mm.with_fleets(mm.new(dice=[6, 1, 1, 1, 1, 3]), {1: POWERS}), "arm G11")[0]
    kind, after = barrier(mm.GAME, state, "use flip 1")
    assert kind is None and after["turn"]["rolled"] == [6, 6, 1, 1, 1]
    assert barrier(mm.GAME, state, "use reroll 1")[0] == "die"


def test_mm_10_placing_rolls_the_rest() -> None:
    state = mm.play(mm.new(dice=[6, 5, 1, 1, 1]), "arm C7")[0]
    assert barrier(mm.GAME, state, "place 5 6")[0] == "die"


def test_mm_16_a_fight_rolls_dice() -> None:
    state = mm.with_fleets(mm.new(dice=[3, 3]), {1: [("C7", None)], 2: [("F9", None)]})
    assert barrier(mm.GAME, state, "attack C7 2:F9")[0] == "die"


def test_mm_11_a_ship_from_the_pile_is_a_revealed_card() -> None:
    state = mm.play(mm.new(dice=[6, 5, 4, 3, 4]), "arm C7")[0]
    assert barrier(mm.GAME, state, "place 3 4 4 5 6")[0] == "card"


# -- L'île des contrebandiers ----------------------------------------------------------------------------
def test_ic_8_the_roll_that_starts_a_turn_cannot_be_taken_back() -> None:
    empty = ic.new(2, [("sleep", 2)], goods=[["1:1"], [], [], [], []])  # nothing to take at H1
    state = ic.play(empty, "start H1")[0]
    assert barrier(ic.GAME, state, "start H0")[0] == "die"
    full = ic.play(ic.new(2, [("sleep", 2)]), "start H1")[0]
    assert barrier(ic.GAME, full, "start H0")[0] == "tile"  # IC-7: the tile is taken first


def test_ic_s1_placing_a_boat_passes_the_turn() -> None:
    assert barrier(ic.GAME, ic.new(2), "start H1")[0] == "turn"


def test_ic_17_turning_the_beam_either_way_may_be_taken_back() -> None:
    state = ic.arrange(ic.new(2, [("any2", 1)], beam=0), {1: ("2g", None), 2: ("H0", None)})
    state = ic.play(state, "stay")[0]
    assert barrier(ic.GAME, state, "turn cw")[0] is None


def test_ic_13_sailing_onto_a_tile_may_be_taken_back_loading_it_not() -> None:
    state = ic.arrange(ic.new(3), {1: ("3c", None), 2: ("H0", None), 3: ("H0", None)},
                       {"3d": "0:3"}, white=3, beam=8)
    kind, after = barrier(ic.GAME, state, "sail 3d")
    assert kind is None and after["turn"]["stage"] == "load"
    assert barrier(ic.GAME, after, "load")[0] == "tile"


def test_ic_14_a_tile_shown_in_harbour_cannot_be_taken_back() -> None:
    state = ic.arrange(ic.new(2), {1: ("3a", "4:1"), 2: ("H3", None)}, white=2, beam=5)
    assert barrier(ic.GAME, state, "sail H0")[0] == "tile"


def test_ic_10_dropping_a_caught_tile_keeps_the_turn() -> None:
    state = ic.arrange(ic.new(4, [("cw3", 2)], beam=0), {1: ("2b", "0:1"), 2: ("H0", None),
                                                         3: ("3b", "0:2"), 4: ("1b", "0:3")}, seat=2)
    state = ic.play(state, "stay")[0]
    assert barrier(ic.GAME, state, "drop 2b")[0] is None


# -- every move of random games: the marks match what changed --------------------------------------------
def foreseen(game: Game, before: State, after: State, seat: int, move: str, seed: int) -> bool:
    """Whether ``seat`` could foresee what ``move`` shows: played on a state dealt again from
    its own view (:meth:`Game.determinize`), it gives the same view to the seat and to a
    spectator. A move that rolled, drew or revealed anything may not."""
    other, _ = game.apply(game.determinize(before, seat, random.Random(seed)), seat, move)
    return all(game.view(other, s) == game.view(after, s) for s in (seat, None))


def hidden_changes(game_id: str, before: State, after: State) -> set[str]:
    """What a move rolled or revealed, read from the states of the four first games (independent
    of the engines' marks; :func:`foreseen` checks every game)."""
    out = set()
    if "dice_used" in before and after["dice_used"] != before["dice_used"]:
        out.add("die")
    if game_id in ("master-islands", "maitre-des-mers") and len(after["pile"]) < len(before["pile"]):
        out.add("card")  # a drawn card (MI-15) or a ship turned up into the port (MM-11)
    if game_id == "isis-osiris" and after["pending"] and not before["pending"]:
        out.add("tile")
    if game_id == "ile-des-contrebandiers":
        for old, new in zip(before["boats"], after["boats"], strict=True):
            if new["tile"] is not None and (new["tile"], new["shown"]) != (old["tile"], old["shown"]):
                out.add("tile")  # taken, loaded or shown in a harbour (IC-7, IC-13, IC-14)
        if after["delivered"] != before["delivered"]:
            out.add("tile")
    return out


CASES = setups()


@pytest.mark.parametrize(("game_id", "players", "options"), CASES,
                         ids=[setup_id(c) for c in CASES])
def test_random_games_mark_every_roll_and_reveal(game_id: str, players: int,
                                                 options: dict[str, Any]) -> None:
    game = get_game(game_id)
    undoable = played = 0
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new(players, options, seed)
        while game.to_move(state):
            seat = game.to_move(state)[0]
            move = rng.choice(game.legal(state, seat))
            after, events = game.apply(state, seat, move)
            kind = game.undo_barrier(state, after, seat, move, events)
            changed = hidden_changes(game_id, state, after)
            assert changed <= {e.get("chance") for e in events}, (move, events)
            if changed:
                assert kind is not None
            if kind is None:
                undoable += 1
                assert game.to_move(after) == [seat] and not game.result(after).finished
                assert foreseen(game, state, after, seat, move, undoable), move
            played += 1
            state = after
    assert played > 0
