"""``python -m benchmarks.analysis``: the post-game analysis's CPU per turn and its stability.

For each game's samples, a seeded game of medium computer players is analysed twice, with two
analysis seeds: printed are the CPU time per turn, and the absolute difference between the two
estimates of every seat's chance after each turn (mean, p95, max), the analysis's noise.
"""

from __future__ import annotations

import argparse
import sys
import time

from games import all_games
from games.analysis import analyse
from games.records import simulate


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))] if ordered else 0.0


def run(games: int, quick: bool) -> list[float]:
    """Print one line per game sample; the differences of them all."""
    everything: list[float] = []
    for game in all_games():
        for sample in game.samples()[: 1 if quick else 2]:
            diffs: list[float] = []
            cpu = turns = 0.0
            for seed in range(1, games + 1):
                record = simulate(game.id, sample.players, seed, sample.options)
                started = time.process_time()
                one = analyse(record, seed=1)
                cpu += time.process_time() - started
                two = analyse(record, seed=2)
                turns += len(one["turns"])
                diffs += [abs(a - b) for p, q in zip(one["turns"], two["turns"], strict=True)
                          for a, b in zip(p["chances"], q["chances"], strict=True)]
            everything += diffs
            print(f"{game.id:24} {sample.players}p {dict(sample.options)!s:22} "
                  f"{turns / games:6.0f} turns/game  {cpu / turns * 1000:6.1f} ms CPU/turn  "
                  f"|seed 1 - seed 2| mean {sum(diffs) / len(diffs) * 100:4.1f} pts, "
                  f"p95 {p95(diffs) * 100:4.1f} pts, max {max(diffs) * 100:4.1f} pts")
    return everything


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.analysis", description=__doc__)
    parser.add_argument("--games", type=int, default=3, help="seeded games per sample")
    parser.add_argument("--quick", action="store_true", help="one sample per game, one game")
    args = parser.parse_args(argv)
    diffs = run(1 if args.quick else args.games, args.quick)
    print(f"all games: p95 of per-turn differences {p95(diffs) * 100:.1f} percentage points "
          f"over {len(diffs)} seat-turns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
