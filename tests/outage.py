"""A database that fails on purpose, for a while, without touching the real server:

- SQLite: another connection (as another process would) holds the write lock
  (``BEGIN IMMEDIATE`` on the same file) until :meth:`Outage.restore`; reads go on.
- PostgreSQL: the store connects through a TCP proxy in the test's own event loop
  (:mod:`tests.pg_proxy`); cutting it drops every connection and refuses new ones (a stopped
  server or a broken network, seen from the bot), restoring lets connections through again. The
  server itself keeps running for the other tests.

``Outage.after_commit(store)`` cuts the database right after the store's next stored move
(``update_table`` or ``close_table`` returning), which is the moment issue 30 items 1 and 2 are
about."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

from bot.storage import Store

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
            stored = getattr(store, name)

            async def wrapper(*args: Any, _stored: Any = stored, **kwargs: Any) -> Any:
                result = await _stored(*args, **kwargs)
                if not self.cuts:
                    self.cut()
                return result

            setattr(store, name, wrapper)

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
