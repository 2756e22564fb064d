"""Notifications people fit to their lives: when "your turn" reaches a person, the rules.

Each person chooses (:class:`bot.storage.rows.NotifyPrefs`, stored per user for every server,
set with /notifications):

* **How** "your turn" reaches them: a mention in the table post (the default), a DM, both, or
  nothing. Nobody else is ever pinged by a move.
* **Live tables** (people at the table now): the DM waits ``live_after`` seconds in which they do
  nothing at the table (1, 2 or 5 minutes; or never).
* **Slow tables** (a daily clock, or none): the DM at once, or gathered in one digest DM a day at
  ``digest_hour`` in their own time zone, listing every table waiting for them.
* **Quiet hours** in their time zone (an IANA zone, e.g. ``Europe/Paris``; they may cross
  midnight): no mention and no DM then. What was held back goes out when the quiet hours end,
  merged into one message. Quiet hours hold notifications, never the clock.

Local times are read with the standard library's :mod:`zoneinfo` (the ``tzdata`` package supplies
the zones where the system has none), so a daylight-saving change moves the instants, never the
local times: quiet hours from 22:00 to 07:00 stay 22:00 to 07:00 on the clock on the wall.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo
from functools import cache

from ...storage.rows import HOWS, NEVER, SLOWS, NotifyPrefs

__all__ = ["HOWS", "LIVE_AFTERS", "NEVER", "SLOWS", "NotifyPrefs", "clock_text", "dm_moment",
           "local", "mention_now", "next_digest", "parse_clock", "quiet_at", "quiet_ends",
           "zone_names"]

LIVE_AFTERS = (60, 120, 300, NEVER)
"""The choices for a live table's DM: after 1, 2 or 5 minutes idle, or never."""
DAY = dt.timedelta(days=1)


@cache
def zone_names() -> tuple[str, ...]:
    """Every IANA zone this machine knows, sorted (for autocomplete)."""
    return tuple(sorted(zoneinfo.available_timezones()))


def _zone(name: str) -> dt.tzinfo:
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return dt.UTC  # a zone the system lost since it was chosen: UTC, not a crash


def local(prefs: NotifyPrefs, when: float) -> dt.datetime:
    """The wall-clock time of the person at the instant ``when`` (epoch seconds)."""
    return dt.datetime.fromtimestamp(when, _zone(prefs.zone))


def _minutes(moment: dt.datetime) -> int:
    return moment.hour * 60 + moment.minute


def quiet_at(prefs: NotifyPrefs, when: float) -> bool:
    """Whether ``when`` falls in the person's quiet hours (from ``quiet_from`` included to
    ``quiet_to`` excluded, local time; across midnight when ``quiet_from`` > ``quiet_to``)."""
    if not prefs.quiet:
        return False
    assert prefs.quiet_from is not None and prefs.quiet_to is not None
    minute = _minutes(local(prefs, when))
    if prefs.quiet_from < prefs.quiet_to:
        return prefs.quiet_from <= minute < prefs.quiet_to
    return minute >= prefs.quiet_from or minute < prefs.quiet_to


def _next_local(prefs: NotifyPrefs, after: float, minute_of_day: int) -> float:
    """The first instant after ``after`` whose local time is ``minute_of_day`` (a local time
    skipped by a daylight-saving change counts at the instant it maps to)."""
    zone = _zone(prefs.zone)
    now = local(prefs, after)
    hour, minute = divmod(minute_of_day, 60)
    day = now.date()
    for _ in range(3):
        candidate = dt.datetime(day.year, day.month, day.day, hour, minute, tzinfo=zone)
        stamp = candidate.timestamp()
        if stamp > after:
            return stamp
        day += DAY
    raise AssertionError("a local time recurs every day")  # pragma: no cover


def quiet_ends(prefs: NotifyPrefs, when: float) -> float:
    """When the quiet hours that ``when`` falls in end (``when`` itself outside them): when a
    notification due at ``when`` may go out."""
    if not quiet_at(prefs, when):
        return when
    assert prefs.quiet_to is not None
    return _next_local(prefs, when, prefs.quiet_to)


def next_digest(prefs: NotifyPrefs, after: float) -> float:
    """The first moment after ``after`` at the person's digest hour, local time."""
    return _next_local(prefs, after, prefs.digest_hour * 60)


def dm_moment(prefs: NotifyPrefs, turn_began: float, *, live: bool) -> float | None:
    """When the "your turn" DM of a turn that began at ``turn_began`` is due (before quiet
    hours: :func:`quiet_ends` moves it out of them), or None when it never comes: they
    chose no DM, or none at live tables. At a live table it is due once they stayed idle
    ``live_after`` seconds (the caller cancels it when they act); at a slow one at once, or at
    the next digest hour."""
    if not prefs.dms:
        return None
    if live:
        return None if prefs.live_after == NEVER else turn_began + prefs.live_after
    if prefs.slow == "digest":
        return next_digest(prefs, turn_began)
    return turn_began


def mention_now(prefs: NotifyPrefs, when: float) -> bool:
    """Whether a post at ``when`` that starts their turn pings them."""
    return prefs.mentions and not quiet_at(prefs, when)


def parse_clock(text: str) -> int | None:
    """Minutes after midnight of ``HH:MM`` or ``HH`` (24-hour clock), else None."""
    parts = text.strip().split(":")
    if not 1 <= len(parts) <= 2 or not all(p.isdigit() for p in parts):
        return None
    hour, minute = int(parts[0]), int(parts[1]) if len(parts) == 2 else 0
    if hour == 24 and minute == 0:
        return 0
    if not (0 <= hour < 24 and 0 <= minute < 60):
        return None
    return hour * 60 + minute


def clock_text(minutes: int) -> str:
    """``HH:MM`` of minutes after midnight."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"
