"""A worker function for the worker-memory test: it chooses the move as the real worker does,
then says which modules its process holds. Module level (pickled by name); imports what the real
worker function imports (the games), nothing of the bot."""

from __future__ import annotations

import json
import sys

from games import State
from games.computer import think
from games.thinking import Deadline


def think_and_list_modules(game_id: str, state: State, seat: int, level: str | None, seed: int,
                           version: int, deadline: Deadline | None) -> str:
    """The real :func:`think`, then (as JSON) its move and the names in ``sys.modules``."""
    move = think(game_id, state, seat, level, seed, version, deadline)
    return json.dumps({"move": move, "modules": sorted(sys.modules)})
