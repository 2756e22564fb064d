"""Options: defaults, cross-checks with clear sentences, set-up decks, the /rules summary."""

from __future__ import annotations

import pytest

from games import get_game
from games.options import BadOptions
from tests.games.master_islands.test_support import GAME


def test_defaults_per_mode() -> None:
    assert GAME.normalize_options(3, {}) == {
        "mode": "standard", "corsair": None, "difficulty": None, "first": None}
    assert GAME.normalize_options(4, {"mode": "corsair"}) == {
        "mode": "corsair", "corsair": 4, "difficulty": "medium", "first": None}
    assert GAME.normalize_options(3, {"mode": "Corsair", "corsair": "1", "difficulty": "HARD",
                                      "first": "2"}) == {
        "mode": "corsair", "corsair": 1, "difficulty": "hard", "first": 2}
    again = GAME.normalize_options(4, GAME.normalize_options(4, {"mode": "coop"}))
    assert again["mode"] == "coop"  # normalised options normalise to themselves


@pytest.mark.parametrize(
    ("players", "options", "words"),
    [
        (3, {"mode": "coop"}, "exactly 4 players"),
        (2, {"mode": "corsair"}, "3 or 4 players"),
        (4, {"mode": "corsair", "corsair": "5"}, "from 1 to 4"),
        (4, {"mode": "corsair", "corsair": "x"}, "seat number"),
        (3, {"difficulty": "hard"}, "only applies to corsair mode"),
        (3, {"corsair": "1"}, "only applies to corsair mode"),
        (3, {"mode": "solo"}, "must be one of"),
        (5, {}, "2–4 players"),
        (3, {"first": "4"}, "from 1 to 3"),
        (3, {"colour": "red"}, "no option 'colour'"),
    ],
)
def test_bad_options_say_what_is_wrong(players: int, options: dict, words: str) -> None:
    with pytest.raises(BadOptions, match=words):
        GAME.new(players, options, 0)


def test_setup_deck_must_be_cards_and_long_enough() -> None:
    with pytest.raises(ValueError, match="cards like"):
        GAME.new(2, {}, 0, {"deck": ["B4", "Z9"] * 10})
    with pytest.raises(ValueError, match="at least 7"):
        GAME.new(2, {}, 0, {"deck": ["B1", "B2", "B3"] * 2})
    short = ["B1", "B2", "B3", "G1", "G2", "G3", "Y5"]
    state = GAME.new(3, {"mode": "corsair"}, 0, {"deck": short})  # corsair gets no cards
    assert state["pile"] == [] and state["hands"][2] == []


def test_unknown_setup_keys_are_refused_not_ignored() -> None:
    with pytest.raises(ValueError, match=r"unknown setup key\(s\) Deck, tiles \(use deck\)"):
        GAME.new(2, {}, 0, {"Deck": ["B4"] * 7, "tiles": []})


def test_registered_with_summary() -> None:
    game = get_game("master-islands")
    assert (game.min_players, game.max_players) == (2, 4)
    assert "corsair" in game.summary.lower() and "Coop" in game.summary  # modes explained
    assert {o.name for o in game.options} == {"mode", "corsair", "difficulty", "first"}


def test_corsair_first_names_the_first_crew_seat() -> None:
    deck = ["B1", "G2", "R3", "B1", "G2", "R3", "B1", "G2", "Y3", "Y5"] + ["Y1"] * 3
    for first, order in ((1, [1, 2, 3]), (3, [3, 1, 2]), (4, [1, 2, 3]), (2, [2, 3, 1])):
        state = GAME.new(4, {"mode": "corsair", "first": first}, 0, {"deck": deck})
        assert state["order"] == order and GAME.to_move(state) == [order[0]]
    drawn = {GAME.to_move(GAME.new(3, {"mode": "corsair"}, seed))[0] for seed in range(30)}
    assert drawn == {1, 2}  # a crew seat, never the corsair
