"""The database on a PostgreSQL server (asyncpg), for several bot processes (shards) sharing
one database: the same queries as on SQLite (:mod:`bot.storage.sqlite`), translated by
:mod:`bot.storage.dialect`. What stays the same as on SQLite:

- every ``UPDATE … WHERE id = ? AND version = ?`` still finds a stale version (no row changed:
  :class:`~bot.storage.errors.Conflict`); a violated constraint raises
  :data:`~bot.storage.errors.IntegrityError` as on SQLite.
- Read-modify-write transactions such as rating a game (:meth:`Postgres.transaction`) run one
  at a time per process, so they stay correct under PostgreSQL's READ COMMITTED. Every other
  write's check is in its own statements (a move's ``UPDATE … WHERE id = ? AND version = ?`` and
  its log, a new table's channel, a table's end, the post's version, an upsert's key: clocks,
  preferences, transient posts, languages), which PostgreSQL's row locks keep exact whatever
  else runs: they run up to :data:`WRITERS` at once, whatever their table, so the bookkeeping of
  one table never waits for another's. A commit waits for the disk (~4 ms here), and PostgreSQL
  flushes the commits that wait together at once. Two writes to one table still meet at its row
  lock, and the second finds the version changed. Other processes serve other servers' tables;
  row locks and the version check keep them honest.
- Reads take their own share of the pool: they never wait for a write. Writers and readers wait
  for their turn in this process's own queues (:class:`~bot.storage.database.Gate`), never more
  of them than the pool holds, so the pool itself never makes them wait (but to connect).
- One round trip per statement, none more: a connection goes back to the pool as it is (asyncpg
  would otherwise send a reset query each time, a third of a move's round trips), which is
  safe because nothing here changes a session (``SET LOCAL`` and transaction-scoped advisory
  locks only; an open transaction is still rolled back); each statement is prepared once per
  connection (asyncpg's statement cache). A write of one statement is its own transaction; a
  move (its version-checked UPDATE, log rows and clock) is one statement too
  (:func:`bot.storage.dialect.guarded`); other writes of several statements are a transaction.
- A write waits about a second for another process's row lock, a statement runs at most
  ``STATEMENT_TIMEOUT_MS``; then :class:`~bot.storage.errors.Busy`. A server that cannot be
  reached gives :class:`~bot.storage.errors.Unreachable` (:class:`~bot.storage.errors.Uncertain`
  once a write was sent: the server may have stored it), a full disk
  :class:`~bot.storage.errors.DiskFull`: sentences for the person, in time for Discord. A server
  that stops answering (a hang) is waited for at most ``COMMAND_TIMEOUT`` per statement,
  ``CONNECT_WAIT`` to connect, ``RELEASE_TIMEOUT`` to give a connection back (one that cannot
  be given back in time is dropped, never raised: the request's own outcome stands) and
  ``CLOSE_TIMEOUT`` to close; once a request found the server silent, every request is told
  at once until a probe reaches it again (every ``PROBE_EVERY`` seconds), so a table's
  requests queued one behind the other do not each wait out the silence.

The schema version lives in the table ``tablee_schema`` (PostgreSQL has no ``user_version``);
the missing migrations run in one transaction under an advisory lock, so two processes starting
together migrate once, and a failed upgrade leaves the schema as it was.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any

import asyncpg

from .database import Database, Gate, Insert, Row, Transaction, Write, is_guarded
from .dialect import guarded, migration, query
from .errors import Busy, Conflict, DiskFull, IntegrityError, Unavailable, Uncertain, Unreachable
from .schema import MIGRATIONS, SchemaTooNew, said_migrated
from .url import shown

POOL_SIZE = 8
"""Connections per process: :data:`WRITERS` for writes, the others for reads."""
WRITERS = 5
"""Writes in flight at once per process, whatever their tables (a read-modify-write transaction
takes one of them too)."""
LOCK_TIMEOUT_MS = 1000
"""How long a statement waits for another transaction's row lock before it says busy."""
STATEMENT_TIMEOUT_MS = 2000
"""The longest one statement may run while people wait (migrations get no limit)."""
COMMAND_TIMEOUT = 3.0
"""Seconds without an answer from the server before the request counts as unreachable."""
CONNECT_TIMEOUT = 10.0
"""Seconds to open the pool at start-up (nobody waits on a click yet)."""
CONNECT_WAIT = 3.0
"""Seconds a request waits for a new connection (the pool's were dropped) before the server
counts as unreachable."""
RELEASE_TIMEOUT = 1.0
"""Seconds to give a connection back to the pool (waiting for a cancelled statement's end);
past it the connection is dropped."""
PROBE_EVERY = 1.0
"""Seconds between two tries to reach a server that stopped answering."""
CLOSE_TIMEOUT = 5.0
"""Seconds :meth:`Postgres.close` waits for the requests in flight and a clean goodbye to the
server before it drops the connections."""
MIGRATION_TIMEOUT = 3600.0
"""Seconds a migration statement may take (a big table's new index), or wait for another
process's migration."""
MIGRATION_LOCK = 0x7AB1EE
"""The advisory lock key held while migrating (two processes starting at once migrate once)."""

_BUSY = (asyncpg.exceptions.LockNotAvailableError, asyncpg.exceptions.QueryCanceledError,
         asyncpg.exceptions.SerializationError, asyncpg.exceptions.DeadlockDetectedError,
         asyncpg.exceptions.TooManyConnectionsError)
_GONE = (OSError, TimeoutError, asyncpg.exceptions.PostgresConnectionError,
         asyncpg.exceptions.ConnectionDoesNotExistError, asyncpg.exceptions.CannotConnectNowError,
         asyncpg.exceptions.AdminShutdownError, asyncpg.exceptions.CrashShutdownError,
         # the driver lost track of a connection (a statement given up on a silent server is
         # still being cancelled when the connection is used again …): it is dropped
         asyncpg.exceptions.InternalClientError)
_LOST = ("closed", "released", "connection_lost", "another operation is in progress",
         "another operation is cancelling")
"""What asyncpg's InterfaceError says when the connection, not the query, is at fault."""


log = logging.getLogger("tablee.storage")


class CannotOpen(RuntimeError):
    """The PostgreSQL database cannot be opened; the message is a sentence for the owner (never
    with the password)."""


def pg_unavailable(exc: BaseException) -> Unavailable | None:
    """The :class:`Unavailable` a driver error means, or None for any other error."""
    if isinstance(exc, Unavailable):
        return exc
    if isinstance(exc, asyncpg.exceptions.DiskFullError):
        return DiskFull()
    if isinstance(exc, _BUSY):
        return Busy()
    if isinstance(exc, _GONE) or (isinstance(exc, asyncpg.exceptions.InterfaceError)
                                  and any(words in str(exc) for words in _LOST)):
        return Unreachable()  # the connection went away under us (server restart, network)
    return None


def _raise_as_store_error(exc: BaseException) -> None:
    """Re-raise a driver error as the store's own (unavailable, or a violated constraint)."""
    said = pg_unavailable(exc)
    if said is not None and said is not exc:
        raise said from None
    if isinstance(exc, asyncpg.exceptions.IntegrityConstraintViolationError):
        raise IntegrityError(str(exc)) from exc


def _count(status: str) -> int:
    """The row count of a command status ("UPDATE 1", "INSERT 0 3"); 0 when it has none."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def _cannot_open(exc: BaseException, url: str) -> CannotOpen | None:
    """The owner's sentence for a failure to connect to ``url`` (None: not one)."""
    if isinstance(exc, OSError | TimeoutError | asyncpg.exceptions.CannotConnectNowError):
        return CannotOpen(f"cannot reach the PostgreSQL server of {shown(url)} ({exc}); is it "
                          "running, and are the host and port right?")
    if isinstance(exc, asyncpg.exceptions.InvalidPasswordError):
        return CannotOpen(f"PostgreSQL refused the user or password of {shown(url)}")
    if isinstance(exc, asyncpg.exceptions.InvalidCatalogNameError):
        return CannotOpen(f"the database of {shown(url)} does not exist; create it first "
                          "(createdb)")
    if isinstance(exc, asyncpg.exceptions.PostgresError):
        return CannotOpen(f"PostgreSQL refused {shown(url)}: {exc}")
    return None


async def connect(url: str, settings: dict[str, str]) -> asyncpg.Connection:
    """One connection, or :class:`CannotOpen` saying why in a sentence."""
    try:
        return await asyncpg.connect(url, timeout=CONNECT_TIMEOUT, server_settings=settings)
    except (OSError, TimeoutError, asyncpg.exceptions.PostgresError) as exc:
        raise (_cannot_open(exc, url) or exc) from None


async def migrate(conn: asyncpg.Connection, migrations: Sequence[str] = MIGRATIONS) -> int:
    """Bring the schema up to date in one transaction (all the missing migrations or none),
    under an advisory lock so that processes starting together migrate once, with no time
    limit (nobody waits on a click yet); return the version found before."""
    wait = MIGRATION_TIMEOUT
    async with conn.transaction():
        await conn.execute("SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = 0",
                           timeout=wait)
        await conn.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK, timeout=wait)
        await conn.execute("CREATE TABLE IF NOT EXISTS tablee_schema (version BIGINT NOT NULL)",
                           timeout=wait)
        found = await conn.fetchval("SELECT version FROM tablee_schema", timeout=wait)
        if found is None:
            found = 0
            await conn.execute("INSERT INTO tablee_schema (version) VALUES (0)", timeout=wait)
        if found > len(migrations):
            raise SchemaTooNew(f"database schema version {found} is newer than this "
                               f"program's {len(migrations)}")
        for number in range(found, len(migrations)):  # one round trip per migration
            await conn.execute(";\n".join(migration(migrations[number])), timeout=wait)
        if found < len(migrations):
            await conn.execute("UPDATE tablee_schema SET version = $1", len(migrations),
                               timeout=wait)
    said_migrated(found, len(migrations))
    return found


def _drop(conn: asyncpg.Connection) -> None:
    """Close a pooled connection at once, without a goodbye (it frees its place in the pool)."""
    try:
        conn.terminate()
    except asyncpg.exceptions.InterfaceError:  # already closed, and given back by asyncpg
        pass


async def _no_reset(conn: asyncpg.Connection) -> None:
    """Give a connection back as it is (see the module's docstring)."""


async def _ran(conn: asyncpg.Connection, statement: Write) -> int:
    """Run one statement on ``conn``: its row count (an insert's ``key``: the new key)."""
    if isinstance(statement, Insert):
        if not statement.rows:
            return 0
        sql = query(statement.sql)  # an insert into a table numbering its key returns it
        if statement.key:
            return int(await conn.fetchval(sql, *statement.rows[0]))
        if len(statement.rows) == 1:
            return _count(await conn.execute(sql, *statement.rows[0]))
        await conn.executemany(sql, [tuple(row) for row in statement.rows])
        return len(statement.rows)
    sql = query(statement.sql)
    if statement.many:
        if not statement.params:
            return 0
        await conn.executemany(sql, [tuple(p) for p in statement.params])
        return len(statement.params)
    changed = _count(await conn.execute(sql, *statement.params))
    if statement.one and changed != 1:
        raise Conflict("stale version")
    return changed


class _Transaction(Transaction):
    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return [tuple(r) for r in await self._conn.fetch(query(sql), *params)]

    async def run(self, statement: Write) -> int:
        return await _ran(self._conn, statement)


class Postgres(Database):
    """A PostgreSQL pool. Open with :meth:`open` (a ``postgresql://`` URL)."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.url = url
        self._transactions = Gate()  # the one read-modify-write transaction at a time
        self._writers = Gate(WRITERS)
        self._readers = Gate(POOL_SIZE - WRITERS)
        self._probe: asyncio.Task[None] | None = None  # while the server is silent

    @classmethod
    async def open(cls, url: str) -> Postgres:
        """Open the pool, then migrate on its first connection."""
        settings = {"lock_timeout": str(LOCK_TIMEOUT_MS),
                    "statement_timeout": str(STATEMENT_TIMEOUT_MS)}
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=POOL_SIZE, timeout=CONNECT_TIMEOUT,
                command_timeout=COMMAND_TIMEOUT, server_settings=settings, reset=_no_reset)
        except (OSError, TimeoutError, asyncpg.exceptions.PostgresError) as exc:
            raise (_cannot_open(exc, url) or exc) from None
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url)

    async def close(self) -> None:
        """Close the pool once the requests in flight are done, within ``CLOSE_TIMEOUT`` (a
        silent server: its connections are dropped)."""
        if self._probe is not None:
            self._probe.cancel()
        try:
            async with asyncio.timeout(CLOSE_TIMEOUT):
                await self._pool.close()
        except TimeoutError:
            log.warning("the database server did not answer within %s s: connections dropped",
                        CLOSE_TIMEOUT)
            self._pool.terminate()

    @asynccontextmanager
    async def _connected(self, gate: Gate) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection, after a turn in ``gate``; its errors raised as the store's own.
        A server found gone or silent refuses the requests queued behind this one too, and a
        silent one every request until it answers again (:meth:`_found_silent`)."""
        if self._probe is not None:
            raise Unreachable()
        await gate.enter()
        refused: type[Unavailable] | None = None
        try:
            try:
                conn = await self._pool.acquire(timeout=CONNECT_WAIT)
            except BaseException as exc:
                if isinstance(exc, TimeoutError):  # the gates leave a connection free: it is
                    self._found_silent()  # connecting that hangs
                if isinstance(pg_unavailable(exc), Unreachable):
                    refused = Unreachable
                _raise_as_store_error(exc)
                raise
            try:
                yield conn
            except BaseException as exc:
                if isinstance(pg_unavailable(exc), Unreachable):
                    refused = Unreachable
                    _drop(conn)  # nothing to wait for: given back at once
                if isinstance(exc, TimeoutError):
                    self._found_silent()
                _raise_as_store_error(exc)
                raise
            finally:
                await self._release(conn)
        finally:
            gate.leave(refused)

    def _found_silent(self) -> None:
        """The server did not answer in time (``COMMAND_TIMEOUT``; a slow statement is stopped by
        the server itself before, at ``STATEMENT_TIMEOUT_MS``): until it answers again, every
        request is told at once instead of each waiting out the same silence (a table's
        requests queue one behind the other). A probe connects every ``PROBE_EVERY`` seconds."""
        if self._probe is None:
            log.warning("the database server stopped answering: requests are told so until it "
                        "answers again")
            self._probe = asyncio.get_running_loop().create_task(self._until_answering())

    async def _until_answering(self) -> None:
        while True:
            await asyncio.sleep(PROBE_EVERY)
            try:
                conn = await asyncpg.connect(self.url, timeout=COMMAND_TIMEOUT)
            except (OSError, TimeoutError, asyncpg.exceptions.PostgresError):
                continue
            try:
                await conn.fetchval("SELECT 1", timeout=COMMAND_TIMEOUT)
            except (OSError, TimeoutError, asyncpg.exceptions.PostgresError,
                    asyncpg.exceptions.InterfaceError):
                continue
            finally:
                conn.terminate()
            log.warning("the database server answers again")
            self._probe = None
            return

    async def _release(self, conn: asyncpg.Connection) -> None:
        """Give ``conn`` back to the pool within ``RELEASE_TIMEOUT``, never raising: what the
        request did (or the error it met) stands; a connection that cannot be given back in
        time (a cancelled statement the server does not acknowledge) is dropped."""
        try:
            await self._pool.release(conn, timeout=RELEASE_TIMEOUT)
        except Exception as exc:  # asyncpg has terminated the connection (its holder is free)
            log.warning("a database connection could not be given back (%s: %s): dropped",
                        type(exc).__name__, exc)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Rows of one read on its own pooled connection (never behind a write)."""
        async with self._connected(self._readers) as conn:
            return [tuple(r) for r in await conn.fetch(query(sql), *params)]

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        async with self._connected(self._readers) as conn:
            found = await conn.fetchrow(query(sql), *params)
        return None if found is None else tuple(found)

    @asynccontextmanager
    async def _atomic(self) -> AsyncIterator[_Transaction]:
        """BEGIN … COMMIT on a writer's connection, rolled back on any error; on a server found
        gone or silent the connection is dropped instead (the server rolls back what a lost
        connection began), not waited for once more for a ROLLBACK. A server lost once the
        COMMIT is sent may have committed: :class:`Uncertain`."""
        committing = False
        try:
            async with self._connected(self._writers) as conn:
                transaction = conn.transaction()
                await transaction.start()
                try:
                    yield _Transaction(conn)
                except BaseException as exc:
                    if not isinstance(pg_unavailable(exc), Unreachable):
                        await transaction.rollback()
                    raise
                committing = True
                await transaction.commit()
        except Unreachable as exc:
            if committing and not isinstance(exc, Uncertain):
                raise Uncertain() from None
            raise

    @asynccontextmanager
    async def _read_modify_write(self) -> AsyncIterator[_Transaction]:
        """:meth:`transaction`: one at a time in this process (then a writer's turn)."""
        await self._transactions.enter()
        try:
            async with self._atomic() as tx:
                yield tx
        finally:
            self._transactions.leave()

    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        return self._read_modify_write()

    async def write(self, statements: Sequence[Write]) -> list[int]:
        """The statements in one transaction. A server lost once a statement that commits by
        itself is sent may have run it: :class:`Uncertain` (before that, :class:`Unreachable`:
        nothing was stored)."""
        if len(statements) == 1 and statements[0].single:
            async with self._sent() as conn:  # one statement: its own transaction
                return [await _ran(conn, statements[0])]
        if is_guarded(statements):
            sql, args = guarded(statements[0], statements[1:])  # type: ignore[arg-type]
            async with self._sent() as conn:
                changed = await conn.fetchval(sql, *args)
            if changed != 1:
                raise Conflict("stale version")
            return [changed, *(len(s.rows) for s in statements[1:])]  # type: ignore[union-attr]
        async with self._atomic() as tx:
            return [await tx.run(s) for s in statements]

    @asynccontextmanager
    async def _sent(self) -> AsyncIterator[asyncpg.Connection]:
        """A writer's connection for one statement that commits by itself: once the connection
        is there the statement goes, so a server lost from then on is :class:`Uncertain`."""
        sending = False
        try:
            async with self._connected(self._writers) as conn:
                sending = True
                yield conn
        except Unreachable as exc:
            if sending and not isinstance(exc, Uncertain):
                raise Uncertain() from None
            raise
