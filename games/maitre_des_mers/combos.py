"""Le Maître des Mers: the dice combinations of the cards (MM-5..MM-7) and placement legality
(MM-10, MM-10a). Pure functions over die values (1-6), memoised on sorted tuples: ``legal`` calls
them many times per game.

MM-7 **Decision**: a card holds the multiset of dice placed on it (slots are unlabelled); pairs and
kinds are of values different from each other.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

SLOTS: dict[str, int] = {
    "ship": 5,
    "three of a kind": 3,
    "two pairs": 4,
    "small straight": 4,
    "full house": 5,
    "four of a kind": 4,
    "five of a kind": 5,
}
"""How many dice each combination names (= the card's slots)."""

STRAIGHTS: tuple[frozenset[int], ...] = (
    frozenset({1, 2, 3, 4}),
    frozenset({2, 3, 4, 5}),
    frozenset({3, 4, 5, 6}),
)


def _key(combination: str, target: int) -> int:
    """The target only matters for a ship; other cards share one cache entry."""
    if combination not in SLOTS:
        raise ValueError(f"unknown combination {combination!r}")
    return target if combination == "ship" else 0


def complete(combination: str, dice: Sequence[int], target: int = 0) -> bool:
    """Whether exactly ``SLOTS[combination]`` dice form the combination. ``target`` is the
    ship's cargo target (MM-5: a 6, a 5, a 4 and two cargo dice summing to at least it)."""
    return _complete(combination, tuple(sorted(dice)), _key(combination, target))


def completable(combination: str, placed: Sequence[int], target: int = 0) -> bool:
    """MM-10a: the dice ``placed`` fit the card's slots and, with any values 1-6 on the free
    slots, can form the complete combination."""
    return _completable(combination, tuple(sorted(placed)), _key(combination, target))


def placements(
    combination: str, placed: Sequence[int], rolled: Sequence[int], target: int = 0
) -> list[tuple[int, ...]]:
    """Every distinct non-empty sub-multiset of ``rolled`` (ascending tuples, the list sorted)
    that may be placed on a card already holding ``placed`` (MM-10a)."""
    key = _key(combination, target)
    placed_t = tuple(sorted(placed))
    return list(
        _placements(combination, placed_t, relevant(combination, placed_t, rolled, key), key)
    )


def relevant(
    combination: str, placed: Sequence[int], rolled: Sequence[int], target: int = 0
) -> tuple[int, ...]:
    """The rolled dice that matter for placing (ascending): values that fit on their own, each
    kept at most as many times as the card has free slots. Placing is downward closed (a subset
    of a placeable set is placeable), so ``placements`` depends on these dice only."""
    key = _key(combination, target)
    placed_t = tuple(sorted(placed))
    free = SLOTS[combination] - len(placed_t)
    out: list[int] = []
    for value, n in sorted(Counter(rolled).items()):
        if _completable(combination, tuple(sorted((*placed_t, value))), key):
            out.extend([value] * min(n, free))
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _complete(combination: str, dice: tuple[int, ...], target: int) -> bool:
    if len(dice) != SLOTS[combination] or any(not 1 <= d <= 6 for d in dice):
        return False
    return _completable(combination, dice, target)


@lru_cache(maxsize=1 << 16)
def _completable(combination: str, placed: tuple[int, ...], target: int) -> bool:
    slots = SLOTS[combination]
    if len(placed) > slots or any(not 1 <= d <= 6 for d in placed):
        return False
    counts = Counter(placed)
    if combination == "ship":
        # A 6, 5 or 4 on the card best fills its crew role (swapping a cargo die with an equal
        # crew die changes nothing); what is left is cargo, at most two dice.
        cargo = list(placed)
        for role in (6, 5, 4):
            if role in cargo:
                cargo.remove(role)
        if len(cargo) > 2:
            return False
        return sum(cargo) + 6 * (2 - len(cargo)) >= target
    if combination in ("three of a kind", "four of a kind", "five of a kind"):
        return len(counts) <= 1
    if combination == "two pairs":
        return len(counts) <= 2 and all(c <= 2 for c in counts.values())
    if combination == "full house":
        return len(counts) <= 2 and all(c <= 3 for c in counts.values())
    if combination == "small straight":
        values = set(placed)
        return len(values) == len(placed) and any(values <= s for s in STRAIGHTS)
    raise ValueError(f"unknown combination {combination!r}")  # pragma: no cover


@lru_cache(maxsize=1 << 16)
def _placements(
    combination: str, placed: tuple[int, ...], rolled: tuple[int, ...], target: int
) -> tuple[tuple[int, ...], ...]:
    free = SLOTS[combination] - len(placed)
    if free <= 0 or not _completable(combination, placed, target):
        return ()
    counts = sorted(Counter(rolled).items())
    out: list[tuple[int, ...]] = []

    def extend(index: int, sub: tuple[int, ...]) -> None:
        # depth first over values ascending; a set that cannot be placed has no placeable superset
        for i in range(index, len(counts)):
            value, n = counts[i]
            grown = sub
            for _ in range(min(n, free - len(sub))):
                grown = (*grown, value)
                if not _completable(combination, tuple(sorted(placed + grown)), target):
                    break
                out.append(grown)
                extend(i + 1, grown)

    extend(0, ())
    out.sort()
    return tuple(out)
