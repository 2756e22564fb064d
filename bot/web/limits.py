"""Rate limits of the web server's requests (moves, links, the Activity's sign-ins)."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Hashable


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
