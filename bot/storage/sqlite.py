"""The database in a SQLite file (the default), through aiosqlite's public API.

Two connections. Writes go through the write connection, one at a time (an asyncio lock, the
write gate, keeps one coroutine's transaction from interleaving with another's); reads go
through a read-only connection, so in WAL mode they never queue behind a write, ours or another
process's. A write waits at most about two seconds (``LOCK_WAIT`` for our own gate,
``BUSY_TIMEOUT_MS`` for another process's lock) and then raises
:class:`~bot.storage.errors.Busy`; a full disk raises :class:`~bot.storage.errors.DiskFull`. Both
carry a sentence for the person, so a stuck database gives "busy, try again" in time for
Discord's three seconds rather than a hang.

Every call into aiosqlite is one trip to its connection's thread (a hand-over to that thread and
a wake-up of the event loop), so the statements are as few as the work allows. A read is one
trip (``execute_fetchall``). The write connection is in autocommit mode: a write of one statement
is one trip, SQLite running a lone statement as its own transaction. A move (a guarded write: its
version-checked UPDATE, its log rows, its clock) is one statement too: its rows inserted into a
TEMP view whose INSTEAD OF triggers run those same statements, the whole statement aborted when
the version check changed no row (:func:`bot.storage.dialect.guarded_view`; the view belongs to
the write connection, made the first time, never in the file). Any other write of several
statements (a table's end, a move too long for one statement's parameters) is ``BEGIN
IMMEDIATE``, a trip per statement (the rows of an insert in one ``executemany``), ``COMMIT``.
"""

from __future__ import annotations

import asyncio
import hashlib
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import lru_cache
from typing import Any

import aiosqlite

from .database import Database, Insert, Row, Statement, Transaction, Write, acquire, is_guarded
from .dialect import STALE, guarded_rows, guarded_view, guarded_width
from .errors import Busy, Conflict, DiskFull, Unavailable
from .schema import migrate

BUSY_TIMEOUT_MS = 1000
"""How long SQLite waits for another connection's write lock once running (milliseconds)."""
OPEN_BUSY_TIMEOUT_MS = 10000
"""At start-up (migrations) nobody is waiting on an answer: wait longer."""
MAX_PARAMETERS = 999
"""Parameters one statement may take on every SQLite (its default limit before 3.32)."""


def sqlite_unavailable(exc: BaseException) -> Unavailable | None:
    """The :class:`Unavailable` an SQLite error means, or None for any other error."""
    if isinstance(exc, Unavailable):
        return exc
    if not isinstance(exc, sqlite3.OperationalError):
        return None
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        code &= 0xFF  # extended codes (SQLITE_BUSY_SNAPSHOT …) keep the primary in the low byte
    text = str(exc).lower()
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "database is locked" in text:
        return Busy()
    if code == sqlite3.SQLITE_FULL or "database or disk is full" in text:
        return DiskFull()
    return None


def _probe(path: str) -> None:
    """Open and close ``path`` (in a worker thread): a file that cannot be opened fails here,
    before aiosqlite's own thread starts. (When aiosqlite's open fails, its thread still has a
    stop to report, and reports it into a closed event loop if the program ends at once: an
    "Event loop is closed" traceback after the error.)"""
    sqlite3.connect(path).close()


async def _connect(path: str) -> aiosqlite.Connection:
    """A connection in autocommit mode (we issue BEGIN and COMMIT ourselves)."""
    await asyncio.to_thread(_probe, path)
    return await aiosqlite.connect(path, isolation_level=None)


@lru_cache(maxsize=1024)
def _into(view: str, width: int, count: int) -> str:
    """The insert of ``count`` rows into a guarded write's view (:meth:`SQLite._guarded`)."""
    row = f"({', '.join('?' for _ in range(width + 1))})"
    return f"INSERT INTO {view} VALUES {', '.join([row] * count)}"


async def _ran(conn: aiosqlite.Connection, statement: Write) -> int:
    """Run one statement on ``conn``: its row count (an insert's ``key``: the new key)."""
    if isinstance(statement, Insert):
        if not statement.rows:
            return 0
        if len(statement.rows) == 1:
            cur = await conn.execute(statement.sql, statement.rows[0])
            return (cur.lastrowid or 0) if statement.key else cur.rowcount
        cur = await conn.executemany(statement.sql, statement.rows)
        return cur.rowcount
    if statement.many:
        if not statement.params:
            return 0
        cur = await conn.executemany(statement.sql, statement.params)
    else:
        cur = await conn.execute(statement.sql, statement.params)
    if statement.one and cur.rowcount != 1:
        raise Conflict("stale version")
    return cur.rowcount


class _Transaction(Transaction):
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self._conn = conn

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return list(await self._conn.execute_fetchall(sql, params))  # type: ignore[arg-type]

    async def run(self, statement: Write) -> int:
        return await _ran(self._conn, statement)


class SQLite(Database):
    """A SQLite file: open with :meth:`open` (which migrates it), close with :meth:`close`."""

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self._writer = writer  # writes (and the reads inside a write's transaction)
        self._reader = reader  # every other read: never waits for a writer
        self._gate = asyncio.Lock()
        self._read_gate = asyncio.Lock()
        self._views: dict[tuple[Any, ...], str] = {}  # guarded writes' shapes -> their views

    @classmethod
    async def open(cls, path: str) -> SQLite:
        """Open (and migrate) the SQLite file at ``path``: WAL, durable commits."""
        writer = await _connect(path)
        try:
            await writer.execute(f"PRAGMA busy_timeout = {OPEN_BUSY_TIMEOUT_MS}")
            await writer.execute("PRAGMA journal_mode = WAL")
            # FULL: a committed move survives a power cut too (NORMAL in WAL mode may lose the
            # last transactions). `python -m bot bench --quick`, move p95: NORMAL 24.7 / 26.4 ms,
            # FULL 25.5 / 23.0 ms (two runs each; within noise on the dev machine's disk).
            await writer.execute("PRAGMA synchronous = FULL")
            await writer.execute("PRAGMA foreign_keys = ON")
            await migrate(writer)
            await writer.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            reader = await _connect(path)
        except BaseException:
            await writer.close()
            raise
        try:
            await reader.execute("PRAGMA query_only = ON")
            await reader.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        except BaseException:
            await reader.close()
            await writer.close()
            raise
        return cls(writer, reader)

    async def close(self) -> None:
        async with self._gate, self._read_gate:
            await self._reader.close()
            await self._writer.close()

    async def _read(self, sql: str, params: Sequence[Any]) -> list[Row]:
        """One read on the read connection, one trip (execute, cursor and fetch in one call)."""
        await acquire(self._read_gate)
        try:
            return list(await self._reader.execute_fetchall(sql, params))  # type: ignore[arg-type]
        except sqlite3.OperationalError as exc:
            raise (sqlite_unavailable(exc) or exc) from None
        finally:
            self._read_gate.release()

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._read(sql, params)

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self._read(sql, params)
        return rows[0] if rows else None

    @asynccontextmanager
    async def _gated(self) -> AsyncIterator[aiosqlite.Connection]:
        """The write connection, this process's one writer, its errors said as the store's."""
        await acquire(self._gate)
        try:
            yield self._writer
        except sqlite3.OperationalError as exc:
            raise (sqlite_unavailable(exc) or exc) from None
        finally:
            self._gate.release()

    @asynccontextmanager
    async def _atomic(self) -> AsyncIterator[_Transaction]:
        """BEGIN IMMEDIATE … COMMIT on the write connection, rolled back on any error."""
        async with self._gated() as conn:
            await conn.execute("BEGIN IMMEDIATE")
            try:
                yield _Transaction(conn)
                await conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    await conn.execute("ROLLBACK")
                raise

    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        return self._atomic()

    async def write(self, statements: Sequence[Write], *, shared: bool = False) -> list[int]:
        if len(statements) == 1 and statements[0].single:
            async with self._gated() as conn:  # its own transaction: one trip
                return [await _ran(conn, statements[0])]
        if is_guarded(statements):
            guard, inserts = statements[0], statements[1:]
            count, params = guarded_rows(guard, inserts)  # type: ignore[arg-type]
            if len(params) <= MAX_PARAMETERS:
                await self._guarded(guard, inserts, count, params)  # type: ignore[arg-type]
                return [1, *(len(i.rows) for i in inserts)]  # type: ignore[union-attr]
        async with self._atomic() as tx:
            return [await tx.run(s) for s in statements]

    async def _guarded(self, guard: Statement, inserts: Sequence[Insert], count: int,
                       params: list[Any]) -> None:
        """A guarded write as one statement, one trip: rows into the TEMP view that does it
        (:func:`bot.storage.dialect.guarded_view`, made the first time its shape is written)."""
        shape = (guard.sql, *((i.table, i.columns, i.replace) for i in inserts))
        async with self._gated() as conn:
            name = self._views.get(shape)
            if name is None:  # named after its shape: a retry after a failure makes the rest
                name = "tablee_write_" + hashlib.sha256(repr(shape).encode()).hexdigest()[:16]
                await conn.executescript(guarded_view(name, guard, inserts))
                self._views[shape] = name
            try:
                await conn.execute(_into(name, guarded_width(guard, inserts), count), params)
            except sqlite3.IntegrityError as exc:
                if str(exc) == STALE:
                    raise Conflict("stale version") from None
                raise

