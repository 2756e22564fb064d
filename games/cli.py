"""Helpers shared by the command-line tools (``python -m games``, ``python -m bot demo``, the
benches): reading ``--option key=value`` pairs, and the percentile every bench quotes."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from .base import BadOptions, echo


def option_pairs(pairs: Iterable[str]) -> dict[str, str]:
    """``["mode=coop", "first=2"]`` -> ``{"mode": "coop", "first": "2"}``; BadOptions for a
    pair without ``=`` or without a key."""
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise BadOptions(f"--option takes key=value, not '{echo(pair)}'")
        out[key.strip()] = value.strip()
    return out


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method: the smallest value with at least
    ``q`` of the values at or below it. Raises ValueError on no values."""
    if not values:
        raise ValueError("percentile of no values")
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[min(rank, len(ordered)) - 1]
