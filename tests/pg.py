"""PostgreSQL for tests: each test that asks gets a fresh, empty schema of the test database named
by ``TABLEE_TEST_DATABASE_URL`` (``.ci/run`` starts the machine's server and sets it), dropped
afterwards. Without a reachable server those tests skip, saying how to run them."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import asyncpg
import pytest

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
