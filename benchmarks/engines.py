"""``python -m benchmarks.engines GAME [--seconds S]``: speed numbers for an engine (printed, never asserted).

Generic part: random complete games per second for every option set (each option with choices
varied on its own, every player count the game accepts), with CPU time so a busy machine skews
less. Game-specific extras register in ``EXTRAS`` (Master Islands: ``legal()`` on large maps).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from games.base import Game, State
from games.cli import percentile
from games.levels import random_bot
from games.master_islands.cards import full_deck
from games.options import BadOptions
from games.registry import all_games, get_game


def option_sets(game: Game) -> list[tuple[int, dict[str, Any]]]:
    """(players, options) cases: defaults, then each choice option varied alone, per count."""
    cases: list[tuple[int, dict[str, Any]]] = []
    seen: set[str] = set()
    variants: list[dict[str, Any]] = [{}]
    for opt in game.options:
        for choice in opt.choices or ():
            if choice != opt.default:
                variants.append({opt.name: choice})
    for options in variants:
        for players in range(game.min_players, game.max_players + 1):
            try:
                norm = game.normalize_options(players, options)
            except BadOptions:
                continue
            key = f"{players}:{sorted(norm.items(), key=str)}"
            if key not in seen:
                seen.add(key)
                cases.append((players, options))
    return cases


def play_random(game: Game, players: int, options: dict[str, Any], seed: int) -> int:
    """One complete game between random bots; the number of moves."""
    rng = random.Random(seed)
    state = game.new(players, options, seed)
    moves = 0
    while movers := game.to_move(state):
        state, _ = game.apply(state, movers[0], random_bot(game, state, movers[0], rng))
        moves += 1
    return moves


def bench_games(game: Game, seconds: float) -> None:
    print(f"{game.name}: random complete games per option set ({seconds:g} s CPU each, one core)")
    for players, options in option_sets(game):
        times: list[float] = []
        moves = 0
        seed = 0
        cpu0 = time.process_time()
        wall0 = time.perf_counter()
        while time.process_time() - cpu0 < seconds:
            t = time.process_time()
            moves += play_random(game, players, options, seed)
            times.append(time.process_time() - t)
            seed += 1
        cpu = time.process_time() - cpu0
        wall = time.perf_counter() - wall0
        label = ", ".join(f"{k}={v}" for k, v in options.items()) or "defaults"
        print(f"  {players}p {label:<28} {len(times) / cpu:8.1f} games/s (cpu)"
              f" {len(times) / wall:8.1f} games/s (wall)  {moves / cpu:9.0f} moves/s"
              f"  game median {statistics.median(times) * 1e3:6.2f} ms"
              f" p95 {percentile(times, 0.95) * 1e3:6.2f} ms  ({len(times)} games)")


def _no_take_bot(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """Random, but never conquers: the map only grows (for large-map numbers)."""
    if game.view(state, seat)["phase"] == "conquest":
        return "pass"
    moves = game.legal(state, seat)
    return rng.choice(moves)


def bench_mi_large_maps(game: Game, seconds: float) -> None:
    """Master Islands ``legal()`` on maps of 60+ cards (a 4-deck pile, nobody conquers)."""
    samples: dict[str, list[tuple[State, int]]] = {}
    rng = random.Random(7)
    for seed in range(3):
        # Three more decks under the pile: maps no game reaches (a record's setup may hold only
        # the game's 48 cards, so they are added to the dealt state).
        more = full_deck() * 3
        rng.shuffle(more)
        state = game.new(3, {}, seed)
        state = {**state, "pile": list(state["pile"]) + more}
        while (movers := game.to_move(state)) and len(state["map"]) < 160:
            n = len(state["map"])
            if n >= 60:
                bucket = "60-99" if n < 100 else ("100-139" if n < 140 else "140+")
                samples.setdefault(f"{bucket} {state['phase']}", []).append((state, movers[0]))
            state, _ = game.apply(state, movers[0], _no_take_bot(game, state, movers[0], rng))
    print("Master Islands legal() on large maps (3 players, nobody conquers):")
    budget = seconds / max(1, len(samples))
    for key in sorted(samples, key=lambda k: (int(k[:3].strip("-+ ")), k)):
        times: list[float] = []
        sizes: list[int] = []
        end = time.process_time() + budget
        i = 0
        while time.process_time() < end:
            state, seat = samples[key][i % len(samples[key])]
            t = time.perf_counter()
            legal = game.legal(state, seat)
            times.append(time.perf_counter() - t)
            sizes.append(len(legal))
            i += 1
        print(f"  map {key:<20} legal() median {statistics.median(times) * 1e6:8.0f} µs"
              f"  p95 {percentile(times, 0.95) * 1e6:8.0f} µs  moves median {statistics.median(sizes):6.0f}"
              f"  max {max(sizes):6d}  ({len(samples[key])} states)")


def bench_move_costs(game: Game, seconds: float) -> None:
    """What the host pays per computer move: bot decision, determinize, view, legal, apply."""
    level = "greedy" if "greedy" in game.bots else "random"
    bot = game.bots[level]
    samples: list[tuple[State, int]] = []
    cpu0 = time.process_time()
    seed = 0
    while time.process_time() - cpu0 < seconds / 2 or seed < 3:
        rng = random.Random(seed)
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state = game.new(players, {}, seed)
        while movers := game.to_move(state):
            samples.append((state, movers[0]))
            state, _ = game.apply(state, movers[0], bot(game, state, movers[0], rng))
        seed += 1
    rng = random.Random(0)
    print(f"{game.name}: per-move costs over {level} self-play ({len(samples)} states, {seed} games)")
    calls: list[tuple[str, Callable[[State, int], object]]] = [
        (f"{level} move", lambda st, seat: bot(game, st, seat, rng)),
        ("determinize", lambda st, seat: game.determinize(st, seat, rng)),
        ("view", lambda st, seat: game.view(st, seat)),
        ("legal", lambda st, seat: game.legal(st, seat)),
        ("apply", lambda st, seat: game.apply(st, seat, game.legal(st, seat)[0])),
    ]
    for label, call in calls:
        times = []
        for st, seat in samples:
            t = time.perf_counter()
            call(st, seat)
            times.append(time.perf_counter() - t)
        print(f"  {label:<16} median {statistics.median(times) * 1e6:8.1f} µs"
              f"  p95 {percentile(times, 0.95) * 1e6:8.1f} µs  max {max(times) * 1e6:8.0f} µs")


EXTRAS: dict[str, Callable[[Game, float], None]] = {"master-islands": bench_mi_large_maps}


def run_bench(game_id: str, seconds: float = 3.0) -> None:
    game = get_game(game_id)
    bench_games(game, seconds)
    bench_move_costs(game, seconds)
    extra = EXTRAS.get(game_id)
    if extra:
        extra(game, seconds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.engines",
                                     description="print speed numbers for a game's engine")
    parser.add_argument("game", choices=[g.id for g in all_games()])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args(argv)
    run_bench(args.game, args.seconds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
