"""Render views of real random games from the engines: every view draws, the public board never
depends on who looks (hidden parts never reach it), and the final image fits the budget."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.catalog import renderer
from games import get_game
from render import kit

GAMES = [
    ("master-islands", 2, {}, 1),
    ("master-islands", 4, {}, 2),
    ("master-islands", 4, {"mode": "coop"}, 3),
    ("master-islands", 4, {"mode": "corsair"}, 4),
    ("master-islands", 3, {"mode": "corsair", "difficulty": "easy"}, 5),
    ("isis-osiris", 2, {}, 6),
    ("isis-osiris", 3, {"open": "true"}, 7),
    ("isis-osiris", 4, {"reserve": "common"}, 8),
]
EVERY = 4  # render every 4th state (and the last): all phases show up, the test stays fast


def _states(game_id: str, players: int, options: dict[str, Any], seed: int) -> Iterator[Any]:
    game = get_game(game_id)
    state = game.new(players, options, seed)
    rng = random.Random(seed)
    yield state
    for _ in range(2000):
        if not game.to_move(state):
            return
        seat = game.to_move(state)[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        yield state
    raise AssertionError("random game did not end in 2000 moves")


@pytest.mark.parametrize(("game_id", "players", "options", "seed"), GAMES)
def test_every_view_of_a_random_game_renders(game_id, players, options, seed) -> None:
    game = get_game(game_id)
    draw = renderer(game_id)
    states = list(_states(game_id, players, options, seed))
    for k, state in enumerate(states):
        if k % EVERY and k != len(states) - 1:
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
