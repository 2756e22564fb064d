"""The turn clocks of some shards' guilds only (:mod:`bot.shards`), for a sharded process.

The scheduler sleeps until the earliest due clock and wakes for the due ones; a process serving
some shards must see only its guilds' clocks, else it would wake (and spin) for a clock that the
other process handles. Clocks carry no guild, so these queries join the table they time; a clock
left without its table counts as guild-less, shard 0, whose process drops it. The shard rule is
written in SQL that SQLite and PostgreSQL both run: ``(guild_id >> 22) % count``.

Functions taking the :class:`~bot.storage.store.Store` (through its ``_fetchall`` entry point),
so the store's own unsharded queries stay as they are.
"""

from __future__ import annotations

from ..shards import Shards
from .clock import _COLUMNS, _clock
from .rows import ClockRow
from .store import Store

_FROM = " FROM clocks c LEFT JOIN tables t ON t.id = c.table_id WHERE c.due IS NOT NULL"


def _served(shards: Shards) -> tuple[str, list[int]]:
    """The SQL condition "the clock's table is in a served guild", and its parameters."""
    marks = ", ".join("?" for _ in shards.served)
    return (f" AND ((COALESCE(t.guild_id, 0) >> 22) % ?) IN ({marks})",
            [shards.count, *shards.served])


async def next_due(store: Store, shards: Shards) -> float | None:
    """The earliest moment a clock of the served guilds needs attention (None: none does)."""
    if shards.everything:
        return await store.next_due()
    clause, params = _served(shards)
    rows = await store._fetchall("SELECT MIN(c.due)" + _FROM + clause, tuple(params))
    return rows[0][0] if rows else None


async def due_clocks(store: Store, now: float, shards: Shards) -> list[ClockRow]:
    """The served guilds' clocks whose reminder or deadline has come, earliest first."""
    if shards.everything:
        return await store.due_clocks(now)
    clause, params = _served(shards)
    columns = ", ".join(f"c.{name.strip()}" for name in _COLUMNS.split(","))
    rows = await store._fetchall(
        f"SELECT {columns}" + _FROM + " AND c.due <= ?" + clause + " ORDER BY c.due",
        (now, *params))
    return [_clock(r) for r in rows]
