"""Le Maître des Mers exact dice odds (MM-10, MM-10a, MM-16): hand-computed values, an independent
naive recursion, monotonicity and a seeded Monte-Carlo check."""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations_with_replacement, pairwise, product

import pytest

from games.maitre_des_mers import odds, odds_table
from games.maitre_des_mers.combos import SLOTS, completable, complete, placements
from games.maitre_des_mers.odds import (
    best_placement,
    completion_chance,
    fight_win_chance,
    roll_outcomes,
    roll_value,
)

CASES = [("ship", t) for t in range(7, 13)] + [(c, 0) for c in sorted(SLOTS) if c != "ship"]


@cache
def naive(combination: str, placed: tuple[int, ...], left: int, target: int) -> float:
    """The same process written plainly: every ordered roll, every legal placement."""
    free = SLOTS[combination] - len(placed)
    if free == 0:
        return float(complete(combination, placed, target))
    if left < free:
        return 0.0
    total = 0.0
    for roll in product(range(1, 7), repeat=left):
        options = placements(combination, placed, roll, target)
        if options:
            total += max(
                naive(combination, tuple(sorted(placed + sub)), left - len(sub), target)
                for sub in options
            )
        else:
            total += naive(combination, placed, left - 1, target)
    return total / 6**left


def test_roll_outcomes_are_a_distribution() -> None:
    for dice in range(9):
        outcomes = roll_outcomes(dice)
        assert len(outcomes) == len(list(combinations_with_replacement(range(6), dice)))
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_a_complete_card_is_certain_and_an_impossible_one_hopeless() -> None:
    assert completion_chance("three of a kind", (4, 4, 4), 0) == 1.0
    assert completion_chance("ship", (6, 5, 4, 6, 6), 0, 12) == 1.0
    assert completion_chance("two pairs", (1, 2, 3), 5) == 0.0
    assert completion_chance("ship", (6, 5, 4, 1, 1), 3, 7) == 0.0
    assert completion_chance("five of a kind", (2, 2), 2) == 0.0  # fewer dice than free slots


def test_hand_computed_chances() -> None:
    assert completion_chance("three of a kind", (2, 2), 1) == pytest.approx(1 / 6)
    # two dice: a 2 now, or nothing fits, one die aside, then a 2 on the last die
    assert completion_chance("three of a kind", (2, 2), 2) == pytest.approx(11 / 36 + 25 / 36 / 6)
    # ship 12 with the crew on the card: two sixes, or one six now and one on the last die
    assert completion_chance("ship", (4, 5, 6), 2, 12) == pytest.approx(1 / 36 + 10 / 36 / 6)
    assert completion_chance("ship", (4, 5, 6, 6), 1, 12) == pytest.approx(1 / 6)


@pytest.mark.parametrize(
    ("combination", "target", "placed", "left"),
    [
        ("three of a kind", 0, (), 4),
        ("two pairs", 0, (3,), 4),
        ("small straight", 0, (), 4),
        ("ship", 9, (6,), 4),
        ("ship", 11, (), 5),
        ("full house", 0, (2, 2), 4),
        ("four of a kind", 0, (), 5),
    ],
)
def test_agrees_with_a_naive_recursion(
    combination: str, target: int, placed: tuple[int, ...], left: int
) -> None:
    assert completion_chance(combination, placed, left, target) == pytest.approx(
        naive(combination, placed, left, target), abs=1e-12
    )


@pytest.mark.parametrize(("combination", "target"), CASES)
def test_more_dice_never_hurt(combination: str, target: int) -> None:
    for k in range(SLOTS[combination] + 1):
        for placed in combinations_with_replacement(range(1, 7), k):
            if not completable(combination, placed, target):
                continue
            chances = [completion_chance(combination, placed, n, target) for n in range(9 - k)]
            assert all(-1e-12 <= c <= 1.0 + 1e-12 for c in chances)
            assert all(a <= b + 1e-12 for a, b in pairwise(chances)), (placed, chances)


def test_harder_ships_are_less_likely() -> None:
    chances = [completion_chance("ship", (), 5, t) for t in range(7, 13)]
    assert chances == sorted(chances, reverse=True)
    assert completion_chance("five of a kind", (), 5) < completion_chance("full house", (), 5)


def simulate(combination: str, target: int, pool: int, rng: random.Random) -> bool:
    placed: tuple[int, ...] = ()
    left = pool
    while True:
        free = SLOTS[combination] - len(placed)
        if free == 0:
            return complete(combination, placed, target)
        if left < free:
            return False
        rolled = [rng.randint(1, 6) for _ in range(left)]
        sub = best_placement(combination, placed, rolled, left, target)
        legal = placements(combination, placed, rolled, target)
        if legal:
            assert sub in legal
            placed = tuple(sorted(placed + sub))
            left -= len(sub)
        else:
            assert sub == ()
            left -= 1


@pytest.mark.parametrize(
    ("combination", "target", "pool"),
    [("ship", 9, 5), ("full house", 0, 5), ("small straight", 0, 6), ("four of a kind", 0, 7)],
)
def test_monte_carlo_agrees(combination: str, target: int, pool: int) -> None:
    rng = random.Random(20260110)
    trials = 3000
    wins = sum(simulate(combination, target, pool, rng) for _ in range(trials))
    exact = completion_chance(combination, (), pool, target)
    sigma = (exact * (1 - exact) / trials) ** 0.5
    assert abs(wins / trials - exact) < 4 * sigma + 1e-3


def test_best_placement_keeps_low_cargo_for_a_reroll() -> None:
    # ship 10 holding the crew: a 1 now would cap the cargo at 7; wait for the 6 only
    assert best_placement("ship", (4, 5, 6), (1, 6), 2, 10) == (6,)
    # but both dice are taken when they already make the cargo
    assert best_placement("ship", (4, 5, 6), (4, 6), 2, 10) == (4, 6)
    assert best_placement("three of a kind", (), (1, 2, 3, 5, 5), 5) == (5, 5)
    assert best_placement("two pairs", (1, 1), (2, 2), 2) == (2, 2)
    assert best_placement("two pairs", (1, 1, 2, 2), (3,), 1) == ()


def test_best_placement_is_optimal() -> None:
    rng = random.Random(7)
    for _ in range(200):
        combination, target = rng.choice(CASES)
        left = rng.randint(1, 8)
        rolled = [rng.randint(1, 6) for _ in range(left)]
        options = placements(combination, (), rolled, target)
        sub = best_placement(combination, (), rolled, left, target)
        if not options:
            assert sub == ()
            continue
        best = max(completion_chance(combination, s, left - len(s), target) for s in options)
        assert completion_chance(combination, sub, left - len(sub), target) == pytest.approx(best)
        assert roll_value(combination, (), rolled, target) == pytest.approx(best)


def test_fight_chances() -> None:
    assert fight_win_chance(3, 3, attacking=True) == pytest.approx(21 / 36)
    assert fight_win_chance(3, 3, attacking=False) == pytest.approx(15 / 36)
    assert fight_win_chance(1, 6, attacking=True) == pytest.approx(1 / 36)  # 1+6 ties 6+1
    assert fight_win_chance(0, 6, attacking=True) == 0.0
    assert fight_win_chance(6, 1, attacking=False) == pytest.approx(35 / 36)
    assert fight_win_chance(7, 1, attacking=False) == 1.0
    for mine in range(1, 7):
        for theirs in range(1, 7):
            total = fight_win_chance(mine, theirs, True) + fight_win_chance(theirs, mine, False)
            assert total == pytest.approx(1.0)


def test_the_table_holds_the_recursions_own_values() -> None:
    """The precomputed chances are the very doubles the recursion computes (so the computers
    play the same moves): a few cards checked here in full with up to 6 dice in the pool, the
    whole table in the slow test below."""
    keys = [k for k in odds_table.states() if k[2] <= 6
            and (k[0] in ("three of a kind", "small straight") or k[0] == "ship" and k[3] >= 10)]
    with odds.without_table():
        assert odds._TABLE == {}
        fresh = {k: completion_chance(k[0], k[1], k[2], k[3]) for k in keys}
    assert len(fresh) > 300
    assert all(odds._TABLE[k] == v for k, v in fresh.items())  # exact, not approx


@pytest.mark.slow
def test_the_whole_table_is_up_to_date() -> None:
    """Every chance, recomputed (several seconds of CPU): a change to the cards or the recursion
    without regenerating the table fails here."""
    assert odds_table.load(odds_table.DATA) == dict(
        zip(odds_table.states(), odds.computed(), strict=True))


def test_a_table_for_other_cards_is_not_used() -> None:
    """A table for other cards is not used (the recursion answers instead), and says so."""
    short = odds_table.encode([0.5] * 10)
    for text in (short, "not a table"):
        with pytest.warns(RuntimeWarning, match="regenerate"):
            assert odds_table.load(text) == {}
    assert odds_table.load("") == {}
    assert len(odds_table.load(odds_table.DATA)) == len(list(odds_table.states()))


def test_the_table_answers_without_the_recursion() -> None:
    """A card met for the first time costs a look-up: the recursion's cache stays empty."""
    odds._computed.cache_clear()
    for combination, target in CASES:
        for pool in range(5, odds.MAX_DICE + 1):
            completion_chance(combination, (), pool, target)
    assert odds._computed.cache_info().currsize == 0
