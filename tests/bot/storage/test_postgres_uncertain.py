"""What a lost PostgreSQL answer says (issue 38, item 6), on the real server (skipped without
``TABLEE_TEST_DATABASE_URL``).

- asyncpg's "another operation is in progress" (a connection still busy with a statement given
  up on a silent server) and its InternalClientError are the storage's unreachable sentence,
  never the generic apology;
- a write the server stops answering once it was sent (its statement, or its transaction's
  COMMIT) may have been stored, and is found stored once the server answers: the store says
  so (:class:`~bot.storage.errors.Uncertain`), never "nothing changed"."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import replace

import asyncpg
import pytest

from bot.storage import MoveEntry, Store, TableRow, postgres
from bot.storage.errors import MAYBE_SAVED, UNREACHABLE, Unavailable, Uncertain, Unreachable
from bot.storage.postgres import pg_unavailable
from bot.storage.rows import Ending
from tests.pg import fresh_schema
from tests.pg_proxy import Proxy, silent_store, toy_table


@pytest.fixture
async def silent(monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[tuple[Proxy, Store]]:
    monkeypatch.setattr(postgres, "COMMAND_TIMEOUT", 1.0)  # its 3 s, shrunk: the suite's time
    monkeypatch.setattr(postgres, "PROBE_EVERY", 0.2)
    async with silent_store() as both:
        yield both


async def _answering(store: Store, channel: int) -> TableRow | None:
    """The table once the store reaches the server again."""
    deadline = time.monotonic() + 20
    while True:
        try:
            return await store.tables.get_table(channel)
        except Unavailable:
            assert time.monotonic() < deadline, "the store never found the server again"
            await asyncio.sleep(0.1)


async def test_another_operation_in_progress_is_the_unreachable_sentence() -> None:
    async with fresh_schema() as url:
        conn = await asyncpg.connect(url)
        try:
            busy = asyncio.ensure_future(conn.fetchval("SELECT pg_sleep(0.3)"))
            await asyncio.sleep(0.05)
            with pytest.raises(asyncpg.exceptions.InterfaceError) as raised:
                await conn.fetchval("SELECT 1")
            await busy
        finally:
            await conn.close()
    assert "another operation is in progress" in str(raised.value)
    for exc in (raised.value, asyncpg.exceptions.InternalClientError(
            "waiter is not done while handling critical protocol error")):
        said = pg_unavailable(exc)
        assert isinstance(said, Unreachable) and said.message == UNREACHABLE, exc


async def test_a_move_sent_before_the_server_fell_silent_may_be_saved(
        silent: tuple[Proxy, Store]) -> None:
    proxy, store = silent
    row = await toy_table(store, 301)
    for _ in range(2):  # the second move is sent whole (its statement prepared by the first)
        entry = MoveEntry(version=row.version + 1, seat=1, move="draw", user_id=7,
                          lines=["Ann."])
        new = replace(row, version=row.version + 1)
        if _:
            proxy.hang()
            with pytest.raises(Uncertain) as raised:
                await store.tables.update_table(new, row.version, [entry])
        else:
            await store.tables.update_table(new, row.version, [entry])
            row = new
    assert raised.value.message == MAYBE_SAVED  # not "nothing changed"
    with pytest.raises(Unreachable) as later:  # told at once, and nothing was sent: sure
        await store.prefs.set_dm_enabled(7, True)
    assert not isinstance(later.value, Uncertain)
    proxy.resume()
    now = await _answering(store, 301)
    assert now is not None and now.version == row.version + 1  # it was stored after all
    assert [m.version for m in await store.log.moves(row.id or 0)] == [2, 3]


async def test_a_transaction_lost_at_its_commit_may_be_saved(
        silent: tuple[Proxy, Store]) -> None:
    proxy, store = silent
    row = await toy_table(store, 302)
    proxy.hang_on(b"COMMIT")  # the server goes silent just as the table's end commits
    ending = Ending("abandoned", {"game": "toy-cards"}, None, [])
    with pytest.raises(Uncertain):
        await store.tables.close_table(row, row.version, [], ending)
    proxy.resume()
    assert await _answering(store, 302) is None  # committed: the channel is free
