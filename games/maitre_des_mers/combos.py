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
from itertools import product

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
    return list(
        _placements(
            combination,
            tuple(sorted(placed)),
            tuple(sorted(rolled)),
            _key(combination, target),
        )
    )


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
    out = []
    for takes in product(*(range(n + 1) for _, n in counts)):
        size = sum(takes)
        if not 0 < size <= free:
            continue
        sub = tuple(v for (v, _), k in zip(counts, takes, strict=True) for _ in range(k))
        if _completable(combination, tuple(sorted(placed + sub)), target):
            out.append(sub)
    out.sort()
    return tuple(out)
