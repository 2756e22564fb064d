"""Vacation for slow tables, the rules (bot.service.rules.vacation): the server's yearly
allowance, a day begun counting as a day, coming back early giving back the days not begun, the
year boundary, the clock held and released, a turn that begins for someone away, the setting."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.config import Speed
from bot.service import errors
from bot.service.rules import vacation as rules
from bot.service.rules.clock import next_clock
from bot.storage.rows import ClockRow, TableRow

DAY = rules.DAY
DAILY = Speed(start=24 * 3600.0, add=24 * 3600.0, cap=72 * 3600.0)


def at(*when: int) -> float:
    return dt.datetime(*when, tzinfo=dt.UTC).timestamp()


def row(version: int = 5, head: dict | None = None, speed: str | None = "daily") -> TableRow:
    seats = [{"seat": 1, "user_id": 11, "name": "Alice"}, {"seat": 2, "user_id": 12, "name": "Bob"}]
    return TableRow(channel_id=100, guild_id=7, game_id="toy", options={}, status="playing",
                    host_id=11, seats=seats, seed=1, id=1, version=version, speed=speed,
                    record_head=head)


def test_the_allowance_is_the_servers_with_21_days_by_default() -> None:
    assert rules.allowance(None) == rules.DEFAULT_DAYS == 21
    assert rules.allowance(5) == 5 and rules.allowance(0) == 0


def test_a_day_begun_counts_as_a_day() -> None:
    t = at(2026, 3, 1, 12)
    assert rules.days_away(t, t) == 0
    assert rules.days_away(t, t + 60) == 1
    assert rules.days_away(t, t + DAY) == 1
    assert rules.days_away(t, t + DAY + 1) == 2
    assert rules.days_away(t, t + 3 * DAY) == 3


def test_a_running_vacation_holds_its_days_and_coming_back_early_gives_back_the_rest() -> None:
    t = at(2026, 3, 1, 12)
    booked = [(t, t + 10 * DAY)]
    assert rules.days_left(booked, t + 60, 21) == 11  # the days asked for, as it runs
    back = [(t, t + 2 * DAY + 3600)]  # back on the third day: three days used
    assert rules.days_left(back, t + 2 * DAY + 3600, 21) == 18
    assert rules.running(booked, t + 60) == booked[0]
    assert rules.running(back, t + 3 * DAY) is None


def test_the_allowance_is_per_calendar_year_utc() -> None:
    last_year = [(at(2025, 6, 1), at(2025, 6, 21))]  # 20 days of 2025
    assert rules.days_left(last_year, at(2025, 12, 1), 21) == 1
    assert rules.days_left(last_year, at(2026, 1, 1), 21) == 21  # a new year: all again
    assert rules.longest(last_year, at(2025, 12, 1), 21) == 1


def test_across_new_year_each_day_counts_in_the_year_it_begins() -> None:
    start = at(2025, 12, 30, 12)
    trip = [(start, start + 5 * DAY)]  # Dec 30, Dec 31, then Jan 1, 2, 3
    assert rules.used(trip, 2025) == 2 and rules.used(trip, 2026) == 3
    # With 19 days already used in 2025, the last two are left; the new year gives its own 21.
    before = [(at(2025, 3, 1), at(2025, 3, 20))]
    assert rules.longest(before, start, 21) == 2 + 21
    # A new year whose days are already partly booked limits the trip too.
    booked = [*before, (at(2026, 2, 1), at(2026, 2, 19))]  # 18 days of 2026
    assert rules.longest(booked, start, 21) == 2 + 3
    assert rules.longest([], at(2026, 5, 1), 0) == 0  # a server with no vacation


def test_counted_from_is_the_start_of_last_year() -> None:
    assert rules.counted_from(at(2026, 7, 4)) == at(2025, 1, 1)


def test_a_clock_timing_the_person_waits_for_the_time_away() -> None:
    t0 = 1000.0
    clock = ClockRow(1, 100, 5, seat=1, started=t0 - 10, deadline=t0 + 500, remind_at=t0 + 200)
    held = rules.held(clock, t0, t0 + 3 * DAY)
    assert held.deadline == t0 + 500 + 3 * DAY and held.remind_at == t0 + 200 + 3 * DAY
    assert held.held_until == t0 + 3 * DAY
    assert held.due == t0 + 3 * DAY  # the scheduler wakes at the return (a fresh post)
    assert rules.waiting_until(held, t0 + 1) == t0 + 3 * DAY
    assert rules.waiting_until(held, t0 + 3 * DAY) is None  # over by itself
    # Coming back after a day: the two days not spent away come off again.
    back = rules.released(held, t0 + DAY)
    assert back.deadline == t0 + 500 + DAY and back.remind_at == t0 + 200 + DAY
    assert back.held_until is None and rules.waiting_until(back, t0 + DAY) is None
    assert back.due == back.remind_at
    # A spent clock, a clock timing nobody and one past its deadline stay as they are.
    for same in (ClockRow(1, 100, 5, seat=1, deadline=t0 - 1, expired=True),
                 ClockRow(1, 100, 5), ClockRow(1, 100, 5, seat=1, deadline=t0 - 1)):
        assert rules.held(same, t0, t0 + DAY) == same
    assert rules.released(clock, t0) == clock  # not waiting: nothing to give back


def test_a_turn_that_begins_for_someone_away_begins_when_they_come_back() -> None:
    t = 5000.0
    old = ClockRow(1, 100, 4, seat=2, started=t - 100, deadline=t + 900, remind_at=None)
    new = next_clock(old, row(), 1, 2, t, DAILY, away_until=t + 2 * DAY)
    assert new is not None and new.seat == 1
    assert new.started == t + 2 * DAY and new.held_until == t + 2 * DAY
    assert new.deadline == t + 2 * DAY + 48 * 3600  # a day to start, a day a turn, from then
    assert new.remind_at == t + 2 * DAY + 24 * 3600
    assert new.banks[2] == 900  # Bob keeps what he had left
    # Alice moves while away (she may): her bank did not run while the clock waited.
    after = next_clock(new, row(6), 2, 1, t + 3600, DAILY)
    assert after is not None and after.banks[1] == 48 * 3600 and after.held_until is None
    # Nobody away: the turn begins now, as ever.
    plain = next_clock(old, row(), 1, 2, t, DAILY)
    assert plain is not None and plain.started == t and plain.held_until is None
    past = next_clock(old, row(), 1, 2, t, DAILY, away_until=t - 1)
    assert past == plain


def test_vacation_is_a_table_setting_allowed_by_default() -> None:
    lobby = row(head=None)
    assert rules.vacation_allowed(lobby) and rules.table_setting(lobby) == {"vacation": True}
    [setting] = rules.vacation_settings(lobby, "daily")
    assert setting.name == "table:vacation" and setting.value == "allowed"
    assert [v for v, _t in setting.choices] == ["allowed", "refused"]
    assert rules.vacation_settings(lobby, "live") == []  # offered at slow tables only
    assert rules.vacation_text(lobby, "daily") == []
    refusing = rules.with_vacation(lobby, "refused")
    assert not rules.vacation_allowed(refusing) and refusing.version == lobby.version + 1
    assert rules.vacation_text(refusing, "daily") == [("Vacation", "refused (the clock runs)")]
    assert rules.vacation_text(refusing, "off") == []
    assert not rules.pauses(refusing, "live") and rules.pauses(lobby, "live")
    assert not rules.pauses(row(speed="live"), "daily") and rules.pauses(row(speed=None), "daily")
    hinted = rules.with_vacation(row(head={"hints": []}), "refused")
    assert hinted.record_head == {"hints": [], rules.REFUSED: True}
    assert rules.with_vacation(hinted, "").record_head == {"hints": []}
    assert rules.with_vacation(refusing, "allowed").record_head is None
    assert rules.started(refusing, {"options": {}}) == {"options": {}, rules.REFUSED: True}
    assert rules.lobby_head(None, True) is None
    assert rules.lobby_head({"hints": []}, False) == {"hints": [], rules.REFUSED: True}
    with pytest.raises(errors.BadTableOptions, match="allowed or refused, not 'maybe'"):
        rules.with_vacation(lobby, "maybe")
