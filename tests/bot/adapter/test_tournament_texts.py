"""The tournament's words (bot/adapter/tournament/texts.py): what /tournament create reads from
what the organiser typed (the start time, the game's options), points as people read them,
and a table thread's name in English and French."""

from __future__ import annotations

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from bot.adapter.kit.errors import Refusal
from bot.adapter.kit.i18n import language
from bot.adapter.tournament import texts
from tests.e2e.toy_game import register_toy

PARIS = "Europe/Paris"
NOW = dt.datetime(2026, 12, 7, 18, 30, tzinfo=ZoneInfo(PARIS)).timestamp()


def at(hour: int, minute: int = 0, day: int = 7) -> float:
    return dt.datetime(2026, 12, day, hour, minute, tzinfo=ZoneInfo(PARIS)).timestamp()


@pytest.mark.parametrize(("typed", "expected"), [
    ("in 30 minutes", NOW + 1800), ("30 min", NOW + 1800), ("in 2 hours", NOW + 7200),
    ("dans 2 heures", NOW + 7200), ("in 2h", NOW + 7200), ("In 1 Minute", NOW + 60),
    ("20:00", at(20)), ("20h", at(20)), ("20h15", at(20, 15)),
    ("9:00", at(9, day=8)), ("2h", at(2, day=8)),  # passed today: tomorrow
    ("2026-12-24 20:00", at(20, day=24)), ("2026-12-24T20:00", at(20, day=24)),
    ("2026-12-24T20:00+00:00", dt.datetime(2026, 12, 24, 20, tzinfo=dt.UTC).timestamp()),
])
def test_a_start_time_is_read_in_the_organisers_zone(typed: str, expected: float) -> None:
    assert texts.parse_start(typed, NOW, PARIS) == expected


@pytest.mark.parametrize("typed", ["tomorrow", "25:00", "20:61", "in minutes", "", "2026-13-01"])
def test_what_is_no_start_time_is_refused_saying_what_is_accepted(typed: str) -> None:
    with pytest.raises(Refusal) as refused:
        texts.parse_start(typed, NOW, PARIS)
    assert "“in 30 minutes”" in refused.value.message and "20:00" in refused.value.message


@pytest.mark.parametrize("typed", ["2026-12-01 20:00", "in 0 minutes", "2027-06-01 10:00"])
def test_a_start_past_or_too_far_is_refused(typed: str) -> None:
    with pytest.raises(Refusal) as refused:
        texts.parse_start(typed, NOW, PARIS)
    assert "in the future, and at most 60 days away" in refused.value.message


def test_the_games_options_are_read_as_name_value_pairs_of_their_kind() -> None:
    game = register_toy()
    assert texts.parse_options(game, None) == {}
    assert texts.parse_options(game, "  ") == {}
    assert texts.parse_options(game, "rounds=1 deck=high bonus=yes") == {
        "rounds": 1, "deck": "high", "bonus": True}
    assert texts.parse_options(game, "rounds: 3, chatty=non; first=2") == {
        "rounds": 3, "chatty": False, "first": 2}
    # A value of the wrong kind goes to the game as typed: the game refuses it in its words.
    assert texts.parse_options(game, "rounds=many") == {"rounds": "many"}


@pytest.mark.parametrize("typed", ["colour=red", "rounds", "rounds=1 and more"])
def test_options_the_game_lacks_or_no_pairs_are_refused_naming_its_options(typed: str) -> None:
    game = register_toy()
    with pytest.raises(Refusal) as refused:
        texts.parse_options(game, typed)
    message = refused.value.message
    assert "“rounds=2”" in message
    assert "rounds, deck, bonus, pace, chatty, first" in message


@pytest.mark.parametrize(("points", "shown"), [
    (0, "0"), (1.0, "1"), (0.5, "½"), (2.5, "2½"), (3.0, "3"), (1.25, "1.25"), (10.0, "10")])
def test_points_read_with_halves(points: float, shown: str) -> None:
    assert texts.points_text(points) == shown


def test_a_table_thread_is_named_in_the_servers_language() -> None:
    assert texts.thread_name(2, 3) == "Round 2 · Table 3"
    with language("fr"):
        assert texts.thread_name(2, 3) == "Ronde 2 · Table 3"
