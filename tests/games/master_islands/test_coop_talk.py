"""MI-C3: how far partners may talk, read from galleon positions in the public view."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.master_islands.coop import partner_seat, talk_range
from tests.games.coop_drive import GAME, turn_moves

SEED = 5


def coop_start() -> dict[str, Any]:
    return GAME.new(4, {"mode": "coop", "first": 1}, SEED)


def public(state: dict[str, Any]) -> dict[str, Any]:
    return GAME.view(state, None)


def with_galleons(view: dict[str, Any], positions: dict[int, list[int]]) -> dict[str, Any]:
    out = copy.deepcopy(view)
    for seat, pos in positions.items():
        out["seats"][seat - 1]["galleons"] = [pos]
    return out


def test_mi_c3_partners_sit_opposite() -> None:
    view = GAME.view(coop_start(), None)
    assert [partner_seat(view, s) for s in (1, 2, 3, 4)] == [3, 4, 1, 2]


def test_mi_c3_everyone_starts_on_the_start_card_so_secret() -> None:
    view = public(coop_start())
    assert [talk_range(view, s) for s in (1, 2, 3, 4)] == ["secret"] * 4


def test_mi_c3_one_sail_apart_is_aloud_for_that_team_only() -> None:
    state, played = turn_moves(coop_start(), 1, "E")
    assert "sail 1 E" in played
    view = public(state)
    assert talk_range(view, 1) == talk_range(view, 3) == "aloud"
    assert talk_range(view, 2) == talk_range(view, 4) == "secret"


def test_mi_c3_two_sails_apart_is_gestures() -> None:
    state, _ = turn_moves(coop_start(), 1, "E")
    state, _ = turn_moves(state, 2, None)
    state, played = turn_moves(state, 3, "W")
    assert "sail 1 W" in played
    assert talk_range(public(state), 1) == talk_range(public(state), 3) == "gestures"


def test_mi_c3_diagonal_neighbours_are_not_adjacent() -> None:
    view = with_galleons(GAME.view(coop_start(), None), {1: [0, 0], 3: [1, 1]})
    assert talk_range(view, 1) == "gestures"


def test_mi_c3_no_partner_channel_outside_coop_mode() -> None:
    state = GAME.new(4, {"mode": "standard"}, SEED)
    assert talk_range(public(state), 1) is None and partner_seat(public(state), 1) is None


def test_mi_c3_no_partner_channel_once_the_game_is_over() -> None:
    view = GAME.view(coop_start(), None)
    over = {**view, "phase": "over", "to_move": [],
            "result": {"finished": True, "winners": [1, 3], "scores": [12, 0, 0, 0]}}
    assert talk_range(view, 1) == "secret" and talk_range(over, 1) is None


def test_mi_c3_unknown_seat_is_an_error() -> None:
    with pytest.raises(ValueError, match="seat 5"):
        talk_range(public(coop_start()), 5)


CELL = st.lists(st.integers(-3, 3), min_size=2, max_size=2)


@given(st.fixed_dictionaries({1: CELL, 2: CELL, 3: CELL, 4: CELL}))
def test_mi_c3_partners_always_share_one_range(positions: dict[int, list[int]]) -> None:
    view = with_galleons(GAME.view(coop_start(), None), positions)
    assert talk_range(view, 1) == talk_range(view, 3)
    assert talk_range(view, 2) == talk_range(view, 4)
    (x1, y1), (x3, y3) = positions[1], positions[3]
    assert (talk_range(view, 1) == "secret") == ((x1, y1) == (x3, y3))
