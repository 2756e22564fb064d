"""The lobby: open one (or a rematch), sit down, leave, computers, settings, cancel, start;
and abandoning a table. The rules are :mod:`bot.service.rules.lobby`'s and
:mod:`bot.service.rules.rematch`'s, pure functions on rows; this stores their results."""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import replace
from typing import Any

from games import BadOptions, Game

from ..config import SPEEDS
from ..storage import Conflict, TableRow
from . import errors
from .clock import TableClock
from .computers import ComputerPlayers
from .context import Context
from .reports import Reports
from .repository import TableRepository
from .results import Outcome, TableInfo
from .rules import challenge, hints, lobby, rematch, vacation
from .rules.lobby import DEFAULT_LEVEL
from .rules.play import Lines, plain, record_head
from .rules.reach import BOT, INTERACTIONS, INTERACTIONS_SPEED
from .rules.tables import info


class LobbyService:
    def __init__(self, ctx: Context, tables: TableRepository, clock: TableClock,
                 computers: ComputerPlayers, reports: Reports) -> None:
        self._ctx = ctx
        self._store = ctx.store
        self._tables = tables
        self._clock = clock
        self._computers = computers
        self._reports = reports

    async def create_lobby(
        self, channel_id: int, guild_id: int | None, game_id: str, options: dict[str, Any],
        owner_id: int, owner_name: str, *, seed: int | None = None, speed: str | None = None,
        hints: bool = False, vacation: bool = True, parent_id: int | None = None,
        reach: str = BOT, challenged: tuple[int, str] | None = None,
    ) -> TableInfo:
        """Open a lobby; its owner takes seat 1. TableExists names the running game;
        UnknownGameError lists games; BadTableOptions names the option. ``seed`` fixes the
        game's randomness (demo, tests); by default it is drawn. ``speed``: the table speed
        (:func:`bot.service.rules.speed.table_settings` of a table to copy), else the configured one;
        ``hints``: whether players may ask for hints (:mod:`bot.service.rules.hints`), off by default.
        ``vacation``: whether a player's vacation pauses their clock
        (:mod:`bot.service.rules.vacation`), allowed by default.
        ``parent_id``: the channel of the lobby post whose id is ``channel_id`` (the table will
        play in the thread Start makes from it); None: it plays in ``channel_id`` itself.
        ``reach``: "interactions" where the bot can't post by itself (a DM, a group DM, a server
        without the bot): its speed defaults to daily there (:mod:`bot.service.rules.reach`).
        ``challenged``: (user id, name) of a person challenged by the owner, whose seat is held
        for them for ``rematch_seconds`` (:mod:`bot.service.rules.challenge`); CannotChallenge
        for oneself or a game for one."""
        game = self._ctx.game(game_id)
        async with self._ctx.lock(channel_id):
            await self._tables.refuse_existing(channel_id)
            if speed is None and reach == INTERACTIONS:
                speed = INTERACTIONS_SPEED
            row = self._lobby_row(game, channel_id, guild_id, options, owner_id, owner_name,
                                  seed, speed, hints, vacation)
            if challenged is not None:
                row = challenge.invite(game, row, *challenged,
                                       until=self._ctx.now() + self._ctx.rematch_seconds)
            return info(game, await self._tables.create(replace(row, parent_id=parent_id,
                                                                reach=reach)))

    async def check_free(self, channel_id: int) -> None:
        """TableExists naming the table of ``channel_id`` when it has one (a challenge checks
        before it offers the games; :meth:`create_lobby` checks again)."""
        await self._tables.refuse_existing(channel_id)

    def preview_lobby(self, guild_id: int | None, game_id: str, options: dict[str, Any],
                      owner_id: int, owner_name: str) -> TableInfo:
        """The lobby :meth:`create_lobby` would open (nothing stored), to post before its
        message's id keys it; the same refusals for bad options."""
        game = self._ctx.game(game_id)
        return info(game, self._lobby_row(game, 0, guild_id, options, owner_id, owner_name,
                                          0, None, False, True))

    def _lobby_row(self, game: Game, channel_id: int, guild_id: int | None,
                   options: dict[str, Any], owner_id: int, owner_name: str, seed: int | None,
                   speed: str | None, with_hints: bool, allows_vacation: bool) -> TableRow:
        row = lobby.new_lobby(game, channel_id, guild_id, options, owner_id, owner_name,
                              secrets.randbelow(2**31) if seed is None else seed)
        default = self._ctx.clock_config.default_speed
        return replace(row, speed=speed if speed in SPEEDS else default,
                       record_head=vacation.lobby_head(hints.lobby_head(with_hints),
                                                       allows_vacation))

    async def check_start(self, channel_id: int, by_user: int) -> TableInfo:
        """What :meth:`start` would refuse now (the lobby as it is), without starting: the
        thread is made only for a lobby that can start."""
        game, stored = await self._tables.load(channel_id)
        row = rematch.expire(stored, self._ctx.now())
        lobby.check_start(game, row, by_user)
        rematch.check_start(row, self._ctx.now())
        return info(game, row)

    async def move_to_channel(self, channel_id: int) -> TableInfo:
        """A lobby that was to play in a thread plays in its post's channel instead (no thread
        could be made): keyed by that channel from now on. TableExists when that channel
        already has a table of its own."""
        async with self._ctx.lock(channel_id):
            game, row = await self._tables.load(channel_id)
            if row.parent_id is None:
                return info(game, row)
            async with self._ctx.lock(row.parent_id):
                try:
                    moved = await self._store.tables.move_to_channel(row)
                except Conflict:
                    await self._tables.refuse_existing(row.parent_id)
                    raise
            return info(game, moved)

    async def join(self, channel_id: int, user_id: int, name: str) -> TableInfo:
        """Sit down; in a rematch lobby, a player of the last game confirms their seat."""
        return await self._tables.change(
            channel_id,
            lambda g, r: rematch.confirm(r, user_id, name) or lobby.join(g, r, user_id, name),
        )

    async def rematch(self, channel_id: int, user_id: int, name: str, *,
                      game_row: int) -> rematch.Pressed:
        """Rematch of a finished game (any of its human players): a new lobby here (``opened``;
        no post yet), or the presser's seat in the rematch already open here confirmed, also when
        another press opened it a moment ago (in another process too: the table's uniqueness in
        the database decides). Another table here -> TableExists. See
        :mod:`bot.service.rules.rematch`."""
        finished = rematch.finished_here(await self._store.history.game(game_row), channel_id)
        game = self._ctx.game(finished["game_id"])
        async with self._ctx.lock(channel_id):
            existing = await self._store.tables.get_table(channel_id)
            if existing is None:
                row = rematch.new_row(game, finished, user_id, name,
                                      seed=secrets.randbelow(2**31),
                                      until=self._ctx.now() + self._ctx.rematch_seconds)
                row = replace(row, speed=row.speed or self._ctx.clock_config.default_speed)
                try:
                    return rematch.Pressed(info(game, await self._tables.create(row)), True)
                except errors.TableExists:  # another process's press opened it first
                    existing = await self._store.tables.get_table(channel_id)
                    if existing is None:
                        raise
            here = self._ctx.game(existing.game_id)
            mine = rematch.press_again(here, existing, user_id, name, self._ctx.now())
            await self._tables.save(existing, mine)
            return rematch.Pressed(info(here, mine), False)

    async def leave(self, channel_id: int, user_id: int) -> TableInfo:
        """Leave a lobby. The owner leaving an otherwise empty lobby cancels it (status
        'abandoned'); otherwise the next person seated becomes its owner."""
        async with self._ctx.lock(channel_id):
            game, row = await self._tables.load(channel_id)
            new = lobby.leave(row, user_id)
            if new is None:
                await self._tables.close(row, [], None)
                return info(game, row, "abandoned")
            await self._tables.save(row, new)
            return info(game, new)

    async def add_computer(
        self, channel_id: int, by_user: int, level: str = DEFAULT_LEVEL
    ) -> TableInfo:
        """The owner adds a computer player of ``level`` (easy, medium, hard) named after its
        level and a number no other seat has ("Computer 2 (hard)")."""
        return await self._tables.change(
            channel_id, lambda g, r: lobby.add_computer(g, r, by_user, level))

    async def set_option(
        self, channel_id: int, by_user: int, name: str, value: str, *, version: int | None = None
    ) -> TableInfo:
        """The lobby's owner changes one option (``value`` as a select gives it, "" for the
        default). Options that stop applying are dropped; BadTableOptions or TableFull say why
        a value is refused. ``version``: the lobby version the panel showed; another one ->
        StaleVersion, checked under the table lock."""

        def change(game: Game, row: TableRow) -> TableRow:
            if version is not None and row.version != version:
                raise errors.StaleVersion(errors.LOBBY_CHANGED)
            return lobby.set_option(game, row, by_user, name, value)

        return await self._tables.change(channel_id, change)

    async def remove_computer(self, channel_id: int, by_user: int) -> TableInfo:
        """Remove the last computer seat (the owner only)."""
        return await self._tables.change(channel_id,
                                         lambda g, r: lobby.remove_computer(r, by_user))

    async def cancel(self, channel_id: int, by_user: int, *, is_admin: bool = False) -> TableInfo:
        """Cancel a lobby (its owner or an admin)."""
        async with self._ctx.lock(channel_id):
            game, row = await self._tables.load(channel_id)
            lobby.check_cancel(row, by_user, is_admin=is_admin)
            await self._tables.close(row, [], None)
            return info(game, row, "abandoned")

    async def start(self, channel_id: int, by_user: int) -> Outcome:
        """The owner only; checks player count and options; computer players move until a
        person is to move. The Outcome's post is the first table post; notes go to every
        person seated."""
        async with self._ctx.lock(channel_id):
            game, stored = await self._tables.load(channel_id)
            row = rematch.expire(stored, self._ctx.now())
            lobby.check_start(game, row, by_user)
            rematch.check_start(row, self._ctx.now())
            try:
                state = await asyncio.to_thread(
                    lambda: plain(game.new(len(row.seats), row.options, row.seed))
                )
            except BadOptions as exc:
                raise errors.BadTableOptions(errors.said(exc)) from None
            head = vacation.started(row, hints.started(row, await asyncio.to_thread(
                record_head, game, row.options, state)))
            new = replace(row, status="playing", state=state, version=row.version + 1,
                          record_head=head)
            await self._tables.save(stored, new)
            await self._clock.after_change(game, new)
            lines = Lines()
            new, applied = await self._computers.run(game, new, lines)
            outcome = await self._reports.outcome(game, new, lines, applied, everyone=True)
            return replace(outcome, first=True)  # its lobby post is Start's to answer

    async def abandon(self, channel_id: int, user_id: int, *, is_admin: bool = False) -> TableInfo:
        """The owner or an admin (Manage Channels) ends a lobby or a game without result."""
        async with self._ctx.lock(channel_id):
            game, row = await self._tables.load(channel_id)
            lobby.check_abandon(row, user_id, is_admin=is_admin)
            await self._tables.close(row, [], "abandoned" if row.status == "playing" else None)
            return info(game, row, "abandoned")
