"""``python -m bot migrate``: a real SQLite file, played on through the host, moved into a real
PostgreSQL schema; the host then reads every table back and plays on, and new ids continue past
the old ones. Refusals are one sentence and never show the password."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg
import pytest

from bot.__main__ import main
from bot.app.migrate import copy_order
from bot.service import Services
from tests.bot.conftest import ALICE, BOB, CAROL, GUILD
from tests.bot.drive import play_first_legal, play_to_end
from tests.bot.toy import TOY_ID
from tests.pg import fresh_schema

pytestmark = pytest.mark.sqlite_only  # from a SQLite file, into PostgreSQL: one way only


async def cli(*args: str) -> int:
    """``python -m bot migrate ARGS`` (its own event loop, in a thread, as from a shell)."""
    return await asyncio.to_thread(main, ["migrate", *args])


@pytest.fixture
async def pg_url() -> AsyncIterator[str]:
    async with fresh_schema() as url:
        yield url


async def _server(db: str) -> dict[str, int]:
    """A server's file: two finished games (rated), two cancelled lobbies, a game in play with
    moves and a clock, a lobby, a DM preference; the channel of each open table."""
    host = await Services.open(db)
    try:
        for channel in (1, 2):
            await host.lobbies.create_lobby(channel, GUILD, TOY_ID, {}, ALICE, "Alice", seed=channel)
            await host.lobbies.join(channel, BOB, "Bob")
            await host.lobbies.start(channel, ALICE)
            await play_to_end(host, channel)
        await host.lobbies.create_lobby(3, GUILD, TOY_ID, {}, ALICE, "Alice", seed=3)
        await host.lobbies.cancel(3, ALICE)  # its id is used up: never to be given again
        await host.lobbies.create_lobby(4, GUILD, TOY_ID, {}, ALICE, "Alice", seed=4)
        await host.lobbies.join(4, BOB, "Bob")
        await host.lobbies.start(4, ALICE)
        for _ in range(3):
            await play_first_legal(host, 4)
        await host.lobbies.create_lobby(5, GUILD, TOY_ID, {}, CAROL, "Carol", seed=5)
        await host.store.prefs.set_dm_enabled(BOB, False)
        await host.lobbies.create_lobby(7, GUILD, TOY_ID, {}, BOB, "Bob", seed=7)
        await host.lobbies.cancel(7, BOB)  # the newest id is gone from every table: only SQLite's
        return {"playing": 4, "lobby": 5}
    finally:
        await host.close()


def _counts(db: str) -> dict[str, int]:
    with sqlite3.connect(db) as conn:
        return {s.name: conn.execute(f"SELECT COUNT(*) FROM {s.name}").fetchone()[0]
                for s in copy_order()}


async def test_a_server_moves_over_and_plays_on(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "tablee.db")
    channels = await _server(db)
    before = _counts(db)
    assert before["games"] == 2 and before["tables"] == 2 and before["move_log"] == 3  # the table in play's (finished games keep none)
    old = await Services.open(db)
    old_playing = await old.views.table(channels["playing"])
    old_stats = await old.store.history.stats(GUILD, None)
    old_ratings = await old.store.ratings.ratings_of(GUILD, TOY_ID)
    await old.close()

    assert await cli("--from", db, "--to", pg_url) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"Moved 2 active tables, {before['move_log']:,} moves, 2 past games, ")
    where = urlsplit(pg_url)  # the database and schema, whatever the test database is named
    assert "1 DM preference" in said and said.rstrip().endswith(f"{where.path}?{where.query}.")
    assert ":tablee@" not in said  # the password is not printed

    conn = await asyncpg.connect(pg_url)
    try:
        for name, count in before.items():
            assert await conn.fetchval(f"SELECT COUNT(*) FROM {name}") == count, name
    finally:
        await conn.close()

    host = await Services.open(pg_url)
    try:
        playing = await host.views.table(channels["playing"])
        assert playing == old_playing  # state, seats, version: the host reads it as it was
        assert await host.store.history.stats(GUILD, None) == old_stats
        assert await host.store.ratings.ratings_of(GUILD, TOY_ID) == old_ratings
        assert await host.ledger.dm_enabled(BOB, True) is False
        await play_to_end(host, channels["playing"])
        await host.lobbies.join(channels["lobby"], ALICE, "Alice")
        await host.lobbies.start(channels["lobby"], CAROL)
        await host.lobbies.create_lobby(6, GUILD, TOY_ID, {}, ALICE, "Alice", seed=6)
        rows = [await host.store.tables.get_table(c) for c in (channels["lobby"], 6)]
        newest = max(r.id for r in rows if r is not None)
        assert newest == 7  # ids 1-6 were given in the file (3 and 6: cancelled lobbies)
        assert len(await host.store.history.games_in_channel(channels["playing"])) == 1
    finally:
        await host.close()


async def test_a_target_holding_data_is_refused_and_left_alone(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "tablee.db")
    await _server(db)
    assert await cli("--from", db, "--to", pg_url) == 0
    capsys.readouterr()
    assert await cli("--from", db, "--to", pg_url) == 1
    err = capsys.readouterr().err
    assert "already holds Tablée data (2 active tables, " in err
    assert err.rstrip().endswith("; migrate only into an empty database.")
    conn = await asyncpg.connect(pg_url)
    try:
        assert await conn.fetchval("SELECT COUNT(*) FROM games") == 2  # not doubled
    finally:
        await conn.close()


async def test_a_foreign_table_of_the_same_name_is_refused(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "tablee.db")
    await (await Services.open(db)).close()
    conn = await asyncpg.connect(pg_url)
    await conn.execute("CREATE TABLE games (x int)")
    await conn.close()
    assert await cli("--from", db, "--to", pg_url) == 1
    assert "already has a table named games that Tablée did not create" in capsys.readouterr().err


@pytest.mark.parametrize(("make", "said"), [
    (None, "no such file."),
    (b"hello, not a database at all, just some text" * 40, "is not a SQLite database"),
    ("other", "is not a Tablée database (it has none of its tables)."),
])
def test_a_source_that_is_not_a_tablee_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: bytes | str | None, said: str
) -> None:
    db = tmp_path / "x.db"
    if isinstance(make, bytes):
        db.write_bytes(make)
    elif make == "other":
        with sqlite3.connect(db) as conn:
            conn.execute("CREATE TABLE notes (t TEXT)")
    assert main(["migrate", "--from", str(db), "--to", "postgresql://u:pw@localhost/t"]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and said in err and len(err.splitlines()) == 1


@pytest.mark.parametrize(("url", "code", "said"), [
    ("mysql://u:s3cret@h/db", 2, "--to must start with postgresql://"),
    ("postgresql://u:s3cret@127.0.0.1:1/db", 1, "cannot reach the PostgreSQL server of "
     "postgresql://u@127.0.0.1:1/db"),
])
async def test_a_bad_or_unreachable_target_is_one_sentence_without_the_password(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], url: str, code: int, said: str
) -> None:
    db = str(tmp_path / "tablee.db")
    await (await Services.open(db)).close()
    assert await cli("--from", db, "--to", url) == code
    err = capsys.readouterr().err.strip()
    assert said in err and "s3cret" not in err and len(err.splitlines()) == 1
