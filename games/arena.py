"""``python -m games arena GAME --a hard --b medium --games N``: how strong a level is.

Game ``i`` is seeded ``seed + i``; level A plays one seat (seat ``i mod players + 1``, so every
seat gets its turn, or the seat ``--seat`` fixes) and level B every other seat. Prints A's share
of the wins (a shared win counts its share) with a 95% Wilson interval, the share a level equal
to B would get, and the move times per level (median, p95). Bots are called through
:func:`games.levels.choose`, as the table host calls them, with the host's default thinking cap
(``--think`` CPU seconds a move; 0: none); the moves the cap cut are counted.
"""

from __future__ import annotations

import logging
import math
import random
import statistics
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .base import Game
from .cli import option_pairs, percentile
from .levels import choose, level_of
from .registry import get_game
from .thinking import Deadline

MAX_MOVES = 100_000
THOUGHT = 0.01
"""CPU seconds from which a move counts as thought about (searched) in the report."""


@dataclass
class Tally:
    """What an arena run found: A's win shares per game and every move's time per level."""

    shares: list[float] = field(default_factory=list)
    times: dict[str, list[float]] = field(default_factory=dict)
    """Wall seconds per move, by level."""
    cpu: dict[str, list[float]] = field(default_factory=dict)
    """CPU seconds per move, by level (what the move costs on a machine nobody else uses)."""
    cuts: int = 0
    """Searches the thinking cap cut (each logged by :mod:`games.search`)."""


def play(
    game: Game, levels: list[str], options: Mapping[str, Any], seed: int, tally: Tally,
    think: float = 0.0,
) -> list[int]:
    """One seeded game, ``levels[i]`` at seat i+1; the winners. Move times go in ``tally``;
    ``think``: each move's CPU cap (0: none)."""
    state = game.new(len(levels), options, seed)
    for n in range(MAX_MOVES):
        movers = game.to_move(state)
        if not movers:
            return game.result(state).winners
        seat = movers[0]
        level = levels[seat - 1]
        rng = random.Random(f"{seed}:{n}:arena")
        start, start_cpu = time.perf_counter(), time.process_time()
        move = choose(game, level, state, seat, rng, deadline=Deadline(think) if think else None)
        tally.times.setdefault(level, []).append(time.perf_counter() - start)
        tally.cpu.setdefault(level, []).append(time.process_time() - start_cpu)
        state, _ = game.apply(state, seat, move)
    raise RuntimeError(f"{game.id} seed {seed} did not end within {MAX_MOVES} moves")


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (``successes`` may be fractional)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low, high = (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)
    return max(0.0, low), min(1.0, high)


def run(
    game_id: str, a: str, b: str, games: int, players: int | None = None, seed: int = 0,
    options: Mapping[str, Any] | None = None, seat: int | None = None, think: float = 0.0,
) -> Tally:
    """Play the arena's games (see the module docstring) and return the tally."""
    game = get_game(game_id)
    options = dict(options or {})
    players = players or game.player_range(options)[0]
    game.normalize_options(players, options)  # a bad option or count: BadOptions, before playing
    a, b = level_of(a), level_of(b)
    tally = Tally()
    counter = _CutCounter(tally)
    logging.getLogger("games.search").addHandler(counter)
    try:
        for i in range(games):
            a_seat = seat or i % players + 1
            levels = [a if s == a_seat else b for s in range(1, players + 1)]
            winners = play(game, levels, options, seed + i, tally, think)
            tally.shares.append(1.0 / len(winners) if a_seat in winners else 0.0)
    finally:
        logging.getLogger("games.search").removeHandler(counter)
    return tally


class _CutCounter(logging.Handler):
    """Counts the searches the cap cut, from their warnings."""

    def __init__(self, tally: Tally) -> None:
        super().__init__(logging.WARNING)
        self.tally = tally

    def emit(self, record: logging.LogRecord) -> None:
        self.tally.cuts += 1


def report(game_id: str, a: str, b: str, players: int, tally: Tally) -> list[str]:
    """The printed table: A's win share with its interval, then move times per level."""
    game = get_game(game_id)
    n = len(tally.shares)
    wins = sum(tally.shares)
    low, high = wilson(wins, n)
    lines = [
        f"{game.name}, {players} players, {n} games: {level_of(a)} (one seat, rotated) against "
        f"{level_of(b)}",
        f"  {level_of(a)} win share {wins / n:6.1%}  95% CI [{low:.1%}, {high:.1%}]  "
        f"(an equal player: {1 / players:.1%})",
    ]
    for level, times in sorted(tally.times.items()):
        cpu = tally.cpu[level]
        lines.append(
            f"  {level:<6} move wall median {statistics.median(times) * 1e3:7.2f} ms  "
            f"p95 {percentile(times, 0.95) * 1e3:7.2f} ms  max {max(times) * 1e3:7.1f} ms · "
            f"cpu median {statistics.median(cpu) * 1e3:7.2f} ms  p95 "
            f"{percentile(cpu, 0.95) * 1e3:7.2f} ms  ({len(times)} moves)"
        )
        if len(thought := [c for c in cpu if c >= THOUGHT]) not in (0, len(cpu)):
            lines.append(  # the searched moves (most Maître des Mers moves are forced or quick)
                f"  {level:<6} moves over {THOUGHT * 1e3:.0f} ms of CPU: median "
                f"{statistics.median(thought) * 1e3:7.2f} ms  p95 "
                f"{percentile(thought, 0.95) * 1e3:7.2f} ms  max {max(thought) * 1e3:7.1f} ms  "
                f"({len(thought)} moves)")
    lines.append(f"  searches cut by the thinking cap: {tally.cuts}")
    return lines


def main(args: Any) -> int:
    """The ``arena`` subcommand (arguments parsed by :mod:`games.__main__`)."""
    options = option_pairs(args.option)
    game = get_game(args.game)
    players = args.players or game.player_range(options)[0]
    tally = run(args.game, args.a, args.b, args.games, players, args.seed, options, args.seat,
                args.think)
    print("\n".join(report(args.game, args.a, args.b, players, tally)))
    return 0
