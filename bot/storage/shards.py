"""The turn clocks of some shards' guilds only (:mod:`bot.shards`), for a sharded process: the
scheduler's two questions asked of the store for the served guilds (the queries are
:class:`bot.storage.clocks.Clocks`')."""

from __future__ import annotations

from ..shards import Shards
from .rows import ClockRow
from .store import Store


async def next_due(store: Store, shards: Shards) -> float | None:
    """The earliest moment a clock of the served guilds needs attention (None: none does)."""
    return await store.clocks.next_due(shards)


async def due_clocks(store: Store, now: float, shards: Shards) -> list[ClockRow]:
    """The served guilds' clocks whose reminder or deadline has come, earliest first."""
    return await store.clocks.due_clocks(now, shards)
