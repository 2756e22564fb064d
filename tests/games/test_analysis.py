"""Post-game analysis (issue 28 part 1): each seat's chance to win after every turn, estimated
with the hard level's playouts on the whole (revealed) position, deterministic for a seed."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from games import all_games, get_game
from games.analysis import (
    Knobs,
    analyse,
    analyse_part,
    estimate,
    knobs_of,
    parts,
    swing_sentence,
    swings,
    turn_rng,
    turns,
)
from games.records import simulate, start


@functools.cache
def short_game() -> dict[str, Any]:
    """A seeded Master Islands game for two (13 turns): quick to analyse."""
    return simulate("master-islands", 2, 3)


@functools.cache
def analysed(seed: int) -> dict[str, Any]:
    return analyse(short_game(), seed)


def test_every_game_is_analysed_with_its_hard_levels_search_settings() -> None:
    for game in [g for g in all_games() if type(g).__module__.startswith("games.")]:
        knobs = knobs_of(game)
        assert isinstance(knobs, Knobs) and knobs is game.bots.knobs  # type: ignore[attr-defined]
        assert knobs.policy is game.bots["medium"]


def test_an_analysis_is_the_same_for_a_seed_and_however_it_is_split() -> None:
    one = analysed(5)
    whole = [t["chances"] for t in one["turns"]]
    again = [p for first, last in parts(6, 3) for p in analyse_part(short_game(), 5, first, last)]
    assert again == whole[:6]  # the same estimates, from requests of 3 turns
    assert analyse_part(short_game(), 6, 1, 6) != whole[1:6]  # another seed, other playouts


def test_a_won_game_ends_at_100_percent_for_its_winners_and_chances_are_chances() -> None:
    one = analysed(5)

    game, played = turns(short_game())
    winners = game.result(played[-1].state).winners
    assert winners
    assert one["turns"][-1]["chances"] == [1.0 if s in winners else 0.0 for s in (1, 2)]
    for point in one["turns"]:
        assert all(0.0 <= c <= 1.0 for c in point["chances"])
        assert sum(point["chances"]) == pytest.approx(1.0, abs=0.001)
    assert [t["number"] for t in one["turns"]] == list(range(len(played)))
    assert [t["seat"] for t in one["turns"]] == [t.seat for t in played]


def test_coop_teams_win_together_and_sides_add_up() -> None:
    game = get_game("master-islands")
    record = simulate("master-islands", 4, 2, {"mode": "coop"})
    _game, played = turns(record)
    middle = played[len(played) // 2].state
    chances = estimate(game, middle, knobs_of(game), turn_rng(1, 1), playouts=4)
    assert chances[0] == chances[2] and chances[1] == chances[3]
    assert chances[0] + chances[1] == pytest.approx(1.0)
    end = estimate(game, played[-1].state, knobs_of(game), turn_rng(1, 2))
    assert sorted(end) == [0.0, 0.0, 1.0, 1.0]


def test_the_swings_are_the_biggest_changes_and_name_the_records_moves() -> None:
    record, one = short_game(), analysed(5)
    game, _state = start(record)
    _game, played = turns(record)
    found = swings(record, one)
    assert len(found) == 3 and [s.number for s in found] == sorted(s.number for s in found)
    changes = sorted((abs(b["chances"][t.seat - 1] - a["chances"][t.seat - 1]), t.number)
                     for t, a, b in zip(played[1:], one["turns"], one["turns"][1:], strict=False))
    assert {s.number for s in found} == {n for _, n in changes[-3:]}
    for swing in found:
        turn = played[swing.number]
        entry = record["moves"][turn.first_move]
        before = played[swing.number - 1].state
        _after, events = game.apply(before, entry["seat"], entry["move"])
        assert swing.line == events[0]["text"]  # what the record's move did, in words
        said = swing_sentence(swing)
        assert said.startswith(f"Turn {swing.number} — {swing.line} Seat {swing.seat}'s chance")
        assert said.endswith(f"from {round(swing.before * 100)} % to {round(swing.after * 100)} %.")
