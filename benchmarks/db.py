"""Where ``python -m benchmarks`` keeps its data: a new SQLite file, or a new schema of the
PostgreSQL database ``--database-url`` names (dropped afterwards), and what that data weighs."""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from bot.storage import is_url


@asynccontextmanager
async def bench_database(url: str | None, tmp: str, name: str) -> AsyncIterator[str]:
    """A path or URL of an empty database for one bench run."""
    if not url:
        yield str(Path(tmp) / f"{name}.db")
        return
    import asyncpg

    schema = f"bench_{name.replace('-', '_')}_{uuid.uuid4().hex[:8]}"
    admin = await asyncpg.connect(url, timeout=10)
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        yield f"{url}{'&' if '?' in url else '?'}search_path={schema}"
    finally:
        try:
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        finally:
            await admin.close()


async def database_bytes(target: str) -> tuple[int, dict[str, int]]:
    """The database's bytes in use and those of each table (indexes and TOAST included):
    SQLite's file once its WAL is folded in, less its free pages (``dbstat`` per table and
    index), or PostgreSQL's ``pg_total_relation_size`` of every table of the URL's schema after
    ``VACUUM FULL``. Space the database reuses is not growth: every move rewrites its table's
    row (PostgreSQL's dead row versions, which autovacuum makes reusable), and a table's move
    log is dropped when its game ends (SQLite's free pages, which the next games' logs fill)."""
    if not is_url(target):
        conn = sqlite3.connect(target)
        try:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            per = dict(conn.execute("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name"))
            [(free,)] = conn.execute("PRAGMA freelist_count")
            [(page,)] = conn.execute("PRAGMA page_size")
        finally:
            conn.close()
        return Path(target).stat().st_size - free * page, per
    import asyncpg

    conn = await asyncpg.connect(target, timeout=10)
    try:
        await conn.execute("VACUUM FULL")
        rows = await conn.fetch(
            "SELECT c.relname, pg_total_relation_size(c.oid) FROM pg_class c JOIN pg_namespace n"
            " ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'")
    finally:
        await conn.close()
    per = {name: int(size) for name, size in rows}
    return sum(per.values()), per
