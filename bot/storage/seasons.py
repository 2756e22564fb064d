"""Seasons (issue 40): an admin's season of one game on one server, numbered 1, 2, … per server
and game, open from its start until ``ends_at`` (or an earlier end), at most one open per server
and game (a unique index says so, whichever process starts it). Its own ratings
(``season_ratings``) are written with the server's: :mod:`bot.storage.ratings`. Ending a season
names its champion, the best person of its leaderboard, in the same transaction."""

from __future__ import annotations

from dataclasses import dataclass

from .database import Database, Insert, Statement
from .errors import IntegrityError
from .ratings import BOARD_ORDER

_SEASON = "id, guild_id, game_id, number, channel_id, started_at, ends_at, ended_at, champion"


@dataclass(frozen=True)
class SeasonRow:
    """One season (a ``seasons`` row)."""

    id: int
    guild_id: int
    game_id: str
    number: int  # 1, 2, … per server and game
    channel_id: int  # where it was started: its end is announced there
    started_at: float
    ends_at: float  # when it ends by itself
    ended_at: float | None  # None while open
    champion: str | None  # the top player's key once ended (None: nobody was rated)

    @property
    def open(self) -> bool:
        return self.ended_at is None


class Seasons:
    """Seasons SQL, over a :class:`~bot.storage.database.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def start(self, guild_id: int, game_id: str, channel_id: int, started_at: float,
                    ends_at: float) -> SeasonRow | None:
        """Open the next season of a game on a server; None when one is open already (also
        when another process opened it at the same moment: the unique index refuses)."""
        try:
            return await self._start(guild_id, game_id, channel_id, started_at, ends_at)
        except IntegrityError:
            return None

    async def _start(self, guild_id: int, game_id: str, channel_id: int, started_at: float,
                     ends_at: float) -> SeasonRow | None:
        async with self._db.transaction() as tx:
            rows = await tx.fetchall(
                "SELECT MAX(number), SUM(CASE WHEN ended_at IS NULL THEN 1 ELSE 0 END)"
                " FROM seasons WHERE guild_id = ? AND game_id = ?", (guild_id, game_id))
            last, running = rows[0] if rows else (None, 0)
            if running:
                return None
            number = int(last or 0) + 1
            key = await tx.run(Insert(
                "seasons", ("guild_id", "game_id", "number", "channel_id", "started_at",
                            "ends_at"),
                [(guild_id, game_id, number, channel_id, started_at, ends_at)], key=True))
        return SeasonRow(key, guild_id, game_id, number, channel_id, started_at, ends_at, None,
                         None)

    async def end(self, season_id: int, at: float) -> SeasonRow | None:
        """End an open season at ``at`` and name its champion (the best person of its
        leaderboard: computers are rated, never champions); the ended season, or None when it
        had ended already (another process, a second press)."""
        async with self._db.transaction() as tx:
            top = await tx.fetchall("SELECT player FROM season_ratings WHERE season_id = ?"
                                    " AND player LIKE 'u:%' ORDER BY " + BOARD_ORDER + " LIMIT 1",
                                    (season_id,))
            changed = await tx.run(Statement(
                "UPDATE seasons SET ended_at = ?, champion = ? WHERE id = ? AND ended_at IS NULL",
                (at, top[0][0] if top else None, season_id)))
            if not changed:
                return None
            rows = await tx.fetchall(f"SELECT {_SEASON} FROM seasons WHERE id = ?",
                                     (season_id,))
        return SeasonRow(*rows[0])

    async def running(self) -> list[SeasonRow]:
        """Every open season, of every server (the scheduler's: few rows)."""
        rows = await self._db.fetchall(
            f"SELECT {_SEASON} FROM seasons WHERE ended_at IS NULL ORDER BY ends_at, id")
        return [SeasonRow(*row) for row in rows]

    async def of_game(self, guild_id: int, game_id: str) -> list[SeasonRow]:
        """A game's seasons on a server, the newest first."""
        rows = await self._db.fetchall(
            f"SELECT {_SEASON} FROM seasons WHERE guild_id = ? AND game_id = ?"
            " ORDER BY number DESC", (guild_id, game_id))
        return [SeasonRow(*row) for row in rows]
