"""The work that follows a stored change, and what happens when the database fails during it.

A change (a person's move, an undo, a takeover, a start) is stored in one transaction first;
then the computers answer (each move its own transaction), the clock is set where the change
did not store it, the outcome is read and the adapter posts it and tells the service. Once
the change is stored it stands: a failure of what follows is not the change's failure. It is
logged (:func:`logged`), the person is told what they did, the outcome is built from what is
known (the row the commit returned), and the table is kept in :class:`Behind` until its
computers have moved and its clock matches: the clock's scheduler (:mod:`bot.service.scheduler`)
tries it again after a short wait, longer after each failure
(:meth:`bot.service.play.PlayService.catch_up`), and posts what the computers did; a
person pressing at that table meanwhile hurries the next try.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from dataclasses import dataclass
from typing import TypeVar

from ..storage.errors import Unavailable

T = TypeVar("T")

RETRY_FIRST = 0.5
"""Seconds before the first try again (the database is often back at once: a busy moment)."""
RETRY_MAX = 10.0
"""The longest wait between tries during a long outage (each try is one table read)."""


def logged(log: logging.Logger, what: str, exc: BaseException) -> None:
    """Log a failure of the work after a stored change: a database that cannot serve now is a
    warning (no traceback: the storage said why), anything else an error with its traceback."""
    if isinstance(exc, Unavailable):
        log.warning("%s failed: %s", what, exc.message)
    else:
        log.error("%s failed", what, exc_info=exc)


async def tolerated(log: logging.Logger, what: str, read: Awaitable[T], default: T) -> T:
    """``read``'s answer, or ``default`` when it fails (logged): for reads that only add to
    what a stored change reports."""
    try:
        return await read
    except Exception as exc:
        logged(log, what, exc)
        return default


@dataclass
class _Entry:
    at: float  # when to try next (epoch seconds, the service's clock)
    wait: float  # the wait before that try; doubled after each failure, up to RETRY_MAX
    marks: int = 1  # failures seen: a try settles the table only if none came during it
    repost: bool = False  # its post failed: the next try posts what was not shown


class Behind:
    """The tables of this process with work left after a stored change (channel ids), and when
    to try each again."""

    def __init__(self) -> None:
        self._tables: dict[int, _Entry] = {}

    def mark(self, channel_id: int, now: float, *, repost: bool = False,
             at: float | None = None) -> None:
        """The work after a change of this table failed: try again later (sooner the first
        time; a table whose try was due or running waits twice as long as before). ``repost``:
        what failed was its post (the adapter's send); ``at``: the adapter says when its next
        try may go (its back-off of a post Discord refuses: :mod:`bot.adapter.posting.stuck`)."""
        entry = self._tables.get(channel_id)
        if entry is None:
            entry = self._tables[channel_id] = _Entry(now + RETRY_FIRST, RETRY_FIRST,
                                                      repost=repost)
        else:
            entry.marks += 1
            entry.repost = entry.repost or repost
            if entry.at <= now:
                entry.wait = min(entry.wait * 2, RETRY_MAX)
                entry.at = now + entry.wait
        if at is not None:
            entry.at = at

    def due(self, now: float) -> list[tuple[int, int, bool]]:
        """(channel id, marks, repost) of the tables to try now; pass the marks to
        :meth:`settled`."""
        return [(channel, e.marks, e.repost) for channel, e in self._tables.items()
                if e.at <= now]

    def settled(self, channel_id: int, marks: int) -> None:
        """A try found nothing left to do: forget the table, unless it failed again meanwhile."""
        entry = self._tables.get(channel_id)
        if entry is not None and entry.marks == marks:
            del self._tables[channel_id]

    def hurry(self, channel_id: int, now: float) -> bool:
        """Someone is waiting at this table: try it now. Whether it was behind."""
        entry = self._tables.get(channel_id)
        if entry is None:
            return False
        entry.at = min(entry.at, now)
        return True

    def next_at(self) -> float | None:
        """When the next try is due (None: no table is behind)."""
        return min((e.at for e in self._tables.values()), default=None)

    def __contains__(self, channel_id: object) -> bool:
        return channel_id in self._tables

    def __len__(self) -> int:
        return len(self._tables)
