"""Ratings speed, printed (opt-in with --runslow): a live rating per finished game, a rebuild of
5000 games, a leaderboard and a /stats read, on a real SQLite file. No timed assertions."""

from __future__ import annotations

import statistics
import time

import pytest

from bot.service import Services
from bot.service.ratings import teams
from tests.bot.conftest import GUILD
from tests.bot.service.test_ratings import _history, _insert_games
from tests.bot.toy import TOY_ID

GAMES = 5000


@pytest.mark.slow
async def test_ratings_speed(db_path: str) -> None:
    host = await Services.open(db_path)
    try:
        history = _history(GAMES)
        await _insert_games(host.store, history)
        live = []
        for row, *_ in history[:300]:
            start = time.perf_counter()
            await host.store.ratings.rate_game(row, teams)
            live.append(time.perf_counter() - start)
        rebuilds = []
        for _ in range(3):
            start = time.perf_counter()
            assert await host.ratings.rebuild_ratings() == GAMES
            rebuilds.append(time.perf_counter() - start)
        boards, stats = [], []
        for user in range(1, 101):
            start = time.perf_counter()
            await host.ratings.leaderboard(GUILD, TOY_ID, user % 15 + 1)
            boards.append(time.perf_counter() - start)
            start = time.perf_counter()
            await host.ratings.standings(GUILD, user % 15 + 1)
            stats.append(time.perf_counter() - start)
        print(f"\nratings: rate one finished game median {statistics.median(live) * 1000:.2f} ms; "
              f"rebuild {GAMES} games median {statistics.median(rebuilds):.2f} s; leaderboard "
              f"median {statistics.median(boards) * 1000:.2f} ms; standings median "
              f"{statistics.median(stats) * 1000:.2f} ms")
    finally:
        await host.close()
