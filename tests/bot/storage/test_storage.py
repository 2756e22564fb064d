"""The SQLite layer alone: migrations, WAL, optimistic versions, history, preferences."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from typing import Any

import pytest

from bot.storage import Conflict, MoveEntry, Store, TableRow, schema
from bot.storage.rows import NEVER, Ending, NotifyPrefs
from bot.storage.schema import SCHEMA_VERSION, SchemaTooNew


def _row(channel: int = 5) -> TableRow:
    return TableRow(channel_id=channel, guild_id=1, game_id="toy-cards", options={"length": "short"},
                    status="lobby", host_id=9, seats=[{"seat": 1, "user_id": 9, "name": "Ann",
                                                       "bot_level": None}], seed=42)


@pytest.mark.sqlite_only
@pytest.mark.new_file
async def test_migrations_set_user_version_and_wal(db_path: str) -> None:
    store = await Store.open(db_path)
    await store.close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    reopened = await Store.open(db_path)  # migrating twice is a no-op
    assert await reopened.tables.active_tables() == []
    await reopened.close()


@pytest.mark.sqlite_only
@pytest.mark.new_file
async def test_two_processes_opening_a_new_file_migrate_it_once(
        db_path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The second of two shard processes read the old version before the first migrated: once it
    holds the write lock it sees the work done instead of failing on 'table already exists'."""
    first = await Store.open(db_path)  # the other process, done migrating
    await first.close()
    real_version = schema._version
    looks = 0

    async def stale_then_true(db: Any) -> int:
        nonlocal looks
        looks += 1
        return 0 if looks == 1 else await real_version(db)  # first look: before the other one

    monkeypatch.setattr(schema, "_version", stale_then_true)
    second = await Store.open(db_path)
    assert await second.tables.active_tables() == []
    await second.close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


@pytest.mark.sqlite_only
@pytest.mark.new_file
async def test_newer_schema_is_refused(db_path: str) -> None:
    with sqlite3.connect(db_path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(SchemaTooNew):
        await Store.open(db_path)


async def test_one_table_per_channel(db_path: str) -> None:
    store = await Store.open(db_path)
    created = await store.tables.create_table(_row())
    assert created.id is not None
    with pytest.raises(Conflict):
        await store.tables.create_table(_row())
    assert (await store.tables.get_table(5)) == created
    await store.close()


async def test_update_with_stale_version_changes_nothing(db_path: str) -> None:
    store = await Store.open(db_path)
    row = await store.tables.create_table(_row())
    moved = replace(row, status="playing", state={"x": 1}, version=2)
    await store.tables.update_table(moved, 1, [MoveEntry(2, 1, "play 3", 9, ["Ann played 3."])])
    with pytest.raises(Conflict):
        await store.tables.update_table(replace(moved, state={"x": 2}, version=3), 1,
                                 [MoveEntry(3, 1, "play 4", 9, [])])
    stored = await store.tables.get_table(5)
    assert stored is not None and stored.state == {"x": 1} and stored.version == 2
    assert [m.move for m in await store.log.moves(row.id)] == ["play 3"]  # the loser logged nothing
    await store.close()


async def test_close_moves_table_to_history_and_frees_channel(db_path: str) -> None:
    store = await Store.open(db_path)
    row = await store.tables.create_table(_row())
    ending = Ending("finished", {"game": "toy-cards", "moves": []}, {"winners": [1]},
                    [(1, 9, "win", 5.0), (2, None, "loss", 3.0)])
    await store.tables.close_table(row, 1, [MoveEntry(2, 1, "play 5", 9, [])], ending)
    assert await store.tables.get_table(5) is None
    [game_row] = await store.history.games_in_channel(5)
    assert (await store.history.game(game_row))["status"] == "finished"
    stats = await store.history.stats(1, 9)
    assert stats == {"games": 1, "per_game": {"toy-cards": {"played": 1, "wins": 1}}}
    await store.tables.create_table(_row())  # the channel is free again
    await store.close()


async def test_set_post_never_goes_back_in_time(db_path: str) -> None:
    store = await Store.open(db_path)
    await store.tables.create_table(_row())
    await store.tables.set_post(5, 1001, 4)
    await store.tables.set_post(5, 1000, 3)
    stored = await store.tables.get_table(5)
    assert stored is not None and (stored.post_message_id, stored.post_version) == (1001, 4)
    await store.close()


async def test_posted_is_one_write_and_one_read(db_path: str) -> None:
    """The adapter's one call after a post (issue 30, cleanup): its value kept or dropped, the
    table's current post set (never back in time), or the finished game's final post, then the
    channel's other posts showing a value: one write and one read whatever the case."""
    store = await Store.open(db_path)
    row = await store.tables.create_table(_row())
    await store.sent_posts.add_transient_post(5, 70, "older")
    await store.sent_posts.add_transient_post(6, 80, "another channel")
    trips: list[str] = []
    for name in ("write", "fetchall", "fetchone", "transaction"):
        real = getattr(store.db, name)

        def counted(*args: Any, _real: Any = real, _name: str = name, **kwargs: Any) -> Any:
            trips.append(_name)
            return _real(*args, **kwargs)

        setattr(store.db, name, counted)

    def once(values: dict[int, str]) -> dict[int, str]:
        assert trips == ["write", "fetchall"], trips
        trips.clear()
        return values

    assert once(await store.sent_posts.posted(5, 1001, 4, "without the value")) == {70: "older"}
    assert once(await store.sent_posts.posted(5, 1000, 3, None)) == {70: "older", 1001: "without the value"}
    stored = await store.tables.get_table(5)
    assert stored is not None and (stored.post_message_id, stored.post_version) == (1001, 4)
    trips.clear()
    assert once(await store.sent_posts.posted(5, 1001, 4, None)) == {70: "older"}  # no value any more
    trips.clear()
    ending = Ending("finished", {"game": "toy-cards", "moves": []}, {"winners": [1]},
                    [(1, 9, "win", 5.0)])
    await store.tables.close_table(row, 1, [], ending)
    trips.clear()
    assert once(await store.sent_posts.posted(5, 1002, 5, None)) == {70: "older"}  # the final post
    [game_row] = await store.history.games_in_channel(5)
    finished = await store.history.finished_game(1, game_row)
    assert finished is not None and finished[0].post_message_id == 1002
    await store.tables.create_table(_row())  # a new lobby in the channel, its post not yet known
    trips.clear()
    once(await store.sent_posts.posted(5, 1003, 6, None))  # the new table's post, not the game's
    assert (await store.history.finished_game(1, game_row))[0].post_message_id == 1002  # type: ignore[index]
    assert (await store.tables.get_table(5)).post_message_id == 1003  # type: ignore[union-attr]
    await store.close()


async def test_dm_preferences_round_trip(db_path: str) -> None:
    store = await Store.open(db_path)
    assert await store.prefs.dm_enabled(9) is None
    await store.prefs.set_dm_enabled(9, False)
    assert await store.prefs.dm_enabled(9) is False
    await store.prefs.set_dm_enabled(9, True)
    assert await store.prefs.dm_enabled(9) is True
    await store.close()


async def test_notification_choices_round_trip_and_carry_the_dms_answer(db_path: str) -> None:
    """/notifications stores every choice; a person who only answered /dms keeps that answer
    (on: a mention and a DM; off: a mention only); nobody else's choices move."""
    store = await Store.open(db_path)
    default = NotifyPrefs(live_after=120)
    assert await store.prefs.notify_prefs(9, default) == default
    assert not await store.prefs.chosen(9)
    await store.prefs.set_dm_enabled(9, True)
    await store.prefs.set_dm_enabled(8, False)
    assert (await store.prefs.notify_prefs(9, default)).how == "both"
    assert (await store.prefs.notify_prefs(8, default)).how == "mention"
    mine = NotifyPrefs(how="dm", live_after=NEVER, slow="digest", digest_hour=7,
                       zone="America/Los_Angeles", quiet_from=22 * 60 + 30, quiet_to=7 * 60)
    await store.prefs.set_notify_prefs(9, mine)
    assert await store.prefs.notify_prefs(9, default) == mine
    assert await store.prefs.chosen(9) and not await store.prefs.chosen(8)
    await store.prefs.set_notify_prefs(9, replace(mine, quiet_from=None, quiet_to=None))
    assert not (await store.prefs.notify_prefs(9, default)).quiet
    assert (await store.prefs.notify_prefs(8, default)).how == "mention"
    await store.close()


@pytest.mark.sqlite_only
@pytest.mark.new_file
async def test_a_version_1_file_upgrades_keeping_its_tables(db_path: str) -> None:
    """Migration 2 on a file written by the first schema: the table is still there, with no
    record head, and the new columns and table work."""
    from bot.storage.schema import MIGRATIONS, _statements

    with sqlite3.connect(db_path) as db:
        for statement in _statements(MIGRATIONS[0]):
            db.execute(statement)
        db.execute(
            "INSERT INTO tables (channel_id, guild_id, game_id, options, status, host_id, seats,"
            " seed, state, version, created_at, updated_at)"
            " VALUES (5, 1, 'toy-cards', '{}', 'lobby', 9, '[]', 42, NULL, 1, 0, 0)"
        )
        db.execute("PRAGMA user_version = 1")
    store = await Store.open(db_path)
    try:
        row = await store.tables.get_table(5)
        assert row is not None and row.seed == 42 and row.record_head is None
        await store.tables.update_table(replace(row, version=2, record_head={"setup": {"x": 1}}), 1)
        assert (await store.tables.get_table(5)).record_head == {"setup": {"x": 1}}
        await store.sent_posts.add_transient_post(5, 77, "plain")
        await store.sent_posts.add_transient_post(5, 77, "plainer")
        assert await store.sent_posts.transient_posts(5) == {77: "plainer"}
        await store.sent_posts.drop_transient_post(77)
        assert await store.sent_posts.transient_posts(5) == {}
    finally:
        await store.close()
    with sqlite3.connect(db_path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


@pytest.mark.sqlite_only
async def test_commits_are_durable_synchronous_full(db_path: str) -> None:
    store = await Store.open(db_path)
    try:
        async with store.db.transaction() as tx:  # on the connection that writes
            assert await tx.fetchall("PRAGMA synchronous") == [(2,)]  # FULL
    finally:
        await store.close()
