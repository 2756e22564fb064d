"""Helpers shared by the Isis & Osiris tests (no tests here)."""

from __future__ import annotations

from typing import Any

from games import get_game
from games.base import Event, State

GAME = get_game("isis-osiris")


def new(players: int = 2, seed: int = 1, setup: dict[str, Any] | None = None, **options: Any) -> State:
    """A state with seat 1 first unless ``first`` is given."""
    options.setdefault("first", 1)
    return GAME.new(players, options, seed, setup)


def play(state: State, *moves: str) -> tuple[State, list[Event]]:
    """Apply moves for whoever is to move; the final state and all events."""
    events: list[Event] = []
    for move in moves:
        state, ev = GAME.apply(state, GAME.to_move(state)[0], move)
        events.extend(ev)
    return state, events


def random_playout(state: State, rng: Any) -> tuple[State, int]:
    """Play random legal moves to the end; the final state and the number of moves."""
    count = 0
    while GAME.to_move(state):
        seat = GAME.to_move(state)[0]
        state, _ = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
        count += 1
        assert count < 200, "game did not end"
    return state, count
