"""Upgrading (issue 29, part 2): a database written by the previous release (Tablée 0.1.0, schema
version 7, frozen in tests/bot/data/schema_v7.sql) opened by this code: the migrations run by
themselves and the log says so, the game in play resumes and is played to its end, the finished
game shows in the history and replays as it ended, and its ratings stand."""

from __future__ import annotations

import json
import logging
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.app.migrate import _cast
from bot.service import Services
from bot.storage import dialect, postgres
from bot.storage.schema import MIGRATIONS, SCHEMA_VERSION
from games.records import replay as replay_record
from tests.bot.drive import play_to_end
from tests.pg import fresh_schema

pytestmark = pytest.mark.sqlite_only  # each store in its own test below

FIXTURE = Path(__file__).parent.parent / "data" / "schema_v7.sql"
GUILD, ALICE, BOB = 7, 1, 2
FINISHED, LIVE = 10, 20


def previous_release(path: Path) -> None:
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.executescript(FIXTURE.read_text(encoding="utf-8"))
        assert conn.execute("PRAGMA user_version").fetchone() == (7,)
    finally:
        conn.close()


async def test_the_previous_releases_database_is_upgraded_resumed_and_played_on(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    db = tmp_path / "tablee.db"
    previous_release(db)
    caplog.set_level(logging.INFO, logger="tablee.storage")
    await upgraded_and_played_on(str(db), caplog)
    with sqlite3.connect(db) as conn:
        assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)


async def test_the_previous_releases_postgresql_database_too(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The same server on PostgreSQL: the schema of 0.1.0 (its 7 migrations), the same rows."""
    previous_release(tmp_path / "v7.db")
    async with fresh_schema() as url:
        conn = await asyncpg.connect(url)
        try:
            await postgres.migrate(conn, MIGRATIONS[:7])
            await copy_rows(tmp_path / "v7.db", conn)
        finally:
            await conn.close()
        caplog.set_level(logging.INFO, logger="tablee.storage")
        await upgraded_and_played_on(url, caplog)


async def copy_rows(source: Path, conn: asyncpg.Connection) -> None:
    """Every row of the schema-7 file into the schema-7 PostgreSQL tables, keys continuing."""
    shapes = dialect.shapes(MIGRATIONS[:7])
    with sqlite3.connect(source) as snap:
        for shape in sorted(shapes.values(), key=lambda s: (len(s.parents), s.name)):
            casts = [_cast(kind) for kind in shape.types]
            rows = snap.execute(f"SELECT {', '.join(shape.columns)} FROM {shape.name}").fetchall()
            records = [tuple(c(v) for c, v in zip(casts, row, strict=True)) for row in rows]
            await conn.copy_records_to_table(shape.name, records=records, columns=shape.columns)
            if shape.identity:
                (top,) = snap.execute("SELECT seq FROM sqlite_sequence WHERE name = ?",
                                      (shape.name,)).fetchone()
                await conn.execute("SELECT setval(pg_get_serial_sequence($1, $2), $3)",
                                   shape.name, shape.identity, top)


async def upgraded_and_played_on(db: str, caplog: pytest.LogCaptureFixture) -> None:
    host = await Services.open(db)
    try:
        said = [r.getMessage() for r in caplog.records if r.name == "tablee.storage"]
        assert f"database upgraded from schema version 7 to {SCHEMA_VERSION} (migrations ran by " \
               "themselves)" in said

        # The finished game: in the history as it ended, replayable, rated.
        [entry] = (await host.game_history.history(GUILD)).entries
        assert (entry.game_row, entry.game_id, entry.channel_id, entry.post_message_id) == \
            (1, "isis-osiris", FINISHED, 445)
        assert [(p.name, p.won) for p in entry.players] == [("Alice", True), ("Bob", False)]
        files = await host.game_history.replay(GUILD, 1)
        assert files.frames == files.turns + 1 and files.turns > 0
        again = replay_record(json.loads(files.record))
        assert again["finished"] and again["scores"] == [0, -6]
        board = await host.ratings.leaderboard(GUILD, "isis-osiris", ALICE)
        assert sorted((s.player, s.rating.games, s.rating.wins) for s in board.top) == \
            [("u:1", 1, 1), ("u:2", 1, 0)]

        # The game in play: resumed where it was (its post already shows its version), Bob to
        # move, then played to its end and in the history beside the first.
        assert [t.channel_id for t in await host.views.active_tables()] == [LIVE]
        assert await host.moves.resume() == []
        table = await host.views.require_table(LIVE)
        assert (table.status, table.version) == ("playing", 8)
        assert (await host.views.menu(LIVE, BOB))[1] and not (await host.views.menu(LIVE, ALICE))[1]
        assert not await host.ledger.dm_enabled(BOB, True) and await host.ledger.dm_enabled(ALICE, True)
        outcomes = await play_to_end(host, LIVE)
        assert outcomes[-1].table.status == "finished"
        page = await host.game_history.history(GUILD)
        assert [e.channel_id for e in page.entries] == [LIVE, FINISHED]
        assert page.entries[0].game_row == 2  # ids go on past the old ones
    finally:
        await host.close()

    # Opened again: nothing left to migrate, and the log says nothing of it.
    caplog.clear()
    again_host = await Services.open(db)
    await again_host.close()
    assert not [r for r in caplog.records if "schema" in r.getMessage()]
