"""A move's write run whole (one statement, so one trip to SQLite's thread: a TEMP view's
triggers, bot/storage/dialect.py; beyond one statement's parameters a transaction) and the table
read with what a move needs beside it (its clock, its server's language): all or nothing, busy and
a full disk said as before, the joined read equal to the separate ones."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import aiosqlite
import pytest

from bot.storage import Conflict, MoveEntry, Store, TableRow
from bot.storage.database import Statement
from bot.storage.errors import Busy, DiskFull
from bot.storage.rows import ClockAt, ClockRow
from tests.bot.storage.test_database import write_lock_held


def _row() -> TableRow:
    return TableRow(channel_id=5, guild_id=1, game_id="toy-cards", options={}, status="playing",
                    host_id=9, seats=[{"seat": 1, "user_id": 9, "name": "Ann",
                                       "bot_level": None}], seed=42, state={"x": 0})


async def _moved(store: Store) -> tuple[TableRow, TableRow, ClockRow]:
    """A stored table at version 2 (one move, a clock), and the next move's row and clock."""
    row = await store.tables.create_table(_row())
    assert row.id is not None
    first = replace(row, state={"x": 1}, version=2)
    await store.tables.update_table(first, 1, [MoveEntry(2, 1, "play 3", 9, [])],
                             ClockRow(row.id, 5, 2, seat=1, started=10.0, deadline=40.0))
    nxt = replace(first, state={"x": 2}, version=3)
    return first, nxt, ClockRow(row.id, 5, 3, seat=1, started=20.0, deadline=50.0)


async def _unchanged(store: Store, first: TableRow) -> None:
    assert first.id is not None
    stored = await store.tables.get_table(5)
    assert stored is not None and (stored.state, stored.version) == ({"x": 1}, 2)
    assert [m.move for m in await store.log.moves(first.id)] == ["play 3"]
    clock = await store.clocks.get_clock(first.id)
    assert clock is not None and (clock.version, clock.deadline) == (2, 40.0)


async def test_a_stale_move_stores_neither_its_log_nor_its_clock(db_path: str) -> None:
    store = await Store.open(db_path)
    first, nxt, clock = await _moved(store)
    with pytest.raises(Conflict):
        await store.tables.update_table(nxt, 1, [MoveEntry(3, 1, "play 4", 9, [])], clock)
    await _unchanged(store, first)
    await store.tables.update_table(nxt, 2, [MoveEntry(3, 1, "play 4", 9, [])], clock)  # the right one
    assert (await store.clocks.get_clock(clock.table_id)) == clock
    await store.close()


@pytest.mark.sqlite_only
async def test_a_move_blocked_by_another_process_says_busy_and_stores_nothing(
    db_path: str,
) -> None:
    store = await Store.open(db_path)
    first, nxt, clock = await _moved(store)
    with write_lock_held(db_path), pytest.raises(Busy):
        await store.tables.update_table(nxt, 2, [MoveEntry(3, 1, "play 4", 9, [])], clock)
    await _unchanged(store, first)
    await store.tables.update_table(nxt, 2, [MoveEntry(3, 1, "play 4", 9, [])], clock)  # free again
    assert (await store.tables.get_table(5)).version == 3
    await store.close()


@pytest.mark.sqlite_only
async def test_a_move_on_a_full_disk_says_so_and_stores_nothing(db_path: str) -> None:
    store = await Store.open(db_path)
    first, nxt, clock = await _moved(store)
    async with store.db.transaction() as tx:  # the file may not grow by one page more: SQLITE_FULL
        [(pages,)] = await tx.fetchall("PRAGMA page_count")
        await tx.run(Statement(f"PRAGMA max_page_count = {pages}"))
    big = replace(nxt, state={"x": "y" * 50000})
    with pytest.raises(DiskFull):
        await store.tables.update_table(big, 2, [MoveEntry(3, 1, "play 4", 9, [])], clock)
    await _unchanged(store, first)
    await store.close()


async def test_the_table_read_with_its_clock_and_language_matches_the_separate_reads(
    db_path: str,
) -> None:
    store = await Store.open(db_path)
    row = await store.tables.create_table(_row())
    bare = await store.tables.get_table(5, beside=True)
    assert bare is not None and bare == row
    assert bare.clock_at == ClockAt(1, None) and bare.server_language == (None, None)
    await store.languages.set_guild_language(1, "fr")
    await store.languages.remember_guild_locale(1, "en-GB")
    assert row.id is not None
    clock = ClockRow(row.id, 5, 1, seat=1, started=1.0, deadline=2.0, banks={1: 3.5})
    await store.clocks.put_clock(clock)
    full = await store.tables.get_table(5, beside=True)
    assert full is not None and full == await store.tables.get_table(5)
    assert full.clock_at == ClockAt(1, clock) == ClockAt(1, await store.clocks.get_clock(row.id))
    assert full.server_language == ("fr", "en-GB") == await store.languages.guild_language(1)
    await store.close()


def _calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The SQL of every call into aiosqlite's connections from now on (each one trip)."""
    sent: list[str] = []

    def counted(real: Callable[..., Any]) -> Callable[..., Any]:
        def call(self: aiosqlite.Connection, sql: str, *args: Any, **kwargs: Any) -> Any:
            sent.append(" ".join(sql.split()[:3]))
            return real(self, sql, *args, **kwargs)

        return call

    for name in ("execute", "executemany", "execute_fetchall", "executescript"):
        monkeypatch.setattr(aiosqlite.Connection, name, counted(getattr(aiosqlite.Connection, name)))
    return sent


@pytest.mark.sqlite_only
async def test_a_move_is_one_statement_on_sqlite(db_path: str,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    store = await Store.open(db_path)
    first, nxt, clock = await _moved(store)  # the first move made the view: the next are one trip
    sent = _calls(monkeypatch)
    await store.tables.update_table(nxt, 2, [MoveEntry(3, 1, "play 4", 9, []),
                                      MoveEntry(4, 2, "pass", None, [])], clock)
    assert len(sent) == 1 and sent[0].startswith("INSERT INTO tablee_write_"), sent
    sent.clear()
    with pytest.raises(Conflict):
        await store.tables.update_table(replace(nxt, version=4), 2, [MoveEntry(4, 1, "x", 9, [])], clock)
    assert len(sent) == 1 and sent[0].startswith("INSERT INTO tablee_write_"), sent
    assert [m.move for m in await store.log.moves(first.id or 0)] == ["play 3", "play 4", "pass"]
    assert await store.clocks.get_clock(clock.table_id) == clock
    await store.close()


async def test_a_move_too_long_for_one_statement_is_stored_whole_or_not_at_all(
    db_path: str,
) -> None:
    """A move with more log rows than one SQLite statement takes parameters for (999): the
    same outcome, written as a transaction."""
    store = await Store.open(db_path)
    first, nxt, clock = await _moved(store)
    long = [MoveEntry(3 + i, 1, f"play {i}", 9, [f"line {i}"]) for i in range(120)]
    with pytest.raises(Conflict):
        await store.tables.update_table(nxt, 1, long, clock)
    await _unchanged(store, first)
    await store.tables.update_table(nxt, 2, long, clock)
    assert [m.move for m in await store.log.moves(first.id or 0)] == [
        "play 3", *(f"play {i}" for i in range(120))]
    assert (await store.clocks.get_clock(clock.table_id)) == clock
    await store.close()
