"""Absence at a table in play: the clock's reminders and time outs, Skip, Computer plays for,
I'm back, /leave and End the game. A mixin of :class:`bot.host.host.TableHost`.

Policies (the issue left them open):

* Skip and Computer plays for … are offered once the timed seat's time is spent, to the other
  seated people who are playing themselves; either answers the time out for that version.
* Skip plays the game's own pass for the absent seat: the move ``game.parse("pass")`` gives,
  when it is among ``legal()``. A game without one offers only the computer.
* A replaced seat is played by a computer at the configured level on every turn; its person
  keeps the seat and presses **I'm back** (on the table post or in My hand) to play again.
  ``was_replaced`` stays on the seat for good and goes into the finished game's seats.
* /leave in a game hands the seat to a computer at once. When fewer than two people would still
  be playing, the one left may press **End the game** (abandoned, no result) or play on against
  the computers; when nobody would be left, the table ends at once without a result.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from games import Game, IllegalMove
from games.text import N_, say

from ..config import ClockConfig
from ..shards import Shards
from ..storage import Store, TableRow
from ..storage import shards as shard_clocks
from ..storage.rows import ClockRow
from . import errors
from .clock import ClockEvent, Reminder, clock_of, turn_clock
from .play import Lines, apply_checked
from .results import ClockView, Outcome, TableInfo
from .tables import info, label, names, seat_of

NOT_TIMED_OUT = N_("Their time is not up (or someone already answered), so nothing was changed.")
NOT_PLAYING = N_("Only the people playing at this table can do that.")
NO_PASS = N_(
    "This game has no pass, so their turn can't be skipped; a computer can play for them.")


def active_humans(row: TableRow) -> list[dict[str, Any]]:
    """Seats of people playing themselves (not computers, not replaced)."""
    return [s for s in row.seats if s["user_id"] is not None and not s.get("replaced")]


def pass_move(game: Game, row: TableRow, seat: int) -> str | None:
    """The game's pass for ``seat`` now, if it has one and it is legal (Skip plays it)."""
    try:
        move = game.parse("pass")
    except (IllegalMove, ValueError):
        return None
    assert row.state is not None
    return move if move in game.legal(row.state, seat) else None


def replaced(row: TableRow, seat: int, *, by_computer: bool) -> TableRow:
    """The row with ``seat`` played by a computer (``by_computer``) or by its person again.
    The seat keeps no level: the computer plays it at the configured level (see
    :meth:`ClockMixin.level_of`), so a rematch or a rating never takes the person for one."""
    seats = [dict(s) for s in row.seats]
    entry = seats[seat - 1]
    if by_computer:
        entry.update(replaced=True, was_replaced=True)
    else:
        entry.update(replaced=False)
    host = row.host_id
    if by_computer and host == entry["user_id"]:  # the host's role goes to someone playing
        host = next((s["user_id"] for s in seats if s["user_id"] is not None
                     and not s.get("replaced")), host)
    return replace(row, seats=seats, host_id=host, version=row.version + 1)


class ClockMixin:
    """The clock's side of the table host (state lives in the store; see bot.host.clock). It
    uses the host's table lock, loading, saving, computer players and outcome building."""

    _store: Store
    _clock: Callable[[], float]  # epoch seconds (tests drive it)
    _clock_config: ClockConfig
    shards: Shards
    _served: Any
    _lock: Any
    _game: Any
    _playing: Any
    _save: Any
    _commit: Any
    _close: Any
    _run_bots: Any
    _outcome: Any
    leave: Any
    require_table: Any

    def level_of(self, row: TableRow, seat: int) -> str | None:
        """The level a computer plays ``seat`` at: its own, or the configured one for a
        person's seat it replaces."""
        entry = row.seats[seat - 1]
        return entry.get("bot_level") or (
            self._clock_config.computer_level if entry.get("replaced") else None)

    def on_clock_change(self) -> None:
        """Called when a clock's next moment changed (the scheduler re-arms itself here)."""

    # -- keeping the clock -------------------------------------------------------------------
    async def _next_clock(
        self, game: Game, row: TableRow, mover: int | None
    ) -> tuple[ClockRow | None, bool]:
        """(the table's clock for ``row`` if it changed, else None; whether its next moment
        changed). Not stored: the caller stores it, with the move when there is one."""
        if row.id is None or row.state is None:
            return None, False
        return turn_clock(game, await self._store.get_clock(row.id), row, mover, self._clock(),
                          self._clock_config.speed(row.speed))

    async def _clock_after(self, game: Game, row: TableRow, mover: int | None) -> None:
        """Set and store the table's clock for ``row`` (after a change that is not a move)."""
        new, rearm = await self._next_clock(game, row, mover)
        if new is not None:
            await self._store.put_clock(new)
        if rearm:
            self.on_clock_change()

    async def clock_next_due(self) -> float | None:
        """The next moment a clock of this process's tables needs attention (None: none)."""
        return await shard_clocks.next_due(self._store, self.shards)

    async def clock_resync(self) -> None:
        """At start: every table in play gets a clock matching its version (a crash between a
        move and its clock, or tables from before the clock)."""
        for row in await self._served():
            if row.status != "playing" or row.id is None:
                continue
            clock = await self._store.get_clock(row.id)
            if clock is None or clock.version != row.version:
                async with self._lock(row.channel_id):
                    fresh = await self._store.get_table(row.channel_id)
                    if fresh is None or fresh.id != row.id or fresh.status != "playing":
                        continue
                    # Looked at again under the lock: a start or move that was storing its
                    # clock meanwhile has set it (setting it twice would add a turn's time).
                    clock = await self._store.get_clock(fresh.id)
                    if clock is None or clock.version != fresh.version:
                        await self._clock_after(self._game(fresh.game_id), fresh, None)

    async def _clock_view(self, game: Game, row: TableRow) -> ClockView | None:
        """What the table post shows of the clock and of replaced seats."""
        clock = await clock_of(self._store, row)
        gone = [names(row)[s["seat"]] for s in row.seats if s.get("replaced")]
        if clock is None and not gone:
            return None
        seat = clock.seat if clock is not None else None
        timed_out = bool(clock and clock.expired and clock.version == row.version)
        return ClockView(
            name=label(row, seat) if seat is not None else None,
            deadline=clock.deadline if clock is not None and seat is not None else None,
            timed_out=timed_out,
            can_skip=timed_out and seat is not None and pass_move(game, row, seat) is not None,
            replaced=gone,
            end_offer=bool(gone) and len(active_humans(row)) < 2,
        )

    # -- the scheduler's work ------------------------------------------------------------------
    async def clock_due(self, now: float) -> list[ClockEvent]:
        """Reminders and time outs of every clock due at ``now``, each handled once."""
        events: list[ClockEvent] = []
        for due in await shard_clocks.due_clocks(self._store, now, self.shards):
            async with self._lock(due.channel_id):
                row = await self._store.get_table(due.channel_id)
                if row is None or row.id != due.table_id or row.status != "playing":
                    await self._store.drop_clock(due.table_id)
                    continue
                game = self._game(row.game_id)
                clock = await self._store.get_clock(row.id)
                if clock is None or clock.version != row.version:
                    await self._clock_after(game, row, None)  # behind the table: set it again
                    continue
                events += await self._clock_moment(game, row, clock, now)
        return events

    async def _clock_moment(
        self, game: Game, row: TableRow, clock: ClockRow, now: float
    ) -> list[ClockEvent]:
        out: list[ClockEvent] = []
        assert clock.seat is not None and clock.deadline is not None
        if clock.remind_at is not None and now >= clock.remind_at:
            clock = replace(clock, remind_at=None)
            if now < clock.deadline:  # after the deadline a reminder says nothing new
                seat = row.seats[clock.seat - 1]
                out.append(Reminder(row.channel_id, row.guild_id, seat["user_id"],
                                    names(row)[clock.seat], game.name, clock.deadline,
                                    row.post_message_id))
        if now >= clock.deadline and not clock.expired:
            clock = replace(clock, expired=True)
            await self._store.put_clock(clock)
            out.append(await self._time_out(game, row, clock.seat))
        else:
            await self._store.put_clock(clock)
        return out

    async def _time_out(self, game: Game, row: TableRow, seat: int) -> Outcome:
        """The timed seat's time is spent: a post offering Skip / Computer plays for …, or
        with ``auto_takeover`` the computer at once."""
        who = label(row, seat)
        if self._clock_config.auto_takeover:
            text = say("⌛ {player}'s time is up: a computer plays for them until they press "
                       "**I'm back**.", player=who)
            return await self._hand_over(game, row, seat, text)
        lines = Lines()
        lines.ordered.append((say("⌛ {player}'s time is up.", player=who), False))
        outcome = await self._outcome(game, row, lines, [])
        return replace(outcome, notes=[])  # no fresh "your turn" DM for the late player

    # -- answers to a time out -----------------------------------------------------------------
    async def _timed_out_seat(self, row: TableRow, user_id: int, version: int | None) -> int:
        """The seat whose time is spent, checking the presser may answer for it."""
        me = seat_of(row, user_id)
        if me is None or row.seats[me - 1].get("replaced"):
            raise errors.NotSeated(NOT_PLAYING)
        clock = await self._store.get_clock(row.id) if row.id is not None else None
        if (clock is None or not clock.expired or clock.seat is None
                or clock.version != row.version or (version is not None and version != row.version)):
            raise errors.StaleVersion(NOT_TIMED_OUT)
        if clock.seat == me:
            raise errors.HostError(say("That's your own turn: play it with **My hand / Play**."))
        return clock.seat

    async def skip(self, channel_id: int, user_id: int, *, version: int | None = None) -> Outcome:
        """Skip: the absent seat plays the game's pass (see :func:`pass_move`)."""
        async with self._lock(channel_id):
            game, row = await self._playing(channel_id)
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
            row = await self._commit(game, row, step, user_id)
            row, applied = await self._run_bots(game, row, lines)
            return await self._outcome(game, row, lines, [step.move, *applied])

    async def take_over(
        self, channel_id: int, user_id: int, *, version: int | None = None
    ) -> Outcome:
        """Computer plays for …: the absent seat is played by a computer until I'm back."""
        async with self._lock(channel_id):
            game, row = await self._playing(channel_id)
            seat = await self._timed_out_seat(row, user_id, version)
            who = label(row, seat_of(row, user_id) or 0)
            text = say("{player} let a computer play for {absent} until they press **I'm back**.",
                       player=who, absent=label(row, seat))
            return await self._hand_over(game, row, seat, text)

    async def _hand_over(self, game: Game, row: TableRow, seat: int, text: str) -> Outcome:
        """(Under the table lock) the seat goes to a computer, which plays on at once."""
        new = replaced(row, seat, by_computer=True)
        await self._save(row, new)
        await self._clock_after(game, new, None)
        lines = Lines()
        lines.ordered.append((text, False))
        new, applied = await self._run_bots(game, new, lines)
        return await self._outcome(game, new, lines, applied)

    async def come_back(self, channel_id: int, user_id: int) -> Outcome:
        """I'm back: the person plays their seat again."""
        async with self._lock(channel_id):
            game, row = await self._playing(channel_id)
            seat = seat_of(row, user_id)
            if seat is None:
                raise errors.NotSeated(say("You are not playing at this table; you can watch."))
            if not row.seats[seat - 1].get("replaced"):
                raise errors.HostError(say("No computer is playing for you: your seat is yours."))
            new = replaced(row, seat, by_computer=False)
            await self._save(row, new)
            await self._clock_after(game, new, None)
            lines = Lines()
            lines.ordered.append((say("{player} is back and plays again.", player=label(new, seat)),
                                  False))
            return await self._outcome(game, new, lines, [])

    # -- leaving -------------------------------------------------------------------------------
    async def leave_game(self, channel_id: int, user_id: int) -> Outcome | TableInfo:
        """/leave: in a lobby, :meth:`leave` (a TableInfo); in a game the seat goes to a
        computer (an Outcome to post), or, when nobody else is playing themselves, the table
        ends without a result (a TableInfo with status "abandoned")."""
        table = await self.require_table(channel_id)
        if table.status == "lobby":
            return await self.leave(channel_id, user_id)
        async with self._lock(channel_id):
            game, row = await self._playing(channel_id)
            seat = seat_of(row, user_id)
            if seat is None:
                raise errors.NotSeated(say("You are not sitting at this table."))
            if row.seats[seat - 1].get("replaced"):
                raise errors.HostError(say(
                    "A computer already plays for you here. Press **I'm back** to play again."))
            others = [s for s in active_humans(row) if s["user_id"] != user_id]
            if not others:
                await self._close(row, [], "abandoned")
                return info(game, row, "abandoned")
            return await self._hand_over(
                game, row, seat,
                say("{player} left the game: a computer plays for them.", player=label(row, seat)))

    async def end_game(self, channel_id: int, user_id: int) -> TableInfo:
        """End the game: the last person playing ends it without a result, once the others
        have left or are replaced."""
        async with self._lock(channel_id):
            game, row = await self._playing(channel_id)
            seat = seat_of(row, user_id)
            if seat is None or row.seats[seat - 1].get("replaced"):
                raise errors.NotSeated(NOT_PLAYING)
            if len(active_humans(row)) >= 2 or not any(s.get("replaced") for s in row.seats):
                raise errors.HostError(say(
                    "Others are still playing, so the game goes on (the host can /abandon it)."))
            await self._close(row, [], "abandoned")
            return info(game, row, "abandoned")
