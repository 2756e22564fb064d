"""What the start of a turn does for a person (bot.service.rules.held): each way of being told,
the live wait per person, the digest, quiet hours across midnight and across a daylight-saving
change (Europe/Paris, 29 March 2026: 02:00 becomes 03:00), a held turn moved when the person
changes their choices, and a person away holding a slow table's turn until they are back."""

from __future__ import annotations

import datetime as dt
import zoneinfo

import pytest

from bot.service.rules.held import TurnNotice, rescheduled_due, turn_notice
from bot.service.rules.notify import NEVER, NotifyPrefs

PARIS = zoneinfo.ZoneInfo("Europe/Paris")
NIGHT = {"zone": "Europe/Paris", "quiet_from": 22 * 60, "quiet_to": 7 * 60}


def at(*when: int) -> float:
    return dt.datetime(*when, tzinfo=PARIS).timestamp()


NOON = at(2026, 12, 7, 12, 0)


@pytest.mark.parametrize(("how", "live", "expected"), [
    ("mention", False, TurnNotice(True)),
    ("dm", False, TurnNotice(False, NOON)),
    ("both", False, TurnNotice(True, NOON)),
    ("none", False, TurnNotice(False)),
    ("mention", True, TurnNotice(True)),
    ("dm", True, TurnNotice(False, NOON + 120)),
    ("both", True, TurnNotice(True, NOON + 120)),
    ("none", True, TurnNotice(False)),
])
def test_each_way_of_being_told(how: str, live: bool, expected: TurnNotice) -> None:
    assert turn_notice(NotifyPrefs(how=how, live_after=120), NOON, live=live) == expected


def test_the_live_wait_is_each_persons_and_never_means_none() -> None:
    assert turn_notice(NotifyPrefs(how="dm", live_after=300), NOON, live=True).dm_at == NOON + 300
    assert turn_notice(NotifyPrefs(how="dm", live_after=NEVER), NOON, live=True) == TurnNotice(
        False)
    # A slow table does not wait, whatever the live wait.
    assert turn_notice(NotifyPrefs(how="dm", live_after=NEVER), NOON, live=False).dm_at == NOON


def test_a_digest_holds_the_slow_tables_turn_until_the_digest_hour() -> None:
    digest = NotifyPrefs(how="dm", slow="digest", digest_hour=18, zone="Europe/Paris")
    assert turn_notice(digest, NOON, live=False) == TurnNotice(False, None, at(2026, 12, 7, 18, 0))
    assert turn_notice(digest, at(2026, 12, 7, 19, 0), live=False).held_until == at(
        2026, 12, 8, 18, 0)
    # A live table is not gathered: its DM waits for the person to stay idle.
    assert turn_notice(digest, NOON, live=True) == TurnNotice(False, NOON + 60)
    # A digest hour inside quiet hours waits for their end; a missed mention comes at it too.
    late = NotifyPrefs(how="both", slow="digest", digest_hour=23, **NIGHT)
    assert turn_notice(late, NOON, live=False) == TurnNotice(True, None, at(2026, 12, 8, 7, 0))
    assert turn_notice(late, at(2026, 12, 7, 23, 30), live=False) == TurnNotice(
        False, None, at(2026, 12, 8, 7, 0))


@pytest.mark.parametrize("how", ["mention", "dm", "both"])
def test_quiet_hours_across_midnight_hold_the_turn_until_they_end(how: str) -> None:
    prefs = NotifyPrefs(how=how, **NIGHT)
    for began in (at(2026, 12, 7, 22, 0), at(2026, 12, 7, 23, 59), at(2026, 12, 8, 6, 59)):
        for live in (False, True):
            assert turn_notice(prefs, began, live=live) == TurnNotice(
                False, None, at(2026, 12, 8, 7, 0)), (how, began, live)
    before = turn_notice(prefs, at(2026, 12, 7, 21, 59), live=False)
    assert before.held_until is None and before.ping == (how != "dm")


def test_quiet_hours_across_a_daylight_saving_change_end_at_the_wall_clock_time() -> None:
    prefs = NotifyPrefs(how="mention", **NIGHT)
    began = at(2026, 3, 28, 23, 30)  # 22:30 UTC (CET)
    held = turn_notice(prefs, began, live=False).held_until
    assert held == at(2026, 3, 29, 7, 0)  # 05:00 UTC (CEST): 6.5 hours later, not 7.5
    assert held - began == 6.5 * 3600
    assert dt.datetime.fromtimestamp(held, dt.UTC).hour == 5
    # In autumn the night is an hour longer (03:00 becomes 02:00 on 25 October 2026).
    autumn = turn_notice(prefs, at(2026, 10, 24, 23, 30), live=False).held_until
    assert autumn is not None and autumn - at(2026, 10, 24, 23, 30) == 8.5 * 3600


def test_nothing_chosen_is_nothing_ever() -> None:
    prefs = NotifyPrefs(how="none", slow="digest", **NIGHT)
    for began in (NOON, at(2026, 12, 7, 23, 0)):
        for live in (False, True):
            assert turn_notice(prefs, began, live=live) == TurnNotice(False)
    assert rescheduled_due(prefs, NOON, slow=True) is None


def test_a_held_turn_moves_with_new_choices() -> None:
    night = at(2026, 12, 7, 23, 0)
    assert rescheduled_due(NotifyPrefs(how="mention"), night, slow=True) == night  # now
    assert rescheduled_due(NotifyPrefs(how="dm", **NIGHT), night, slow=False) == at(
        2026, 12, 8, 7, 0)
    digest = NotifyPrefs(how="dm", slow="digest", digest_hour=18, zone="Europe/Paris")
    assert rescheduled_due(digest, night, slow=True) == at(2026, 12, 8, 18, 0)
    assert rescheduled_due(digest, night, slow=False) == night  # a live table's: at once


@pytest.mark.parametrize("how", ["mention", "dm", "both"])
def test_away_holds_a_slow_tables_turn_until_they_are_back(how: str) -> None:
    back = at(2026, 12, 10, 12, 0)
    prefs = NotifyPrefs(how=how, **NIGHT)
    assert turn_notice(prefs, NOON, live=False, away_until=back) == TurnNotice(False, None, back)
    # Back in the night: the end of their quiet hours; gathering a digest: its hour.
    night = at(2026, 12, 10, 23, 0)
    assert turn_notice(prefs, NOON, live=False, away_until=night) == TurnNotice(
        False, None, at(2026, 12, 11, 7, 0))
    digest = NotifyPrefs(how="dm", slow="digest", digest_hour=18, zone="Europe/Paris")
    assert turn_notice(digest, NOON, live=False, away_until=back).held_until == at(
        2026, 12, 10, 18, 0)
    # A live table: they are playing there; wanting nothing: nothing, away or not.
    assert turn_notice(prefs, NOON, live=True, away_until=back) == turn_notice(
        prefs, NOON, live=True)
    assert turn_notice(NotifyPrefs(how="none"), NOON, live=False,
                       away_until=back) == TurnNotice(False)


def test_a_held_turn_of_someone_away_waits_for_them_or_comes_once_they_are_back() -> None:
    back = at(2026, 12, 10, 12, 0)
    prefs = NotifyPrefs(how="mention")
    assert rescheduled_due(prefs, NOON, slow=True, away_until=back) == back
    assert rescheduled_due(prefs, NOON, slow=False, away_until=back) == NOON  # a live table's
    assert rescheduled_due(prefs, back, slow=True, away_until=None) == back  # came back: now
    assert rescheduled_due(NotifyPrefs(how="none"), NOON, slow=True, away_until=back) is None
