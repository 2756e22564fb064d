"""Whole games between a computer player under test and random players, shared by the bot tests
of every game (no tests here)."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable

from games import Game, State
from games.levels import random_bot

Bot = Callable[[Game, State, int, random.Random], str]


def play(
    game: Game,
    bot: Bot,
    players: int,
    seed: int,
    bot_seats: set[int],
    cap: int = 5000,
    times: list[float] | None = None,
) -> State:
    """A game from ``seed``: ``bot`` plays ``bot_seats`` (each move checked legal, its time
    added to ``times``), random players the others; stops at the end or after ``cap`` moves."""
    rng = random.Random(seed)
    state = game.new(players, {}, seed)
    for _ in range(cap):
        to_move = game.to_move(state)
        if not to_move:
            break
        seat = to_move[0]
        if seat in bot_seats:
            start = time.perf_counter()
            move = bot(game, state, seat, rng)
            if times is not None:
                times.append(time.perf_counter() - start)
            assert move in game.legal(state, seat), move
        else:
            move = random_bot(game, state, seat, rng)
        state, _ = game.apply(state, seat, move)
    return state


def win_rate(game: Game, bot: Bot, players: int, games: int = 200) -> tuple[float, float]:
    """(share of wins, ties shared; median move seconds) of ``bot`` in one rotating seat
    against random players. Every game must end."""
    wins, times = 0.0, []
    for seed in range(games):
        seat = 1 + seed % players
        result = game.result(play(game, bot, players, seed, {seat}, times=times))
        assert result.finished
        if seat in result.winners:
            wins += 1 / len(result.winners)
    return wins / games, statistics.median(times)


def report(players: int, rate: float, median: float) -> None:
    print(f"{players} players: greedy wins {rate:.3f} (baseline {1 / players:.3f}), "
          f"median move {median * 1000:.2f} ms")
