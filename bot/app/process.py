"""The bot process's memory set-up, done first thing by ``python -m bot`` (before any thread),
and the garbage collector settled once the bot is up.

Board images are drawn and encoded in threads (Pillow lets go of the interpreter lock), and
glibc's malloc gives each thread that meets a busy lock an arena of its own, up to eight per
core. Each arena keeps the freed image buffers of its busiest moment, so the process grows by
what a burst of renders once needed, arena by arena. Two arenas hold it: measured on the
1,000-table bench, peak RSS 152 -> 130 MB with the same CPU per move (one arena saved a little
more but made the render threads queue for it). Setting ``MALLOC_ARENA_MAX`` yourself wins;
elsewhere than glibc (musl, macOS) nothing is done.
"""

from __future__ import annotations

import gc
import os
import sys

ARENAS = 2
M_ARENA_MAX = -8  # glibc's malloc.h


def limit_malloc_arenas(arenas: int = ARENAS) -> bool:
    """Cap glibc's malloc arenas at ``arenas``; False when left alone (not Linux with glibc, or
    ``MALLOC_ARENA_MAX`` already set by whoever started the process)."""
    if not sys.platform.startswith("linux") or "MALLOC_ARENA_MAX" in os.environ:
        return False
    import ctypes

    try:
        libc = ctypes.CDLL("libc.so.6")
        return bool(libc.mallopt(M_ARENA_MAX, arenas))
    except (OSError, AttributeError):  # another C library
        return False


def settle_garbage_collector() -> int:
    """Collect once, then freeze: every object alive now (modules, classes, functions, fonts,
    the games' tables of data: what start-up built and the process keeps for good) leaves the
    collector's generations, and the number frozen is returned.

    Why: a full collection walks every tracked object while the event loop waits. At 1,000 live
    tables about 36,000 of the ~80,000 objects it walked came from start-up, and full
    collections were the longest stalls of the loop (up to 120-145 ms on a loaded machine).
    Frozen objects are never collected (the collector's docs say so), which is right for what
    lives as long as the process."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
