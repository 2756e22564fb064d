"""A database that fails on purpose, for a while, without touching the real server:

- SQLite: another connection (as another process would) holds the write lock
  (``BEGIN IMMEDIATE`` on the same file) until :meth:`Outage.restore`; reads go on.
- PostgreSQL: the store connects through a TCP proxy in the test's own event loop
  (:mod:`tests.pg_proxy`); cutting it drops every connection and refuses new ones (a stopped
  server or a broken network, seen from the bot), restoring lets connections through again. The
  server itself keeps running for the other tests.

``Outage.after_commit(store)`` cuts the database right after the store's next stored move
(``update_table`` or ``close_table`` returning), which is the moment issue 30 items 1 and 2 are
about.

:class:`SQLiteStall` is SQLite's other way to fail: the disk under the file stops answering (a
hung network file system, a dying disk), so every statement waits, reads included, until it
answers again (:mod:`tests.pg_proxy`'s ``hang`` is PostgreSQL's)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import threading
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

from bot.storage import Store
from bot.storage.sqlite import SQLite

from .pg_proxy import Proxy, through


class Outage:
    """A database to open (``target``) that :meth:`cut` makes fail until :meth:`restore`."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.down = False
        self.cuts = 0

    def cut(self) -> None:
        self.down = True
        self.cuts += 1

    def restore(self) -> None:
        self.down = False

    def after_commit(self, store: Store) -> None:
        """Cut the database as soon as ``store`` has stored its next move."""
        for name in ("update_table", "close_table"):
            stored = getattr(store.tables, name)

            async def wrapper(*args: Any, _stored: Any = stored, **kwargs: Any) -> Any:
                result = await _stored(*args, **kwargs)
                if not self.cuts:
                    self.cut()
                return result

            setattr(store.tables, name, wrapper)

    async def close(self) -> None:
        self.restore()


class SQLiteLock(Outage):
    """Another connection holding the SQLite file's write lock while cut."""

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self._other: sqlite3.Connection | None = None

    def cut(self) -> None:
        super().cut()
        self._other = sqlite3.connect(self.target, isolation_level=None, check_same_thread=False)
        self._other.execute("BEGIN IMMEDIATE")

    def restore(self) -> None:
        super().restore()
        if self._other is not None:
            self._other.execute("ROLLBACK")
            self._other.close()
            self._other = None


class SQLiteStall:
    """The disk of a store's SQLite file stops answering while :meth:`hang` lasts: each of the
    store's two connections (aiosqlite runs each in a thread of its own, one statement at a
    time) is given a statement that waits until :meth:`resume`, so every read and write the
    bot queues behind it waits too, as they would on a hung disk."""

    LONGEST = 60.0  # seconds: a stall never outlives a forgotten resume() by more

    def __init__(self, db: SQLite) -> None:
        self._connections = (db._reader, db._writer)
        self._go = threading.Event()
        self._stuck: list[asyncio.Future[Any]] = []

    def _wait(self) -> int:
        self._entered.release()
        return int(self._go.wait(self.LONGEST))

    async def hang(self) -> None:
        """Stall both connections; returns once both are stuck."""
        self._go.clear()
        self._entered = threading.Semaphore(0)
        for conn in self._connections:
            await conn.create_function("tablee_test_stall", 0, self._wait)
            self._stuck.append(asyncio.ensure_future(conn.execute("SELECT tablee_test_stall()")))
        for _ in self._connections:
            await asyncio.to_thread(self._entered.acquire, timeout=5)

    def resume(self) -> None:
        self._go.set()

    async def close(self) -> None:
        self.resume()
        await asyncio.gather(*self._stuck, return_exceptions=True)
        self._stuck.clear()


class PostgresProxy(Outage):
    """The PostgreSQL server of ``url`` behind a proxy of ours (:mod:`tests.pg_proxy`), cut while
    the outage lasts; ``target`` is the proxied URL."""

    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self._proxy = Proxy(parts.hostname or "localhost", parts.port or 5432)
        self._url = url
        super().__init__(url)

    async def start(self) -> PostgresProxy:
        await self._proxy.start()
        self.target = through(self._url, self._proxy.port)
        return self

    def cut(self) -> None:
        super().cut()
        self._proxy.cut()

    def restore(self) -> None:
        super().restore()
        self._proxy.restore()

    async def close(self) -> None:
        await super().close()
        await self._proxy.close()


@contextlib.asynccontextmanager
async def outage_of(db_path: str) -> AsyncIterator[Outage]:
    """The outage that fits ``db_path`` (a SQLite file or a ``postgresql://`` URL)."""
    outage: Outage = (await PostgresProxy(db_path).start() if db_path.startswith("postgres")
                      else SQLiteLock(db_path))
    try:
        yield outage
    finally:
        await outage.close()
