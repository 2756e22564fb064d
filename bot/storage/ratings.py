"""The ratings tables: rate a finished game once (idempotent by game row), rebuild every rating
from the finished games in order, and read leaderboards and a player's standing.

The arithmetic is :mod:`bot.storage.skill` (pure), so a live update and a rebuild compute alike.
Rating a game reads what it then writes: a read-modify-write transaction
(:meth:`~bot.storage.database.Database.transaction`), alone among the process's writes.
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
_RANKED = (
    " mu, sigma, games, wins,"
    " (SELECT COUNT(*) FROM ratings b WHERE b.guild_id = r.guild_id"
    "  AND b.game_id = r.game_id AND b.ordinal > r.ordinal),"
    " (SELECT COUNT(*) FROM ratings c WHERE c.guild_id = r.guild_id"
    "  AND c.game_id = r.game_id)"
    " FROM ratings r"
)
"""A rating with how many are better and how many there are in its game and server."""


def _finished(values: Sequence[Any]) -> tuple[int, Finished]:
    row, guild, game_id, seats, record, result = values
    kept = json.loads(record)
    moves = [m.get("seat") for m in kept.get("moves") or [] if isinstance(m, dict)]
    return guild, Finished(row, game_id, json.loads(seats), kept.get("options") or {},
                           json.loads(result), moves,
                           unrated=UNRATED in kept or bool(kept.get(LEFT_OUT)))


def _upsert(guild: int, game_id: str, changed: dict[str, Rating]) -> Statement:
    return Statement(
        "INSERT INTO ratings (guild_id, game_id, player, mu, sigma, ordinal, games, wins)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game_id, player) DO UPDATE SET"
        " mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
        " games = excluded.games, wins = excluded.wins",
        [(guild, game_id, key, r.mu, r.sigma, r.ordinal, r.games, r.wins)
         for key, r in changed.items()], many=True)


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
    await tx.run(_upsert(guild, game.game_id, changed))
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
        """Forget every rating and rate all finished games again in the order they ended (one
        transaction); the number of games read. The same games give the same ratings."""
        async with self._db.transaction() as tx:
            found = [_finished(v) for v in await tx.fetchall(_FINISHED + _ORDER)]
            await tx.run(Statement("DELETE FROM ratings"))
            await tx.run(Statement("DELETE FROM rated_games"))
            for guild in sorted({guild for guild, _ in found}):
                ratings = replay([game for g, game in found if g == guild], teams)
                for game_id in sorted({g for g, _ in ratings}):
                    await tx.run(_upsert(guild, game_id, {k: r for (g, k), r in ratings.items()
                                                          if g == game_id}))
            await tx.run(Insert("rated_games", ("game_row",),
                                [(game.game_row,) for _, game in found]))
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
            " ORDER BY ordinal DESC, games DESC, player LIMIT ?",
            (guild_id or 0, game_id, limit),
        )
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
