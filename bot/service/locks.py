"""One asyncio lock per channel, kept only while someone holds or waits for it.

A plain dict of locks gains an entry for every channel ever touched (10,000 refused /move in
empty channels left 10,000 locks). Here the map holds its locks weakly: a lock lives as long as
an ``async with`` holds or awaits it, so the map stays as small as the channels busy right now,
and two users of one channel still always get the same lock.
"""

from __future__ import annotations

import asyncio
import weakref


class ChannelLocks:
    """``locks(channel_id)`` -> the channel's lock (the same object while anyone uses it)."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[channel_id] = lock
        return lock

    def __len__(self) -> int:
        return len(self._locks)
