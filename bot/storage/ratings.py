"""The ratings tables: rate a finished game once (idempotent by game row), rebuild every rating
from the finished games in order, and read leaderboards and a player's standing.

The arithmetic is :mod:`bot.storage.skill` (pure), so a live update and a rebuild compute alike.
Rating a game reads what it then writes: a read-modify-write transaction
(:meth:`~bot.storage.database.Database.transaction`), alone among the process's writes. A game
ending inside a season of its server and game (:mod:`bot.storage.seasons`) rates that season's
own ratings in the same transaction, so a crash never rates one without the other.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from .database import Database, Insert, Statement, Transaction
from .rows import Finished, Rating, Standing
from .skill import LEFT_OUT, UNRATED, Teams, rate, replay

_FINISHED = (
    "SELECT id, COALESCE(guild_id, 0), game_id, seats, record, result FROM games"
    " WHERE status = 'finished' AND result IS NOT NULL"
)
_ORDER = " ORDER BY ended_at, id"  # the order games ended in: what live updates saw
BOARD_ORDER = "ordinal DESC, games DESC, player"
"""A leaderboard's order: the best ordinal first, more games then the key breaking ties."""
SERVER = ("ratings", ("guild_id", "game_id"))
SEASON = ("season_ratings", ("season_id",))
"""The two kinds of leaderboard: a table and the columns naming one board in it (a server's
game; a season: :mod:`bot.storage.seasons`)."""
_IN_SEASON = (
    "SELECT s.id, g.id FROM seasons s JOIN games g ON g.game_id = s.game_id"
    " AND COALESCE(g.guild_id, 0) = s.guild_id AND g.ended_at >= s.started_at"
    " AND g.ended_at < COALESCE(s.ended_at, s.ends_at)"
    " WHERE g.status = 'finished' AND g.result IS NOT NULL"
)
"""(season, game row): the finished games ending inside a season of their server and game."""


def _ranked(board: tuple[str, tuple[str, ...]]) -> str:
    """A rating with how many are better and how many there are on its board."""
    table, keys = board

    def same(alias: str) -> str:
        return " AND ".join(f"{alias}.{key} = r.{key}" for key in keys)

    return (" mu, sigma, games, wins,"
            f" (SELECT COUNT(*) FROM {table} b WHERE {same('b')} AND b.ordinal > r.ordinal),"
            f" (SELECT COUNT(*) FROM {table} c WHERE {same('c')})"
            f" FROM {table} r")


_RANKED = _ranked(SERVER)
_SEASON_RANKED = _ranked(SEASON)


def _finished(values: Sequence[Any]) -> tuple[int, Finished]:
    row, guild, game_id, seats, record, result = values
    kept = json.loads(record)
    moves = [m.get("seat") for m in kept.get("moves") or [] if isinstance(m, dict)]
    return guild, Finished(row, game_id, json.loads(seats), kept.get("options") or {},
                           json.loads(result), moves,
                           unrated=UNRATED in kept or bool(kept.get(LEFT_OUT)))


def _upsert(board: tuple[str, tuple[str, ...]], key: tuple[Any, ...],
            changed: dict[str, Rating]) -> Statement:
    """Write the changed ratings of one board (``key``: its columns' values)."""
    table, keys = board
    columns = ", ".join(keys)
    marks = ", ".join("?" for _ in keys)
    return Statement(
        f"INSERT INTO {table} ({columns}, player, mu, sigma, ordinal, games, wins)"
        f" VALUES ({marks}, ?, ?, ?, ?, ?, ?) ON CONFLICT ({columns}, player) DO UPDATE SET"
        " mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
        " games = excluded.games, wins = excluded.wins",
        [(*key, player, r.mu, r.sigma, r.ordinal, r.games, r.wins)
         for player, r in changed.items()], many=True)


async def _rate(tx: Transaction, game_row: int, teams: Teams) -> bool:
    """:meth:`Ratings.rate_game` inside its transaction."""
    if await tx.fetchall("SELECT 1 FROM rated_games WHERE game_row = ?", (game_row,)):
        return False
    found = await tx.fetchall(_FINISHED + " AND id = ?", (game_row,))
    if not found:
        return False
    guild, game = _finished(found[0])
    await tx.run(Insert("rated_games", ("game_row",), [(game_row,)]))
    table = {
        key: Rating(mu, sigma, games, wins)
        for key, mu, sigma, games, wins in await tx.fetchall(
            "SELECT player, mu, sigma, games, wins FROM ratings"
            " WHERE guild_id = ? AND game_id = ?", (guild, game.game_id))
    }
    changed = rate(table, game, teams)
    await tx.run(_upsert(SERVER, (guild, game.game_id), changed))
    for season, _row in await tx.fetchall(_IN_SEASON + " AND g.id = ?", (game_row,)):
        kept = {key: Rating(mu, sigma, games, wins) for key, mu, sigma, games, wins in
                await tx.fetchall("SELECT player, mu, sigma, games, wins FROM season_ratings"
                                  " WHERE season_id = ?", (season,))}
        await tx.run(_upsert(SEASON, (season,), rate(kept, game, teams)))
    return bool(changed)


class Ratings:
    """Ratings SQL, over a :class:`~bot.storage.database.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def rate_game(self, game_row: int, teams: Teams) -> bool:
        """Rate one finished game unless it was rated already (or is not finished); True when
        ratings changed. One transaction: the ratings and the 'rated' mark land together."""
        async with self._db.transaction() as tx:
            return await _rate(tx, game_row, teams)

    async def rate_unrated(
        self, teams: Teams, owns: Callable[[int | None], bool] = lambda _guild: True
    ) -> int:
        """Rate the finished games a crash left unrated, in the order they ended; how many.
        ``owns`` keeps the games of the guilds this process serves: two sharded processes
        starting at once then never race to rate the same game."""
        rows = await self._db.fetchall(
            "SELECT id, guild_id FROM games WHERE status = 'finished' AND result IS NOT NULL"
            " AND id NOT IN (SELECT game_row FROM rated_games)" + _ORDER
        )
        return sum([await self.rate_game(row, teams) for row, guild in rows if owns(guild)])

    async def rebuild_ratings(self, teams: Teams) -> int:
        """Forget every rating (the seasons' too) and rate all finished games again in the order
        they ended (one transaction); the number of games read. The same games give the same
        ratings."""
        async with self._db.transaction() as tx:
            found = [_finished(v) for v in await tx.fetchall(_FINISHED + _ORDER)]
            await tx.run(Statement("DELETE FROM ratings"))
            await tx.run(Statement("DELETE FROM rated_games"))
            for guild in sorted({guild for guild, _ in found}):
                ratings = replay([game for g, game in found if g == guild], teams)
                for game_id in sorted({g for g, _ in ratings}):
                    await tx.run(_upsert(SERVER, (guild, game_id),
                                         {k: r for (g, k), r in ratings.items() if g == game_id}))
            await tx.run(Insert("rated_games", ("game_row",),
                                [(game.game_row,) for _, game in found]))
            await tx.run(Statement("DELETE FROM season_ratings"))
            by_row = {game.game_row: game for _, game in found}
            seasons: dict[int, list[Finished]] = {}
            for season, row in await tx.fetchall(_IN_SEASON + " ORDER BY g.ended_at, g.id"):
                seasons.setdefault(season, []).append(by_row[row])
            for season, games in sorted(seasons.items()):
                await tx.run(_upsert(SEASON, (season,),
                                     {k: r for (_g, k), r in replay(games, teams).items()}))
            return len(found)

    async def ratings_of(self, guild_id: int | None, game_id: str) -> dict[str, Rating]:
        """Every identity rated in one game on one server."""
        rows = await self._db.fetchall(
            "SELECT player, mu, sigma, games, wins FROM ratings WHERE guild_id = ? AND game_id = ?",
            (guild_id or 0, game_id),
        )
        return {key: Rating(mu, sigma, games, wins) for key, mu, sigma, games, wins in rows}

    async def leaderboard(self, guild_id: int | None, game_id: str, limit: int) -> list[Standing]:
        """The best ``limit`` identities by ordinal (more games, then the key, break ties)."""
        rows = await self._db.fetchall(
            "SELECT player," + _RANKED + " WHERE guild_id = ? AND game_id = ?"
            " ORDER BY " + BOARD_ORDER + " LIMIT ?",
            (guild_id or 0, game_id, limit),
        )
        return [Standing(better + 1, game_id, key, Rating(mu, sigma, games, wins), of)
                for key, mu, sigma, games, wins, better, of in rows]

    async def season_board(self, season_id: int, game_id: str, limit: int,
                           player: str | None = None) -> list[Standing]:
        """A season's best ``limit`` (as :meth:`leaderboard`), or ``player``'s line alone."""
        rows = await self._db.fetchall(
            "SELECT player," + _SEASON_RANKED + " WHERE season_id = ?"
            " AND (CAST(? AS TEXT) IS NULL OR player = ?)"
            " ORDER BY " + BOARD_ORDER + " LIMIT ?", (season_id, player, player, limit))
        return [Standing(better + 1, game_id, key, Rating(mu, sigma, games, wins), of)
                for key, mu, sigma, games, wins, better, of in rows]

    async def standings(self, guild_id: int | None, player: str,
                        game_id: str | None = None) -> list[Standing]:
        """One identity's standing in each game it is rated in (or in ``game_id`` only)."""
        rows = await self._db.fetchall(
            "SELECT game_id," + _RANKED + " WHERE guild_id = ? AND player = ?"
            " AND (CAST(? AS TEXT) IS NULL OR game_id = ?)"
            " ORDER BY game_id",
            (guild_id or 0, player, game_id, game_id),
        )
        return [Standing(better + 1, game, player, Rating(mu, sigma, games, wins), of)
                for game, mu, sigma, games, wins, better, of in rows]
