"""Le Maître des Mers combinations (MM-5..MM-7) and placement legality (MM-10a), checked against an
independent brute force over every dice multiset."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.maitre_des_mers.combos import SLOTS, completable, complete, placements

COMBOS = sorted(SLOTS)
SHIP_TARGETS = range(7, 13)


def cases() -> list[tuple[str, int]]:
    return [("ship", t) for t in SHIP_TARGETS] + [(c, 0) for c in COMBOS if c != "ship"]


def brute_complete(combination: str, dice: tuple[int, ...], target: int) -> bool:
    """The combination by its definition, written independently of combos.py."""
    if len(dice) != SLOTS[combination]:
        return False
    values = sorted(Counter(dice).values())
    if combination == "ship":
        rest = list(dice)
        for role in (6, 5, 4):
            if role not in rest:
                return False
            rest.remove(role)
        return sum(rest) >= target
    if combination in ("three of a kind", "four of a kind", "five of a kind"):
        return values == [len(dice)]
    if combination == "two pairs":
        return values == [2, 2]
    if combination == "full house":
        return values == [2, 3]
    if combination == "small straight":
        return sorted(dice) in ([1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6])
    raise AssertionError(combination)


@cache
def brute_completable(combination: str, placed: tuple[int, ...], target: int) -> bool:
    free = SLOTS[combination] - len(placed)
    if free < 0:
        return False
    return any(
        brute_complete(combination, placed + extra, target)
        for extra in product(range(1, 7), repeat=free)
    )


def multisets(max_size: int) -> list[tuple[int, ...]]:
    return [
        dice
        for size in range(max_size + 1)
        for dice in combinations_with_replacement(range(1, 7), size)
    ]


@pytest.mark.parametrize(("combination", "target"), cases())
def test_complete_and_completable_match_brute_force(combination: str, target: int) -> None:
    for dice in multisets(6):
        assert complete(combination, dice, target) == brute_complete(combination, dice, target)
        assert completable(combination, dice, target) == brute_completable(
            combination, dice, target
        ), dice


@pytest.mark.parametrize(("combination", "target"), cases())
def test_placements_match_brute_force(combination: str, target: int) -> None:
    slots = SLOTS[combination]
    for placed in multisets(slots - 1):
        if not brute_completable(combination, placed, target):
            continue
        for size in range(1, 6):
            for rolled in combinations_with_replacement(range(1, 7), size):
                expected = {
                    sub
                    for k in range(1, min(size, slots - len(placed)) + 1)
                    for sub in combinations(rolled, k)
                    if brute_completable(combination, tuple(sorted(placed + sub)), target)
                }
                got = placements(combination, placed, rolled, target)
                assert got == sorted(expected), (placed, rolled)


def test_dice_order_does_not_matter() -> None:
    assert complete("ship", [4, 6, 3, 5, 6], 9)
    assert placements("two pairs", [3], [5, 3, 1]) == placements("two pairs", [3], [1, 3, 5])


def test_ship_needs_a_six_a_five_and_a_four() -> None:
    assert complete("ship", (6, 5, 4, 1, 6), 7)
    assert not complete("ship", (6, 5, 3, 6, 6), 7)
    assert not complete("ship", (6, 4, 4, 6, 6), 7)
    assert not complete("ship", (6, 5, 4, 6), 7)  # four dice only


@pytest.mark.parametrize("target", SHIP_TARGETS)
def test_ship_cargo_target_boundary(target: int) -> None:
    low = target - 6 if target > 7 else 1
    high = target - low
    assert complete("ship", (6, 5, 4, low, high), target)
    if low > 1:
        assert not complete("ship", (6, 5, 4, low - 1, high), target)
    # the crew dice do not count as cargo
    assert completable("ship", (6, 5, 4), target)
    assert completable("ship", (6, 5, 4, target - 6), target)
    if target > 7:
        assert not completable("ship", (6, 5, 4, target - 7), target)
    assert completable("ship", (6, 6), 12)  # the second 6 is cargo
    assert not completable("ship", (1, 1), 7)  # two cargo dice already, sum 2


def test_three_of_a_kind() -> None:
    assert complete("three of a kind", (2, 2, 2))
    assert not complete("three of a kind", (2, 2, 3))
    assert placements("three of a kind", (), (1, 1, 4)) == [(1,), (1, 1), (4,)]


def test_two_pairs_are_of_two_values() -> None:
    assert complete("two pairs", (1, 1, 6, 6))
    assert not complete("two pairs", (3, 3, 3, 3))
    assert not completable("two pairs", (3, 3, 3))
    assert not completable("two pairs", (1, 2, 3))


def test_small_straight() -> None:
    for run in ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6)):
        assert complete("small straight", run)
    assert not complete("small straight", (1, 2, 3, 5))
    assert not completable("small straight", (1, 5))
    assert completable("small straight", (2, 5))
    assert not completable("small straight", (3, 3))


def test_full_house_is_three_and_two_of_different_values() -> None:
    assert complete("full house", (4, 4, 4, 2, 2))
    assert not complete("full house", (4, 4, 4, 4, 4))
    assert not completable("full house", (4, 4, 4, 4))
    assert completable("full house", (4, 4, 2, 2))
    assert not completable("full house", (1, 2, 3))


def test_four_and_five_of_a_kind() -> None:
    assert complete("four of a kind", (5, 5, 5, 5))
    assert not complete("four of a kind", (5, 5, 5, 5, 5))
    assert complete("five of a kind", (1, 1, 1, 1, 1))
    assert not completable("five of a kind", (1, 2))


def test_a_full_card_takes_nothing_more() -> None:
    assert placements("three of a kind", (2, 2, 2), (2,)) == []
    assert placements("two pairs", (2, 2, 3), (3, 3)) == [(3,)]


def test_unknown_combination_is_refused() -> None:
    with pytest.raises(ValueError):
        complete("straight flush", (1, 2, 3, 4, 5))


dice_lists = st.lists(st.integers(1, 6), max_size=8)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(cases()), dice_lists, dice_lists)
def test_placements_never_offer_an_unplaceable_set(
    case: tuple[str, int], placed: list[int], rolled: list[int]
) -> None:
    combination, target = case
    placed = placed[: SLOTS[combination]]
    offered = placements(combination, placed, rolled, target)
    assert offered == sorted(set(offered))
    pool = Counter(rolled)
    for sub in offered:
        assert sub and list(sub) == sorted(sub)
        assert not Counter(sub) - pool
        assert len(placed) + len(sub) <= SLOTS[combination]
        assert brute_completable(combination, tuple(sorted(placed + list(sub))), target)
    if completable(combination, placed, target) and len(placed) < SLOTS[combination]:
        # a single die that fits is always offered on its own
        for value in set(rolled):
            fits = brute_completable(combination, tuple(sorted([*placed, value])), target)
            assert ((value,) in offered) == fits
