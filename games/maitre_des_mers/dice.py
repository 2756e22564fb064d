"""Dice as chance events (docs/rules/maitre-des-mers.md, "Setup keys for records").

Every die value the game rolls comes, in order, from the record's ``setup.dice`` (kept in the
state as ``script``; ``dice_used`` counts the values taken so far), then from the seeded
generator: one ``random.Random`` per roll, derived from ``seed`` and ``rng_counter`` (bumped at
each roll that needs it). A roll of k dice takes the next k values; a reroll power one; a combat
two, the attacker's then the defender's.
"""

from __future__ import annotations

from typing import Any

from ..base import rng_for


def draw(st: dict[str, Any], k: int) -> list[int]:
    """The next ``k`` die values; updates ``dice_used`` and ``rng_counter`` in ``st``."""
    used = st["dice_used"]
    values = list(st["script"][used:used + k])
    st["dice_used"] = used + k
    if len(values) < k:
        rnd = rng_for(st, "dice").random
        st["rng_counter"] += 1
        values += [int(rnd() * 6) + 1 for _ in range(k - len(values))]
    return values


def dice_text(values: list[int]) -> str:
    return " ".join(str(v) for v in values)
