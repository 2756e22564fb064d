"""A worker function for the worker-memory test: it chooses the move as the real worker does,
then says which modules its process holds. Module level (pickled by name); imports nothing of
the bot beyond what the real worker function needs."""

from __future__ import annotations

import json
import sys

from bot.host.workers import think
from games import State


def think_and_list_modules(game_id: str, state: State, seat: int, level: str | None, seed: int,
                           version: int, deadline: float) -> str:
    """The real :func:`think`, then (as JSON) its move and the names in ``sys.modules``."""
    move = think(game_id, state, seat, level, seed, version, deadline)
    return json.dumps({"move": move, "modules": sorted(sys.modules)})
