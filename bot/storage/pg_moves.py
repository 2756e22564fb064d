"""A move on PostgreSQL in one statement, so one round trip: the version-checked UPDATE of the
table, its log rows and its clock as data-modifying parts of one ``WITH`` (a single statement is
its own transaction, all or nothing). Sent as BEGIN, UPDATE, INSERT, INSERT, COMMIT it took five
round trips, each a wait for the server and a wake-up of the event loop.

The log rows and the clock are inserted only from the rows the UPDATE changed (``FROM moved``),
so a stale version writes nothing, as in the transaction: the statement answers how many tables
it changed (0: :class:`~bot.storage.batch.Conflict`). The values are the same statements'
parameters the SQLite store runs (:class:`~bot.storage.batch.Statement`), in the same order.
"""

from __future__ import annotations

from typing import Any

from .batch import Statement

_MOVED = (
    "WITH moved AS (UPDATE tables SET status = $1, host_id = $2, seats = $3, state = $4,"
    " version = $5, options = $6, record_head = $7, speed = $8, updated_at = $9"
    " WHERE id = $10 AND version = $11 RETURNING id)"
)
_UPDATE_VALUES = 11
_LOG = (("table_id", "bigint"), ("version", "bigint"), ("seat", "bigint"), ("move", "text"),
        ("user_id", "bigint"), ("lines", "text"), ("at", "double precision"),
        ("undoes", "bigint"), ("barrier", "text"), ("before", "text"))
"""move_log's columns in the order of the store's log statement, with their PostgreSQL types."""
_CLOCK = (("table_id", "bigint"), ("channel_id", "bigint"), ("version", "bigint"),
          ("seat", "bigint"), ("started", "double precision"), ("deadline", "double precision"),
          ("remind_at", "double precision"), ("expired", "bigint"), ("banks", "text"),
          ("due", "double precision"))
"""clocks' columns in the order of :func:`bot.storage.clock.clock_statement`."""


def move(update: Statement, log: Statement | None, clock: Statement | None) -> tuple[str, list[Any]]:
    """(the one statement, its arguments) of a move made of the store's ``update`` (the table's
    UPDATE … WHERE id = ? AND version = ?), its ``log`` rows and its ``clock``."""
    assert len(update.params) == _UPDATE_VALUES
    args: list[Any] = list(update.params)
    sql = _MOVED
    if log is not None:
        columns = list(zip(*log.params, strict=True)) if log.params else [()] * len(_LOG)
        marks = [f"${len(args) + i + 1}::{kind}[]" for i, (_name, kind) in enumerate(_LOG)]
        args += [list(column) for column in columns]
        names = ", ".join(name for name, _kind in _LOG)
        sql += (f", logged AS (INSERT INTO move_log ({names}) SELECT {names} FROM moved,"
                f" unnest({', '.join(marks)}) AS m({names}))")
    if clock is not None:
        assert len(clock.params) == len(_CLOCK)
        marks = [f"${len(args) + i + 1}::{kind}" for i, (_name, kind) in enumerate(_CLOCK)]
        args += list(clock.params)
        names = ", ".join(name for name, _kind in _CLOCK)
        sets = ", ".join(f"{name} = excluded.{name}" for name, _kind in _CLOCK[1:])
        sql += (f", clocked AS (INSERT INTO clocks ({names}) SELECT {', '.join(marks)} FROM moved"
                f" ON CONFLICT (table_id) DO UPDATE SET {sets})")
    return sql + " SELECT count(*) FROM moved", args
