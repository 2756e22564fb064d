"""Computer players: choose a move in the pool (:mod:`bot.host.workers`), check and apply it.

The generator is derived from the table seed and the version the move will leave behind, so a
game replays the same way from its stored seed whatever the timing of the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping

from games import Game, IllegalMove, State
from games.base import random_bot
from games.computer import bot_rng

from .play import Step, apply_checked
from .workers import BotPool, WorkerLost

log = logging.getLogger(__name__)

__all__ = ["bot_rng", "bot_step"]


async def bot_step(
    pool: BotPool, game: Game, state: State, seat: int, level: str | None, seed: int,
    version: int, *, table: object = None, names: Mapping[int, str] | None = None,
) -> Step:
    """One computer move. A bot that proposes an illegal move, whose code raises or whose
    worker died twice falls back to the random player for this move, so a buggy bot never
    stalls a table. ``table`` names the table in the log (channel id)."""
    try:
        move = await pool.choose(game.id, state, seat, level, seed, version)
        return await asyncio.to_thread(apply_checked, game, state, seat, move, names)
    except IllegalMove as exc:
        log.warning("table %s seat %s: %s bot %r chose an illegal move (%s); playing a random one",
                    table, seat, game.id, level, exc)
    except WorkerLost as exc:
        log.error("table %s seat %s: %s; playing a random move instead", table, seat, exc)
    except Exception:
        log.exception("table %s seat %s: %s bot %r failed; playing a random move instead",
                      table, seat, game.id, level)
    return await asyncio.to_thread(_random_step, game, state, seat, seed, version, names)


def _random_step(
    game: Game, state: State, seat: int, seed: int, version: int, names: Mapping[int, str] | None
) -> Step:
    fallback = random_bot(game, state, seat, bot_rng(seed, version))
    return apply_checked(game, state, seat, fallback, names)
