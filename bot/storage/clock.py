"""The turn clocks of tables in play: one row per table, read and written by the host's clock.

A clock row carries ``due``, the next moment something happens for that table (its reminder,
then its deadline; NULL once both are done), so one scheduler sleeps until
:meth:`ClockStore.next_due` for every table at once and wakes for :meth:`ClockStore.due_clocks`.
The row is deleted with the table (:meth:`bot.storage.store.Store.close_table`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

import aiosqlite

from .batch import Statement
from .rows import ClockRow

_COLUMNS = "table_id, channel_id, version, seat, started, deadline, remind_at, expired, banks"
JOINED = ", ".join(f"c.{name.strip()}" for name in _COLUMNS.split(","))
"""The clock's columns in a query that joins ``clocks c`` to its table (NULLs: no clock)."""


def clock_or_none(values: Sequence[Any]) -> ClockRow | None:
    """The clock of a LEFT JOIN's columns (:data:`JOINED`), None when the table has none."""
    return None if values[0] is None else _clock(values)


def _clock(values: Sequence[Any]) -> ClockRow:
    table, channel, version, seat, started, deadline, remind, expired, banks = values
    return ClockRow(table, channel, version, seat, started, deadline, remind, bool(expired),
                    {int(s): float(t) for s, t in json.loads(banks).items()})


def clock_statement(clock: ClockRow) -> Statement:
    """Insert or replace a table's clock, as one statement of a write (a move's, so the move
    and its clock are stored together)."""
    return Statement(
        f"INSERT OR REPLACE INTO clocks ({_COLUMNS}, due) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (clock.table_id, clock.channel_id, clock.version, clock.seat, clock.started,
         clock.deadline, clock.remind_at, int(clock.expired),
         json.dumps({str(s): t for s, t in clock.banks.items()}), clock.due),
    )


class ClockStore:
    """Clock queries, mixed into :class:`bot.storage.store.Store` (its ``_tx``/``_fetchall``)."""

    def _tx(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        raise NotImplementedError  # provided by Store

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        raise NotImplementedError  # provided by Store

    async def _write(self, statements: Sequence[Statement]) -> list[int]:
        raise NotImplementedError  # provided by Store

    async def get_clock(self, table_id: int) -> ClockRow | None:
        rows = await self._fetchall(f"SELECT {_COLUMNS} FROM clocks WHERE table_id = ?",
                                    (table_id,))
        return _clock(rows[0]) if rows else None

    async def put_clock(self, clock: ClockRow) -> None:
        """Store (insert or replace) a table's clock."""
        await self._write([clock_statement(clock)])

    async def drop_clock(self, table_id: int) -> None:
        async with self._tx() as db:
            await db.execute("DELETE FROM clocks WHERE table_id = ?", (table_id,))

    async def next_due(self) -> float | None:
        """The earliest moment any table's clock needs attention (None: none does)."""
        rows = await self._fetchall("SELECT MIN(due) FROM clocks WHERE due IS NOT NULL")
        return rows[0][0] if rows else None

    async def due_clocks(self, now: float) -> list[ClockRow]:
        """The clocks whose reminder or deadline has come, earliest first."""
        rows = await self._fetchall(
            f"SELECT {_COLUMNS} FROM clocks WHERE due IS NOT NULL AND due <= ? ORDER BY due",
            (now,),
        )
        return [_clock(r) for r in rows]
