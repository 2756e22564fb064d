"""Who is waiting for a table to change: the live page's WebSocket hub waits here for the next
stored version of a table, and every commit of a table rings (:meth:`Changes.notify`).

The store's tables call :meth:`Changes.notify` after each write of an active table that went through
(a move, Undo, a lobby change, a time out, a take-over, the end of the game: all of them are
:meth:`~bot.storage.tables.Tables.create_table`, ``update_table``, ``close_table`` or
``move_to_channel``), so no path of the service can forget to. Only this process's commits are
seen: a waiter also wakes on its timeout and reads the table again.
"""

from __future__ import annotations

import asyncio


class Changes:
    """The newest version each table was stored at in this process, and the waiters for it."""

    def __init__(self) -> None:
        self._versions: dict[int, int] = {}
        self._waiters: dict[int, set[asyncio.Future[int]]] = {}

    def notify(self, channel_id: int, version: int) -> None:
        """The table of ``channel_id`` was stored at ``version``: wake whoever waits for it.
        Synchronous and cheap (it runs right after the commit, on the event loop)."""
        self._versions[channel_id] = version
        for waiter in self._waiters.pop(channel_id, ()):
            if not waiter.done():
                waiter.set_result(version)

    def newest(self, channel_id: int) -> int | None:
        """The version this process last stored for the table (None: none since it started)."""
        return self._versions.get(channel_id)

    async def wait(self, channel_id: int, after: int, timeout: float) -> int:
        """The table's newest version once it is not ``after`` (at once if it already is not:
        a version stored before the call is not missed), else ``after`` when ``timeout``
        seconds pass first. A new table in the channel may start again from a lower version,
        hence "not ``after``" rather than "above"."""
        known = self._versions.get(channel_id)
        if known is not None and known != after:
            return known
        waiter: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        waiters = self._waiters.setdefault(channel_id, set())
        waiters.add(waiter)
        try:
            async with asyncio.timeout(timeout):
                return await waiter
        except TimeoutError:
            return after
        finally:
            waiters.discard(waiter)
            if not waiters and self._waiters.get(channel_id) is waiters:
                del self._waiters[channel_id]

    def waiting(self) -> int:
        """How many waiters there are (for tests and the bench)."""
        return sum(len(w) for w in self._waiters.values())

