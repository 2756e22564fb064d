"""Computer players: choose and apply one move. Synchronous; the host runs it in a thread.

The generator is derived from the table seed and the version the move will leave behind, so a
game replays the same way from its stored seed whatever the timing of the event loop.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Mapping

from games import Game, IllegalMove, State
from games.base import random_bot

from .play import Step, apply_checked

log = logging.getLogger(__name__)


def bot_rng(seed: int, version: int) -> random.Random:
    return random.Random(f"{seed}:{version}:bot")


def bot_step(
    game: Game, state: State, seat: int, level: str | None, seed: int, version: int,
    *, table: object = None, names: Mapping[int, str] | None = None,
) -> Step:
    """One computer move. A bot that proposes an illegal move or whose code raises falls back
    to the random player for this move, so a buggy bot never stalls a table. ``table`` names
    the table in the log (channel id)."""
    rng = bot_rng(seed, version)
    choose = game.bots.get(level or "", random_bot)
    try:
        return apply_checked(game, state, seat, choose(game, state, seat, rng), names)
    except IllegalMove as exc:
        log.warning("table %s seat %s: %s bot %r chose an illegal move (%s); playing a random one",
                    table, seat, game.id, level, exc)
    except Exception:
        log.exception("table %s seat %s: %s bot %r failed; playing a random move instead",
                      table, seat, game.id, level)
    fallback = random_bot(game, state, seat, bot_rng(seed, version))
    return apply_checked(game, state, seat, fallback, names)
