"""The one database interface the storage's queries are written over, with two implementations
side by side: :class:`bot.storage.sqlite.SQLite` (a file, aiosqlite) and
:class:`bot.storage.postgres.Postgres` (a server, asyncpg).

The queries are written once, in SQLite's spelling of the portable SQL both engines share;
:mod:`bot.storage.dialect` translates them for PostgreSQL. A :class:`Database`:

- reads: :meth:`~Database.fetchall` / :meth:`~Database.fetchone`, each one trip, never behind a
  write;
- writes: :meth:`~Database.write`, statements known in advance run as one transaction, all or
  nothing, each one's result returned; a statement marked ``one`` (a version check) that does
  not change exactly one row rolls the whole write back and raises :class:`Conflict`; where the
  engine allows writers side by side (PostgreSQL), writes of different tables never wait for
  each other;
- read-modify-write: :meth:`~Database.transaction`, when what is written depends on what is read
  in the same transaction (rating a game); such transactions run one at a time;
- :meth:`~Database.close`.

Whatever the engine, trouble is said in the storage's own errors: :class:`~bot.storage.errors.Busy`
(another process held a lock too long), :class:`~bot.storage.errors.DiskFull`,
:class:`~bot.storage.errors.Unreachable` (a server gone or silent), and for a SQLite file
:class:`~bot.storage.errors.ReadOnly`, :class:`~bot.storage.errors.DiskError` (an I/O error) and
:class:`~bot.storage.errors.FileReplaced` (the file deleted or replaced under the bot), :data:`~bot.storage.errors.IntegrityError`
(a violated constraint), :class:`~bot.storage.errors.Conflict` (a stale version).
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any

from .errors import Busy, Unavailable

STALLED = 10.0
"""Seconds a request waits in this process's own queue (:class:`Gate`: SQLite's one writer, its
read connection; PostgreSQL's connections) without the queue moving (no turn ending) before it
says busy. A turn is short: one statement or transaction, which the engine itself stops within
about three seconds (SQLite's busy timeout, PostgreSQL's lock, statement and command timeouts);
a queue that stops moving for longer is stuck, not loaded."""
QUEUE_WAIT = 120.0
"""The most seconds a request waits in this process's own queue however it moves. Our own load
is waited out, not refused: the queue drains at the engine's pace (a busy process's 200 move
streams at once waited 18 s at worst on the 2-core machine, SQLite); the bound only keeps a
request from waiting without end. Another process holding the database is said much sooner, by
the engine's own wait, and then to the whole queue at once (:meth:`Gate.leave`)."""

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


class Gate:
    """This process's queue for ``slots`` holders at once (SQLite's write connection, a share of
    PostgreSQL's pool), first come first served. A request waits its turn as long as the queue
    moves (:data:`STALLED`; at most :data:`QUEUE_WAIT` in all; then :class:`Busy`): this
    process's own load makes it wait, never refuse. When a holder is refused for a reason that would make every request behind it
    wait and fail the same way (another process holding SQLite's lock, a PostgreSQL server gone
    silent), it says so as it leaves, and the requests waiting at that moment are refused the
    same way at their turn instead of each waiting it out again."""

    def __init__(self, slots: int = 1) -> None:
        self._slots = asyncio.Semaphore(slots)
        self._turns = 0  # turns ended (the waiters watch the queue move)
        self._refusals = 0  # how many holders left refused (the waiters compare)
        self._refused: type[Unavailable] = Busy  # what the last one was refused with

    def locked(self) -> bool:
        """Whether a request would wait now."""
        return self._slots.locked()

    async def enter(self) -> None:
        """Wait for a turn (see the class)."""
        if not self._slots.locked():  # free and nobody queued: taken without arming a timer
            await self._slots.acquire()  # (a timer per read or write was a measurable part of
            return  # a move's event-loop time)
        seen, loop = self._refusals, asyncio.get_running_loop()
        give_up = loop.time() + QUEUE_WAIT
        acquiring = loop.create_task(self._slots.acquire())  # keeps its place in the queue
        try:
            while True:
                turns = self._turns
                done, _ = await asyncio.wait({acquiring}, timeout=STALLED)
                if done:
                    break
                if self._turns == turns or loop.time() > give_up:  # stuck, or far too long
                    raise Busy()
        except BaseException:
            if not acquiring.cancel() and not acquiring.cancelled() and (
                    acquiring.exception() is None):
                self._slots.release()  # taken just as this request gave up
            raise
        if self._refusals != seen:
            self._slots.release()
            raise self._refused()

    def leave(self, refused: type[Unavailable] | None = None) -> None:
        """End a turn; ``refused``: the holder was refused in a way the requests waiting behind
        it would be too (see the class)."""
        if refused is not None:
            self._refused = refused
            self._refusals += 1
        self._turns += 1
        self._slots.release()


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
    async def write(self, statements: Sequence[Write]) -> list[int]:
        """Run ``statements`` as one transaction; the result of each (its row count, or an
        :class:`Insert` ``key``'s key). Each write's check is in its own statements (a version,
        a channel's uniqueness, an upsert's key), never in a read before it, so where the engine
        allows writers side by side (PostgreSQL) writes run side by side."""

    @abstractmethod
    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """A read-modify-write transaction (what it writes depends on what it reads): one at a
        time in this process, committed when the block ends and rolled back if it raises."""

    @abstractmethod
    async def close(self) -> None:
        """Close once the writes in progress are done."""
