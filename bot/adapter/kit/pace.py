"""Pacing the bot's own-token requests under Discord's global limit.

Discord allows a bot 50 requests a second with its own token, for the whole bot, all its shards
and processes together; requests on an interaction's token are not counted (docs: rate-limits,
"Global Rate Limit"). discord.py paces each route by the headers Discord sends, but learns of the
global limit only from a 429, and too many 429s get the bot's address banned for a while
(10,000 invalid requests in 10 minutes). So every request discord.py makes with the bot's token
first takes a turn from one :class:`GlobalPace` per process: a token bucket refilled at this
process's share of :data:`GLOBAL_BUDGET` (its shards out of all), holding at most a tenth of a
second's worth, so that no window of one second ever sees more than 1.1 times the share (44
requests for the whole bot). Interaction calls go through discord.py's webhook adapter, not its ``HTTPClient``, so they
never wait here.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Collection
from typing import Any

import discord

GLOBAL_LIMIT = 50
"""Discord's global limit: requests a second with the bot's token, for the whole bot."""
GLOBAL_BUDGET = 40.0
"""What the bot's processes allow themselves in all: a fifth below the limit, so that requests
bunched up on the way (a slow moment of the event loop or the network lets several arrive
together), clocks drifting apart and requests other tools make with the same token
(``python -m bot emojis``) still fit: a burst of 300 posts at 45 a second met one 429."""
BURST = 0.1
"""Seconds' worth of requests a bucket holds: an idle process starts again with a short burst."""


class GlobalPace:
    """A token bucket: :meth:`turn` returns at once while the bucket holds a token, else waits
    until the next one; turns are taken in the order asked. It holds :data:`BURST` seconds'
    worth at most (one token at least)."""

    def __init__(self, per_second: float, *, now: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep) -> None:
        if per_second <= 0:
            raise ValueError("per_second must be positive")
        self.per_second = per_second
        self._now = now
        self._sleep = sleep
        self.capacity = max(1.0, per_second * BURST)
        self._tokens = self.capacity
        self._at = now()
        self._lock = asyncio.Lock()
        self.waited = 0.0  # seconds requests spent waiting here in all (for the benchmarks)

    def _refill(self) -> None:
        now = self._now()
        self._tokens = min(self.capacity, self._tokens + (now - self._at) * self.per_second)
        self._at = now

    async def turn(self) -> None:
        async with self._lock:
            self._refill()
            if self._tokens < 1:
                wait = (1 - self._tokens) / self.per_second
                self.waited += wait
                await self._sleep(wait)
                self._refill()
            self._tokens -= 1


def share(served: int, count: int) -> float:
    """Requests a second for a process serving ``served`` of ``count`` shards."""
    return GLOBAL_BUDGET * max(1, served) / max(1, count)


class Unreachable(Exception):
    """A request with the bot's own token in a conversation it may not post in (a DM or group
    DM between people, a server without the bot: :mod:`bot.adapter.posting.carriers`), refused
    before it leaves; or a post there that no interaction token can carry just now."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(f"channel {channel_id} is reached only through interactions")
        self.channel_id = channel_id


def pace(http: discord.http.HTTPClient, limit: GlobalPace,
         barred: Collection[int] = frozenset()) -> None:
    """Make every request of ``http`` (discord.py's client for the bot's token) take a turn from
    ``limit`` first; one about a channel of ``barred`` (read at each request) is refused
    (:class:`Unreachable`) and never made."""
    request = http.request

    async def paced(route: discord.http.Route, **kwargs: Any) -> Any:
        if route.channel_id is not None and int(route.channel_id) in barred:
            raise Unreachable(int(route.channel_id))
        await limit.turn()
        return await request(route, **kwargs)

    http.request = paced  # type: ignore[method-assign]
