"""Keeping each table's turn clock (its rules: :mod:`bot.service.rules.clock`): set it after a change,
set it again where a crash left it behind, say when the next one is due and what a post shows.
The clock's answers (reminders, time outs, Skip …) are :mod:`bot.service.absence`'s."""

from __future__ import annotations

import logging

from games import Game

from ..config import ClockConfig
from ..storage import Store, TableRow
from ..storage import shards as shard_clocks
from ..storage.rows import ClockAt, ClockRow
from .context import Context
from .repository import TableRepository
from .results import ClockView, TurnBegun
from .rules.absence import active_humans, pass_move
from .rules.clock import turn_clock
from .rules.tables import info, label, names
from .rules.vacation import pauses, waiting_until

log = logging.getLogger(__name__)


async def clock_of(store: Store, row: TableRow) -> ClockRow | None:
    """The table's stored clock: the one that came with ``row`` (read in the same statement
    or written in the same transaction) while the row is still at that version, else read.
    Nothing changes a clock at the same version without the table lock, under which the
    scheduler reads its rows without it (``get_table`` without ``beside``)."""
    known = row.clock_at
    if known is not None and known.version == row.version:
        return known.clock
    return await store.clocks.get_clock(row.id) if row.id is not None else None


async def away_at(store: Store, row: TableRow, now: float, config: ClockConfig) -> dict[int, float]:
    """The table's people away on vacation at ``now``: user id -> until when. Read only at a
    table a vacation pauses (a slow one allowing it: :func:`bot.service.rules.vacation.pauses`)."""
    if not pauses(row, config.default_speed):
        return {}
    users = [s["user_id"] for s in row.seats if s.get("user_id") is not None]
    return await store.vacations.away(row.guild_id or 0, users, now)


async def after_move(
    store: Store, game: Game, before: TableRow, after: TableRow, mover: int, now: float,
    config: ClockConfig,
) -> tuple[ClockRow | None, bool, ClockAt]:
    """The clock once ``mover``'s move took the table from ``before`` to ``after``: (the clock
    to store with the move or None, whether its next moment changed, what is stored then)."""
    old = await clock_of(store, before)
    new, rearm = turn_clock(game, old, after, mover, now, config.speed(after.speed),
                            await away_at(store, after, now, config))
    return new, rearm, ClockAt(after.version, old if new is None else new)


class TableClock:
    def __init__(self, ctx: Context, tables: TableRepository) -> None:
        self._ctx = ctx
        self._store = ctx.store
        self._tables = tables

    def changed(self) -> None:
        """A clock's next moment changed: the scheduler re-arms."""
        self._ctx.clock_bell.ring()

    async def next_clock(
        self, game: Game, row: TableRow, mover: int | None
    ) -> tuple[ClockRow | None, bool]:
        """(the table's clock for ``row`` if it changed, else None; whether its next moment
        changed). Not stored: the caller stores it, with the move when there is one."""
        if row.id is None or row.state is None:
            return None, False
        stored = await self._store.clocks.get_clock(row.id)
        now, config = self._ctx.now(), self._ctx.clock_config
        return turn_clock(game, stored, row, mover, now, config.speed(row.speed),
                          await away_at(self._store, row, now, config))

    async def set_after(self, game: Game, row: TableRow, mover: int | None) -> None:
        """Set and store the table's clock for ``row`` (after a change that is not a move)."""
        new, rearm = await self.next_clock(game, row, mover)
        if new is not None:
            await self._store.clocks.put_clock(new)
        if rearm:
            self.changed()

    async def after_change(self, game: Game, row: TableRow) -> None:
        """:meth:`set_after` for a change already stored (a takeover, I'm back, a start): when
        the database fails, the change stands; the failure is logged and the table left behind,
        for the scheduler to set its clock later (:mod:`bot.service.followup`)."""
        try:
            await self.set_after(game, row, None)
        except Exception as exc:
            self._ctx.fell_behind(log, row.channel_id,
                                  f"setting its clock at version {row.version}", exc)

    async def settle(self, game: Game, row: TableRow) -> None:
        """(Under the table lock) set the clock again when it lags behind ``row`` (a crash or a
        failure between a change and its clock, or a table from before the clock)."""
        clock = await clock_of(self._store, row)
        if clock is None or clock.version != row.version:
            await self.set_after(game, row, None)

    async def next_due(self) -> float | None:
        """The next moment a clock of this process's tables needs attention (None: none)."""
        return await shard_clocks.next_due(self._store, self._ctx.shards)

    async def resync(self) -> None:
        """At start: every table in play gets a clock matching its version (a crash between a
        move and its clock, or tables from before the clock)."""
        for row in await self._tables.served():
            if row.status != "playing" or row.id is None:
                continue
            clock = await self._store.clocks.get_clock(row.id)
            if clock is None or clock.version != row.version:
                async with self._ctx.lock(row.channel_id):
                    fresh = await self._store.tables.get_table(row.channel_id)
                    if fresh is None or fresh.id != row.id or fresh.status != "playing":
                        continue
                    # Looked at again under the lock: a start or move that was storing its
                    # clock meanwhile has set it (setting it twice would add a turn's time).
                    await self.settle(self._ctx.game(fresh.game_id), fresh)

    async def turns(self) -> list[TurnBegun]:
        """The person each table in play (of this process) is timing now, and since when (none
        for a clock that lags behind its table or has run out, or a seat a computer plays)."""
        out = []
        for row in await self._tables.served():
            if row.status != "playing" or row.id is None:
                continue
            clock = await self._store.clocks.get_clock(row.id)
            if clock is None or clock.seat is None or clock.expired \
                    or clock.version != row.version:
                continue
            entry = row.seats[clock.seat - 1]
            if entry.get("user_id") is None or entry.get("replaced"):
                continue
            out.append(TurnBegun(info(self._ctx.game(row.game_id), row), entry["user_id"],
                                 clock.started))
        return out

    async def view(self, game: Game, row: TableRow) -> ClockView | None:
        """What the table post shows of the clock and of replaced seats."""
        clock = await clock_of(self._store, row)
        gone_seats = [int(s["seat"]) for s in row.seats if s.get("replaced")]
        gone = [names(row)[s] for s in gone_seats]
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
            # a substitute needs someone playing to accept them (bot.service.rules.substitutes)
            takeable=list(zip(gone_seats, gone, strict=True)) if active_humans(row) else [],
            user_id=row.seats[seat - 1].get("user_id") if seat is not None else None,
            away_until=None if timed_out else waiting_until(clock, self._ctx.now()),
        )
