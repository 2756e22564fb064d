"""``python -m games.isis_osiris.bench``: Isis & Osiris computer-player costs (printed, never asserted).

Random complete games per second are in ``python -m games bench isis-osiris``; this adds what the
host pays per computer move: ``greedy`` decisions, ``determinize`` and ``view``, over real games.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from ..base import State
from .bots import greedy_bot
from .engine import IsisOsiris


def _states(game: IsisOsiris, games: int) -> list[tuple[State, int]]:
    """Every (state, seat to move) of some greedy self-play games, 2 to 4 players."""
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new(2 + seed % 3, {}, seed)
        while movers := game.to_move(state):
            out.append((state, movers[0]))
            state, _ = game.apply(state, movers[0], greedy_bot(game, state, movers[0], rng))
    return out


def _time(label: str, samples: list[tuple[State, int]], call: Callable[[State, int], object]) -> None:
    times = []
    for state, seat in samples:
        t = time.perf_counter()
        call(state, seat)
        times.append(time.perf_counter() - t)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"  {label:<14} median {statistics.median(times) * 1e6:7.1f} µs  p95 {p95 * 1e6:7.1f} µs"
          f"  ({len(times)} states)")


def main() -> None:
    game = IsisOsiris()
    samples = _states(game, 60)
    rng = random.Random(0)
    print("Isis & Osiris per-move costs over greedy self-play states:")
    _time("greedy move", samples, lambda s, seat: greedy_bot(game, s, seat, rng))
    _time("determinize", samples, lambda s, seat: game.determinize(s, seat, rng))
    _time("view", samples, lambda s, seat: game.view(s, seat))
    _time("legal", samples, lambda s, seat: game.legal(s, seat))


if __name__ == "__main__":
    main()
