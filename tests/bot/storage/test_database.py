"""Storage under a busy or full database (issue 17, item 3): reads never queue behind a write,
a write blocked by another process says "busy" after a bounded wait instead of hanging for 10 s,
a full disk says so, and nothing is half-written; our own queue of writes waits its turn and
never says busy (issue 30, item 3). The other process is a plain sqlite3
connection holding ``BEGIN IMMEDIATE`` on the same real file."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.service import Services
from bot.service import errors as host_errors
from bot.storage import Store, TableRow, database
from bot.storage.database import Statement
from bot.storage.errors import BUSY, DISK_FULL, Busy, DiskFull
from bot.storage.sqlite import BUSY_TIMEOUT_MS
from tests.bot.conftest import ALICE, CHANNEL, GUILD

pytestmark = pytest.mark.sqlite_only  # a second process holding the SQLite file

HANG = 30  # a hang detector, far above any wait the store allows: not a speed assertion


def _row(channel: int) -> TableRow:
    return TableRow(channel_id=channel, guild_id=1, game_id="toy-cards", options={},
                    status="lobby", host_id=9, seats=[{"seat": 1, "user_id": 9, "name": "Ann",
                                                       "bot_level": None}], seed=42)


@contextmanager
def write_lock_held(path: str | Path) -> Iterator[sqlite3.Connection]:
    """Another process's connection holding the database's write lock for the block."""
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    try:
        yield other
    finally:
        other.execute("ROLLBACK")
        other.close()


async def test_reads_do_not_wait_for_a_blocked_write(db_path: str) -> None:
    store = await Store.open(db_path)
    await store.tables.create_table(_row(1))
    order: list[str] = []

    async def write() -> None:
        try:
            await store.tables.create_table(_row(2))
        except Busy:
            pass
        order.append("write")

    async def read() -> None:
        await asyncio.sleep(0.05)  # the write is waiting for the lock by now
        assert (await store.tables.get_table(1)) is not None
        assert await store.tables.active_tables()
        order.append("read")

    with write_lock_held(db_path):
        await asyncio.wait_for(asyncio.gather(write(), read()), HANG)
    assert order == ["read", "write"]  # the read did not queue behind the blocked write
    await store.close()


async def test_a_blocked_write_says_busy_and_writes_nothing(db_path: str) -> None:
    store = await Store.open(db_path)
    with write_lock_held(db_path):
        started = time.monotonic()
        with pytest.raises(Busy) as caught:
            await asyncio.wait_for(store.tables.create_table(_row(3)), HANG)
        waited = time.monotonic() - started
    print(f"busy database: 'busy' said after {waited:.2f} s")
    assert caught.value.message == BUSY == "The table is busy, try again in a moment."
    assert await store.tables.get_table(3) is None
    assert (await store.tables.create_table(_row(3))).id is not None  # released: it works again
    await store.close()


async def test_writes_queued_behind_a_blocked_write_say_busy_too(db_path: str) -> None:
    """Our own writes queue on the store's lock: when the one ahead finds another process
    holding the database, the ones behind it give up with it, not one by one (ten writes each
    waiting out SQLite's busy timeout would take ten times as long)."""
    store = await Store.open(db_path)
    with write_lock_held(db_path):
        started = time.monotonic()
        results = await asyncio.wait_for(asyncio.gather(
            *(store.tables.create_table(_row(10 + i)) for i in range(10)), return_exceptions=True
        ), HANG)
        waited = time.monotonic() - started
    assert all(isinstance(r, Busy) for r in results), results
    assert waited < 5 * BUSY_TIMEOUT_MS / 1000, f"said busy one by one: {waited:.1f} s"
    assert await store.tables.active_tables() == []
    await store.close()


async def test_our_own_queue_waits_its_turn_and_is_never_busy(db_path: str) -> None:
    """Issue 30, item 3: our own load is not another process. Fifty writes queued behind this
    process's own write held longer than the old one-second limit all wait their turn and
    are stored; none says busy."""
    store = await Store.open(db_path)
    async with store.db.transaction():
        pending = [asyncio.ensure_future(store.tables.create_table(_row(20 + i))) for i in range(50)]
        await asyncio.sleep(1.5)  # the premise: our own write holds the database that long
        assert not any(p.done() for p in pending)  # waiting, not refused
    results = await asyncio.wait_for(asyncio.gather(*pending, return_exceptions=True), HANG)
    assert [r for r in results if isinstance(r, BaseException)] == []
    assert len(await store.tables.active_tables()) == 50
    await store.close()


async def test_host_refusal_while_busy_is_the_busy_sentence(db_path: str) -> None:
    host = await Services.open(db_path)
    with write_lock_held(db_path):
        with pytest.raises(host_errors.Busy) as caught:
            await asyncio.wait_for(
                host.lobbies.create_lobby(CHANNEL, GUILD, "toy-cards", {}, ALICE, "Alice"), HANG
            )
        assert caught.value.message == BUSY
        assert await host.views.table(CHANNEL) is None  # no invisible lobby left behind
    info = await host.lobbies.create_lobby(CHANNEL, GUILD, "toy-cards", {}, ALICE, "Alice")
    assert info.status == "lobby"
    await host.close()


async def test_a_full_disk_says_so_and_keeps_the_table(db_path: str) -> None:
    store = await Store.open(db_path)
    row = await store.tables.create_table(_row(4))
    async with store.db.transaction() as tx:  # the file may not grow by one page more: SQLITE_FULL
        [(pages,)] = await tx.fetchall("PRAGMA page_count")
        await tx.run(Statement(f"PRAGMA max_page_count = {pages}"))
    big = TableRow(**{**row.__dict__, "id": None, "channel_id": 5, "options": {"x": "y" * 50000}})
    with pytest.raises(DiskFull) as caught:
        await store.tables.create_table(big)
    assert caught.value.message == DISK_FULL and "disk is full" in DISK_FULL
    assert await store.tables.get_table(5) is None and await store.tables.get_table(4) == row
    await store.close()


async def test_a_moving_queue_is_waited_out_and_a_stuck_one_says_busy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The queue's bound (issue 30, items 3 and 8): a request waits as long as the turns ahead
    of it keep ending, however long that takes in all, and says busy once no turn has ended for
    STALLED seconds (a holder stuck)."""
    monkeypatch.setattr(database, "STALLED", 1.0)
    gate = database.Gate()
    await gate.enter()  # a holder

    async def turn() -> None:
        await gate.enter()
        await asyncio.sleep(0.2)  # each turn is short, the whole queue longer than STALLED
        gate.leave()

    queue = [asyncio.ensure_future(turn()) for _ in range(8)]
    await asyncio.sleep(0.2)
    gate.leave()
    started = time.monotonic()
    await asyncio.wait_for(asyncio.gather(*queue), HANG)
    assert time.monotonic() - started > 1.0  # waited longer than STALLED, never refused
    await gate.enter()  # a holder that never leaves
    started = time.monotonic()
    with pytest.raises(Busy):
        await asyncio.wait_for(gate.enter(), HANG)
    assert 1.0 <= time.monotonic() - started < HANG
    gate.leave()
    await asyncio.wait_for(gate.enter(), HANG)  # the refused request did not keep a turn
