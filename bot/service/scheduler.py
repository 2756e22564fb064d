"""The turn clock's one scheduler (the clock's time banks: :mod:`bot.service.rules.clock`).

The :class:`Scheduler` is one task for all tables: it sleeps until the earliest ``due`` moment in
the clocks table or of the turns held for people's waiting-list DMs (:mod:`bot.service.notices`)
and is re-armed whenever one changes, so nothing polls per table; on start it
handles at once whatever fell due while the bot was down. ``now`` and ``sleep`` are injected, so
tests make hours pass in milliseconds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from .followup import RETRY_FIRST, RETRY_MAX, logged
from .results import Outcome, TournamentInfo
from .seasons import SeasonOver

log = logging.getLogger(__name__)

# -- what the scheduler hands the adapter -------------------------------------------------------
@dataclass(frozen=True)
class Reminder:
    """Half of the mover's time is gone: one ping in the channel (and a DM where allowed)."""

    channel_id: int
    guild_id: int | None
    user_id: int
    name: str
    game_name: str
    deadline: float
    post_message_id: int | None
    game_id: str = ""  # to hold the reminder for the person's quiet hours (bot.service.notices)


@dataclass(frozen=True)
class HeldDue:
    """A person's held turns are due (:mod:`bot.service.notices`): their waiting-list DM."""

    user_id: int


STARTED = "started"
CANCELLED = "cancelled"
NEXT_ROUND = "next_round"
FINISHED = "finished"


@dataclass(frozen=True)
class TournamentDue:
    """A tournament's moment came (:mod:`bot.service.tournaments`): its start time (``what``
    :data:`STARTED`, or :data:`CANCELLED` with the ``reason``: too few players), or a slow
    round's deadline, whose unfinished tables ended (``outcomes``: their last posts), the next
    round paired (:data:`NEXT_ROUND`: its tables to open) or the tournament over
    (:data:`FINISHED`). ``info``: the tournament now, for its post."""

    info: TournamentInfo
    what: str
    outcomes: tuple[Outcome, ...] = ()
    reason: str | None = None  # a Text


ClockEvent = Reminder | Outcome | HeldDue | TournamentDue | SeasonOver
"""An Outcome: a time out (or a takeover) to post."""


def _settle(waiter: asyncio.Future[None]) -> None:
    if not waiter.done():
        waiter.set_result(None)


class ClockSource(Protocol):
    """What the :class:`Scheduler` drives (:class:`bot.service.Services` is one)."""

    def clock_now(self) -> float:
        """The clock's time, in epoch seconds."""
        ...

    def watch_clock(self, rearm: Callable[[], None]) -> None:
        """Have ``rearm`` called whenever a clock's next moment changes."""
        ...

    async def clock_due(self, now: float) -> list[ClockEvent]: ...

    async def clock_resync(self) -> None: ...

    async def clock_next_due(self) -> float | None: ...


class Scheduler:
    """One task waking at the next clock moment of any table (see the module docstring).
    ``handle`` receives each reminder and time-out outcome, in order; its failures are logged
    and do not stop the clock. The wait is a loop timer (no task per wait, so nothing lingers
    between moves); a test passes ``now`` and ``sleep`` to drive the time itself (``now``
    defaults to the source's clock)."""

    def __init__(
        self,
        source: ClockSource,
        handle: Callable[[ClockEvent], Awaitable[None]],
        *,
        now: Callable[[], float] | None = None,
        sleep: Callable[[float], Awaitable[Any]] | None = None,
    ) -> None:
        self._source = source
        self._handle = handle
        self._now = now or source.clock_now
        self._sleep = sleep
        self._rearmed = False
        self._waiter: asyncio.Future[None] | None = None
        source.watch_clock(self.rearm)

    def rearm(self) -> None:
        """A deadline changed: look again at the next one."""
        self._rearmed = True
        if self._waiter is not None:
            _settle(self._waiter)

    async def run_due(self) -> int:
        """Handle every clock due now; the number of events handed on."""
        events = await self._source.clock_due(self._now())
        for event in events:
            try:
                await self._handle(event)
            except Exception:
                log.exception("handling the clock event %r failed", event)
        return len(events)

    async def run(self) -> None:
        """Forever: handle what is due, then sleep until the next due moment or a re-arm. When
        the database fails, it tries again soon, then less often (at most every
        :data:`~bot.service.followup.RETRY_MAX` seconds: tables left behind wait for it)."""
        resynced = False
        wait = RETRY_FIRST
        while True:
            self._rearmed = False
            try:
                if not resynced:
                    await self._source.clock_resync()
                    resynced = True
                await self.run_due()
                due = await self._source.clock_next_due()
                wait = RETRY_FIRST
            except Exception as exc:
                logged(log, f"the turn clock (trying again in {wait:g} s)", exc)
                due = self._now() + wait
                wait = min(wait * 2, RETRY_MAX)
            await self._wait(None if due is None else max(0.0, due - self._now()))

    async def _wait(self, seconds: float | None) -> None:
        """Until ``seconds`` have passed (None: forever) or someone re-arms."""
        if self._rearmed:
            return  # a clock changed while we were handling: look again now
        loop = asyncio.get_running_loop()
        waiter = self._waiter = loop.create_future()
        timer: asyncio.TimerHandle | asyncio.Future[Any] | None = None
        if seconds is not None and self._sleep is None:
            timer = loop.call_later(seconds, _settle, waiter)
        elif seconds is not None:
            assert self._sleep is not None
            timer = asyncio.ensure_future(self._sleep(seconds))
            timer.add_done_callback(lambda _done: _settle(waiter))
        try:
            await waiter
        finally:
            self._waiter = None
            if timer is not None:
                timer.cancel()
