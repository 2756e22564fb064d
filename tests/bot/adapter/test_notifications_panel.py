"""The /notifications panel's pure parts (:mod:`bot.adapter.notifications.panel`): what each
select sets, /dms's mapping, quiet hours from one end, the zones suggested and recognised, and
the panel's words for choices no select offers."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.adapter.kit.errors import Refusal
from bot.adapter.notifications import panel
from bot.storage.rows import NotifyPrefs

NOON = dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC).timestamp()


@pytest.mark.parametrize(("how", "on", "off"), [
    ("mention", "both", "mention"), ("dm", "dm", "none"), ("both", "both", "mention"),
    ("none", "dm", "none")])
def test_dms_adds_or_takes_away_only_the_dm(how: str, on: str, off: str) -> None:
    prefs = NotifyPrefs(how=how, zone="Asia/Tokyo", quiet_from=60, quiet_to=120)
    assert panel.with_dms(prefs, True) == NotifyPrefs(how=on, zone="Asia/Tokyo", quiet_from=60,
                                                      quiet_to=120)
    assert panel.with_dms(prefs, False).how == off


def test_every_offered_value_sets_what_its_label_says() -> None:
    prefs = NotifyPrefs()
    for field in panel.FIELDS:
        for label, value, _current in panel.select_options(prefs, field):
            changed = panel.chosen(prefs, field, value)
            assert changed is not None, (field, value)
            # The panel drawn for the new choices shows that option as the current one.
            [now] = [lab for lab, _v, current in panel.select_options(changed, field) if current]
            assert now == label, (field, value)


@pytest.mark.parametrize(("field", "value"), [
    ("how", "loud"), ("live", "90"), ("slow", "digest:24"), ("slow", "digest:x"),
    ("from", "1440"), ("to", "off"), ("to", "-60"), ("nope", "60")])
def test_a_value_no_select_offers_changes_nothing(field: str, value: str) -> None:
    assert panel.chosen(NotifyPrefs(), field, value) is None


def test_quiet_hours_from_one_end_get_the_other_nine_hours_away() -> None:
    start_only = panel.with_quiet(NotifyPrefs(), 22 * 60, None)
    assert (start_only.quiet_from, start_only.quiet_to) == (22 * 60, 7 * 60)
    end_only = panel.with_quiet(NotifyPrefs(), None, 8 * 60)
    assert (end_only.quiet_from, end_only.quiet_to) == (23 * 60, 8 * 60)
    moved = panel.with_quiet(start_only, None, 6 * 60 + 30)
    assert (moved.quiet_from, moved.quiet_to) == (22 * 60, 6 * 60 + 30)
    with pytest.raises(Refusal, match="same time"):
        panel.with_quiet(start_only, 7 * 60, None)


def test_zones_match_any_case_and_part_cities_first() -> None:
    assert panel.zone_suggestions("paris")[0] == "Europe/Paris"
    assert panel.zone_suggestions("New Y")[0] == "America/New_York"
    tokyo = panel.zone_suggestions("tokyo")
    assert tokyo[0] == "Asia/Tokyo"
    japan = panel.zone_suggestions("japan")
    assert japan == ["Japan"]  # an older name still found when typed
    assert all(len(panel.zone_suggestions(t)) <= 25 for t in ("", "a", "america", "/"))
    assert "localtime" not in panel.zone_suggestions("local")
    assert panel.zone_named("america/new york") == "America/New_York"
    assert panel.zone_named("Paris") is None


def test_a_wrong_zone_names_the_closest_or_an_example() -> None:
    with pytest.raises(Refusal, match="e.g. Europe/Paris"):
        panel.required_zone("paris")
    with pytest.raises(Refusal, match="e.g. Asia/Tokyo"):
        panel.required_zone("tokyo")
    with pytest.raises(Refusal, match=r"“Mars”\. .* e\.g\. Europe/Paris\.$"):
        panel.required_zone("Mars")


def test_the_panel_says_choices_no_select_offers() -> None:
    prefs = NotifyPrefs(how="mention", live_after=90, zone="Europe/Paris", quiet_from=22 * 60 + 30,
                        quiet_to=7 * 60)
    text = panel.panel_text(prefs, NOON)
    assert "a DM after 90 seconds without playing." in text
    assert "You chose no DM: these two apply once you choose one." in text
    assert "from 22:30 to 07:00." in text
    assert "Europe/Paris (it is 14:00 there now)" in text  # summer time: UTC+2
    assert panel.placeholder(prefs, "live") == "Live tables: a DM after 90 seconds without playing"
    assert panel.placeholder(prefs, "from") == "Quiet hours from 22:30"
    assert not any(current for *_lv, current in panel.select_options(prefs, "live"))
    assert not any(current for *_lv, current in panel.select_options(prefs, "from"))
