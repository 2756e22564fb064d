"""Pairing: each format's rules on small hand-made cases, and the properties on random
tournaments (random results, random withdrawals; :mod:`.pairing_sim`). The default run plays
a few dozen tournaments a format; ``--runslow`` plays 1,000 a format and size up to 16 players
(100 past that), as the benchmark (``python -m benchmarks.pairing``) does."""

from __future__ import annotations

import random

import pytest

from bot.service.rules.pairing import advancing, berger_round, pair, rounds_of
from bot.service.rules.pairing_match import Matcher
from bot.service.rules.tournament_model import (
    COMPUTER,
    FILLS,
    KNOCKOUT,
    ROUND_ROBIN,
    SWISS,
    Entrant,
    Played,
)

from .pairing_sim import check_knockout, check_round, matching_size, met, simulate

SIZES = (4, 5, 7, 8, 11, 16, 23, 32, 64)


def _entrants(count: int) -> list[Entrant]:
    """Players 1..count, rated so that player 1 is the best seed."""
    return [Entrant(p, rating=1000.0 - p) for p in range(1, count + 1)]


# --- the matching ---------------------------------------------------------------------------

def test_the_matcher_finds_a_maximum_matching_through_blossoms() -> None:
    """A triangle 0-1-2 with a tail 2-3 and 0-4: greedy 0-1 leaves 2-3 and 4 alone; the
    maximum needs the blossom: 0-4, 1-2, and 3 alone — two pairs either way; a 6-cycle with a
    chord has a perfect matching."""
    rng = random.Random(3)
    for _ in range(200):
        count = rng.randrange(2, 14)
        edges = [(a, b) for a in range(count) for b in range(a + 1, count) if rng.random() < 0.3]
        near: list[list[int]] = [[] for _ in range(count)]
        for a, b in edges:
            near[a].append(b)
            near[b].append(a)
        matcher = Matcher(near)
        assert matcher.size == matching_size(count, edges, rng)
        pairs = {frozenset((v, w)) for v, w in enumerate(matcher.mate) if w >= 0}
        assert all(tuple(sorted(p)) in edges for p in pairs)


def test_taking_a_pair_out_keeps_the_matching_maximum_or_changes_nothing() -> None:
    rng = random.Random(4)
    for _ in range(200):
        count = rng.randrange(4, 14)
        edges = [(a, b) for a in range(count) for b in range(a + 1, count) if rng.random() < 0.4]
        near: list[list[int]] = [[] for _ in range(count)]
        for a, b in edges:
            near[a].append(b)
            near[b].append(a)
        matcher = Matcher(near)
        a, b = rng.sample(range(count), 2)
        rest = [v for v in range(count) if v not in (a, b)]
        index = {v: k for k, v in enumerate(rest)}
        best = matching_size(len(rest), [(index[x], index[y]) for x, y in edges
                                         if x in index and y in index], rng)
        before = list(matcher.mate)
        assert matcher.take(a, b, best) is True
        assert matcher.size == best
        if best + 1 <= count // 2:
            again = Matcher(near)
            assert again.take(a, b, best + 1) is False
            assert again.mate == before


# --- two-seat Swiss ---------------------------------------------------------------------------

def test_swiss_round_one_pairs_the_top_half_against_the_bottom_half() -> None:
    pairing = pair(SWISS, 2, _entrants(8), [], 1)
    assert sorted(tuple(sorted(t)) for t in pairing.tables) == [(1, 5), (2, 6), (3, 7), (4, 8)]
    assert pairing.byes == ()
    firsts = [t[0] for t in sorted(pairing.tables, key=min)]
    assert firsts == [1, 6, 3, 8]  # seat 1 alternates down the tables


def test_swiss_odd_count_gives_the_bye_to_the_lowest_ranked_then_to_someone_else() -> None:
    entrants = _entrants(5)
    first = pair(SWISS, 2, entrants, [], 1)
    assert first.byes == (5,)
    played = [Played(1, k, t, (1, 2)) for k, t in enumerate(first.tables, start=1)]
    played.append(Played(1, 0, (5,)))
    second = pair(SWISS, 2, entrants, played, 2)
    assert len(second.byes) == 1 and second.byes != (5,)


def test_swiss_with_computer_fill_seats_the_odd_player_against_a_computer() -> None:
    pairing = pair(SWISS, 2, _entrants(5), [], 1, fill=COMPUTER)
    assert pairing.byes == ()
    assert [t for t in pairing.tables if None in t] == [(5, None)]


def test_swiss_avoids_a_rematch_even_across_score_groups() -> None:
    """Four players; round 1: 1 beat 3, 2 beat 4. Round 2 the leaders 1 and 2 meet (same
    group, new); round 3 the natural 1-3 / 2-4 would be rematches: 1-4 and 2-3 instead."""
    entrants = _entrants(4)
    played = [Played(1, 1, (1, 3), (1, 2)), Played(1, 2, (2, 4), (1, 2))]
    second = pair(SWISS, 2, entrants, played, 2)
    assert sorted(tuple(sorted(t)) for t in second.tables) == [(1, 2), (3, 4)]
    played += [Played(2, 1, (2, 1), (1, 2)), Played(2, 2, (4, 3), (1, 2))]
    third = pair(SWISS, 2, entrants, played, 3)
    assert sorted(tuple(sorted(t)) for t in third.tables) == [(1, 4), (2, 3)]


def test_swiss_with_every_pairing_a_rematch_still_pairs_with_as_few_as_possible() -> None:
    entrants = _entrants(4)
    played = [Played(1, 1, (1, 2), (1, 2)), Played(1, 2, (3, 4), (1, 2)),
              Played(2, 1, (1, 3), (1, 2)), Played(2, 2, (2, 4), (1, 2)),
              Played(3, 1, (1, 4), (1, 2)), Played(3, 2, (2, 3), (1, 2))]
    fourth = pair(SWISS, 2, entrants, played, 4)
    assert len(fourth.tables) == 2


def test_withdrawn_players_are_not_paired_and_too_few_players_is_an_error() -> None:
    entrants = [Entrant(1), Entrant(2, withdrawn_after=1), Entrant(3), Entrant(4)]
    second = pair(SWISS, 2, entrants, [Played(1, 1, (1, 2), (1, 2)),
                                       Played(1, 2, (3, 4), (1, 2))], 2)
    assert 2 not in [p for t in second.tables for p in t] + list(second.byes)
    with pytest.raises(ValueError, match="fewer than 2"):
        pair(SWISS, 2, [Entrant(1), Entrant(2, withdrawn_after=0)], [], 1)
    with pytest.raises(ValueError, match="still playing"):
        pair(SWISS, 2, _entrants(2), [Played(1, 1, (1, 2))], 2)


# --- three to six seats -----------------------------------------------------------------------

def test_multi_seat_swiss_with_byes_keeps_tables_full_and_byes_at_the_bottom() -> None:
    pairing = pair(SWISS, 3, _entrants(11), [], 1)
    assert [len(t) for t in pairing.tables] == [3, 3, 3]
    assert sorted(pairing.byes) == [10, 11]
    assert sorted(pairing.tables[0]) == [1, 2, 3]


def test_multi_seat_with_computer_fill_spreads_the_computer_seats() -> None:
    pairing = pair(SWISS, 4, _entrants(9), [], 1, fill=COMPUTER)
    assert pairing.byes == ()
    assert [t.count(None) for t in pairing.tables] == [1, 1, 1]
    assert all(t[-1] is None for t in pairing.tables)


def test_multi_seat_swiss_avoids_repeat_table_mates_when_the_field_allows() -> None:
    rng = random.Random(7)
    for count in (27, 36, 48):
        for seats in (3, 4):
            run = simulate(SWISS, seats, count, rng, rounds=3, withdraw=0.0)
            assert sum(check_round(run, i, rng).rematches for i in range(3)) == 0


# --- round robin ------------------------------------------------------------------------------

def test_berger_tables_meet_every_pair_once_with_seat_one_balanced() -> None:
    for count in (2, 4, 6, 8, 10, 16):
        met: set[frozenset[int]] = set()
        balance = [0] * count
        for round_no in range(1, count):
            seated = [p for t in berger_round(count, round_no) for p in t]
            assert sorted(seated) == list(range(count))
            for a, b in berger_round(count, round_no):
                assert frozenset((a, b)) not in met
                met.add(frozenset((a, b)))
                balance[a] += 1
                balance[b] -= 1
                assert abs(balance[a]) <= 1 and abs(balance[b]) <= 1
        assert len(met) == count * (count - 1) // 2


def test_round_robin_two_seats_every_pair_meets_exactly_once() -> None:
    rng = random.Random(8)
    for count in SIZES[:7]:
        for fill in FILLS:
            run = simulate(ROUND_ROBIN, 2, count, rng, fill=fill, withdraw=0.0)
            assert len(run.rounds) == rounds_of(ROUND_ROBIN, 2, count, None)
            pairs = [frozenset(p for p in t if p is not None) for rnd in run.rounds
                     for t in rnd.pairing.tables if None not in t]
            assert len(pairs) == len(set(pairs)) == count * (count - 1) // 2
            assert all(check_round(run, i, rng).seat_gap <= 1 for i in range(len(run.rounds)))
            with pytest.raises(ValueError, match="over"):
                pair(ROUND_ROBIN, 2, run.entrants, run.played, len(run.rounds) + 1)


def test_round_robin_groups_seat_every_pair_about_as_often() -> None:
    rng = random.Random(9)
    for seats, count in ((3, 9), (4, 8), (4, 12), (5, 10), (6, 12)):
        run = simulate(ROUND_ROBIN, seats, count, rng, withdraw=0.0)
        together = met(run.played)
        everyone = [e.player for e in run.entrants]
        counts = [together[frozenset((a, b))] for i, a in enumerate(everyone)
                  for b in everyone[i + 1:]]
        assert max(counts) - min(counts) <= 3, (seats, count, sorted(counts))


# --- knock-out --------------------------------------------------------------------------------

def test_knock_out_seeds_one_against_the_last_and_gives_byes_to_the_top_seeds() -> None:
    pairing = pair(KNOCKOUT, 2, _entrants(8), [], 1)
    assert sorted(tuple(sorted(t)) for t in pairing.tables) == [(1, 8), (2, 7), (3, 6), (4, 5)]
    six = pair(KNOCKOUT, 2, _entrants(6), [], 1)
    assert six.byes == (1, 2)
    assert sorted(tuple(sorted(t)) for t in six.tables) == [(3, 6), (4, 5)]


def test_knock_out_takes_the_top_of_each_table_and_the_better_seed_on_a_tie() -> None:
    entrants = _entrants(4)
    first = [Played(1, 1, (1, 4), (2, 1)), Played(1, 2, (2, 3), (1, 1))]
    final = pair(KNOCKOUT, 2, entrants, first, 2)
    assert [sorted(t) for t in final.tables] == [[2, 4]]
    done = [*first, Played(2, 1, final.tables[0], (1, 2))]
    with pytest.raises(ValueError, match="knock-out is over"):
        pair(KNOCKOUT, 2, entrants, done, 3)


def test_advancing_and_round_counts_follow_the_bracket() -> None:
    assert [advancing(s) for s in range(2, 7)] == [1, 1, 2, 1, 3]
    assert [rounds_of(KNOCKOUT, 2, n, None) for n in (2, 3, 4, 5, 8, 9, 64)] == [1, 2, 2, 3, 3,
                                                                                4, 6]
    assert [rounds_of(KNOCKOUT, 3, n, None) for n in (3, 4, 9, 10, 27)] == [1, 2, 2, 3, 3]
    assert [rounds_of(KNOCKOUT, 4, n, None) for n in (4, 5, 8, 9, 16)] == [1, 2, 2, 3, 3]
    assert rounds_of(SWISS, 2, 8, 3) == 3 and rounds_of(SWISS, 2, 8, 0) == 1
    assert rounds_of(SWISS, 2, 8, None) == 3 and rounds_of(SWISS, 3, 9, None) == 3
    assert rounds_of(ROUND_ROBIN, 2, 8, None) == 7 and rounds_of(ROUND_ROBIN, 2, 7, None) == 7
    with pytest.raises(ValueError):
        advancing(7)


# --- properties on random tournaments -----------------------------------------------------------

def _formats() -> list[tuple[str, int]]:
    return [(fmt, seats) for fmt in (SWISS, ROUND_ROBIN, KNOCKOUT) for seats in range(2, 7)]


def _play_many(fmt: str, seats: int, runs: int, sizes: tuple[int, ...], seed: int) -> None:
    """Half the Swiss tournaments ask for many rounds (two seats: one fewer than the players, a
    round robin's worth), where rematches become unavoidable and the check must tell."""
    rng = random.Random(seed)
    unavoidable = 0
    for k in range(runs):
        count = sizes[k % len(sizes)]
        fill = FILLS[k % 2]
        long = count - 1 if seats == 2 else max(2, count // seats)
        run = simulate(fmt, seats, count, rng, fill=fill, rounds=long if k % 4 >= 2 else None)
        where = f"{fmt} {seats} seats, {count} players, fill {fill}, run {k}"
        for i in range(len(run.rounds)):
            measure = check_round(run, i, rng)
            assert not measure.problems, where
            assert measure.unfair_byes == 0, where
            assert measure.rematches <= measure.unavoidable or seats > 2 or fmt == KNOCKOUT, where
            assert measure.far_tables == 0, where
            assert measure.seat_clashes == 0, where
            unavoidable += measure.unavoidable
        if fmt == KNOCKOUT:
            assert check_knockout(run) == [], where
        else:
            assert run.over in (None, "fewer than 2 active players"), where
    if fmt == SWISS and seats == 2 and runs >= 8 and min(sizes) < 16:
        assert unavoidable > 0  # the long tournaments did reach rounds without a clean pairing


@pytest.mark.parametrize(("fmt", "seats"), _formats())
def test_random_tournaments_keep_the_pairing_properties(fmt: str, seats: int) -> None:
    """No avoidable rematch (two seats), score groups respected, byes spread, seat 1 kept
    within a surplus of 2 while possible, every active player seated once, brackets complete:
    a dozen random tournaments a format and table size (a round robin of 3+ seats is long:
    at most 16 players here)."""
    sizes = SIZES[:6] if fmt == ROUND_ROBIN and seats > 2 else SIZES
    _play_many(fmt, seats, 12, sizes, seed=10 * (SWISS, ROUND_ROBIN, KNOCKOUT).index(fmt) + seats)


@pytest.mark.slow
@pytest.mark.parametrize(("fmt", "seats"), _formats())
@pytest.mark.parametrize("count", SIZES)
def test_a_thousand_random_tournaments_keep_the_pairing_properties(fmt: str, seats: int,
                                                                   count: int) -> None:
    """1,000 tournaments a format, table size and player count up to 16 players, 100 past that
    (as ``python -m benchmarks.pairing``): a thousand two-seat Swiss of 23 players alone take
    4.5 minutes (the independent matching check of every round), and more players take longer."""
    runs = 1000 if count <= 16 else 100
    _play_many(fmt, seats, runs, (count,), seed=count)


def test_a_pairing_depends_on_the_tournament_not_on_the_order_rows_come_in() -> None:
    """A restart reads the same rows in another order: the same round comes out."""
    rng = random.Random(11)
    for fmt, seats in ((SWISS, 2), (SWISS, 4), (ROUND_ROBIN, 3), (KNOCKOUT, 4)):
        run = simulate(fmt, seats, 13, rng)
        last = len(run.rounds)
        played = [t for t in run.played if t.round < last]
        again = pair(fmt, seats, list(reversed(run.rounds[-1].entrants)),
                     rng.sample(played, len(played)), last, fill=run.fill)
        assert again == run.rounds[-1].pairing


def test_fewer_players_than_seats_sit_at_one_table() -> None:
    assert pair(SWISS, 4, _entrants(3), [], 1).tables == ((1, 2, 3),)
    assert pair(SWISS, 4, _entrants(3), [], 1, fill=COMPUTER).tables == ((1, 2, 3, None),)


def test_multi_seat_knock_out_sends_the_top_of_each_table_on_to_a_full_final() -> None:
    """Six players at four seats (two go on): a full bracket is 4, so one table of four (seeds
    3-6) and byes for seeds 1 and 2; then the final of four."""
    entrants = _entrants(6)
    first = pair(KNOCKOUT, 4, entrants, [], 1)
    assert first.byes == (1, 2)
    assert [sorted(t) for t in first.tables] == [[3, 4, 5, 6]]
    table = first.tables[0]
    places = tuple(1 if p == 6 else 2 if p == 5 else 3 if p == 3 else 4 for p in table)
    played = [Played(1, 1, table, places), Played(1, 0, (1,)), Played(1, 0, (2,))]
    final = pair(KNOCKOUT, 4, entrants, played, 2)
    assert [sorted(t) for t in final.tables] == [[1, 2, 5, 6]] and final.byes == ()
    short = pair(KNOCKOUT, 3, _entrants(4), [], 1, fill=COMPUTER)
    assert short.byes == (1, 2) and [sorted(t, key=str) for t in short.tables] == [[3, 4, None]]
