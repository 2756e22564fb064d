"""Rate limits of the web server's requests (moves, links, the Activity's sign-ins), and the
bounded, short-lived tickets the Activity's sign-ins are kept under."""

from __future__ import annotations

import secrets
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class RateLimit:
    """At most ``count`` events per ``seconds`` for each key (a person, an address)."""

    def __init__(self, count: int, seconds: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._count = count
        self._seconds = seconds
        self._clock = clock
        self._events: dict[Hashable, deque[float]] = {}

    def allow(self, key: Hashable) -> bool:
        now = self._clock()
        events = self._events.setdefault(key, deque())
        while events and events[0] <= now - self._seconds:
            events.popleft()
        if len(events) >= self._count:
            return False
        events.append(now)
        if len(self._events) > 10_000:  # forget the people who went quiet
            self._events = {k: v for k, v in self._events.items()
                            if v and v[-1] > now - self._seconds}
        return True

    def refund(self, key: Hashable) -> None:
        """Take back ``key``'s newest event: an attempt counted up front (so that many at once
        are bounded too) that turned out not to be the kind this limit counts."""
        events = self._events.get(key)
        if events:
            events.pop()


class Tickets(Generic[V]):
    """Values kept under random ids of their own (unguessable, URL-safe) for ``seconds`` each,
    at most ``size`` at once: past that the oldest is dropped."""

    def __init__(self, seconds: float, size: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._seconds = seconds
        self._size = size
        self._clock = clock
        self._kept: OrderedDict[str, tuple[V, float]] = OrderedDict()  # oldest first

    def __len__(self) -> int:
        return len(self._kept)

    def add(self, value: V) -> str:
        """A new ticket for ``value``."""
        now = self._clock()
        while self._kept and (len(self._kept) >= self._size
                              or next(iter(self._kept.values()))[1] <= now):
            self._kept.popitem(last=False)
        ticket = secrets.token_urlsafe(32)
        self._kept[ticket] = (value, now + self._seconds)
        return ticket

    def get(self, ticket: object) -> V | None:
        """The value of a live ticket; None for one unknown, dropped or lapsed."""
        found = self._kept.get(ticket) if isinstance(ticket, str) and len(ticket) <= 100 \
            else None
        return found[0] if found is not None and found[1] > self._clock() else None

    def discard(self, ticket: str) -> None:
        """The ticket is used up."""
        self._kept.pop(ticket, None)
