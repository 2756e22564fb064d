"""Render views of real random games of every registered game's samples: every view draws, the
public board never depends on who looks (hidden parts never reach it), and the final image fits
the budget."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.catalog import renderer
from games import get_game
from render import kit
from tests.games.every_game import SAMPLES, setup_id

GAMES = [(g.id, s.players, dict(s.options), s.seed) for g, s in SAMPLES]
"""Each registered game's samples (its modes, its options that change the board)."""
EVERY = 4  # render every 4th state (and the last): all phases show up, the test stays fast
DRAWN = 20  # and about as many states of a longer game, evenly spread


def _states(game_id: str, players: int, options: dict[str, Any], seed: int) -> Iterator[Any]:
    game = get_game(game_id)
    state = game.new(players, options, seed)
    rng = random.Random(seed)
    yield state
    for _ in range(20_000):
        if not game.to_move(state):
            return
        seat = game.to_move(state)[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        yield state
    raise AssertionError("random game did not end in 20,000 moves")


@pytest.mark.parametrize(("game_id", "players", "options", "seed"), GAMES,
                         ids=[setup_id(g[:3]) for g in GAMES])
def test_every_view_of_a_random_game_renders(game_id, players, options, seed) -> None:
    game = get_game(game_id)
    draw = renderer(game_id)
    states = list(_states(game_id, players, options, seed))
    step = max(EVERY, len(states) // DRAWN)
    for k, state in enumerate(states):
        if k % step and k != len(states) - 1:
            continue
        public = draw.board(game.view(state, None)).tobytes()
        for seat in range(1, players + 1):
            seat_view = game.view(state, seat)
            assert draw.board(seat_view).tobytes() == public, f"board depends on seat {seat}"
            assert draw.hand(seat_view).width > 0
        assert draw.hand(game.view(state, None)).width > 0
    final = game.view(states[-1], None)
    assert final["result"] and final["result"]["finished"]
    data = kit.png_bytes(draw.board(final))
    assert len(data) <= 300_000
