"""A table whose post Discord refuses: a bounded back-off, a give-up, one notice, one log line.

A move is stored before its post goes out, so a refused post loses nothing: the service posts
what the table's last post did not show on the next try
(:meth:`~bot.service.context.Context.left_behind`, :meth:`bot.service.play.PlayService.catch_up`).
What must not happen is trying again and again: a locked thread, a channel the bot may no longer post in, refuse every try, and
Discord restricts an address after 10,000 invalid requests (401, 403, 429) in 10 minutes.

So a table whose post failed is *stuck* (:class:`StuckPosts`) until a post of it goes out:

- its next try waits :attr:`Backoff.first` seconds, twice as long after each failure, at most
  :attr:`Backoff.longest`; after :attr:`Backoff.tries` failed tries it gives up: nothing is tried
  by itself any more. A move played there (or a clock's time out) tries again at most once every
  :attr:`Backoff.pause` seconds, and its thread reopened or unlocked (THREAD_UPDATE) at once;
- whatever the number of stuck tables, all of them together make at most :attr:`Backoff.budget`
  failed tries in :attr:`Backoff.window` seconds: past that, a due try waits for the window;
- while a table waits, nothing about it reaches Discord: a move played meanwhile is stored, and
  the next try posts it with the others;
- its players are told once, when Discord refuses the post (locked thread, missing permission)
  or when the bot gives up: in the table's parent channel when it plays in a thread, else (or
  when that fails too) by DM, with what a server admin can do
  (:meth:`bot.adapter.posting.threads.TableThreads.tell_stuck`);
- the log gets one warning when the table gets stuck, and one line when it gives up or its post
  goes out again; the tries in between are logged at debug level only.

A deleted thread is not stuck: the table moves back to its channel
(:meth:`bot.adapter.posting.threads.TableThreads.deleted`).
"""

from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass

import discord

from bot.service import Services
from bot.service.results import TableInfo

log = logging.getLogger("tablee.adapter.post")

THREAD_LOCKED = 160005  # "Thread is locked"
TOO_MANY_THREADS = 160006  # "Maximum number of active threads reached"


class ThreadLocked(Exception):
    """The table's thread is locked and the bot lacks Manage Threads: no post can go there (found
    before asking Discord, which would refuse it)."""


@dataclass(frozen=True)
class Backoff:
    """When a stuck table's post is tried again (see the module doc); tests pass shorter ones."""

    first: float = 2.0  # seconds before the first try again
    longest: float = 300.0  # the longest wait between two tries
    tries: int = 8  # tries again before giving up (2 + 4 + … + 256 s: about 8.5 minutes)
    pause: float = 600.0  # once given up: a move played there tries again at most this often
    budget: int = 100  # failed tries of all tables together within ``window`` seconds
    window: float = 600.0  # Discord counts invalid requests over 10 minutes

    def wait(self, failures: int) -> float:
        """The wait after the ``failures``-th failure in a row."""
        return min(self.first * 2 ** max(failures - 1, 0), self.longest)


@dataclass
class _Stuck:
    failures: int = 0  # failed tries in a row
    next_at: float = 0.0  # no try before (the service's clock)
    told: bool = False  # its players were told
    gave_up: bool = False


def refused(exc: BaseException) -> str | None:
    """What kind of refusal a failed post is, for its notice ("locked", "forbidden", "full"),
    or None (anything else: a Discord error, the network, a bug)."""
    if isinstance(exc, ThreadLocked) or getattr(exc, "code", None) == THREAD_LOCKED:
        return "locked"
    if isinstance(exc, discord.Forbidden):
        return "forbidden"
    if getattr(exc, "code", None) == TOO_MANY_THREADS:
        return "full"
    return None


class StuckPosts:
    """The stuck tables of this process, by channel (see the module doc)."""

    def __init__(self, service: Services, policy: Backoff | None = None) -> None:
        self._service = service
        self.policy = policy or Backoff()
        self._tables: dict[int, _Stuck] = {}
        self._failed: deque[float] = deque()  # when tries failed (all tables), within a window

    def __contains__(self, channel_id: object) -> bool:
        return channel_id in self._tables

    def _now(self) -> float:
        return self._service.context.now()

    def _budget_free(self, now: float) -> float:
        """When the next failed try fits in the budget of all tables (``now``: it does)."""
        while self._failed and self._failed[0] <= now - self.policy.window:
            self._failed.popleft()
        if len(self._failed) < self.policy.budget:
            return now
        return self._failed[0] + self.policy.window

    def hold(self, channel_id: int) -> bool:
        """Before a post: True when the table is stuck and its next try is not due yet (nothing
        is sent; the service is told when to try, unless it gave up and nobody moved)."""
        entry = self._tables.get(channel_id)
        if entry is None:
            return False
        now = self._now()
        at = max(entry.next_at, self._budget_free(now))
        if at <= now:
            return False
        self._service.context.left_behind(channel_id, repost=True, at=at)
        return True

    def posted(self, channel_id: int) -> None:
        """A post of the table went out: it is not stuck any more."""
        entry = self._tables.pop(channel_id, None)
        if entry is not None:
            log.info("table %s posts again after %d failed tries", channel_id, entry.failures)

    def forget(self, channel_id: int) -> None:
        """The table is gone from this channel (ended, moved)."""
        self._tables.pop(channel_id, None)

    def reopened(self, channel_id: int) -> bool:
        """Its thread was reopened or unlocked: a stuck table tries again now (whether it was
        stuck). A table that had given up gets one more try before it gives up again."""
        entry = self._tables.get(channel_id)
        if entry is None:
            return False
        now = self._now()
        entry.next_at = now
        entry.gave_up = False
        entry.failures = min(entry.failures, self.policy.tries)
        self._service.context.left_behind(channel_id, repost=True, at=now)
        return True

    def failed(self, info: TableInfo, exc: BaseException) -> bool:
        """A post of this table failed with ``exc``: log (once), schedule the next try or give
        up. Whether its players are to be told now (once: a refusal, or giving up; the caller
        tells them, :meth:`bot.adapter.posting.threads.TableThreads.tell_stuck`)."""
        channel_id, now = info.channel_id, self._now()
        self._failed.append(now)
        entry = self._tables.get(channel_id)
        if entry is None:
            entry = self._tables[channel_id] = _Stuck()
            if isinstance(exc, discord.HTTPException | ThreadLocked):
                log.warning("table %s: its post could not go out (%s); trying again after "
                            "longer and longer waits, then giving up", channel_id,
                            _reason(exc))
            else:  # not Discord's answer: a fault of ours, whose traceback is worth one line
                log.warning("table %s: its post could not go out; trying again after longer "
                            "and longer waits, then giving up", channel_id, exc_info=exc)
        else:
            log.debug("table %s: its post failed again (%s)", channel_id, _reason(exc))
        entry.failures += 1
        if entry.gave_up or entry.failures > self.policy.tries:
            if not entry.gave_up:
                log.info("table %s: gave up posting after %d tries; a move played there or its "
                         "thread reopened tries again", channel_id, entry.failures)
            entry.gave_up = True
            entry.next_at = now + self.policy.pause
        else:
            entry.next_at = max(now + self.policy.wait(entry.failures), self._budget_free(now))
            self._service.context.left_behind(channel_id, repost=True, at=entry.next_at)
        if entry.told or (refused(exc) is None and not entry.gave_up):
            return False
        entry.told = True
        return True


def _reason(exc: BaseException) -> str:
    """A failure in a few words for the log: Discord's status and code, or the exception."""
    if isinstance(exc, discord.HTTPException):
        return f"HTTP {exc.status}, code {exc.code}: {exc.text}"
    if isinstance(exc, ThreadLocked):
        return "the thread is locked and the bot lacks Manage Threads"
    return type(exc).__name__
