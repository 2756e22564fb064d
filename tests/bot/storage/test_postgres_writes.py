"""How the PostgreSQL store writes: moves on different tables commit side by side (each waits
for the disk together, not in a queue), two writes to one table still meet at the version check,
read-modify-write transactions stay one at a time, and a move is its statements between BEGIN and
one statement with nothing sent around it (no reset query when a connection goes back to the
pool)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace

import asyncpg
import pytest

from bot.storage import Conflict, MoveEntry, Store, TableRow
from bot.storage.postgres import Postgres
from bot.storage.rows import ClockRow
from tests.pg import migrated_schema


@pytest.fixture
async def store() -> AsyncIterator[Store]:
    async with migrated_schema() as url:
        opened = await Store.open(url)
        assert isinstance(opened.db, Postgres)
        try:
            yield opened
        finally:
            await opened.close()


async def _table(store: Store, channel: int) -> TableRow:
    return await store.tables.create_table(TableRow(
        channel_id=channel, guild_id=1, game_id="toy-cards", options={}, status="playing",
        host_id=7, seats=[{"seat": 1, "user_id": 7, "name": "Ann", "bot_level": None}],
        seed=3, state={"n": 0}))


def _moved(row: TableRow) -> TableRow:
    return replace(row, version=row.version + 1, state={"n": row.version})


def _entry(row: TableRow) -> list[MoveEntry]:
    return [MoveEntry(version=row.version + 1, seat=1, move="draw", user_id=7, lines=["Ann draws."])]


async def _until_waiting_for_a_lock(conn: asyncpg.Connection) -> None:
    """Return once some backend of the database waits for a row lock (the blocked move)."""
    for _ in range(500):
        if await conn.fetchval("SELECT count(*) FROM pg_stat_activity WHERE datname ="
                               " current_database() AND wait_event_type = 'Lock'"):
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the move never reached the row lock")


async def test_a_move_on_another_table_commits_while_one_waits_for_its_row(
    store: Store,
) -> None:
    """Table A's move waits for a row lock another process holds; table B's move does not
    wait behind it (with one write at a time per process it would, then A would say busy)."""
    a, b = await _table(store, 101), await _table(store, 102)
    other = await asyncpg.connect(store.db.url)
    try:
        holding = other.transaction()
        await holding.start()
        await other.execute("SELECT 1 FROM tables WHERE id = $1 FOR UPDATE", a.id)
        move_a = asyncio.ensure_future(store.tables.update_table(_moved(a), a.version, _entry(a)))
        await _until_waiting_for_a_lock(other)
        await store.tables.update_table(_moved(b), b.version, _entry(b))
        assert not move_a.done()  # still waiting for its row, not refused
        await holding.rollback()
        await move_a
    finally:
        await other.close()
    assert [(await store.tables.get_table(c)).version for c in (101, 102)] == [2, 2]  # type: ignore[union-attr]
    assert [[m.move for m in await store.log.moves(t.id or 0)] for t in (a, b)] == [["draw"]] * 2


async def test_two_moves_on_one_table_at_once_from_one_process_one_wins(store: Store) -> None:
    row = await _table(store, 103)
    for _ in range(10):
        results = await asyncio.gather(
            *(store.tables.update_table(_moved(row), row.version, _entry(row)) for _ in range(3)),
            return_exceptions=True)
        assert sorted(type(r).__name__ for r in results) == ["Conflict", "Conflict", "NoneType"]
        row = _moved(row)
    assert [m.version for m in await store.log.moves(row.id or 0)] == list(range(2, 12))
    with pytest.raises(Conflict):
        await store.tables.update_table(_moved(row), row.version - 1)


async def test_a_read_modify_write_transaction_still_runs_alone(store: Store) -> None:
    """Rating a game reads and writes and must not interleave with another such transaction:
    a second one waits for the first (its turn, not a refusal), while every other write of any
    table goes on beside it (issue 30, item 3: a table's bookkeeping once waited here and said
    busy after a second)."""
    order: list[str] = []

    async def second() -> None:
        async with store.db.transaction():
            order.append("second")

    async with store.db.transaction():
        waiting = asyncio.ensure_future(second())
        await asyncio.sleep(0)  # it is queued behind this one now
        await store.prefs.set_dm_enabled(9, True)  # preferences, transient posts, clocks, a move:
        await store.sent_posts.add_transient_post(104, 1, "hidden")  # none of them waits for it
        row = await _table(store, 104)
        await store.tables.update_table(_moved(row), row.version, _entry(row))
        await store.clocks.put_clock(ClockRow(row.id or 0, 104, 2, seat=1, started=1.0, deadline=2.0))
        assert not waiting.done() and order == []
        order.append("first")
    await waiting
    assert order == ["first", "second"]
    assert await store.prefs.dm_enabled(9) is True


async def test_bookkeeping_of_many_tables_at_once_is_never_busy(store: Store) -> None:
    """One process's own load (issue 30, item 3): the small writes of a hundred tables at once
    (posts, clocks, transient posts, preferences), while a read-modify-write transaction is
    held, all commit before it ends (they once queued behind it and said busy after a
    second)."""
    rows = [await _table(store, 300 + k) for k in range(100)]
    async with store.db.transaction():
        results = await asyncio.gather(*(w for row in rows for w in (
            store.tables.set_post(row.channel_id, 1000 + row.channel_id, row.version),
            store.clocks.put_clock(ClockRow(row.id or 0, row.channel_id, 1, seat=1, started=1.0,
                                     deadline=2.0)),
            store.sent_posts.add_transient_post(row.channel_id, 2000 + row.channel_id, "hidden"),
            store.prefs.set_dm_enabled(row.channel_id, True))), return_exceptions=True)
    assert [r for r in results if isinstance(r, BaseException)] == []
    assert (await store.tables.get_table(350)).post_message_id == 1350  # type: ignore[union-attr]
    assert len(await store.sent_posts.transient_posts(399)) == 1


async def test_a_move_is_one_statement_and_nothing_more(store: Store) -> None:
    """One round trip: the table's UPDATE, its log and its clock in one WITH statement (its own
    transaction), no BEGIN, COMMIT or reset query around it. (The first such statement on a
    connection also has asyncpg look up the array types once: the warm-up move.)"""
    row = await _table(store, 105)
    assert row.id is not None
    await store.tables.update_table(_moved(row), row.version, _entry(row))
    row = _moved(row)
    sent: list[str] = []
    async with store.db._pool.acquire() as conn:  # the pool's one idle connection: the next user
        conn.add_query_logger(lambda record: sent.append(" ".join(record.query.split()[:4])))
    clock = ClockRow(row.id, 105, 3, seat=1, started=5.0, deadline=35.0, remind_at=20.0,
                     banks={1: 30.0})
    await store.tables.update_table(_moved(row), row.version, _entry(row), clock)
    await store.tables.get_table(105)
    assert sent == ["WITH moved AS (UPDATE", "SELECT id, channel_id, guild_id,"]
    assert await store.clocks.get_clock(row.id) == clock
    assert [(m.version, m.move, m.lines) for m in await store.log.moves(row.id)] == [
        (2, "draw", ["Ann draws."]), (3, "draw", ["Ann draws."])]


async def test_a_stale_move_in_one_statement_writes_nothing(store: Store) -> None:
    row = await _table(store, 106)
    assert row.id is not None
    await store.tables.update_table(_moved(row), row.version, _entry(row))
    again = [*_entry(row), replace(_entry(row)[0], version=3, move="pass", user_id=None)]
    with pytest.raises(Conflict):
        await store.tables.update_table(_moved(row), row.version, again,
                                 ClockRow(row.id, 106, 2, seat=1, started=1.0, deadline=2.0))
    assert await store.clocks.get_clock(row.id) is None
    assert [m.move for m in await store.log.moves(row.id)] == ["draw"]
    moved = _moved(row)
    await store.tables.update_table(_moved(moved), moved.version, [])  # no log rows, no clock
    assert (await store.tables.get_table(106)).version == 3  # type: ignore[union-attr]
