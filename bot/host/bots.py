"""Computer players: choose and apply one move. Synchronous; the host runs it in a thread.

The generator is derived from the table seed and the version the move will leave behind, so a
game replays the same way from its stored seed whatever the timing of the event loop.
"""

from __future__ import annotations

import logging
import random

from games import Game, IllegalMove, State
from games.base import random_bot

from .play import Step, apply_checked

log = logging.getLogger(__name__)


def bot_rng(seed: int, version: int) -> random.Random:
    return random.Random(f"{seed}:{version}:bot")


def bot_step(game: Game, state: State, seat: int, level: str | None, seed: int, version: int) -> Step:
    """One computer move; a bot that errs or proposes an illegal move falls back to random."""
    rng = bot_rng(seed, version)
    choose = game.bots.get(level or "", random_bot)
    try:
        return apply_checked(game, state, seat, choose(game, state, seat, rng))
    except IllegalMove as exc:
        log.warning("%s bot %r chose an illegal move (%s); playing a random one", game.id, level, exc)
        return apply_checked(game, state, seat, random_bot(game, state, seat, bot_rng(seed, version)))
