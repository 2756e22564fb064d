"""Absence at a table in play, stored: the scheduler's reminders and time outs, Skip, Computer
plays for, I'm back, /leave and End the game (the rules: :mod:`bot.service.rules.absence`)."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from games import Game
from games.text import say

from ..storage import TableRow
from ..storage import shards as shard_clocks
from ..storage.rows import ClockRow
from . import errors
from .clock import TableClock
from .committer import MoveCommitter
from .computers import ComputerPlayers
from .context import Context
from .lobby import LobbyService
from .reports import Reports
from .repository import TableRepository
from .results import Outcome, TableInfo
from .rules import posts, substitutes, tournament
from .rules.absence import NO_PASS, NOT_PLAYING, NOT_TIMED_OUT, active_humans, pass_move, replaced
from .rules.play import Lines, apply_checked
from .rules.tables import info, label, names, seat_of
from .scheduler import ClockEvent, Reminder


class AbsenceService:
    """The answers to a silent or departed player (state lives in the store's clocks)."""

    def __init__(self, ctx: Context, tables: TableRepository, clock: TableClock,
                 committer: MoveCommitter, computers: ComputerPlayers, reports: Reports,
                 lobbies: LobbyService) -> None:
        self._ctx = ctx
        self._store = ctx.store
        self._tables = tables
        self._clock = clock
        self._committer = committer
        self._computers = computers
        self._reports = reports
        self._lobbies = lobbies

    async def clock_due(self, now: float) -> list[ClockEvent]:
        """Reminders and time outs of every clock due at ``now``, each handled once."""
        events: list[ClockEvent] = []
        for due in await shard_clocks.due_clocks(self._store, now, self._ctx.shards):
            async with self._ctx.lock(due.channel_id):
                row = await self._store.tables.get_table(due.channel_id)
                if row is None or row.id != due.table_id or row.status != "playing":
                    await self._store.clocks.drop_clock(due.table_id)
                    continue
                game = self._ctx.game(row.game_id)
                clock = await self._store.clocks.get_clock(row.id)
                if clock is None or clock.version != row.version:
                    await self._clock.set_after(game, row, None)  # behind the table: set it again
                    continue
                events += await self._clock_moment(game, row, clock, now)
        return events

    async def _clock_moment(
        self, game: Game, row: TableRow, clock: ClockRow, now: float
    ) -> list[ClockEvent]:
        out: list[ClockEvent] = []
        assert clock.seat is not None and clock.deadline is not None
        if clock.held_until is not None and now >= clock.held_until:
            # Back from vacation: the clock runs again, and a fresh post tells the others
            # (unless the time is spent already, after a long stop: the time out says it all).
            clock = replace(clock, held_until=None)
            await self._store.clocks.put_clock(clock)
            if now < clock.deadline:
                outcome = await self._reports.outcome(game, row, Lines(), [])
                out.append(replace(outcome, notes=[]))
        if clock.remind_at is not None and now >= clock.remind_at:
            clock = replace(clock, remind_at=None)
            if now < clock.deadline:  # after the deadline a reminder says nothing new
                seat = row.seats[clock.seat - 1]
                out.append(Reminder(row.channel_id, row.guild_id, seat["user_id"],
                                    names(row)[clock.seat], game.name, clock.deadline,
                                    row.post_message_id, row.game_id))
        if now >= clock.deadline and not clock.expired and tournament.tournament_of(row):
            # Ended on time in the one write that closes the table (and drops its clock): a
            # crash before it leaves the clock due, so the time out comes again.
            out.append(await self._time_out(game, row, clock.seat))
        elif now >= clock.deadline and not clock.expired:
            clock = replace(clock, expired=True)
            await self._store.clocks.put_clock(clock)
            out.append(await self._time_out(game, row, clock.seat))
        else:
            await self._store.clocks.put_clock(clock)
        return out

    async def _time_out(self, game: Game, row: TableRow, seat: int) -> Outcome:
        """The timed seat's time is spent: a post offering Skip / Computer plays for …, or
        with ``auto_takeover`` the computer at once; at a tournament's table the seat loses
        the game on time instead (:mod:`bot.service.rules.tournament`)."""
        who = label(row, seat)
        if tournament.tournament_of(row) is not None:
            return await self._end_now(game, row, [seat], say(tournament.TIMED_OUT, player=who))
        if self._ctx.clock_config.auto_takeover:
            text = say("⌛ {player}'s time is up: a computer plays for them until they press "
                       "**I'm back**.", player=who)
            return await self._hand_over(game, row, seat, text)
        lines = Lines()
        lines.ordered.append((say("⌛ {player}'s time is up.", player=who), False))
        outcome = await self._reports.outcome(game, row, lines, [])
        return replace(outcome, notes=[])  # no fresh "your turn" DM for the late player

    async def _end_now(self, game: Game, row: TableRow, forfeits: list[int], text: str
                       ) -> Outcome:
        """(Under the table lock) a tournament's table ends before its game does: the
        ``forfeits`` seats lose on time, the others are placed by their score now
        (:func:`bot.service.rules.tournament.ended_result`); the table's last post says why."""
        assert row.state is not None
        scores = game.result(row.state).scores
        result = tournament.ended_result(
            scores, forfeits, tournament.TIME_UP if forfeits else tournament.ROUND_OVER)
        await self._committer.finish(row, [], result)
        ended = replace(row, version=row.version + 1)  # the version its closing made
        lines = Lines()
        lines.ordered.append((text, False))
        outcome = await self._reports.outcome(game, ended, lines, [])
        assert outcome.post is not None
        lead, facts = posts.status_parts(
            game, ended, {**game.view(row.state, None), "result": result}, outcome.post.language)
        winners = set(result["winners"])
        post = replace(outcome.post, status=" · ".join(lead + facts), finished=True,
                       result=result, to_move_user_ids=[], clock=None,
                       seats=[replace(s, to_move=False, winner=s.seat in winners)
                              for s in outcome.post.seats])
        return replace(outcome, table=info(game, ended, "finished"), post=post, notes=[],
                       computers_next=False)

    async def end_round(self, channel_id: int) -> Outcome | None:
        """A slow tournament round's deadline: the game in play here ends, placed by the scores
        (nobody forfeits); None when no game plays here any more."""
        async with self._ctx.lock(channel_id):
            try:
                game, row = await self._tables.playing(channel_id)
            except errors.HostError:
                return None
            return await self._end_now(game, row, [], say(tournament.DEADLINE))

    # -- answers to a time out -----------------------------------------------------------------
    async def _timed_out_seat(self, row: TableRow, user_id: int, version: int | None) -> int:
        """The seat whose time is spent, checking the presser may answer for it."""
        me = seat_of(row, user_id)
        if me is None or row.seats[me - 1].get("replaced"):
            raise errors.NotSeated(NOT_PLAYING)
        clock = await self._store.clocks.get_clock(row.id) if row.id is not None else None
        if (clock is None or not clock.expired or clock.seat is None
                or clock.version != row.version or (version is not None and version != row.version)):
            raise errors.StaleVersion(NOT_TIMED_OUT)
        if clock.seat == me:
            raise errors.HostError(say("That's your own turn: play it with **My hand / Play**."))
        return clock.seat

    async def skip(self, channel_id: int, user_id: int, *, version: int | None = None) -> Outcome:
        """Skip: the absent seat plays the game's pass (see :func:`pass_move`)."""
        async with self._ctx.lock(channel_id):
            game, row = await self._tables.playing(channel_id)
            seat = await self._timed_out_seat(row, user_id, version)
            move = pass_move(game, row, seat)
            if move is None:
                raise errors.HostError(NO_PASS)
            assert row.state is not None
            step = await asyncio.to_thread(apply_checked, game, row.state, seat, move, names(row))
            lines = Lines()
            who = label(row, seat_of(row, user_id) or 0)
            lines.ordered.append((say("{player} skipped {absent}'s turn.", player=who,
                                      absent=label(row, seat)), False))
            lines.extend(step.lines)
            row = await self._committer.commit(game, row, step, user_id)
            row, applied = await self._computers.run(game, row, lines)
            return await self._reports.outcome(game, row, lines, [step.move, *applied])

    async def take_over(
        self, channel_id: int, user_id: int, *, version: int | None = None
    ) -> Outcome:
        """Computer plays for …: the absent seat is played by a computer until I'm back."""
        async with self._ctx.lock(channel_id):
            game, row = await self._tables.playing(channel_id)
            if tournament.tournament_of(row) is not None:
                raise errors.HostError(say(tournament.NO_TAKEOVER))
            seat = await self._timed_out_seat(row, user_id, version)
            who = label(row, seat_of(row, user_id) or 0)
            text = say("{player} let a computer play for {absent} until they press **I'm back**.",
                       player=who, absent=label(row, seat))
            return await self._hand_over(game, row, seat, text)

    async def _hand_over(self, game: Game, row: TableRow, seat: int, text: str) -> Outcome:
        """(Under the table lock) the seat goes to a computer, which plays on at once."""
        new = replaced(row, seat, by_computer=True)
        await self._tables.save(row, new)
        await self._clock.after_change(game, new)
        lines = Lines()
        lines.ordered.append((text, False))
        new, applied = await self._computers.run(game, new, lines)
        return await self._reports.outcome(game, new, lines, applied)

    async def come_back(self, channel_id: int, user_id: int) -> Outcome:
        """I'm back: the person plays their seat again."""
        async with self._ctx.lock(channel_id):
            game, row = await self._tables.playing(channel_id)
            seat = seat_of(row, user_id)
            if seat is None:
                taker = substitutes.taken_from(row, user_id)
                if taker is not None:
                    raise errors.NotSeated(say(substitutes.TAKEN_BY, name=taker))
                raise errors.NotSeated(say("You are not playing at this table; you can watch."))
            if not row.seats[seat - 1].get("replaced"):
                raise errors.HostError(say("No computer is playing for you: your seat is yours."))
            new = replaced(row, seat, by_computer=False)
            await self._tables.save(row, new)
            await self._clock.after_change(game, new)
            lines = Lines()
            lines.ordered.append((say("{player} is back and plays again.", player=label(new, seat)),
                                  False))
            return await self._reports.outcome(game, new, lines, [])

    # -- substitutes (the rules: bot.service.rules.substitutes) ----------------------------------
    async def ask_seat(self, channel_id: int, user_id: int, seat: int, *,
                       is_bot: bool = False) -> substitutes.SeatRequest:
        """Take seat …: the request to post, once who asks and the seat are checked."""
        _game, row = await self._tables.playing(channel_id)
        return substitutes.request(row, seat, user_id, is_bot=is_bot)

    async def answer_seat(self, channel_id: int, user_id: int, *, table: int, seat: int,
                          candidate: int, since: int, name: str | None) -> Outcome | None:
        """Accept (``name``: the candidate's display name) or Decline (None) a request to take
        a seat, by a person playing at the table. Accept seats the candidate (stored with the
        table, version-checked) and returns the outcome to post; Decline returns None."""
        async with self._ctx.lock(channel_id):
            try:
                game, row = await self._tables.playing(channel_id)
            except (errors.NoTable, errors.WrongPhase):
                raise errors.StaleVersion(say(substitutes.GAME_OVER)) from None
            substitutes.check_answer(row, user_id, table, seat, candidate, since)
            if name is None:
                return None
            new = substitutes.substituted(row, seat, candidate, name)
            await self._tables.save(row, new)
            await self._clock.after_change(game, new)
            lines = Lines()
            who = label(row, seat_of(row, user_id) or 0)
            lines.ordered.append((say(substitutes.TAKEN, player=who, name=name, seat=seat,
                                      before=names(row)[seat]), False))
            new, applied = await self._computers.run(game, new, lines)
            return await self._reports.outcome(game, new, lines, applied)

    # -- leaving -------------------------------------------------------------------------------
    async def leave_game(self, channel_id: int, user_id: int) -> Outcome | TableInfo:
        """/leave: in a lobby, :meth:`LobbyService.leave` (a TableInfo); in a game the seat goes to a
        computer (an Outcome to post), or, when nobody else is playing themselves, the table
        ends without a result (a TableInfo with status "abandoned"). At a tournament's table
        leaving forfeits: the table ends at once, the leaver last (an Outcome to post)."""
        _game, table = await self._tables.load(channel_id)
        if table.status == "lobby":
            return await self._lobbies.leave(channel_id, user_id)
        async with self._ctx.lock(channel_id):
            game, row = await self._tables.playing(channel_id)
            seat = seat_of(row, user_id)
            if seat is None:
                raise errors.NotSeated(say("You are not sitting at this table."))
            if row.seats[seat - 1].get("replaced"):
                raise errors.HostError(say(
                    "A computer already plays for you here. Press **I'm back** to play again."))
            if tournament.tournament_of(row) is not None:
                return await self._end_now(game, row, [seat], say(tournament.LEFT_TABLE,
                                                                  player=label(row, seat)))
            others = [s for s in active_humans(row) if s["user_id"] != user_id]
            if not others:
                await self._tables.close(row, [], "abandoned")
                return info(game, row, "abandoned")
            return await self._hand_over(
                game, row, seat,
                say("{player} left the game: a computer plays for them.", player=label(row, seat)))

    async def end_game(self, channel_id: int, user_id: int) -> TableInfo:
        """End the game: the last person playing ends it without a result, once the others
        have left or are replaced."""
        async with self._ctx.lock(channel_id):
            game, row = await self._tables.playing(channel_id)
            seat = seat_of(row, user_id)
            if seat is None or row.seats[seat - 1].get("replaced"):
                raise errors.NotSeated(NOT_PLAYING)
            if len(active_humans(row)) >= 2 or not any(s.get("replaced") for s in row.seats):
                raise errors.HostError(say(
                    "Others are still playing, so the game goes on (the host can /abandon it)."))
            await self._tables.close(row, [], "abandoned")
            return info(game, row, "abandoned")
