"""The PostgreSQL schemas tests are given (tests/pg.py's ``migrated_schema``): a migrated one handed to the next test
holds no row of the last, its sequences start again, and one whose shape a test changed is
never handed out again."""

from __future__ import annotations

import asyncpg
import pytest

from bot.storage.schema import SCHEMA_VERSION
from tests.pg import SHAPE, migrated_schema

FILL = (
    "INSERT INTO tables (channel_id, game_id, options, status, host_id, seats, seed, version,"
    " created_at, updated_at) VALUES (10, 'g', '{}', 'lobby', 1, '[]', 1, 1, 0, 0),"
    " (11, 'g', '{}', 'lobby', 1, '[]', 1, 1, 0, 0)",
    "INSERT INTO move_log (table_id, version, seat, move, user_id, lines, at)"
    " VALUES (1, 2, 1, 'm', 1, '[]', 0)",
    "INSERT INTO games (id, channel_id, game_id, status, seats, record, started_at, ended_at)"
    " VALUES (1, 10, 'g', 'finished', '[]', '{}', 0, 0)",
    "INSERT INTO player_results (game_row, seat, game_id, outcome, score)"
    " VALUES (1, 1, 'g', 'win', 1)",
    "INSERT INTO tournaments (guild_id, channel_id, owner_id, owner_name, game_id, options,"
    " format, seats, speed, rated, fill, status, round, created_at)"
    " VALUES (1, 1, 1, 'Ann', 'g', '{}', 'swiss', 2, 'live', 1, 'bye', 'signup', 0, 0)",
    "INSERT INTO tournament_players (tournament_id, user_id, name, rating, joined_at, missed)"
    " VALUES (1, 1, 'Ann', 0, 0, 0)",
    "INSERT INTO seasons (guild_id, game_id, number, channel_id, started_at, ends_at)"
    " VALUES (1, 'g', 1, 1, 0, 1)",
    "INSERT INTO season_ratings (season_id, player, mu, sigma, ordinal, games, wins)"
    " VALUES (1, 'p', 25, 8, 0, 1, 1)",
    "INSERT INTO dm_prefs (user_id, enabled) VALUES (1, 1)",
    "UPDATE tablee_schema SET version = 3",
)
"""Rows in tables with foreign keys and their parents, in every table numbering its rows, in a
table of neither; a version a test set to make an old schema (test_small_database.py)."""


async def _counts(conn: asyncpg.Connection) -> dict[str, int]:
    """Every table of the connection's schema and its number of rows."""
    names = [r[0] for r in await conn.fetch(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")]
    return {name: await conn.fetchval(f"SELECT count(*) FROM {name}") for name in names}


async def test_the_next_test_gets_the_same_schema_empty_with_its_sequences_restarted() -> None:
    async with migrated_schema() as url:
        conn = await asyncpg.connect(url)
        try:
            for statement in FILL:
                await conn.execute(statement)
            filled = await _counts(conn)
        finally:
            await conn.close()
    assert {name for name, rows in filled.items() if rows} >= {
        "tables", "move_log", "games", "player_results", "tournaments", "tournament_players",
        "seasons", "season_ratings", "dm_prefs", "tablee_schema"}
    async with migrated_schema() as again:
        conn = await asyncpg.connect(again)
        try:
            counts = await _counts(conn)
            version = await conn.fetchval("SELECT version FROM tablee_schema")
            numbered = [await conn.fetchval(statement) for statement in (
                "INSERT INTO tables (channel_id, game_id, options, status, host_id, seats, seed,"
                " version, created_at, updated_at)"
                " VALUES (10, 'g', '{}', 'lobby', 1, '[]', 1, 1, 0, 0) RETURNING id",
                "INSERT INTO tournaments (guild_id, channel_id, owner_id, owner_name, game_id,"
                " options, format, seats, speed, rated, fill, status, round, created_at) VALUES"
                " (1, 1, 1, 'Ann', 'g', '{}', 'swiss', 2, 'live', 1, 'bye', 'signup', 0, 0)"
                " RETURNING id",
                "INSERT INTO seasons (guild_id, game_id, number, channel_id, started_at, ends_at)"
                " VALUES (1, 'g', 1, 1, 0, 1) RETURNING id")]
            sequences = await conn.fetchval(
                "SELECT count(*) FROM pg_class WHERE relkind = 'S'"
                " AND relnamespace = current_schema()::regnamespace")
        finally:
            await conn.close()
    assert again == url  # the same schema, not a new one migrated
    assert set(counts) == set(filled)
    assert {name: rows for name, rows in counts.items() if rows} == {"tablee_schema": 1}
    assert version == SCHEMA_VERSION
    assert sequences == 3 and numbered == [1, 1, 1]


@pytest.mark.parametrize("change", [
    "DROP TABLE season_ratings",
    "ALTER TABLE clocks DROP COLUMN held_until",
    "DROP INDEX games_by_guild; CREATE INDEX games_by_guild ON games (game_id)",
])
async def test_a_schema_whose_shape_a_test_changed_is_not_handed_out_again(change: str) -> None:
    async with migrated_schema() as url:
        conn = await asyncpg.connect(url)
        try:
            shape = await conn.fetchval(SHAPE, url.rpartition("search_path=")[2])
            await conn.execute(change)
        finally:
            await conn.close()
    async with migrated_schema() as other:
        conn = await asyncpg.connect(other)
        try:
            again = await conn.fetchval(SHAPE, other.rpartition("search_path=")[2])
        finally:
            await conn.close()
    assert other != url
    assert again.replace(other.rpartition("search_path=")[2], "") == shape.replace(
        url.rpartition("search_path=")[2], "")  # as the migrations leave a schema
