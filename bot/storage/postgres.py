"""The store on PostgreSQL (asyncpg): the same :class:`~bot.storage.store.Store`, its queries and
its mixins' run unchanged, translated by :mod:`bot.storage.dialect`.

For several bot processes (shards) sharing one database. What stays the same as on SQLite:

- ``_tx()`` is one transaction and yields a connection with aiosqlite's shape (``execute``
  awaited or used as ``async with``, ``executemany``; cursors with ``rowcount``, ``lastrowid``,
  ``fetchall``), so every ``UPDATE … WHERE id = ? AND version = ?`` still finds a stale version
  (``rowcount`` 0: :class:`~bot.storage.store.Conflict`). A violated constraint raises
  :data:`~bot.storage.errors.IntegrityError` as on SQLite.
- Read-modify-write transactions such as rating a game run one at a time per process (an
  asyncio lock, as every write does on SQLite), so they stay correct under PostgreSQL's READ
  COMMITTED. The writes whose one guarded statement is their whole check (:data:`SHARED`: a
  move's ``UPDATE … WHERE id = ? AND version = ?`` and its log, a new table, a table's end, the
  post) run up to :data:`WRITERS` at once: a commit waits for the disk (~4 ms here), and
  PostgreSQL flushes the commits that wait together at once, where one at a time each waited
  for its own flush behind the others. Two writes to one table still meet at its row lock, and
  the second finds the version changed (:class:`~bot.storage.store.Conflict`). Other processes
  serve other servers' tables; row locks and the version check keep them honest.
- Reads (``_fetchall``) take their own pooled connection: they never wait for a write.
- One round trip per statement, none more: a connection goes back to the pool as it is (asyncpg
  would otherwise send a reset query each time, a third of a move's round trips), which is
  safe because nothing here changes a session (``SET LOCAL`` and transaction-scoped advisory
  locks only; an open transaction is still rolled back); each statement is prepared once per
  connection (asyncpg's statement cache).
- A write waits about a second for this process's lock or another's row lock, a statement runs
  at most ``STATEMENT_TIMEOUT_MS``; then :class:`~bot.storage.errors.Busy`. A server that cannot
  be reached gives :class:`~bot.storage.errors.Unreachable`, a full disk
  :class:`~bot.storage.errors.DiskFull`: sentences for the person, in time for Discord.

The schema version lives in the table ``tablee_schema`` (PostgreSQL has no ``user_version``);
the missing migrations run in one transaction under an advisory lock, so two processes starting
together migrate once, and a failed upgrade leaves the schema as it was.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Iterable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

import asyncpg

from . import dialect, pg_moves
from .batch import Conflict, Statement, run_in
from .errors import Busy, DiskFull, IntegrityError, Unavailable, Unreachable
from .rows import ClockRow, MoveEntry, TableRow
from .schema import MIGRATIONS, SchemaTooNew
from .store import LOCK_WAIT, Store
from .url import shown

POOL_SIZE = 8
"""Connections per process: writes (at most WRITERS + 1 at once), and reads side by side."""
WRITERS = 4
"""Writes of :data:`SHARED` kinds in flight at once per process (the others: one at a time)."""
SHARED = ("create_table", "close_table", "set_post")
"""The store's writes that may run side by side (and a move, :meth:`PgStore.update_table`, which
takes the same gate itself): each one's check is one guarded statement
(the version, the channel's uniqueness, the post's version), which PostgreSQL's row locks keep
exact whatever else runs; no read of theirs decides a later write."""
LOCK_TIMEOUT_MS = 1000
"""How long a statement waits for another transaction's row lock before it says busy."""
STATEMENT_TIMEOUT_MS = 2000
"""The longest one statement may run while people wait (migrations get no limit)."""
COMMAND_TIMEOUT = 3.0
"""Seconds without an answer from the server before the request counts as unreachable."""
CONNECT_TIMEOUT = 10.0
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
         asyncpg.exceptions.AdminShutdownError, asyncpg.exceptions.CrashShutdownError)


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
    if isinstance(exc, _GONE) or (
            isinstance(exc, asyncpg.exceptions.InterfaceError | asyncpg.exceptions.InternalClientError)
            and any(word in str(exc) for word in ("closed", "released", "connection_lost"))):
        return Unreachable()  # the connection went away under us (server restart, network)
    return None


def _raise_as_store_error(exc: BaseException) -> None:
    """Re-raise a driver error as the store's own (unavailable, or a violated constraint)."""
    said = pg_unavailable(exc)
    if said is not None and said is not exc:
        raise said from None
    if isinstance(exc, asyncpg.exceptions.IntegrityConstraintViolationError):
        raise IntegrityError(str(exc)) from exc


@lru_cache(maxsize=4096)
def _returns_rows(sql: str) -> bool:
    head = sql.lstrip()[:6].upper()
    return head in ("SELECT", "WITH", "VALUES") or " RETURNING " in sql.upper()


def _count(status: str) -> int:
    """The row count of a command status ("UPDATE 1", "INSERT 0 3"); 0 when it has none."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


class Cursor:
    """The result of one statement, shaped like an aiosqlite cursor."""

    def __init__(self, rows: list[tuple[Any, ...]], rowcount: int, lastrowid: int | None) -> None:
        self.rowcount = rowcount
        self.lastrowid = lastrowid
        self._rows = rows

    async def fetchall(self) -> list[tuple[Any, ...]]:
        return self._rows

    async def fetchone(self) -> tuple[Any, ...] | None:
        return self._rows[0] if self._rows else None

    async def __aenter__(self) -> Cursor:
        return self

    async def __aexit__(self, *exc: object) -> None:
        return None


class _Pending:
    """What ``execute`` returns: awaited it is the cursor, ``async with`` gives the cursor too
    (both ways aiosqlite allows)."""

    def __init__(self, job: Awaitable[Cursor]) -> None:
        self._job = job

    def __await__(self) -> Generator[Any, None, Cursor]:
        return self._job.__await__()

    async def __aenter__(self) -> Cursor:
        return await self._job

    async def __aexit__(self, *exc: object) -> None:
        return None


class Connection:
    """One PostgreSQL connection inside a transaction, with aiosqlite's calls (SQLite SQL in)."""

    def __init__(self, conn: asyncpg.Connection) -> None:
        self._conn = conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> _Pending:
        return _Pending(self._execute(sql, params))

    async def _execute(self, sql: str, params: Sequence[Any]) -> Cursor:
        text = dialect.query(sql)
        if _returns_rows(text):
            rows = [tuple(r) for r in await self._conn.fetch(text, *params)]
            added_returning = text.upper().count("RETURNING") > sql.upper().count("RETURNING")
            lastrowid = rows[-1][0] if rows and added_returning else None
            return Cursor(rows, len(rows), lastrowid)
        return Cursor([], _count(await self._conn.execute(text, *params)), None)

    async def executemany(self, sql: str, params: Iterable[Sequence[Any]]) -> Cursor:
        batch = [tuple(p) for p in params]
        if batch:
            await self._conn.executemany(dialect.query(sql), batch)
        return Cursor([], len(batch), None)


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
            await conn.execute(";\n".join(dialect.migration(migrations[number])), timeout=wait)
        if found < len(migrations):
            await conn.execute("UPDATE tablee_schema SET version = $1", len(migrations),
                               timeout=wait)
    return found


_shared_write: ContextVar[bool] = ContextVar("tablee_pg_shared_write", default=False)
"""Set while one of the :data:`SHARED` writes runs: its ``_tx`` need not be the only one."""


def _shared(name: str) -> Any:
    """The :class:`Store` method ``name``, its transaction allowed beside others."""
    method = getattr(Store, name)

    async def shared(self: PgStore, *args: Any, **kwargs: Any) -> Any:
        token = _shared_write.set(True)
        try:
            return await method(self, *args, **kwargs)
        finally:
            _shared_write.reset(token)

    shared.__name__, shared.__doc__ = name, method.__doc__
    return shared


async def _no_reset(conn: asyncpg.Connection) -> None:
    """Give a connection back as it is (see the module's docstring)."""


class PgStore(Store):
    """:class:`Store` on a PostgreSQL pool. Open with :meth:`open` (a ``postgresql://`` URL)."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:  # no super(): no SQLite files
        self._pool = pool
        self.url = url
        self._lock = asyncio.Lock()  # the one read-modify-write transaction at a time
        self._writers = asyncio.Semaphore(WRITERS)  # the SHARED writes at once


    @classmethod
    async def open(cls, path: str) -> PgStore:
        """Open the pool, then migrate on its first connection."""
        settings = {"lock_timeout": str(LOCK_TIMEOUT_MS),
                    "statement_timeout": str(STATEMENT_TIMEOUT_MS)}
        try:
            pool = await asyncpg.create_pool(
                path, min_size=1, max_size=POOL_SIZE, timeout=CONNECT_TIMEOUT,
                command_timeout=COMMAND_TIMEOUT, server_settings=settings, reset=_no_reset)
        except (OSError, TimeoutError, asyncpg.exceptions.PostgresError) as exc:
            raise (_cannot_open(exc, path) or exc) from None
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, path)

    async def close(self) -> None:
        async with self._lock:
            await self._pool.close()

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[Connection]:  # type: ignore[override]
        """One write transaction on a pooled connection (rolled back on any error): one at a
        time, or beside up to WRITERS others for the SHARED writes."""
        async with self._gated() as conn, conn.transaction():
            yield Connection(conn)

    async def _write(self, statements: Sequence[Statement]) -> list[int]:
        """:meth:`Store._write` here: one statement alone is its own transaction (one round
        trip); several run in a :meth:`_tx` transaction, one by one."""
        if len(statements) == 1 and not statements[0].many:
            only = statements[0]
            changed = _count(await self._alone(lambda conn: conn.execute(
                dialect.query(only.sql), *only.params)))
            if only.one and changed != 1:
                raise Conflict("stale version")
            return [changed]
        async with self._tx() as db:
            return await run_in(db, statements)

    async def update_table(
        self, row: TableRow, expected_version: int, moves: Sequence[MoveEntry] = (),
        clock: ClockRow | None = None,
    ) -> None:
        """:meth:`Store.update_table` in one statement, one round trip
        (:mod:`bot.storage.pg_moves`), beside up to WRITERS others (a :data:`SHARED` write)."""
        sql, args = pg_moves.move(*self._move(row, expected_version, moves, clock))
        token = _shared_write.set(True)
        try:
            changed = await self._alone(lambda conn: conn.fetchval(sql, *args))
        finally:
            _shared_write.reset(token)
        if changed != 1:
            raise Conflict("stale version")

    async def _alone(self, job: Callable[[asyncpg.Connection], Awaitable[Any]]) -> Any:
        """``job`` on a pooled connection outside any transaction (one statement: its own),
        through the same gate as :meth:`_tx`."""
        async with self._gated() as conn:
            return await job(conn)

    @asynccontextmanager
    async def _gated(self) -> AsyncIterator[asyncpg.Connection]:
        """A pooled connection for a write: one writer at a time, or beside up to WRITERS others
        for the SHARED writes; its errors raised as the store's own."""
        gate = self._writers if _shared_write.get() else self._lock
        await self._acquire(gate)  # type: ignore[arg-type]  # a Semaphore is taken the same way
        try:
            conn = await self._connection()
            try:
                yield conn
            except BaseException as exc:
                _raise_as_store_error(exc)
                raise
            finally:
                await self._pool.release(conn)
        finally:
            gate.release()

    async def _connection(self) -> asyncpg.Connection:
        """A pooled connection within LOCK_WAIT seconds (all in use that long: Busy)."""
        try:
            return await self._pool.acquire(timeout=LOCK_WAIT)
        except TimeoutError:
            raise Busy() from None
        except BaseException as exc:
            _raise_as_store_error(exc)
            raise

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Rows of one read on its own pooled connection (never behind a write)."""
        conn = await self._connection()
        try:
            return [tuple(r) for r in await conn.fetch(dialect.query(sql), *params)]
        except BaseException as exc:
            _raise_as_store_error(exc)
            raise
        finally:
            await self._pool.release(conn)


for _name in SHARED:
    setattr(PgStore, _name, _shared(_name))
