"""The turn clocks of tables in play: one row per table, read and written by the host's clock.

A clock row carries ``due``, the next moment something happens for that table (its reminder,
then its deadline; NULL once both are done), so one scheduler sleeps until
:meth:`Clocks.next_due` for every table at once and wakes for :meth:`Clocks.due_clocks`. The row
is deleted with the table (:meth:`bot.storage.tables.Tables.close_table`).

A process serving some shards only (:mod:`bot.shards`) must see only its guilds' clocks, else it
would wake (and spin) for a clock that the other process handles. Clocks carry no guild, so those
queries join the table they time; a clock left without its table counts as guild-less, shard 0,
whose process drops it. The shard rule is written in SQL that SQLite and PostgreSQL both run:
``(guild_id >> 22) % count``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..shards import Shards
from .columns import Columns
from .database import Database, Insert, Statement
from .rows import ClockRow

CLOCK = Columns(ClockRow, extra={"due": lambda clock: clock.due})
"""The ``clocks`` columns: :class:`ClockRow`'s fields, and ``due``."""
JOINED = Columns.names(CLOCK.read, "c.")
"""The clock's columns in a query that joins ``clocks c`` to its table (NULLs: no clock)."""
_SELECT = f"SELECT {Columns.names(CLOCK.read)} FROM clocks"
_DUE = " FROM clocks c LEFT JOIN tables t ON t.id = c.table_id WHERE c.due IS NOT NULL"


def clock_or_none(values: Sequence[Any]) -> ClockRow | None:
    """The clock of a LEFT JOIN's columns (:data:`JOINED`), None when the table has none."""
    return None if values[0] is None else CLOCK.load(values)


def clock_insert(clock: ClockRow) -> Insert:
    """Insert or replace a table's clock, as one statement of a write (a move's, so the move
    and its clock are stored together)."""
    return Insert("clocks", CLOCK.stored(), [CLOCK.stored_values(clock)], replace=True)


def _served(shards: Shards) -> tuple[str, list[int]]:
    """The SQL condition "the clock's table is in a served guild", and its parameters."""
    marks = ", ".join("?" for _ in shards.served)
    return (f" AND ((COALESCE(t.guild_id, 0) >> 22) % ?) IN ({marks})",
            [shards.count, *shards.served])


class Clocks:
    """The clock queries, over a :class:`~bot.storage.database.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def get_clock(self, table_id: int) -> ClockRow | None:
        found = await self._db.fetchone(f"{_SELECT} WHERE table_id = ?", (table_id,))
        return None if found is None else CLOCK.load(found)

    async def put_clock(self, clock: ClockRow) -> None:
        """Store (insert or replace) a table's clock."""
        await self._db.write([clock_insert(clock)])

    async def drop_clock(self, table_id: int) -> None:
        await self._db.write([Statement("DELETE FROM clocks WHERE table_id = ?", (table_id,))])

    async def next_due(self, shards: Shards | None = None) -> float | None:
        """The earliest moment any table's clock (of the served guilds) needs attention (None:
        none does)."""
        if shards is None or shards.everything:
            found = await self._db.fetchone("SELECT MIN(due) FROM clocks WHERE due IS NOT NULL")
        else:
            clause, params = _served(shards)
            found = await self._db.fetchone("SELECT MIN(c.due)" + _DUE + clause, params)
        return None if found is None else found[0]

    async def due_clocks(self, now: float, shards: Shards | None = None) -> list[ClockRow]:
        """The clocks (of the served guilds) whose reminder or deadline has come, earliest
        first."""
        if shards is None or shards.everything:
            rows = await self._db.fetchall(
                f"{_SELECT} WHERE due IS NOT NULL AND due <= ? ORDER BY due", (now,))
        else:
            clause, params = _served(shards)
            rows = await self._db.fetchall(
                f"SELECT {JOINED}" + _DUE + " AND c.due <= ?" + clause + " ORDER BY c.due",
                (now, *params))
        return [CLOCK.load(r) for r in rows]
