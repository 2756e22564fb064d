"""A computer player's move, in whichever process thinks.

The bot's worker processes (``bot.host.workers``) run :func:`think`; so this module and all it
imports are the standard library and the games: a spawned worker that unpickles it loads no
store, renderer, Pillow, Discord or asyncio.

A move depends only on the state, the seat, the level and the generator derived from the table's
seed and the version the move will leave behind (:func:`bot_rng`), so restarts and replays choose
the same moves.
"""

from __future__ import annotations

import random

from .base import State, choose
from .registry import get_game
from .thinking import Deadline


def bot_rng(seed: int, version: int) -> random.Random:
    """The generator of the computer move that leads to ``version`` of a table seeded ``seed``."""
    return random.Random(f"{seed}:{version}:bot")


def think(
    game_id: str, state: State, seat: int, level: str | None, seed: int, version: int,
    deadline: Deadline | None,
) -> str:
    """The move text a computer player of ``level`` chooses. ``deadline`` is a safety cap (the
    search itself is bounded by its own budget, so that it stays deterministic) that starts
    counting CPU time here, in the thread that thinks."""
    game = get_game(game_id)
    return choose(game, level, state, seat, bot_rng(seed, version), deadline=deadline)
