"""Finished games: what a closing table leaves behind (its ``games`` row and per-seat results),
read back as a server's history (filtered by game and player, newest first, a page at a time),
one game with its record for a replay, per-player stats, and the final table post of each game
(its jump link), which outlives the active table row it was first stored in."""

from __future__ import annotations

import json
import time
from collections.abc import Collection
from typing import Any

from .columns import Columns, dumped
from .database import Database, Insert, Statement, Write
from .rows import Ending, FinishedGame, PostedGames, TableRow

FINISHED = Columns(FinishedGame)
"""The ``games`` columns /history lists."""
_GAME = ("id", "channel_id", "guild_id", "game_id", "status", "seats", "record", "result",
         "started_at", "ended_at", "lobby", "parent_id", "version", "reach")
_RESULT = ("game_row", "seat", "user_id", "guild_id", "game_id", "outcome", "score")


def ending_inserts(row: TableRow, ending: Ending) -> list[Write]:
    """The history of a table that ends as ``ending``: its ``games`` row (with the id the table
    had) and its ``player_results``."""
    game = [row.id, row.channel_id, row.guild_id, row.game_id, ending.status, dumped(row.seats),
            dumped(ending.record), None if ending.result is None else dumped(ending.result),
            row.created_at, time.time(), None if ending.lobby is None else dumped(ending.lobby),
            row.parent_id, row.version + 1,  # the version closing it makes (migration 12)
            row.reach]
    return [Insert("games", _GAME, [game]),
            Insert("player_results", _RESULT,
                   [[row.id, seat, user, row.guild_id, row.game_id, outcome, score]
                    for seat, user, outcome, score in ending.outcomes])]


def _filters(guild_id: int | None, game_id: str | None, user_id: int | None
             ) -> tuple[str, list[Any]]:
    """The WHERE clause (finished games of one server, optionally one game's, one player's)."""
    clause = "status = 'finished' AND " + ("guild_id IS ?" if guild_id is None else "guild_id = ?")
    params: list[Any] = [guild_id]
    if game_id is not None:
        clause += " AND game_id = ?"
        params.append(game_id)
    if user_id is not None:
        clause += (" AND EXISTS (SELECT 1 FROM player_results r WHERE r.game_row = games.id"
                   " AND r.user_id = ?)")
        params.append(user_id)
    return clause, params


class History:
    """Queries over the ``games`` and ``player_results`` tables (see the module doc)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def game(self, game_row: int) -> dict[str, Any] | None:
        """A finished or abandoned game: its status, seats, record, result, guild, lobby and
        the version its table ended at (None: closed before migration 12)."""
        found = await self._db.fetchone(
            "SELECT status, seats, record, result, channel_id, game_id, guild_id, lobby, parent_id,"
            " version, reach FROM games"
            " WHERE id = ?", (game_row,),
        )
        if found is None:
            return None
        status, seats, record, result, channel, game, guild, lobby, parent, version, reach = found
        return {"status": status, "seats": json.loads(seats), "record": json.loads(record),
                "result": json.loads(result) if result else None, "channel_id": channel,
                "game_id": game, "guild_id": guild, "lobby": json.loads(lobby) if lobby else None,
                "parent_id": parent, "version": version, "reach": reach}

    async def names(self, guild_id: int, game_id: str, user_ids: Collection[int],
                    scan: int = 500) -> dict[int, str]:
        """The name each of ``user_ids`` last played ``game_id`` under on this server (the seats
        of their newest finished games there, ``scan`` at most); someone not found is left out
        (a leaderboard's image shows names, not mentions)."""
        wanted = set(user_ids)
        if not wanted:
            return {}
        marks = ", ".join("?" for _ in wanted)
        rows = await self._db.fetchall(
            "SELECT seats FROM games WHERE id IN (SELECT game_row FROM player_results WHERE"
            f" guild_id = ? AND game_id = ? AND user_id IN ({marks}))"
            " ORDER BY ended_at DESC, id DESC LIMIT ?",
            (guild_id, game_id, *sorted(wanted), scan))
        found: dict[int, str] = {}
        for (seats,) in rows:
            for seat in json.loads(seats):
                user = seat.get("user_id")
                if user in wanted and user not in found and seat.get("name"):
                    found[user] = str(seat["name"])
            if len(found) == len(wanted):
                break
        return found

    async def games_in_channel(self, channel_id: int) -> list[int]:
        rows = await self._db.fetchall("SELECT id FROM games WHERE channel_id = ? ORDER BY id",
                                       (channel_id,))
        return [r[0] for r in rows]

    async def stats(self, guild_id: int | None, user_id: int | None) -> dict[str, Any]:
        """Finished games of a guild (all of it, or one user's): played and wins per game."""
        guild_clause = "guild_id IS ?" if guild_id is None else "guild_id = ?"
        if user_id is None:
            rows = await self._db.fetchall(
                "SELECT g.game_id, COUNT(*), SUM(CASE WHEN EXISTS (SELECT 1 FROM player_results r"
                " WHERE r.game_row = g.id AND r.user_id IS NOT NULL AND r.outcome = 'win')"
                " THEN 1 ELSE 0 END)"
                f" FROM games g WHERE g.status = 'finished' AND g.{guild_clause} GROUP BY g.game_id",
                (guild_id,),
            )
        else:
            rows = await self._db.fetchall(
                "SELECT game_id, COUNT(*), SUM(CASE WHEN outcome = 'win' THEN 1 ELSE 0 END)"
                " FROM player_results"
                f" WHERE {guild_clause} AND user_id = ? GROUP BY game_id",
                (guild_id, user_id),
            )
        per_game = {game: {"played": int(n), "wins": int(w or 0)} for game, n, w in rows}
        return {"games": sum(v["played"] for v in per_game.values()), "per_game": per_game}

    async def finished_games(
        self, guild_id: int | None, *, game_id: str | None = None,
        user_id: int | None = None, limit: int = 10, offset: int = 0,
    ) -> tuple[list[FinishedGame], int]:
        """One page of the server's finished games, newest first, and how many there are."""
        clause, params = _filters(guild_id, game_id, user_id)
        rows = await self._db.fetchall(
            f"SELECT {Columns.names(FINISHED.read)} FROM games WHERE {clause}"
            " ORDER BY ended_at DESC, id DESC LIMIT ? OFFSET ?", (*params, limit, offset),
        )
        counted = await self._db.fetchone(f"SELECT COUNT(*) FROM games WHERE {clause}", params)
        return [FINISHED.load(r) for r in rows], int(counted[0]) if counted else 0

    async def finished_game(
        self, guild_id: int | None, game_row: int
    ) -> tuple[FinishedGame, dict[str, Any]] | None:
        """A finished game of this server and its record; None for another server's game, an
        abandoned one or an unknown id."""
        clause, params = _filters(guild_id, None, None)
        found = await self._db.fetchone(
            f"SELECT {Columns.names(FINISHED.read)}, record FROM games WHERE id = ? AND {clause}",
            (game_row, *params))
        if found is None:
            return None
        return FINISHED.load(found[:-1]), json.loads(found[-1])

    async def posted_games(self, guild_id: int | None, channel_id: int, message_id: int,
                           sent_at: float) -> PostedGames:
        """The games of this server (or, ``guild_id`` None, of no server) that a message of
        ``channel_id`` sent at ``sent_at`` may show (see :class:`~bot.storage.rows.PostedGames`):
        finished and abandoned games only (a table still open is the tables' store's)."""
        guild = "guild_id IS ?" if guild_id is None else "guild_id = ?"
        final = await self._db.fetchone(
            f"SELECT id, status FROM games WHERE {guild} AND post_message_id = ?"
            " AND (channel_id = ? OR parent_id = ?)", (guild_id, message_id, channel_id, channel_id))
        summarised = await self._db.fetchone(
            f"SELECT id, status FROM games WHERE {guild} AND channel_id = ? AND parent_id = ?"
            " ORDER BY started_at DESC, id DESC LIMIT 1", (guild_id, message_id, channel_id))
        earlier = await self._db.fetchone(
            f"SELECT id, status FROM games WHERE {guild} AND channel_id = ? AND started_at <= ?"
            " ORDER BY started_at DESC, id DESC LIMIT 1", (guild_id, channel_id, sent_at))
        return PostedGames(*(None if r is None else (int(r[0]), str(r[1]))
                             for r in (final, summarised, earlier)))

    async def keep_final_post(self, channel_id: int, message_id: int) -> bool:
        """Remember ``message_id`` as the final table post of the game that just finished in
        this channel (its newest, while no other game is being played there). False when there
        is none to give it to."""
        [changed] = await self._db.write([Statement(
            "UPDATE games SET post_message_id = ? WHERE id = (SELECT MAX(id) FROM games"
            " WHERE channel_id = ?) AND status = 'finished' AND post_message_id IS NULL"
            " AND NOT EXISTS (SELECT 1 FROM tables WHERE channel_id = ?"
            " AND status = 'playing')",
            (message_id, channel_id, channel_id))])
        return bool(changed)
