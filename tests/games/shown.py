"""One driver for the games' French tests: play a seeded game and keep what it shows people.

Each game's test gives what differs (which status facts are the game's own, which bad moves to
try, how to choose a move); the driver does the rest: menus with their steps, refusals of the
bad moves (from a random seat), event lines and private lines, in the order they come.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games import Game, IllegalMove, State, View


def play_showing(
    game: Game, state: State, rng: random.Random, *, players: int,
    facts: Callable[[View], list[Any]],
    bad_moves: Callable[[State, random.Random, list[str]], list[str]],
    choose: Callable[[State, int, list[str], random.Random], str],
    keep: int, limit: int,
) -> tuple[list[Any], State]:
    """Up to ``limit`` moves of a game; returns what it showed and the last state. ``tried``
    (the last ``keep`` moves played) is given to ``bad_moves``: replayed, most are stale."""
    shown: list[Any] = []
    tried: list[str] = []
    for _ in range(limit):
        movers = game.to_move(state)
        if not movers:
            break
        seat = movers[0]
        view, legal = game.view(state, seat), game.legal(state, seat)
        shown += facts(game.view(state, None))
        for item in game.menu(view, legal):
            shown += [item.label, *(step.label for step in item.steps)]
        for bad in bad_moves(state, rng, tried):
            try:
                game.apply(state, rng.randint(1, players), bad)
            except IllegalMove as exc:
                shown.append(exc.reason)
        move = choose(state, seat, legal, rng)
        tried = (tried + [move])[-keep:]
        state, events = game.apply(state, seat, move)
        for event in events:
            if event.get("text"):
                shown.append(event["text"])
            shown += list((event.get("private") or {}).values())
    return shown, state
