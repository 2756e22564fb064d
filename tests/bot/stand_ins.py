"""Worker functions for the pool tests. They run in spawned worker processes, so they live at
module level (pickled by name) and take their orders from environment variables, which a
spawned process inherits from the test that started the pool."""

from __future__ import annotations

import os
import time
from pathlib import Path

from games.computer import Played, Turns, play_computers

CRASH_MARK = "TABLEE_TEST_CRASH_MARK"  # a file: absent -> create it and die; present -> think
HANDSHAKE = "TABLEE_TEST_HANDSHAKE"  # a folder: say "started", wait for "go" from the loop


def dies(turns: Turns) -> list[Played]:
    """A worker that dies mid-move every time (a segfault, the kernel's OOM killer)."""
    os._exit(3)


def dies_once(turns: Turns) -> list[Played]:
    """Dies on its first move only, then thinks as usual."""
    mark = Path(os.environ[CRASH_MARK])
    if not mark.exists():
        mark.write_text("died once")
        os._exit(3)
    return play_computers(turns)


def waits_for_the_loop(turns: Turns) -> list[Played]:
    """Thinks only once the test's coroutine, running on the event loop, has answered: the move
    cannot finish unless the loop runs while the computer is thinking."""
    folder = Path(os.environ[HANDSHAKE])
    (folder / "started").write_text("thinking")
    give_up = time.monotonic() + 60
    while not (folder / "go").exists():
        if time.monotonic() > give_up:
            raise RuntimeError("the event loop never ran while the computer was thinking")
        time.sleep(0.005)
    return play_computers(turns)


def hangs(turns: Turns) -> list[Played]:
    """A bot stuck in a loop that never looks at its deadline."""
    time.sleep(600)
    raise AssertionError("a hung worker should have been killed long before")
