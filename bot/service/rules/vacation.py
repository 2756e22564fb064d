"""Vacation for slow tables, the rules (the service: :mod:`bot.service.vacation`; the command:
``/vacation``).

* **What it pauses.** A person on vacation on a server has their clock paused at that server's
  slow tables (speed ``daily``) for up to the days they asked for; live tables and tables
  without a clock are unaffected, and a tournament's tables refuse it (the round's pace is the
  tournament's: :mod:`bot.service.rules.tournament`). Their time bank does not
  run while they are away: a clock timing them when the vacation starts moves its deadline and
  reminder on by the time away (:func:`held`) and keeps ``held_until``; a turn that begins for
  them while they are away begins when they come back (:func:`bot.service.rules.clock.next_clock`);
  coming back early gives the clock back the time not spent away (:func:`released`). A held
  clock is due at ``held_until`` (:attr:`bot.storage.rows.ClockRow.due`): when the vacation ends
  by itself the scheduler lets the clock run again and posts afresh
  (:mod:`bot.service.absence`). They may still play while away.
* **The allowance.** It is the server's: ``guild_settings.vacation_days`` days a calendar year
  (UTC), :data:`DEFAULT_DAYS` while the server's admins did not choose. A vacation uses the
  whole days it lasts, a day begun counting as a day (:func:`days_away`): counted as it runs
  (a running vacation holds the days it was asked for), and coming back early gives back the
  whole days not begun. Each day counts in the year it begins in, so a vacation across New
  Year uses some days of each year (:func:`used`, :func:`longest`).
* **A table may refuse it.** "Vacation" is a table setting beside the speed and hints, allowed
  by default, set by the host in the lobby's Settings panel (offered there while the table's
  speed is daily), kept for a rematch. No column holds
  it: a table refusing vacation carries the key :data:`REFUSED` in its record head from the
  lobby on (the finished record does not keep it). Such a table keeps the clock running; the
  person is told which tables refuse.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from games import echo
from games.text import say

from ...config import SPEEDS
from ...storage.rows import ClockRow, TableRow
from .. import errors
from ..results import Setting

DAY = 86400.0
DEFAULT_DAYS = 21
"""A server's yearly allowance while its admins did not choose one."""
MOST_DAYS = 365
"""The most days one vacation, or a server's allowance, may be."""
SLOW = "daily"
"""The speed of the tables a vacation pauses."""

VACATION_SETTING = "table:vacation"  # the Settings panel's name for it (no game option has a colon)
REFUSED = "no_vacation"
"""The record-head key of a table refusing vacation."""
VACATION_LABEL = say("Vacation")
VACATION_ABOUT = say("Whether a player's /vacation pauses their clock at this table (daily "
                     "tables only).")
VACATION_TEXTS = {
    "allowed": say("allowed"),
    "refused": say("refused (the clock runs)"),
}


# -- the table setting ------------------------------------------------------------------------
def vacation_allowed(row: TableRow) -> bool:
    """Whether the table lets a player's vacation pause their clock (the setting; the speed is
    :func:`pauses`' business)."""
    return not (row.record_head or {}).get(REFUSED)


def table_setting(row: TableRow) -> dict[str, Any]:
    """The setting as a keyword argument of ``create_lobby`` (a rematch keeps it)."""
    return {"vacation": vacation_allowed(row)}


def lobby_head(head: dict[str, Any] | None, allowed: bool) -> dict[str, Any] | None:
    """A new lobby's record head ``head`` with the refusal when vacation is refused."""
    return head if allowed else {**(head or {}), REFUSED: True}


def started(row: TableRow, head: dict[str, Any]) -> dict[str, Any]:
    """The record head of a game starting from the lobby ``row``: ``head`` with the refusal when
    the lobby refuses vacation."""
    return head if vacation_allowed(row) else {**head, REFUSED: True}


def vacation_settings(row: TableRow, speed: str) -> list[Setting]:
    """The setting as the lobby's Settings panel offers it, at a table of speed ``speed``: only
    at a slow table (elsewhere a vacation changes nothing)."""
    if speed != SLOW:
        return []
    value = "allowed" if vacation_allowed(row) else "refused"
    return [Setting(name=VACATION_SETTING, label=VACATION_LABEL, description=VACATION_ABOUT,
                    value=value, value_text=VACATION_TEXTS[value],
                    choices=list(VACATION_TEXTS.items()))]


def vacation_text(row: TableRow, speed: str) -> list[tuple[str, str]]:
    """(label, value) for the lobby post's options line when a slow table (speed ``speed``)
    refuses vacation (allowed, the default, goes without saying)."""
    if speed != SLOW or vacation_allowed(row):
        return []
    return [(VACATION_LABEL, VACATION_TEXTS["refused"])]


def with_vacation(row: TableRow, value: str) -> TableRow:
    """The lobby row with vacation ``value`` ("allowed" or "refused"; "" is the default)."""
    value = value or "allowed"
    if value not in VACATION_TEXTS:
        raise errors.BadTableOptions(say("Vacation is allowed or refused, not '{value}'.",
                                         value=echo(value)))
    head = {k: v for k, v in (row.record_head or {}).items() if k != REFUSED}
    if value == "refused":
        head[REFUSED] = True
    return replace(row, record_head=head or None, version=row.version + 1)


def is_slow(row: TableRow, default_speed: str) -> bool:
    """Whether the table is a slow one (``default_speed``: the speed of a table stored
    without one)."""
    return (row.speed if row.speed in SPEEDS else default_speed) == SLOW


def pauses(row: TableRow, default_speed: str) -> bool:
    """Whether a vacation pauses the clocks of this table: a slow one that allows it."""
    return is_slow(row, default_speed) and vacation_allowed(row)


# -- the allowance ----------------------------------------------------------------------------
def year_of(moment: float) -> int:
    """The calendar year (UTC) of an instant."""
    return dt.datetime.fromtimestamp(moment, dt.UTC).year


def days_away(starts: float, ends: float) -> int:
    """The days a vacation uses: every day begun (a second short of a day is still a day)."""
    return max(0, math.ceil((ends - starts) / DAY - 1e-9))


def used(taken: Iterable[tuple[float, float]], year: int) -> int:
    """The days of ``year`` the vacations ``taken`` ((starts, ends), a running one with the end
    asked for) use: each day counts in the year it begins in."""
    return sum(1 for starts, ends in taken for k in range(days_away(starts, ends))
               if year_of(starts + k * DAY) == year)


def counted_from(now: float) -> float:
    """The first instant of the year before ``now``'s (UTC): vacations ending before it use
    nothing of this year or the next."""
    return dt.datetime(year_of(now) - 1, 1, 1, tzinfo=dt.UTC).timestamp()


def allowance(days: int | None) -> int:
    """A server's yearly allowance from its setting (None: the default)."""
    return DEFAULT_DAYS if days is None else days


def days_left(taken: Iterable[tuple[float, float]], now: float, allowed: int) -> int:
    """What is left this year (of ``now``) of an allowance of ``allowed`` days."""
    return max(0, allowed - used(taken, year_of(now)))


def longest(taken: Iterable[tuple[float, float]], now: float, allowed: int) -> int:
    """The most days a vacation starting ``now`` may last: every year it touches keeps within
    ``allowed`` days (a vacation across New Year takes the new year's days from the new year's
    allowance)."""
    taken = list(taken)
    years = {year_of(now + k * DAY) for k in range(MOST_DAYS + 1)}
    spare = {y: allowed - used(taken, y) for y in years}
    days = 0
    while days < MOST_DAYS:
        year = year_of(now + days * DAY)
        if spare[year] <= 0:
            break
        spare[year] -= 1
        days += 1
    return days


def running(taken: Iterable[tuple[float, float]], now: float) -> tuple[float, float] | None:
    """The vacation of ``taken`` that runs at ``now`` ((starts, ends)), if any."""
    return next(((s, e) for s, e in taken if s <= now < e), None)


# -- the clock --------------------------------------------------------------------------------
def held(clock: ClockRow, since: float, until: float) -> ClockRow:
    """The clock of a table when the person it times goes away at ``since`` until ``until``:
    their deadline and reminder move on by the time away. A clock that ran out, or that times
    nobody, stays as it is; so does one already held (it waits already)."""
    if (clock.seat is None or clock.expired or clock.deadline is None
            or clock.deadline <= since
            or (clock.held_until is not None and clock.held_until > since)):
        return clock
    start = max(since, clock.started)
    shift = max(0.0, until - start)
    return replace(clock, deadline=clock.deadline + shift,
                   remind_at=None if clock.remind_at is None else clock.remind_at + shift,
                   held_until=until)


def released(clock: ClockRow, now: float) -> ClockRow:
    """The clock of a table when the person it waits for comes back at ``now``, before the
    vacation's end: it gives back the time not spent away. A clock not waiting stays as it is."""
    if clock.held_until is None or clock.held_until <= now or clock.expired:
        return clock
    early = clock.held_until - now
    return replace(clock, deadline=None if clock.deadline is None else clock.deadline - early,
                   remind_at=None if clock.remind_at is None else clock.remind_at - early,
                   started=min(clock.started, now), held_until=None)


def waiting_until(clock: ClockRow | None, now: float) -> float | None:
    """Until when the clock waits for its timed person, away (None: it is not waiting)."""
    if clock is None or clock.seat is None or clock.expired or clock.held_until is None:
        return None
    return clock.held_until if clock.held_until > now else None
