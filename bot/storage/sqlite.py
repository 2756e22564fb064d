"""The database in a SQLite file (the default), through aiosqlite's public API.

Two connections. Writes go through the write connection, one at a time (this process's queue,
:class:`~bot.storage.database.Gate`, keeps one coroutine's transaction from interleaving with
another's); reads go through a read-only connection, so in WAL mode they never queue behind a
write, ours or another process's. SQLite has one writer whatever we do, so under our own load
writes wait their turn (they are not refused: see :data:`~bot.storage.database.QUEUE_WAIT`); a
write that finds another process holding the database waits ``BUSY_TIMEOUT_MS`` and then raises
:class:`~bot.storage.errors.Busy`, and so do the writes queued behind it, at once. The driver's
other troubles are said as the store's errors too (:func:`sqlite_unavailable`): a full disk, a
read-only file, an I/O error. Each carries a sentence for the person, so a stuck database gives
"busy, try again" in time for Discord's three seconds rather than a hang.

Before each write the file at the configured path is checked to still be the file open (its
device and inode, one ``stat``: 3 µs, against ~14 ms of CPU per move under load): a file deleted or replaced under the running
bot would otherwise take every move into a file nobody will read again (the deleted one), or
beside another database's. Such writes are refused (:class:`~bot.storage.errors.FileReplaced`),
the first refusal logged at ERROR, naming the path, and the write-ahead log emptied into the file
open (:meth:`SQLite._check_file`).

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
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from functools import lru_cache
from typing import Any

import aiosqlite

from .database import Database, Gate, Insert, Row, Statement, Transaction, Write, is_guarded
from .dialect import STALE, guarded_rows, guarded_view, guarded_width
from .errors import Busy, Conflict, DiskError, DiskFull, FileReplaced, ReadOnly, Unavailable
from .schema import migrate

BUSY_TIMEOUT_MS = 1000
"""How long SQLite waits for another connection's write lock once running (milliseconds)."""
OPEN_BUSY_TIMEOUT_MS = 10000
"""At start-up (migrations) nobody is waiting on an answer: wait longer."""
MAX_PARAMETERS = 999
"""Parameters one statement may take on every SQLite (its default limit before 3.32)."""
READONLY_DBMOVED = sqlite3.SQLITE_READONLY | (4 << 8)
"""SQLite's own word for a file moved or unlinked since it was opened (rollback journal mode)."""

log = logging.getLogger("tablee.storage")


def sqlite_unavailable(exc: BaseException) -> Unavailable | None:
    """The :class:`Unavailable` an SQLite error means, or None for any other error."""
    if isinstance(exc, Unavailable):
        return exc
    if not isinstance(exc, sqlite3.OperationalError):
        return None
    extended = getattr(exc, "sqlite_errorcode", None)
    # extended codes (SQLITE_BUSY_SNAPSHOT, SQLITE_IOERR_WRITE …) keep the primary in the low byte
    code = None if extended is None else extended & 0xFF
    text = str(exc).lower()
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "database is locked" in text:
        return Busy()
    if code == sqlite3.SQLITE_FULL or "database or disk is full" in text:
        return DiskFull()
    if extended == READONLY_DBMOVED:
        return FileReplaced()
    if code == sqlite3.SQLITE_READONLY or "readonly database" in text:
        return ReadOnly()
    if code == sqlite3.SQLITE_IOERR or "disk i/o error" in text:
        return DiskError()
    return None


def identity(path: str) -> tuple[int, int] | None:
    """The device and inode of the file at ``path`` (None: no file there)."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino


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

    def __init__(self, writer: aiosqlite.Connection, reader: aiosqlite.Connection,
                 path: str = "") -> None:
        self._writer = writer  # writes (and the reads inside a write's transaction)
        self._reader = reader  # every other read: never waits for a writer
        self._gate = Gate()
        self._read_gate = Gate()
        self._views: dict[tuple[Any, ...], str] = {}  # guarded writes' shapes -> their views
        self._path = os.path.abspath(path) if path else ""  # the same file after a chdir
        self._identity = identity(self._path) if path else None  # the file open (None: memory)
        self._replaced = False  # said once per detection

    async def _check_file(self) -> None:
        """:class:`FileReplaced` unless the file at the configured path is still the one open
        (writes go on if the same file comes back). The first refusal is logged at ERROR, and
        the write-ahead log emptied into the file open: the ``-wal`` file beside the path is
        still this database's, and whatever opens the path next would read its pages into the
        database put there (``wal_checkpoint(TRUNCATE)`` writes them where they belong, the file
        open, wherever it is now, and leaves the ``-wal`` file empty)."""
        if self._identity is None or identity(self._path) == self._identity:
            if self._replaced:
                log.warning("the database file %s is back; writes go on", self._path)
                self._replaced = False
            return
        if not self._replaced:
            self._replaced = True
            log.error("the database file %s was deleted or replaced while the bot ran: the "
                      "file the bot opened is no longer at that path, so every write is refused "
                      "(nothing is saved) until the bot is restarted", self._path)
            try:
                await self._writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.Error as exc:
                log.warning("the write-ahead log beside %s could not be emptied: %s",
                            self._path, exc)
        raise FileReplaced()

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
        return cls(writer, reader, path)

    async def close(self) -> None:
        await self._gate.enter()
        try:
            await self._read_gate.enter()
            try:
                await self._reader.close()
                await self._writer.close()
            finally:
                self._read_gate.leave()
        finally:
            self._gate.leave()

    async def _read(self, sql: str, params: Sequence[Any]) -> list[Row]:
        """One read on the read connection, one trip (execute, cursor and fetch in one call)."""
        await self._read_gate.enter()
        try:
            return list(await self._reader.execute_fetchall(sql, params))  # type: ignore[arg-type]
        except sqlite3.OperationalError as exc:
            raise (sqlite_unavailable(exc) or exc) from None
        finally:
            self._read_gate.leave()

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return await self._read(sql, params)

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        rows = await self._read(sql, params)
        return rows[0] if rows else None

    @asynccontextmanager
    async def _gated(self) -> AsyncIterator[aiosqlite.Connection]:
        """The write connection, this process's one writer, its errors said as the store's;
        another process's lock refuses the writes queued behind this one too."""
        await self._gate.enter()
        refused: type[Unavailable] | None = None
        try:
            await self._check_file()
            yield self._writer
        except sqlite3.OperationalError as exc:
            said = sqlite_unavailable(exc)
            if isinstance(said, Busy):
                refused = Busy
            raise (said or exc) from None
        finally:
            self._gate.leave(refused)

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

    async def write(self, statements: Sequence[Write]) -> list[int]:
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

