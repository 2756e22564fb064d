"""Computer players: their moves chosen and applied in the pool (:mod:`bot.host.workers`), a
random legal move when that fails.

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

from .play import Step, apply_checked, step_of
from .workers import BotPool, WorkerLost

log = logging.getLogger(__name__)

__all__ = ["bot_rng", "bot_steps"]


async def bot_steps(
    pool: BotPool, game: Game, state: State, levels: dict[int, str | None], seed: int,
    version: int, *, table: object = None, names: Mapping[int, str] | None = None,
) -> list[Step]:
    """The computers' next moves, in order (at least one: a computer is to move; ``levels``:
    the seats computers play): each will leave the version after the one before, starting at
    ``version``. A computer that proposes an illegal move, whose code raises or whose worker
    died twice plays a random legal move instead, so a buggy computer never stalls a table.
    ``table`` names the table in the log (channel id)."""
    seat = next(s for s in game.to_move(state) if s in levels)
    try:
        played = await pool.play(game.id, state, levels, seed, version)
        return [step_of(p, names) for p in played]
    except IllegalMove as exc:
        log.warning("table %s seat %s: %s bot %r chose an illegal move (%s); playing a random one",
                    table, seat, game.id, levels[seat], exc)
    except WorkerLost as exc:
        log.error("table %s seat %s: %s; playing a random move instead", table, seat, exc)
    except Exception:
        log.exception("table %s seat %s: %s bot %r failed; playing a random move instead",
                      table, seat, game.id, levels[seat])
    return [await asyncio.to_thread(_random_step, game, state, seat, seed, version, names)]


def _random_step(
    game: Game, state: State, seat: int, seed: int, version: int, names: Mapping[int, str] | None
) -> Step:
    fallback = random_bot(game, state, seat, bot_rng(seed, version))
    return apply_checked(game, state, seat, fallback, names)
