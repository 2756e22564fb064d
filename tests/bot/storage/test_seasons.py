"""Seasons stored (bot.storage.seasons, and their ratings in bot.storage.ratings), on SQLite and
PostgreSQL: numbered per server and game, one open at a time, the games ending inside one (not
before, not after its end, early or not) rate its own fresh ratings with the server's, the end
names the top player, a rebuild and the catch-up after a crash rate the seasons alike."""

from __future__ import annotations

import json
from typing import Any

from bot.service.ratings import teams
from bot.storage import Store
from bot.storage.database import Statement
from bot.storage.skill import DEFAULT

GUILD, OTHER = 7, 8
GAME = "isis-osiris"
T = 1_780_000_000.0


async def finished(store: Store, row: int, ended_at: float, winner: int, *, guild: int = GUILD,
                   game: str = GAME, players: tuple[int | str, int | str] = (1, 2)) -> None:
    """A two-player finished game stored as the close of a table stores it (a text player: a
    computer of that level)."""
    seats = [{"seat": i + 1, "user_id": p, "name": f"U{p}", "bot_level": None}
             if isinstance(p, int) else
             {"seat": i + 1, "user_id": None, "name": "Computer", "bot_level": p}
             for i, p in enumerate(players)]
    result: dict[str, Any] = {"finished": True, "winners": [winner],
                              "scores": [1 if s == winner else 0 for s in (1, 2)], "reason": ""}
    await store.db.write([Statement(
        "INSERT INTO games (id, channel_id, guild_id, game_id, status, seats, record, result,"
        " started_at, ended_at) VALUES (?, ?, ?, ?, 'finished', ?, ?, ?, ?, ?)",
        (row, 100 + row, guild, game, json.dumps(seats),
         json.dumps({"game": game, "players": 2, "options": {}}), json.dumps(result),
         ended_at - 60, ended_at))])


def numbers(standings: list[Any]) -> list[tuple[str, int, int, int]]:
    return [(s.player, s.rank, s.rating.games, s.rating.wins) for s in standings]


async def test_seasons_are_numbered_one_open_at_a_time(db_path: str) -> None:
    store = await Store.open(db_path)
    try:
        first = await store.seasons.start(GUILD, GAME, 55, T, T + 100)
        assert first is not None and (first.number, first.open, first.channel_id) == (1, True, 55)
        assert await store.seasons.start(GUILD, GAME, 56, T + 1, T + 200) is None  # one open
        other = await store.seasons.start(OTHER, GAME, 57, T, T + 50)  # another server
        also = await store.seasons.start(GUILD, "toy-cards", 58, T, T + 300)  # another game
        assert other is not None and also is not None and (other.number, also.number) == (1, 1)
        assert [s.id for s in await store.seasons.running()] == [other.id, first.id, also.id]
        ended = await store.seasons.end(first.id, T + 10)  # early: it was to end at T + 100
        assert ended is not None and ended.ended_at == T + 10 and ended.champion is None
        assert await store.seasons.end(first.id, T + 11) is None  # ended once
        await finished(store, 1, T + 15, winner=1)  # after its early end
        await store.ratings.rate_game(1, teams)
        assert await store.ratings.season_board(first.id, GAME, 10) == []
        second = await store.seasons.start(GUILD, GAME, 59, T + 20, T + 120)
        assert second is not None and second.number == 2
        assert [s.number for s in await store.seasons.of_game(GUILD, GAME)] == [2, 1]
        assert (await store.seasons.of_game(GUILD, GAME))[1] == ended
        assert [s.id for s in await store.seasons.running()] == [other.id, second.id, also.id]
    finally:
        await store.close()


async def test_games_inside_a_season_rate_its_fresh_ratings(db_path: str) -> None:
    store = await Store.open(db_path)
    try:
        await finished(store, 1, T - 5, winner=1)  # before the season: the server's only
        await store.ratings.rate_game(1, teams)
        season = await store.seasons.start(GUILD, GAME, 55, T, T + 100)
        assert season is not None
        await finished(store, 2, T + 10, winner=2)
        await finished(store, 3, T + 20, winner=2, players=(3, 2))
        await finished(store, 4, T + 30, winner=1, guild=OTHER)  # another server
        await finished(store, 5, T + 40, winner=1, game="toy-cards")  # another game
        for row in (2, 3, 4, 5):
            await store.ratings.rate_game(row, teams)
        board = await store.ratings.season_board(season.id, GAME, 10)
        # u:3 lost to a u:2 already stronger than when u:1 did: a smaller fall
        assert numbers(board) == [("u:2", 1, 2, 2), ("u:3", 2, 1, 0), ("u:1", 3, 1, 0)]
        assert [s.of for s in board] == [3, 3, 3]
        server = await store.ratings.ratings_of(GUILD, GAME)
        assert server["u:1"].games == 2 and server["u:2"].games == 3
        fresh = await store.ratings.season_board(season.id, GAME, 10, player="u:1")
        assert numbers(fresh) == [("u:1", 3, 1, 0)] and fresh[0].of == 3  # alone, ranked
        assert fresh[0].rating.mu < DEFAULT[0]  # lost its only season game (fresh from 25)
        assert (server["u:1"].games, server["u:1"].wins) == (2, 1)
        assert await store.ratings.season_board(season.id, GAME, 10, player="u:9") == []
        await finished(store, 6, T + 100, winner=1)  # at ends_at: after the season
        await store.ratings.rate_game(6, teams)
        assert (await store.ratings.season_board(season.id, GAME, 1, "u:1"))[0].rating.games == 1
        for row in (7, 8, 9):  # a computer wins three: rated, on top, never champion
            await finished(store, row, T + 50 + row, winner=1, players=("hard", 1))
        assert await store.ratings.rate_unrated(teams) == 3  # left unrated by a crash
        live = await store.ratings.season_board(season.id, GAME, 10)
        assert live[0].player == "c:hard" and live[0].rating.games == 3
        ended = await store.seasons.end(season.id, T + 100)
        assert ended is not None and ended.champion == "u:2"
        assert await store.ratings.rebuild_ratings(teams) == 9
        assert await store.ratings.season_board(season.id, GAME, 10) == live  # alike
    finally:
        await store.close()
