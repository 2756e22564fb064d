"""A worker function for the worker-memory test: it plays the computers' moves as the real worker
does, then writes which modules its process holds to the file named by ``MODULES_FILE`` (an
environment variable the spawned worker inherits from the test). Module level (pickled by name);
imports what the real worker function imports (the games), nothing of the bot."""

from __future__ import annotations

import json
import os
import sys

from games.computer import Played, Turns, play_computers

MODULES_FILE = "TABLEE_TEST_MODULES_FILE"


def play_and_list_modules(turns: Turns) -> list[Played]:
    """The real :func:`play_computers`, then the names in ``sys.modules`` (as JSON)."""
    played = play_computers(turns)
    with open(os.environ[MODULES_FILE], "w", encoding="utf-8") as out:
        json.dump(sorted(sys.modules), out)
    return played
