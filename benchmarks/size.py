"""``python -m benchmarks --size``: how much the database grows per finished game, per game.

For each game, a fresh database (a SQLite file, or a PostgreSQL schema) plays one game (the
tables' first pages), then ``games`` whole games through the host (one person clicking random menu moves, two computer players), then it is
measured (:func:`benchmarks.db.database_bytes`: the bytes in use, space the database reuses
left out): bytes per game from its growth, and where they went, per table. A finished game keeps
its record, results and ratings; its move log went with its table (bot.storage.log). A year of a busy server is extrapolated from the mean of the games.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from typing import Any

from bot.service import Services
from games import Game

from .db import bench_database, database_bytes
from .load import Counters, Table, click, open_table

BUSY_GAMES_PER_DAY = 200
"""A busy server: 200 finished games a day (a few dozen people playing every evening)."""


async def _play_games(host: Services, game: Game, games: int, seed: int,
                     channel: int = 70_000) -> int:
    """Play ``games`` whole games at one channel; the moves played."""
    t = Table(channel, game, 1, random.Random(seed), max_games=games)
    levels = ["medium", "easy"][: max(1, min(3, game.max_players) - 1)]
    await open_table(host, t, levels)
    c = Counters()
    while t.games_played < games:
        await click(host, t, c, levels, double=False)
    return sum(len(m) for m in t.applied.values())


async def game_size(game: Game, games: int, tmp: str, url: str | None = None) -> dict[str, Any]:
    """Growth per game of a fresh database (SQLite in ``tmp``, else a schema at ``url``) once
    one game was played in it: the first game's one-off pages (each table's and index's first
    one) are not what each game adds."""
    async with bench_database(url, tmp, f"size-{game.id}") as target:
        host = await Services.open(target)
        try:
            await _play_games(host, game, 1, seed=0, channel=69_999)
            before, per_before = await database_bytes(target)
            moves = await _play_games(host, game, games, seed=1)
        finally:
            await host.close()
        after, per_after = await database_bytes(target)
    grown = {name: per_after[name] - per_before.get(name, 0) for name in per_after
             if per_after[name] != per_before.get(name, 0)}
    return {"games": games, "moves_per_game": round(moves / games, 1),
            "bytes_before": before, "bytes_after": after,
            "bytes_per_game": round((after - before) / games),
            "bytes_per_game_by_table": {k: round(v / games) for k, v in sorted(grown.items())}}


def size_numbers(games_list: list[Game], games: int, url: str | None = None) -> dict[str, Any]:
    """Per-game growth for each game, and a busy server's year (games spread evenly)."""
    with tempfile.TemporaryDirectory() as tmp:
        per = {g.id: asyncio.run(game_size(g, games, tmp, url)) for g in games_list}
    mean = sum(p["bytes_per_game"] for p in per.values()) / len(per)
    year = mean * BUSY_GAMES_PER_DAY * 365
    return {"database": "postgresql" if url else "sqlite", "per_game": per,
            "mean_bytes_per_game": round(mean),
            "busy_server": {"games_per_day": BUSY_GAMES_PER_DAY,
                            "year_mb": round(year / 1e6, 1)}}


def print_size(numbers: dict[str, Any]) -> None:
    for game, p in numbers["per_game"].items():
        print(f"{game}: {p['games']} games, {p['moves_per_game']} moves each, "
              f"{p['bytes_per_game']} bytes per finished game "
              f"(database {p['bytes_before']} -> {p['bytes_after']} bytes in use)")
    busy = numbers["busy_server"]
    print(f"{numbers['database']}: mean {numbers['mean_bytes_per_game']} bytes per game; "
          f"a busy server "
          f"({busy['games_per_day']} games a day) grows {busy['year_mb']} MB a year")
