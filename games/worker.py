"""What a computer-player worker process does when it starts (standard library only, so the
worker imports no bot, as :func:`games.computer.play_computers` does not either).

- Ctrl+C in the owner's terminal reaches every process of the group: the worker ignores it (the
  bot stops it), so no KeyboardInterrupt traceback of its own is printed.
- A worker whose bot is gone (killed with SIGKILL, out of memory) ends by itself: a watcher
  thread sees its parent change (it is re-parented) within ``PARENT_CHECK`` seconds.
"""

from __future__ import annotations

import os
import signal
import threading
import time

PARENT_CHECK = 0.5
"""Seconds between two looks at the parent process."""


def started() -> None:
    """The worker's initializer: ignore Ctrl+C, and end when the parent process is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
    threading.Thread(target=_watch, args=(parent,), name="parent-watch", daemon=True).start()


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK)
    os._exit(0)  # the bot is gone: nobody will read this process's answers
