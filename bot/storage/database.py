"""The one database interface the storage's queries are written over, with two implementations
side by side: :class:`bot.storage.sqlite.SQLite` (a file, aiosqlite) and
:class:`bot.storage.postgres.Postgres` (a server, asyncpg).

The queries are written once, in SQLite's spelling of the portable SQL both engines share;
:mod:`bot.storage.dialect` translates them for PostgreSQL. A :class:`Database`:

- reads: :meth:`~Database.fetchall` / :meth:`~Database.fetchone`, each one trip, never behind a
  write;
- writes: :meth:`~Database.write`, statements known in advance run as one transaction, all or
  nothing, each one's result returned; a statement marked ``one`` (a version check) that does
  not change exactly one row rolls the whole write back and raises :class:`Conflict`;
- read-modify-write: :meth:`~Database.transaction`, when what is written depends on what is read
  in the same transaction (rating a game); such a transaction runs alone;
- :meth:`~Database.close`.

Whatever the engine, trouble is said in the storage's own errors: :class:`~bot.storage.errors.Busy`
(a lock held too long), :class:`~bot.storage.errors.DiskFull`,
:class:`~bot.storage.errors.Unreachable` (a server gone), :data:`~bot.storage.errors.IntegrityError`
(a violated constraint), :class:`~bot.storage.errors.Conflict` (a stale version).
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any

from .errors import Busy

LOCK_WAIT = 1.0
"""Seconds a write waits for this process's other writes (its gate) before it says busy."""

Row = tuple[Any, ...]


@dataclass(frozen=True)
class Statement:
    """One statement of a write. ``many``: ``params`` is a list of parameter rows (one
    execution each); ``one``: it must change exactly one row (its version check), else the
    whole write is rolled back and :class:`Conflict` raised."""

    sql: str
    params: Sequence[Any] = ()
    many: bool = False
    one: bool = False

    @property
    def single(self) -> bool:
        """Run as one execution (a lone one is its own transaction)."""
        return not self.many


@dataclass(frozen=True)
class Insert:
    """Rows into one table, the columns named (so PostgreSQL can fold them into a move's single
    statement: :func:`bot.storage.dialect.guarded`). ``replace``: INSERT OR REPLACE, an upsert
    on the table's key; ``key``: one row into a table that numbers its key, the write's result
    for it being that key."""

    table: str
    columns: tuple[str, ...]
    rows: Sequence[Sequence[Any]]
    replace: bool = False
    key: bool = False

    @property
    def single(self) -> bool:
        """Run as one execution (a lone one is its own transaction)."""
        return len(self.rows) <= 1

    @property
    def sql(self) -> str:
        """The statement for one row, in SQLite's spelling."""
        verb = "INSERT OR REPLACE" if self.replace else "INSERT"
        marks = ", ".join("?" for _ in self.columns)
        return f"{verb} INTO {self.table} ({', '.join(self.columns)}) VALUES ({marks})"


Write = Statement | Insert


def is_guarded(statements: Sequence[Write]) -> bool:
    """A guarded write (a move): a statement marked ``one`` (the version check) then inserts
    only, of rows known in advance, to be done only if the guard changed its row. Each
    database runs one as a single statement (:func:`bot.storage.dialect.guarded`,
    :func:`bot.storage.dialect.guarded_view`)."""
    first, rest = statements[0], statements[1:]
    return (isinstance(first, Statement) and first.one and first.single and bool(rest)
            and all(isinstance(s, Insert) and not s.key for s in rest))


async def acquire(gate: asyncio.Lock | asyncio.Semaphore, wait: float = LOCK_WAIT) -> None:
    """Take ``gate`` within ``wait`` seconds, else :class:`Busy`. A free gate is taken at once,
    without arming a timeout (most takes: a timer per read or write was a measurable part of a
    move's event-loop time)."""
    if not gate.locked() and not getattr(gate, "_waiters", None):
        await gate.acquire()  # free and nobody queued: taken without suspending
        return
    try:
        async with asyncio.timeout(wait):
            await gate.acquire()
    except TimeoutError:
        raise Busy() from None


class Transaction(ABC):
    """The inside of :meth:`Database.transaction`: reads and statements on its connection."""

    @abstractmethod
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """The rows of one read, inside the transaction (it sees the transaction's writes)."""

    @abstractmethod
    async def run(self, statement: Write) -> int:
        """Run one statement; its row count (an :class:`Insert` with ``key``: the key)."""


class Database(ABC):
    """A database the store reads and writes (see the module's docstring)."""

    @abstractmethod
    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """The rows of one read, in one trip; it never waits for a write."""

    @abstractmethod
    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row of one read (None: no row), as :meth:`fetchall`."""

    @abstractmethod
    async def write(self, statements: Sequence[Write], *, shared: bool = False) -> list[int]:
        """Run ``statements`` as one transaction; the result of each (its row count, or an
        :class:`Insert` ``key``'s key). ``shared``: the write's only check is its own guarded
        statement (a version, a channel's uniqueness), so where the engine allows writers side
        by side (PostgreSQL) it may run beside other shared writes; the others run one at a
        time, as :meth:`transaction` does."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """A read-modify-write transaction, alone among this process's writes, committed when
        the block ends and rolled back if it raises."""

    @abstractmethod
    async def close(self) -> None:
        """Close once the writes in progress are done."""
