"""Standings: points by place, shared places, and each tie-break on a hand-computed example."""

from __future__ import annotations

import pytest

from bot.service.rules.standings import (
    place_points,
    podium,
    seat_points,
    standings,
    tiebreak_names,
)
from bot.service.rules.tournament_model import (
    KNOCKOUT,
    ROUND_ROBIN,
    SWISS,
    Entrant,
    Played,
    Standing,
)


def test_place_points_give_the_winner_the_table_size_then_one_less_a_place_after_second() -> None:
    assert place_points(2) == (1.0, 0.0)
    assert place_points(3) == (3.0, 1.0, 0.0)
    assert place_points(4) == (4.0, 2.0, 1.0, 0.0)
    assert place_points(5) == (5.0, 3.0, 2.0, 1.0, 0.0)
    assert place_points(6) == (6.0, 4.0, 3.0, 2.0, 1.0, 0.0)
    with pytest.raises(ValueError):
        place_points(1)


def test_tied_seats_share_the_average_of_the_places_they_cover() -> None:
    assert seat_points(2, (1, 1)) == (0.5, 0.5)
    assert seat_points(3, (1, 1, 3)) == (2.0, 2.0, 0.0)
    assert seat_points(4, (1, 2, 2, 4)) == (4.0, 1.5, 1.5, 0.0)
    assert seat_points(3, (2, 1, 2)) == (0.5, 3.0, 0.5)


def _swiss_example() -> tuple[list[Entrant], list[Played]]:
    """Four players, two rounds, and a bye in round 3 (a fifth player left).

    Round 1: 1 beats 2, 3 draws 4. Round 2: 1 draws 3, 4 beats 2. Round 3: 1 beats 4, 2 beats 3,
    5 has the bye (5 joined late: its only line is the bye)."""
    entrants = [Entrant(p) for p in (1, 2, 3, 4, 5)]
    played = [
        Played(1, 1, (1, 2), (1, 2)), Played(1, 2, (3, 4), (1, 1)),
        Played(2, 1, (1, 3), (1, 1)), Played(2, 2, (4, 2), (1, 2)),
        Played(3, 1, (1, 4), (1, 2)), Played(3, 2, (2, 3), (1, 2)), Played(3, 0, (5,)),
    ]
    return entrants, played


def test_buchholz_sums_the_opponents_points_and_a_bye_counts_the_players_own() -> None:
    entrants, played = _swiss_example()
    lines = {line.player: line for line in standings(SWISS, 2, entrants, played)}
    # points: 1: 1 + ½ + 1 = 2.5; 2: 0 + 0 + 1 = 1; 3: ½ + ½ + 0 = 1; 4: ½ + 1 + 0 = 1.5; 5: 1
    assert {p: line.points for p, line in lines.items()} == {1: 2.5, 2: 1.0, 3: 1.0, 4: 1.5,
                                                             5: 1.0}
    # Buchholz: 1 met 2, 3, 4 → 1 + 1 + 1.5 = 3.5; 2 met 1, 4, 3 → 2.5 + 1.5 + 1 = 5;
    # 3 met 4, 1, 2 → 1.5 + 2.5 + 1 = 5; 4 met 3, 2, 1 → 1 + 1 + 2.5 = 4.5;
    # 5's bye is a virtual opponent with 5's own 1 point.
    assert {p: line.tiebreaks[0] for p, line in lines.items()} == {1: 3.5, 2: 5.0, 3: 5.0,
                                                                   4: 4.5, 5: 1.0}


def test_sonneborn_berger_weights_each_opponent_by_the_points_scored_against_them() -> None:
    entrants, played = _swiss_example()
    lines = {line.player: line for line in standings(SWISS, 2, entrants, played)}
    # 1: beat 2 (1 × 1) + drew 3 (½ × 1) + beat 4 (1 × 1.5) = 3
    # 2: lost, lost, beat 3 (1 × 1) = 1;  3: drew 4 (½ × 1.5) + drew 1 (½ × 2.5) = 2
    # 4: drew 3 (½ × 1) + beat 2 (1 × 1) = 1.5;  5: the bye, a win over 5's own 1 point = 1
    assert {p: line.tiebreaks[1] for p, line in lines.items()} == {1: 3.0, 2: 1.0, 3: 2.0,
                                                                   4: 1.5, 5: 1.0}


def test_swiss_lines_sort_by_points_then_buchholz_then_sonneborn_berger() -> None:
    entrants, played = _swiss_example()
    lines = standings(SWISS, 2, entrants, played)
    assert [(line.place, line.player) for line in lines] == [(1, 1), (2, 4), (3, 3), (4, 2),
                                                             (5, 5)]
    assert [line.played for line in lines] == [3, 3, 3, 3, 0]
    assert tiebreak_names(SWISS, 2) == ("Buchholz", "Sonneborn-Berger")


def test_full_ties_share_the_best_place_and_the_podium_keeps_them() -> None:
    entrants = [Entrant(p) for p in (1, 2, 3, 4)]
    played = [Played(1, 1, (1, 2), (1, 1)), Played(1, 2, (3, 4), (1, 1))]
    lines = standings(SWISS, 2, entrants, played)
    assert [line.place for line in lines] == [1, 1, 1, 1]
    assert len(podium(lines)) == 4
    played = [Played(1, 1, (1, 2), (1, 2)), Played(1, 2, (3, 4), (1, 1))]
    lines = standings(SWISS, 2, entrants, played)
    assert [line.place for line in lines] == [1, 2, 2, 4]
    assert [line.player for line in podium(lines)] == [1, 3, 4]


def test_opponents_points_sum_every_table_mate_and_a_computer_seat_scores_nothing() -> None:
    """Three seats. Round 1: 1 first, 2 second, 3 third; 4, 5 and a computer: the computer
    first, 4 second, 5 third. Round 2: 3, 4, 5 (5 first, 3 and 4 tied second), 1 has a bye,
    2 withdrew."""
    entrants = [Entrant(1), Entrant(2, withdrawn_after=1), Entrant(3), Entrant(4), Entrant(5)]
    played = [
        Played(1, 1, (1, 2, 3), (1, 2, 3)), Played(1, 2, (4, 5, None), (2, 3, 1)),
        Played(2, 1, (3, 4, 5), (2, 2, 1)), Played(2, 0, (1,)),
    ]
    lines = {line.player: line for line in standings(SWISS, 3, entrants, played)}
    # points: 1: 3 + bye 3 = 6; 2: 1; 3: 0 + (1 + 0) / 2 = 0.5; 4: 1 + 0.5 = 1.5; 5: 0 + 3 = 3
    assert {p: line.points for p, line in lines.items()} == {1: 6.0, 2: 1.0, 3: 0.5, 4: 1.5,
                                                             5: 3.0}
    # 1: (2's 1 + 3's 0.5) + the bye's two virtual table-mates at 1's own 6 = 1.5 + 12 = 13.5
    # 2: 6 + 0.5 = 6.5;  3: (6 + 1) + (1.5 + 3) = 11.5
    # 4: (5's 3 + the computer as 4's own 1.5) + (0.5 + 3) = 8
    # 5: (1.5 + the computer as 5's own 3) + (0.5 + 1.5) = 6.5
    assert {p: line.tiebreaks[0] for p, line in lines.items()} == {1: 13.5, 2: 6.5, 3: 11.5,
                                                                   4: 8.0, 5: 6.5}
    assert lines[2].withdrawn and not lines[1].withdrawn
    assert lines[1].played == 1
    assert tiebreak_names(SWISS, 3) == ("Opponents' points",)
    assert tiebreak_names(ROUND_ROBIN, 4) == ("Opponents' points",)


def test_round_robin_two_seats_breaks_ties_by_sonneborn_berger() -> None:
    """1 beats 2 and 4, 3 beats 4 and 1, 2 beats 3 and draws with 4."""
    entrants = [Entrant(p) for p in (1, 2, 3, 4)]
    played = [
        Played(1, 1, (1, 2), (1, 2)), Played(1, 2, (3, 4), (1, 2)),
        Played(2, 1, (2, 3), (1, 2)), Played(2, 2, (4, 1), (2, 1)),
        Played(3, 1, (3, 1), (1, 2)), Played(3, 2, (2, 4), (1, 1)),
    ]
    lines = {line.player: line for line in standings(ROUND_ROBIN, 2, entrants, played)}
    # points: 1: 2; 2: 1.5; 3: 2; 4: 0.5
    assert {p: line.points for p, line in lines.items()} == {1: 2.0, 2: 1.5, 3: 2.0, 4: 0.5}
    # SB: 1 beat 2 (1.5) and 4 (0.5) = 2; 3 beat 4 (0.5) and 1 (2) = 2.5
    # 2: beat 3 (2) + drew 4 (½ × 0.5) = 2.25; 4: drew 2 (½ × 1.5) = 0.75
    assert {p: line.tiebreaks for p, line in lines.items()} == {1: (2.0,), 2: (2.25,),
                                                                3: (2.5,), 4: (0.75,)}
    assert [line.player for line in standings(ROUND_ROBIN, 2, entrants, played)] == [3, 1, 2, 4]
    assert tiebreak_names(ROUND_ROBIN, 2) == ("Sonneborn-Berger",)


def test_knock_out_ranks_by_round_reached_then_the_place_at_that_table() -> None:
    """Four players: 1 beats 4, 3 beats 2; final: 3 beats 1."""
    entrants = [Entrant(p, rating=10.0 - p) for p in (1, 2, 3, 4)]
    played = [Played(1, 1, (1, 4), (1, 2)), Played(1, 2, (2, 3), (2, 1)),
              Played(2, 1, (3, 1), (1, 2))]
    lines = standings(KNOCKOUT, 2, entrants, played)
    assert [(line.place, line.player, line.tiebreaks) for line in lines] == [
        (1, 3, (2.0,)), (2, 1, (2.0,)), (3, 2, (1.0,)), (3, 4, (1.0,))]
    assert [line.player for line in podium(lines)] == [3, 1, 2, 4]
    assert tiebreak_names(KNOCKOUT, 2) == ("Round reached",)


def test_a_table_still_playing_counts_nothing() -> None:
    entrants = [Entrant(1), Entrant(2)]
    lines = standings(SWISS, 2, entrants, [Played(1, 1, (1, 2))])
    assert lines == [Standing(1, 1, 0.0, (0.0, 0.0), 0), Standing(1, 2, 0.0, (0.0, 0.0), 0)]
