"""Vacation for slow tables, stored (the rules: :mod:`bot.service.rules.vacation`): going away,
coming back early, and what is left of the allowance.

A vacation and the clocks it pauses (or, coming back early, releases) are stored in one
transaction, under the locks of the person's slow tables (taken in channel order), so a move at
one of them either comes before (its clock is then paused here) or after (it reads the vacation:
:func:`bot.service.clock.away_at`). Nothing is kept in memory: after a restart the clocks and the
vacation say all. Where it is that person's turn, the table gets a fresh post saying so (as
it does when a vacation ends by itself: :mod:`bot.service.absence`)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from dataclasses import replace

from games.text import say, say_n

from ..storage import TableRow
from ..storage.rows import ClockAt, ClockRow
from . import errors
from .clock import clock_of
from .context import Context
from .reports import Reports
from .results import Outcome, TableInfo, Vacation
from .rules import vacation as rules
from .rules.play import Lines
from .rules.tables import info, seat_of


class VacationService:
    """/vacation: a person's time away from a server's slow tables."""

    def __init__(self, ctx: Context, reports: Reports) -> None:
        self._ctx = ctx
        self._store = ctx.store
        self._reports = reports

    async def status(self, guild_id: int, user_id: int) -> Vacation:
        """The allowance, what is left of it this year, whether they are away, and which of
        their slow tables refuse vacation."""
        now = self._ctx.now()
        allowed = rules.allowance(await self._store.servers.vacation_days(guild_id))
        taken = await self._store.vacations.taken(guild_id, user_id, rules.counted_from(now))
        current = rules.running(taken, now)
        slow = await self._slow_games(guild_id, user_id)
        return Vacation(allowed, rules.days_left(taken, now, allowed),
                        None if current is None else current[1], self._refusing(slow))

    async def go_away(self, guild_id: int, user_id: int, days: int) -> Vacation:
        """Away from now for ``days`` days: the person's clocks at the server's slow tables that
        allow it wait for them. Refused when they are away already, or the allowance has not
        that many days left."""
        if days < 1:
            raise errors.HostError(say("A vacation lasts one day at least."))
        allowed = rules.allowance(await self._store.servers.vacation_days(guild_id))
        slow = await self._slow_games(guild_id, user_id)
        async with self._locked(slow):
            now = self._ctx.now()
            taken = await self._store.vacations.taken(guild_id, user_id, rules.counted_from(now))
            current = rules.running(taken, now)
            if current is not None:
                raise errors.HostError(say(
                    "You are already away until <t:{when}:f>. Come back first with "
                    "`/vacation days:0`, then go away again.", when=int(current[1])))
            most = rules.longest(taken, now, allowed)
            if days > most:
                raise errors.HostError(say_n(
                    "This server allows {allowance} days of vacation a year: you can be away "
                    "for {n} day at most now.",
                    "This server allows {allowance} days of vacation a year: you can be away "
                    "for {n} days at most now.", most, allowance=allowed))
            ends = now + days * rules.DAY
            posts = await self._change(
                slow, user_id, lambda clock: rules.held(clock, now, ends),
                lambda clocks: self._store.vacations.go_away(guild_id, user_id, now, ends,
                                                             clocks))
        return Vacation(allowed, rules.days_left([*taken, (now, ends)], now, allowed), ends,
                        self._refusing(slow), posts)

    async def end_early(self, guild_id: int, user_id: int) -> Vacation:
        """Back before the vacation's end: it ends now, the whole days not begun are given
        back, and the clocks waiting for them run again, with the time not spent away. Not away:
        the status, unchanged."""
        allowed = rules.allowance(await self._store.servers.vacation_days(guild_id))
        slow = await self._slow_games(guild_id, user_id)
        async with self._locked(slow):
            now = self._ctx.now()
            taken = await self._store.vacations.taken(guild_id, user_id, rules.counted_from(now))
            current = rules.running(taken, now)
            if current is None:
                return Vacation(allowed, rules.days_left(taken, now, allowed), None,
                                self._refusing(slow))
            starts = current[0]
            posts = await self._change(
                slow, user_id, lambda clock: rules.released(clock, now),
                lambda clocks: self._store.vacations.ended_early(guild_id, user_id, starts, now,
                                                               clocks))
        left = [(s, now if s == starts else e) for s, e in taken]
        return Vacation(allowed, rules.days_left(left, now, allowed), None, self._refusing(slow),
                        posts, back=True)

    # -- helpers ------------------------------------------------------------------------------
    async def _slow_games(self, guild_id: int, user_id: int) -> list[TableRow]:
        """The server's slow games in play where the person has a seat."""
        default = self._ctx.clock_config.default_speed
        return [row for row in await self._store.tables.guild_games(guild_id)
                if seat_of(row, user_id) is not None
                and rules.is_slow(row, default)]

    def _refusing(self, slow: list[TableRow]) -> list[TableInfo]:
        return [info(self._ctx.game(row.game_id), row) for row in slow
                if not rules.vacation_allowed(row)]

    @asynccontextmanager
    async def _locked(self, slow: list[TableRow]) -> AsyncIterator[None]:
        """Under the locks of the tables a vacation pauses, taken in channel order."""
        async with AsyncExitStack() as stack:
            for channel in sorted({r.channel_id for r in slow if rules.vacation_allowed(r)}):
                await stack.enter_async_context(self._ctx.lock(channel))
            yield

    async def _change(
        self, slow: list[TableRow], user_id: int, change: Callable[[ClockRow], ClockRow],
        store: Callable[[list[ClockRow]], Awaitable[None]],
    ) -> list[Outcome]:
        """(Under the tables' locks) ``change`` each clock timing the person at the slow tables
        allowing vacation, ``store`` the vacation with the changed clocks, and the fresh posts
        of those tables."""
        changed: list[TableRow] = []
        for seen in slow:
            if not rules.vacation_allowed(seen):
                continue
            row = await self._store.tables.get_table(seen.channel_id, beside=True)
            if row is None or row.id != seen.id or row.status != "playing":
                continue
            clock = await clock_of(self._store, row)
            seat = seat_of(row, user_id)
            if clock is None or clock.version != row.version or clock.seat != seat:
                continue
            new = change(clock)
            if new != clock:
                changed.append(replace(row, clock_at=ClockAt(row.version, new)))
        await store([r.clock_at.clock for r in changed if r.clock_at and r.clock_at.clock])
        if changed:
            self._ctx.clock_bell.ring()
        posts = []
        for row in changed:
            game = self._ctx.game(row.game_id)
            outcome = await self._reports.outcome(game, row, Lines(), [])
            posts.append(replace(outcome, notes=[]))  # the person knows; the others see the post
        return posts
