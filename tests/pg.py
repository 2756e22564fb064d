"""PostgreSQL for tests, in the test database named by ``TABLEE_TEST_DATABASE_URL`` (``.ci/run``
starts the machine's server and sets it): a fresh, empty schema (:func:`fresh_schema`, dropped
afterwards), or a schema at the latest version holding no row (:func:`migrated_schema`: one this
process migrated once and emptied since, not 15 migrations a test, ~250 ms each). Without a
reachable server those tests skip, saying how to run them."""

from __future__ import annotations

import graphlib
import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import asyncpg
import pytest

from bot.storage.postgres import migrate
from bot.storage.schema import SCHEMA_VERSION
from bot.storage.url import shown

URL_ENV = "TABLEE_TEST_DATABASE_URL"
_checked: dict[str, str | None] = {}


async def unreachable() -> str | None:
    """Why the PostgreSQL tests cannot run here (a skip reason), or None when they can."""
    url = os.environ.get(URL_ENV, "").strip()
    if not url:
        return (f"PostgreSQL not reachable: set {URL_ENV} (e.g. "
                "postgresql://tablee:tablee@localhost/tablee_test)")
    if url not in _checked:
        try:
            conn = await asyncpg.connect(url, timeout=5)
            await conn.close()
            _checked[url] = None
        except (OSError, TimeoutError, asyncpg.exceptions.PostgresError) as exc:
            _checked[url] = f"PostgreSQL not reachable at {shown(url)} ({URL_ENV}): {exc}"
    return _checked[url]


def with_schema(url: str, schema: str) -> str:
    """``url`` whose connections work in ``schema`` (asyncpg passes unknown URL parameters on
    as server settings)."""
    return f"{url}{'&' if '?' in url else '?'}search_path={schema}"


@asynccontextmanager
async def fresh_schema() -> AsyncIterator[str]:
    """A URL of a new empty schema (skips the test when PostgreSQL is not reachable)."""
    reason = await unreachable()
    if reason:
        pytest.skip(reason)
    url = os.environ[URL_ENV].strip()
    schema = f"t_{uuid.uuid4().hex[:16]}"
    admin = await asyncpg.connect(url, timeout=5)
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
        yield with_schema(url, schema)
    finally:
        try:
            await admin.execute("SET lock_timeout = '5s'")
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        finally:
            await admin.close()


SHAPE = """
SELECT string_agg(part, E'\\n' ORDER BY part) FROM (
  SELECT format('%s %s', c.relname, c.relkind) AS part
    FROM pg_class c WHERE c.relnamespace = $1::regnamespace
  UNION ALL
  SELECT format('%s.%s %s %s %s %s', c.relname, a.attname, format_type(a.atttypid, a.atttypmod),
                a.attcollation, a.attnotnull, pg_get_expr(d.adbin, d.adrelid))
    FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
   WHERE c.relnamespace = $1::regnamespace AND a.attnum > 0 AND NOT a.attisdropped
  UNION ALL
  SELECT format('%s %s', conname, pg_get_constraintdef(oid))
    FROM pg_constraint WHERE connamespace = $1::regnamespace
  UNION ALL
  SELECT pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
   WHERE c.relnamespace = $1::regnamespace
  UNION ALL
  SELECT format('trigger %s', tgname) FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
   WHERE c.relnamespace = $1::regnamespace AND NOT t.tgisinternal
  UNION ALL
  SELECT format('function %s', proname) FROM pg_proc WHERE pronamespace = $1::regnamespace
) AS parts"""
"""Every relation, column (type, collation, nullability, default), constraint, index, trigger
and function of the schema ``$1``: what a test may have changed beside the rows (test_small_database.py drops
tables to make an old schema)."""


@dataclass(frozen=True)
class Emptying:
    """How to empty a migrated schema: its tables, children before the tables their foreign
    keys name, its sequences (restarted), and its shape as the migrations left it."""

    tables: tuple[str, ...]
    sequences: tuple[str, ...]
    shape: str

    def script(self, schema: str) -> str:
        """The statements leaving ``schema`` as the migrations left it: no row but the
        schema's version, every sequence at its start (the next table row is id 1 again)."""
        return ";\n".join([
            *(f"DELETE FROM {schema}.{table}" for table in self.tables),
            *(f"ALTER SEQUENCE {schema}.{sequence} RESTART" for sequence in self.sequences),
            f"INSERT INTO {schema}.tablee_schema (version) VALUES ({SCHEMA_VERSION})"])


_migrated: dict[str, Emptying] = {}  # this process's migrated schemas, by name
_idle: list[str] = []  # those no test holds: the next test empties one and takes it


async def _emptying(admin: asyncpg.Connection, schema: str) -> Emptying:
    """How to empty ``schema``, read from the catalog just after its migrations."""
    tables = [r[0] for r in await admin.fetch(
        "SELECT relname FROM pg_class WHERE relnamespace = $1::regnamespace AND relkind = 'r'",
        schema)]
    order = graphlib.TopologicalSorter({table: set() for table in tables})
    for child, parent in await admin.fetch(
            "SELECT conrelid::regclass::text, confrelid::regclass::text FROM pg_constraint"
            " WHERE connamespace = $1::regnamespace AND contype = 'f'", schema):
        order.add(parent.rpartition(".")[2], child.rpartition(".")[2])
    sequences = [r[0] for r in await admin.fetch(
        "SELECT relname FROM pg_class WHERE relnamespace = $1::regnamespace AND relkind = 'S'"
        " ORDER BY relname", schema)]
    return Emptying(tables=tuple(order.static_order()), sequences=tuple(sequences),
                    shape=await admin.fetchval(SHAPE, schema))


async def _emptied(admin: asyncpg.Connection, schema: str) -> bool:
    """Empty ``schema`` in one transaction; False (nothing done) when a test changed its shape
    or a lock held elsewhere (a connection a test left open) would not let go within 5 s."""
    emptying = _migrated[schema]
    try:
        async with admin.transaction():
            await admin.execute("SET LOCAL lock_timeout = '5s'")
            if await admin.fetchval(SHAPE, schema) != emptying.shape:
                return False
            await admin.execute(emptying.script(schema))
    except asyncpg.exceptions.LockNotAvailableError:
        return False
    return True


@asynccontextmanager
async def migrated_schema() -> AsyncIterator[str]:
    """A URL of a schema at the latest version holding no row and every sequence at its start,
    as a fresh schema is once ``Store.open`` migrated it (skips the test when PostgreSQL is not
    reachable). Made once by this process and emptied before each test that takes it; one a
    test changed the shape of is left (:func:`drop_migrated` drops it) for a new one."""
    reason = await unreachable()
    if reason:
        pytest.skip(reason)
    url = os.environ[URL_ENV].strip()
    admin = await asyncpg.connect(url, timeout=5)
    try:
        schema = None
        while _idle and schema is None:
            candidate = _idle.pop()
            if await _emptied(admin, candidate):
                schema = candidate
        if schema is None:
            schema = f"t_{uuid.uuid4().hex[:16]}"
            await admin.execute(f"CREATE SCHEMA {schema}")
            conn = await asyncpg.connect(with_schema(url, schema), timeout=5)
            try:
                await migrate(conn)
            finally:
                await conn.close()
            _migrated[schema] = await _emptying(admin, schema)
    finally:
        await admin.close()
    try:
        yield with_schema(url, schema)
    finally:
        _idle.append(schema)


async def drop_migrated() -> None:
    """Drop every schema :func:`migrated_schema` made in this process (the end of its run)."""
    if not _migrated:
        return
    admin = await asyncpg.connect(os.environ[URL_ENV].strip(), timeout=5)
    try:
        await admin.execute("SET lock_timeout = '5s'")
        for schema in list(_migrated):
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
            del _migrated[schema]
    finally:
        await admin.close()
    _idle.clear()
