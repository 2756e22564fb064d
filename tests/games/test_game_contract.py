"""The parts of the engine contract the platform builds on: declared options (kinds, labels,
values), player counts per mode, the status facts, the menu order and the partner hook."""

from __future__ import annotations

import pytest

from games import BadOptions, Option, PartnerTalk, get_game
from games.options import FIRST_OPTION

MI = get_game("master-islands")
IO = get_game("isis-osiris")


def test_option_kinds_are_derived_and_labelled() -> None:
    assert Option("mode", ("a", "b"), "a", "Which.").kind == "choice"
    assert Option("seat_of_honour", None, None, "Who.").label == "Seat of honour"
    assert FIRST_OPTION.kind == "seat" and FIRST_OPTION.value_text(None) == "drawn at random"


@pytest.mark.parametrize(("value", "stored"), [
    (True, True), ("yes", True), ("TRUE", True), ("on", True), ("1", True),
    (False, False), ("no", False), ("false", False), ("off", False), ("0", False), (None, None),
])
def test_yes_no_options_read_the_words_people_and_records_use(value, stored) -> None:
    assert Option("open", None, False, "Open?", kind="yesno").normalize(value, 4) is stored


def test_yes_no_and_number_options_refuse_other_values_by_name() -> None:
    with pytest.raises(BadOptions, match="'open' must be yes or no, not 'maybe'"):
        Option("open", None, False, "Open?", kind="yesno").normalize("maybe", 4)
    rounds = Option("rounds", None, 3, "How many.", kind="number", minimum=1, maximum=5)
    assert rounds.normalize("4", 2) == 4
    with pytest.raises(BadOptions, match="'rounds' must be from 1 to 5, not 9"):
        rounds.normalize(9, 2)
    with pytest.raises(BadOptions, match="whole number"):
        rounds.normalize("many", 2)


def test_seat_options_follow_the_player_count() -> None:
    assert MI.normalize_options(3, {"first": "2"})["first"] == 2
    with pytest.raises(BadOptions, match="seat from 1 to 3, not 4"):
        MI.normalize_options(3, {"first": 4})


def test_player_counts_follow_the_mode() -> None:
    assert MI.player_range({}) == (2, 4)
    assert MI.player_range({"mode": "coop"}) == (4, 4)
    assert MI.player_range({"mode": "corsair"}) == (3, 4)
    assert IO.player_range({"reserve": "common"}) == (2, 4)


def test_a_modes_own_options_apply_only_in_that_mode() -> None:
    assert [o.name for o in MI.active_options({})] == ["mode", "first"]
    assert [o.name for o in MI.active_options({"mode": "corsair"})] == [
        "mode", "corsair", "difficulty", "first"]


def test_status_facts_come_from_the_public_view_with_seats_to_name() -> None:
    state = MI.new(3, {"mode": "corsair", "first": 1}, seed=2)
    facts = MI.status(MI.view(state, None))
    assert facts[0] == "round 1 of 7"
    assert facts[1].startswith("pile ")
    assert facts[2] == "scores: Seat 1 0, Seat 2 0, Seat 3 0"
    assert facts[3] == "crew: 0"  # the crew's total (the corsair collects nothing)
    memory = IO.new(2, {}, seed=1)
    assert IO.status(IO.view(memory, None)) == []  # scores stay hidden in memory mode
    common = IO.new(2, {"reserve": "common", "open": True}, seed=1)
    assert IO.status(IO.view(common, None))[0].startswith("pile ")


def test_mi_c3_partner_talk_is_offered_in_coop_only() -> None:
    assert MI.offers_partner_talk and not IO.offers_partner_talk
    coop = MI.new(4, {"mode": "coop", "first": 1}, seed=3)
    assert MI.partner_talk(MI.view(coop, None), 1) == PartnerTalk(3, "secret")
    standard = MI.new(4, {"first": 1}, seed=3)
    assert MI.partner_talk(MI.view(standard, None), 1) is None
    assert IO.partner_talk(IO.view(IO.new(2, {}, seed=1), None), 1) is None


def test_the_menu_holds_every_legal_move_once_with_steps_that_spell_it() -> None:
    from games import move_text

    state = MI.new(2, {"first": 1}, seed=5)
    legal = MI.legal(state, 1)
    items = MI.menu(MI.view(state, 1), legal)
    assert sorted(i.move for i in items) == sorted(legal)
    assert all(move_text(i.steps) == i.move for i in items)
