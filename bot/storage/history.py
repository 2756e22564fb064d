"""Finished games, read back: a server's history (filtered by game and player, newest first, a
page at a time), one game with its record for a replay, and the final table post of each game
(its jump link), which outlives the active table row it was first stored in.

A mixin of :class:`bot.storage.store.Store`: it uses only the store's ``_tx`` / ``_fetchall``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol

from .rows import FinishedGame

_COLUMNS = ("id, channel_id, guild_id, game_id, seats, result, started_at, ended_at,"
            " post_message_id")


def _finished(values: Sequence[Any]) -> FinishedGame:
    id_, channel, guild, game, seats, result, started, ended, post = values
    return FinishedGame(id_, channel, guild, game, json.loads(seats),
                        json.loads(result) if result else {}, started, ended, post)


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


class _Base(Protocol):
    def _tx(self) -> Any: ...

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...


class HistoryStore:
    """Queries over the ``games`` table (see the module doc)."""

    async def finished_games(
        self: _Base, guild_id: int | None, *, game_id: str | None = None,
        user_id: int | None = None, limit: int = 10, offset: int = 0,
    ) -> tuple[list[FinishedGame], int]:
        """One page of the server's finished games, newest first, and how many there are."""
        clause, params = _filters(guild_id, game_id, user_id)
        rows = await self._fetchall(
            f"SELECT {_COLUMNS} FROM games WHERE {clause} ORDER BY ended_at DESC, id DESC"
            " LIMIT ? OFFSET ?", (*params, limit, offset),
        )
        [(total,)] = await self._fetchall(f"SELECT COUNT(*) FROM games WHERE {clause}", params)
        return [_finished(r) for r in rows], int(total)

    async def finished_game(
        self: _Base, guild_id: int | None, game_row: int
    ) -> tuple[FinishedGame, dict[str, Any]] | None:
        """A finished game of this server and its record; None for another server's game, an
        abandoned one or an unknown id."""
        clause, params = _filters(guild_id, None, None)
        rows = await self._fetchall(
            f"SELECT {_COLUMNS}, record FROM games WHERE id = ? AND {clause}", (game_row, *params)
        )
        if not rows:
            return None
        return _finished(rows[0][:-1]), json.loads(rows[0][-1])

    async def keep_final_post(self: _Base, channel_id: int, message_id: int) -> bool:
        """Remember ``message_id`` as the final table post of the game that just finished in
        this channel (its newest, while no other game is being played there). False when there
        is none to give it to."""
        async with self._tx() as db:
            cur = await db.execute(
                "UPDATE games SET post_message_id = ? WHERE id = (SELECT MAX(id) FROM games"
                " WHERE channel_id = ?) AND status = 'finished' AND post_message_id IS NULL"
                " AND NOT EXISTS (SELECT 1 FROM tables WHERE channel_id = ?"
                " AND status = 'playing')",
                (message_id, channel_id, channel_id),
            )
            return bool(cur.rowcount)
