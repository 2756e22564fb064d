"""A write made of statements known in advance (a move: the table's version-checked UPDATE, its
log rows, its clock), run as one transaction.

On SQLite the whole transaction runs in the connection's thread in one trip: BEGIN IMMEDIATE,
each statement, COMMIT; through ``Store._tx`` each of those was its own trip to that thread and
its own wake-up of the event loop (five a move). On PostgreSQL each statement is a round trip
to the server anyway: the statements run through the store's ``_tx`` as before.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


class Conflict(Exception):
    """The row changed since it was read (stale version) or the channel is already taken."""


@dataclass(frozen=True)
class Statement:
    """One statement of a :func:`run` write. ``many``: ``params`` is a list of parameter rows
    (one execution each); ``one``: it must change exactly one row, else the whole write is
    rolled back and :class:`Conflict` raised (a stale version)."""

    sql: str
    params: Sequence[Any] = ()
    many: bool = False
    one: bool = False


def run(conn: sqlite3.Connection, statements: Sequence[Statement]) -> list[int]:
    """The statements in one ``BEGIN IMMEDIATE`` transaction on ``conn`` (in autocommit mode),
    in the calling thread; the row count of each. All or nothing."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        counts = []
        for s in statements:
            cur = conn.executemany(s.sql, s.params) if s.many else conn.execute(s.sql, s.params)
            if s.one and cur.rowcount != 1:
                raise Conflict("stale version")
            counts.append(cur.rowcount)
        conn.execute("COMMIT")
        return counts
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


async def run_in(db: Any, statements: Sequence[Statement]) -> list[int]:
    """The same inside a transaction the caller opened (``Store._tx``'s connection)."""
    counts = []
    for s in statements:
        cur = await (db.executemany(s.sql, s.params) if s.many else db.execute(s.sql, s.params))
        if s.one and cur.rowcount != 1:
            raise Conflict("stale version")
        counts.append(cur.rowcount)
    return counts
