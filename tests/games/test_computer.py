"""games.computer: the computers' moves in a row, as the bot's worker plays them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games import get_game
from games.computer import Turns, apply_text, plain, play_computers, think
from games.thinking import Deadline
from tests.games.every_game import GAMES

PLENTY = 60.0  # seconds: a run no test reaches


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_a_run_is_think_then_apply_move_after_move_until_a_person_or_a_reveal(
    game_id: str,
) -> None:
    """Seat 1 a computer, seat 2 a person: each move is the one :func:`think` chooses for its
    version from the plain state before it; the run stops at a reveal or when no computer is
    to move; a run cut to one move gives the first move alone."""
    game = get_game(game_id)
    state = plain(game.new(max(2, game.min_players), {"first": 1}, 4))
    levels = {1: "medium"}
    for version in (10, 40, 70):  # three runs, the person playing their first move between
        run = play_computers(Turns(game_id, state, levels, 4, version, chain=PLENTY))
        assert run
        before = state
        for k, played in enumerate(run):
            assert played.move == think(game_id, before, played.seat, "medium", 4, version + k,
                                        None)
            assert played == apply_text(game, before, played.seat, played.move)
            before = played.state
        assert not any(p.reveals for p in run[:-1])
        assert run[-1].reveals or not set(game.to_move(before)) & set(levels)
        assert play_computers(Turns(game_id, state, levels, 4, version)) == run[:1]
        state = before
        while game.to_move(state) and not set(game.to_move(state)) & set(levels):
            seat = game.to_move(state)[0]
            state = apply_text(game, state, seat, game.legal(state, seat)[0]).state
        if not game.to_move(state):
            break


def test_a_later_move_gets_the_same_cpu_budget_and_its_own_wall_net() -> None:
    first = Deadline(0.5, wall=100.0, wall_clock=lambda: 250.0)
    later = first.again(2.5)
    assert later == replace(first, wall=252.5) and later.cpu_seconds == 0.5
    assert Deadline(0.5).again(2.5) == Deadline(0.5)  # no net stays no net
