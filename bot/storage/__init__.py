"""Storage of tables, moves, finished games and preferences: a SQLite file (aiosqlite, the
default: :mod:`bot.storage.sqlite`) or a PostgreSQL database (asyncpg: :mod:`bot.storage.postgres`),
both behind one interface (:mod:`bot.storage.database`), the queries written once over it, and
one Store (:mod:`bot.storage.store`) answering for them. The rows read and written are plain
dataclasses (:mod:`bot.storage.rows`)."""

from __future__ import annotations

from typing import Protocol

from .errors import Conflict
from .rows import MoveEntry, TableRow
from .store import Store
from .url import is_url, shown


class _HasDatabase(Protocol):
    @property
    def database(self) -> str: ...


async def open_store(target: str | _HasDatabase) -> Store:
    """Open (and migrate) the store a config names (its ``database``: the PostgreSQL URL, else
    the SQLite path), or the one a path or ``postgresql://`` URL names."""
    return await Store.open(target if isinstance(target, str) else target.database)


__all__ = ["Conflict", "MoveEntry", "Store", "TableRow", "is_url", "open_store", "shown"]
