"""The service's side of ratings: rate each finished game, rebuild, and answer leaderboards and a
player's standings (plain results; the adapter draws them)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games import UnknownGame, get_game

from ..storage.rows import Standing
from ..storage.skill import user_key
from . import errors
from .context import Context

log = logging.getLogger(__name__)

TOP = 10


def teams(game_id: str, players: int, options: Mapping[str, Any]) -> list[list[int]]:
    """The game's sides for a finished game's record (:meth:`games.Game.teams`)."""
    return get_game(game_id).teams(players, options)


@dataclass(frozen=True)
class Leaderboard:
    game_id: str
    game_name: str
    top: list[Standing]  # best first
    caller: Standing | None  # the caller's line when not in ``top`` (None if unrated)
    names: Mapping[int, str] = field(default_factory=dict)  # user id -> the name they played as


class Ratings:
    def __init__(self, ctx: Context) -> None:
        self._store = ctx.store
        self._shards = ctx.shards

    async def rate(self, game_row: int | None) -> None:
        """Rate a game that just finished. A failure here must not spoil the end of the game:
        it is logged, and the next start-up (or a rebuild) rates it."""
        if game_row is None:
            return
        try:
            await self._store.ratings.rate_game(game_row, teams)
        except Exception:
            log.exception("rating game %s failed; it is rated at the next start", game_row)

    async def rate_unrated(self) -> int:
        """Rate the finished games a crash left unrated (at start-up); how many. Logged, never
        raised: tables must resume even if ratings cannot be brought up to date."""
        try:
            return await self._store.ratings.rate_unrated(teams, self._shards.owns)
        except Exception:
            log.exception("rating the unrated games failed")
            return 0

    async def rebuild_ratings(self) -> int:
        """Recompute every rating from the finished games in the order they ended."""
        return await self._store.ratings.rebuild_ratings(teams)

    async def leaderboard(
        self, guild_id: int | None, game_id: str, user_id: int, *, limit: int = TOP
    ) -> Leaderboard:
        """The best ``limit`` of a game on this server, and the caller's line if not among
        them. UnknownGameError names the games."""
        try:
            game = get_game(game_id)
        except UnknownGame as exc:
            raise errors.UnknownGameError(errors.said(exc)) from None
        top = await self._store.ratings.leaderboard(guild_id, game.id, limit)
        mine = user_key(user_id)
        caller = None
        if all(s.player != mine for s in top):
            found = await self._store.ratings.standings(guild_id, mine, game.id)
            caller = found[0] if found else None
        return Leaderboard(game.id, game.name, top, caller,
                           await self.names(guild_id, game.id, [top, [caller]]))

    async def names(self, guild_id: int | None, game_id: str,
                    lines: list[list[Standing | None]]) -> dict[int, str]:
        """The names the people of a leaderboard's ``lines`` last played ``game_id`` under on
        this server (its image shows names; its text, mentions)."""
        people = {s.user_id for group in lines for s in group
                  if s is not None and s.user_id is not None}
        if guild_id is None or not people:
            return {}
        return await self._store.history.names(guild_id, game_id, people)

    async def standings(
        self, guild_id: int | None, user_id: int, game_id: str | None = None
    ) -> list[Standing]:
        """A user's rating, rank, rated games and wins in each game (or one game)."""
        return await self._store.ratings.standings(guild_id, user_key(user_id), game_id)

    async def stats(self, guild_id: int | None, user_id: int | None = None) -> dict[str, Any]:
        """Finished games in this guild: {"games": n, "per_game": {game_id: {"played": n,
        "wins": n}}} for the user, or totals for the guild when user_id is None (there "wins"
        counts games won by a human rather than a computer player)."""
        return await self._store.history.stats(guild_id, user_id)
