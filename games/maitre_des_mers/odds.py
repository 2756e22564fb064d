"""Le Maître des Mers: exact odds from the dice (no simulation), for the computer players.

A dice action (MM-10, MM-10a) is a small Markov decision process over (dice on the card, dice left
to roll): roll every die left; place a fitting sub-multiset (at least one die) or, when none fits,
set one die aside (the action fails when fewer dice are left than free slots). The chances below
assume optimal placements and ignore goods powers (MM-15); they are read from :mod:`.odds_table`
(the recursion's own values, computed ahead of time) and memoised.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache, lru_cache
from itertools import combinations_with_replacement
from math import factorial
from pathlib import Path

from . import odds_table
from .combos import SLOTS, _completable, _key, _placements, relevant

MAX_DICE = odds_table.MAX_DICE
"""A pool holds 5 dice plus up to 3 extra-die goods (MM-15)."""

_TABLE = odds_table.load(odds_table.DATA)
"""The recursion's chances computed ahead of time (:mod:`.odds_table`): a look-up instead of the
recursion the first time a card meets a pool."""


@cache
def roll_outcomes(dice: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Every sorted outcome of rolling ``dice`` six-sided dice, with its probability."""
    total = 6**dice
    out = []
    for outcome in combinations_with_replacement(range(1, 7), dice):
        ways = factorial(dice)
        for n in Counter(outcome).values():
            ways //= factorial(n)
        out.append((outcome, ways / total))
    return tuple(out)


def completion_chance(
    combination: str, placed: Sequence[int], dice_left: int, target: int = 0
) -> float:
    """The chance to complete the card holding ``placed`` when ``dice_left`` dice are still to be
    rolled, playing the best placements (MM-10, MM-10a; goods powers ignored)."""
    return _chance(combination, tuple(sorted(placed)), dice_left, _key(combination, target))


def roll_value(
    combination: str, placed: Sequence[int], rolled: Sequence[int], target: int = 0
) -> float:
    """The completion chance right after rolling ``rolled`` (every die left), before placing:
    the best placement's chance, or the set-aside's when nothing fits."""
    key = _key(combination, target)
    placed_t = tuple(sorted(placed))
    useful = relevant(combination, placed_t, rolled, key)
    return _best(combination, placed_t, useful, len(rolled), key)[1]


def best_placement(
    combination: str,
    placed: Sequence[int],
    rolled: Sequence[int],
    dice_left: int | None = None,
    target: int = 0,
) -> tuple[int, ...]:
    """The placement (ascending tuple) that leaves the best completion chance, or ``()`` when no
    rolled die fits. ``dice_left`` counts the dice of this roll plus any not rolled (normally
    ``len(rolled)``, the default). Ties go to the fewest dice, then the smallest tuple (so free
    dice are kept for re-rolls when that is as good)."""
    key = _key(combination, target)
    placed_t = tuple(sorted(placed))
    useful = relevant(combination, placed_t, rolled, key)
    left = len(rolled) if dice_left is None else dice_left
    return _best(combination, placed_t, useful, left, key)[0]


def fight_win_chance(my_firepower: int, their_firepower: int, attacking: bool) -> float:
    """MM-16: each side rolls one die and adds its firepower; the higher total wins, the
    attacker on a tie."""
    wins = 0
    for mine in range(1, 7):
        for theirs in range(1, 7):
            a, b = my_firepower + mine, their_firepower + theirs
            if a > b or (a == b and attacking):
                wins += 1
    return wins / 36


# -- the recursion ---------------------------------------------------------------------------


def _after(combination: str, placed: tuple[int, ...], left: int, target: int) -> float:
    """The chance from a card holding ``placed`` with ``left`` dice still to roll."""
    free = SLOTS[combination] - len(placed)
    if free == 0:
        return 1.0 if _completable(combination, placed, target) else 0.0
    if left < free:
        return 0.0
    return _chance(combination, placed, left, target)


@cache
def _count_outcomes(dice: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """``roll_outcomes`` as value counts (index 0 = ones)."""
    out = []
    for outcome, p in roll_outcomes(dice):
        counts = [0] * 6
        for v in outcome:
            counts[v - 1] += 1
        out.append((tuple(counts), p))
    return tuple(out)


def _chance(combination: str, placed: tuple[int, ...], left: int, target: int) -> float:
    value = _TABLE.get((combination, placed, left, target))
    return _computed(combination, placed, left, target) if value is None else value


@contextmanager
def without_table() -> Iterator[None]:
    """The recursion alone, with empty caches (to compute or check :mod:`.odds_table`); the
    caches are emptied again afterwards."""
    global _TABLE
    table, _TABLE = _TABLE, {}
    _computed.cache_clear()
    _best.cache_clear()
    try:
        yield
    finally:
        _TABLE = table
        _computed.cache_clear()
        _best.cache_clear()


@cache
def _computed(combination: str, placed: tuple[int, ...], left: int, target: int) -> float:
    """The chance by the recursion (what :data:`_TABLE` holds for every card and pool)."""
    free = SLOTS[combination] - len(placed)
    if not _completable(combination, placed, target):
        return 0.0
    if free == 0:
        return 1.0
    if left < free:
        return 0.0
    # only the dice that fit, each value capped at the free slots, shape the decision
    fits = [_completable(combination, tuple(sorted((*placed, v))), target) for v in range(1, 7)]
    grouped: dict[tuple[int, ...], float] = {}
    for counts, p in _count_outcomes(left):
        key = tuple(min(c, free) if fit else 0 for c, fit in zip(counts, fits, strict=True))
        grouped[key] = grouped.get(key, 0.0) + p
    total = 0.0
    for key, p in grouped.items():
        useful = tuple(v for v, c in zip(range(1, 7), key, strict=True) for _ in range(c))
        total += p * _best(combination, placed, useful, left, target)[1]
    return total


@lru_cache(maxsize=1 << 18)
def _best(
    combination: str, placed: tuple[int, ...], useful: tuple[int, ...], left: int, target: int
) -> tuple[tuple[int, ...], float]:
    """The best placement among the ``useful`` rolled dice (``relevant``) out of ``left`` rolled,
    and the completion chance it leaves."""
    options = _placements(combination, placed, useful, target)
    if not options:
        # nothing fits: one die is set aside; the action fails with too few dice left
        return (), _after(combination, placed, left - 1, target)
    best: tuple[int, ...] = ()
    best_value = -1.0
    for sub in sorted(options, key=lambda s: (len(s), s)):
        value = _after(combination, tuple(sorted(placed + sub)), left - len(sub), target)
        if value > best_value + 1e-12:
            best, best_value = sub, value
    return best, best_value


# -- the table of odds_table.py, from the recursion ------------------------------------------------
def computed() -> list[float]:
    """Every chance of :func:`.odds_table.states` from the recursion itself (not the table): a
    few seconds of CPU and ~80 MB of caches, released afterwards."""
    with without_table():
        return [completion_chance(c, placed, left, target)
                for c, placed, left, target in odds_table.states()]


def main() -> None:
    """Rewrite :data:`.odds_table.DATA` in odds_table.py from the recursion."""
    path = Path(odds_table.__file__)
    source = path.read_text(encoding="utf-8")
    body = odds_table.encode(computed())
    source = re.sub(r'DATA = """\n.*?"""', lambda _: f'DATA = """\n{body}\n"""', source,
                    count=1, flags=re.S)
    path.write_text(source, encoding="utf-8")
    print(f"wrote {len(body.split())} lines of chances to {path}", file=sys.stderr)
