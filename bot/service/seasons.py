"""Seasons (issue 40): a server's admins start a season of one game for 1 to 52 weeks; every rated
game of that game on that server ending inside it also rates the season's own ratings, which
start fresh (:mod:`bot.storage.ratings`, in the same transaction as the server's); its
leaderboard is read like the server's, during the season and after; when its time is up (the
scheduler's: :meth:`SeasonService.due`) or an admin ends it early, its champion is the best
person of its leaderboard (computers are rated, never champions), announced where it was
started (:class:`SeasonOver`, posted by the adapter).

Nothing is kept in memory: a season that came to its end while the bot was down ends at the
next start, at its own end time."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from games import UnknownGame, get_game
from games.text import say

from ..storage.seasons import SeasonRow
from ..storage.skill import user_key
from . import errors
from .context import Context
from .followup import logged
from .ratings import TOP, Leaderboard, Ratings

log = logging.getLogger(__name__)

WEEK = 7 * 86400.0
MOST_WEEKS = 52
RETRY = 60.0
"""Seconds before ending the seasons due is tried again after a failure."""


@dataclass(frozen=True)
class SeasonBoard:
    """A season and its leaderboard (the caller's line when not in the top)."""

    season: SeasonRow
    board: Leaderboard


@dataclass(frozen=True)
class SeasonOver:
    """A season ended: its champion (``ended.season.champion``, among ``ended.board.top``;
    None when nobody was rated) to announce in the channel where it started."""

    ended: SeasonBoard


def game_name(game_id: str) -> str:
    """A game's name (its id for a game no longer offered: an old season stays readable)."""
    try:
        return get_game(game_id).name
    except UnknownGame:
        return game_id


class SeasonService:
    """/season start and end, the seasons' leaderboards, and their ends on the scheduler."""

    def __init__(self, ctx: Context, ratings: Ratings) -> None:
        self._ctx = ctx
        self._store = ctx.store
        self._ratings = ratings
        self._retry_at = 0.0  # after a failure of :meth:`due`, not before

    async def start(self, guild_id: int, channel_id: int, game_id: str, weeks: int) -> SeasonRow:
        """Open the next season of a game on this server for ``weeks`` weeks, from now."""
        game = self._ctx.game(game_id)  # UnknownGameError names the games
        if not 1 <= weeks <= MOST_WEEKS:
            raise errors.HostError(say("A season lasts from 1 to {most} weeks.",
                                       most=MOST_WEEKS))
        now = self._ctx.now()
        started = await self._store.seasons.start(guild_id, game.id, channel_id, float(now),
                                                  float(now + weeks * WEEK))
        if started is None:
            running = await self._running(guild_id, game.id)
            raise errors.HostError(say(
                "Season {number} of {game} is already running on this server: it ends "
                "<t:{when}:f>. An admin can end it early with /season end.",
                number=running.number if running else 0, game=game.name,
                when=int(running.ends_at if running else now)))
        self._ctx.clock_bell.ring()  # the scheduler's next moment may be its end
        return started

    async def end(self, guild_id: int, game_id: str) -> SeasonOver:
        """End a game's running season now (an admin's choice): its champion is named."""
        running = await self._running(guild_id, game_id)
        ended = None
        if running is not None:
            ended = await self._store.seasons.end(running.id, float(self._ctx.now()))
        if ended is None:
            raise errors.HostError(say("No season of {game} is running on this server.",
                                       game=game_name(game_id)))
        self._ctx.clock_bell.ring()
        return SeasonOver(await self._board(ended, None))

    async def board(self, guild_id: int, game_id: str, user_id: int,
                    number: int | None = None) -> SeasonBoard:
        """A season's leaderboard: season ``number``, or the running one (None)."""
        seasons = await self._store.seasons.of_game(guild_id, game_id)
        found = next((s for s in seasons if (s.open if number is None else s.number == number)),
                     None)
        if found is None and number is None:
            raise errors.HostError(say(
                "No season of {game} is running on this server: /season list shows the past "
                "ones.", game=game_name(game_id)))
        if found is None:
            raise errors.HostError(say("There is no season {number} of {game} on this server: "
                                       "/season list shows them.", number=number,
                                       game=game_name(game_id)))
        return await self._board(found, user_id)

    async def seasons(self, guild_id: int, game_id: str) -> list[SeasonRow]:
        """A game's seasons on this server, the newest first, the running one included."""
        return await self._store.seasons.of_game(guild_id, game_id)

    async def due(self, now: float) -> list[SeasonOver]:
        """End the seasons (of the servers this process serves) whose time is up, each at its
        own end time: the champions to announce. Never raises: the scheduler's other events
        (time outs already stored) must not be lost for a season; a failure is logged and the
        seasons left are tried again :data:`RETRY` seconds later."""
        over: list[SeasonOver] = []
        if now < self._retry_at:
            return over
        try:
            for season in await self._store.seasons.running():
                if season.ends_at <= now and self._ctx.shards.owns(season.guild_id):
                    ended = await self._store.seasons.end(season.id, season.ends_at)
                    if ended is not None:  # None: another process ended it first
                        over.append(SeasonOver(await self._board(ended, None)))
        except Exception as exc:
            logged(log, f"ending the seasons due (trying again in {RETRY:g} s)", exc)
            self._retry_at = now + RETRY
        return over  # those ended before a failure are announced all the same

    async def next_due(self) -> float | None:
        """When the next season of the served servers ends (None: none is running); not
        before the next try after a failure."""
        soonest = min((s.ends_at for s in await self._store.seasons.running()
                       if self._ctx.shards.owns(s.guild_id)), default=None)
        return None if soonest is None else max(soonest, self._retry_at)

    async def _running(self, guild_id: int, game_id: str) -> SeasonRow | None:
        seasons = await self._store.seasons.of_game(guild_id, game_id)
        return next((s for s in seasons if s.open), None)

    async def _board(self, season: SeasonRow, user_id: int | None) -> SeasonBoard:
        ratings = self._store.ratings
        top = await ratings.season_board(season.id, season.game_id, TOP)
        caller = None
        if user_id is not None and all(s.user_id != user_id for s in top):
            found = await ratings.season_board(season.id, season.game_id, 1, user_key(user_id))
            caller = found[0] if found else None
        names = await self._ratings.names(season.guild_id, season.game_id, [top, [caller]])
        return SeasonBoard(season, Leaderboard(season.game_id, game_name(season.game_id), top,
                                               caller, names))
