"""When "your turn" reaches a person (bot.service.rules.notify): quiet hours in their own time
zone, across midnight and across a daylight-saving change, the digest hour, the live wait."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest

from bot.service.rules.notify import (
    NEVER,
    NotifyPrefs,
    clock_text,
    dm_moment,
    mention_now,
    next_digest,
    parse_clock,
    quiet_at,
    quiet_ends,
    zone_names,
)

PARIS = zoneinfo.ZoneInfo("Europe/Paris")
NIGHT = NotifyPrefs(zone="Europe/Paris", quiet_from=22 * 60, quiet_to=7 * 60)


def at(*when: int, zone: dt.tzinfo = PARIS) -> float:
    return dt.datetime(*when, tzinfo=zone).timestamp()


def wall(stamp: float, zone: dt.tzinfo = PARIS) -> tuple[int, int, int, int]:
    moment = dt.datetime.fromtimestamp(stamp, zone)
    return moment.month, moment.day, moment.hour, moment.minute


def test_quiet_hours_across_midnight_are_local() -> None:
    assert not quiet_at(NIGHT, at(2026, 12, 7, 21, 59))
    assert quiet_at(NIGHT, at(2026, 12, 7, 22, 0))
    assert quiet_at(NIGHT, at(2026, 12, 8, 3, 0))
    assert not quiet_at(NIGHT, at(2026, 12, 8, 7, 0))
    # 03:00 in Paris is 02:00 UTC: the same instant is quiet for Paris, not for UTC.
    assert not quiet_at(NotifyPrefs(quiet_from=22 * 60, quiet_to=7 * 60, zone="Asia/Tokyo"),
                        at(2026, 12, 8, 3, 0))
    assert quiet_ends(NIGHT, at(2026, 12, 7, 23, 30)) == at(2026, 12, 8, 7, 0)
    assert quiet_ends(NIGHT, at(2026, 12, 8, 6, 59)) == at(2026, 12, 8, 7, 0)
    outside = at(2026, 12, 8, 12, 0)
    assert quiet_ends(NIGHT, outside) == outside


def test_quiet_hours_within_a_day_and_none() -> None:
    lunch = NotifyPrefs(zone="UTC", quiet_from=12 * 60, quiet_to=14 * 60)
    utc = dt.UTC
    assert quiet_at(lunch, at(2026, 12, 7, 13, 0, zone=utc))
    assert not quiet_at(lunch, at(2026, 12, 7, 14, 0, zone=utc))
    assert not quiet_at(lunch, at(2026, 12, 7, 11, 59, zone=utc))
    assert not NotifyPrefs(quiet_from=600, quiet_to=600).quiet
    assert not quiet_at(NotifyPrefs(), at(2026, 12, 8, 3, 0))


def test_quiet_hours_keep_their_wall_clock_across_daylight_saving_changes() -> None:
    """Paris moves to summer time on 2027-03-28 at 02:00 and back on 2027-10-31 at 03:00: the
    night that contains the change is an hour shorter (or longer), the wake-up still 07:00."""
    spring = quiet_ends(NIGHT, at(2027, 3, 27, 23, 0))
    assert wall(spring) == (3, 28, 7, 0)
    assert spring - at(2027, 3, 27, 23, 0) == 7 * 3600  # 8 hours on the wall, 7 elapsed
    autumn = quiet_ends(NIGHT, at(2027, 10, 30, 23, 0))
    assert wall(autumn) == (10, 31, 7, 0)
    assert autumn - at(2027, 10, 30, 23, 0) == 9 * 3600
    # 02:30 does not exist on the spring night: still quiet at the instant after 01:59.
    assert quiet_at(NIGHT, at(2027, 3, 28, 1, 59) + 120)
    # Quiet hours starting at 02:30, a time the spring night skips, still end at 07:00.
    odd = NotifyPrefs(zone="Europe/Paris", quiet_from=150, quiet_to=420)
    assert wall(quiet_ends(odd, at(2027, 3, 28, 4, 0))) == (3, 28, 7, 0)


def test_the_digest_comes_at_the_local_hour_even_across_a_change() -> None:
    daily = NotifyPrefs(zone="Europe/Paris", slow="digest", digest_hour=8, how="dm")
    assert next_digest(daily, at(2026, 12, 7, 7, 0)) == at(2026, 12, 7, 8, 0)
    assert next_digest(daily, at(2026, 12, 7, 8, 0)) == at(2026, 12, 8, 8, 0)
    assert wall(next_digest(daily, at(2027, 3, 27, 9, 0))) == (3, 28, 8, 0)
    assert dm_moment(daily, at(2026, 12, 7, 20, 0), live=False) == at(2026, 12, 8, 8, 0)
    # A digest hour inside quiet hours goes out when they end.
    sleepy = NotifyPrefs(zone="Europe/Paris", slow="digest", digest_hour=6, how="dm",
                         quiet_from=22 * 60, quiet_to=7 * 60)
    due = dm_moment(sleepy, at(2026, 12, 7, 20, 0), live=False)
    assert due is not None and quiet_ends(sleepy, due) == at(2026, 12, 8, 7, 0)


def test_how_a_turn_reaches_each_choice() -> None:
    began = at(2026, 12, 7, 12, 0)
    assert dm_moment(NotifyPrefs(how="mention"), began, live=False) is None
    assert dm_moment(NotifyPrefs(how="none"), began, live=True) is None
    assert dm_moment(NotifyPrefs(how="dm"), began, live=False) == began
    assert dm_moment(NotifyPrefs(how="both", live_after=120), began, live=True) == began + 120
    assert dm_moment(NotifyPrefs(how="dm", live_after=NEVER), began, live=True) is None
    assert mention_now(NotifyPrefs(how="both"), began)
    assert not mention_now(NotifyPrefs(how="dm"), began)
    assert not mention_now(NotifyPrefs(how="none"), began)
    assert not mention_now(NIGHT, at(2026, 12, 7, 23, 0))
    assert mention_now(NIGHT, at(2026, 12, 7, 12, 0))


@pytest.mark.parametrize(("text", "minutes"), [
    ("22:30", 1350), ("7", 420), ("07:05", 425), ("0:00", 0), ("24:00", 0), (" 9:15 ", 555)])
def test_clock_times_read(text: str, minutes: int) -> None:
    assert parse_clock(text) == minutes
    assert parse_clock(clock_text(minutes)) == minutes


@pytest.mark.parametrize("text", ["", "25:00", "12:60", "noon", "1:2:3", "-1", "7pm"])
def test_clock_times_refused(text: str) -> None:
    assert parse_clock(text) is None


def test_zones_known_and_unknown() -> None:
    zones = zone_names()
    assert {"Europe/Paris", "America/Los_Angeles", "UTC"} <= set(zones)
    assert "Mars/Olympus" not in zones and "europe/paris" not in zones
    # A zone lost since it was chosen reads as UTC rather than failing.
    assert quiet_at(NotifyPrefs(zone="Gone/Away", quiet_from=0, quiet_to=60),
                    at(2026, 12, 7, 0, 30, zone=dt.UTC))
