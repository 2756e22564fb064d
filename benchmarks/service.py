"""``python -m benchmarks``: speed, memory and size numbers (printed, never asserted).

1. Board render + PNG encode of the biggest map benchmarks/render.py draws (108 cards), and the bare
   encode of the same image: their ratio says what the drawing costs beyond the encoder.
2. The host under load (benchmarks/load.py): one move alone per game (p50/p95 of
   ``PlayService.play``), then 1,000 live tables of every game with people and computer players:
   moves per second at saturation, ``play`` latency and event-loop lag at a paced rate, lost
   updates counted against the stored move logs, peak RSS.
3. ``--size`` (benchmarks/size.py): database growth per finished game, and a busy server's year.
4. ``--computers``: loop lag while hard computers think, with the moves chosen in worker
   processes (the config's default, 1, and 2) and in a thread of the bot's process.
5. ``--streams``: one process's own worst load (issue 30, item 3): 200 /move streams at once on
   100 tables for 60 s, on SQLite and PostgreSQL: moves/s, busy answers, phantom moves
   (benchmarks/load.py, :func:`~benchmarks.load.streams`).
Targets on the 2-core machine: render <= 50 ms median and <= 1.5x the bare encode; >= 150
moves/s on 1,000 tables, 0 lost updates, move p95 <= 40 ms, loop lag <= 50 ms, RSS <= 200 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.app.process import settle_garbage_collector
from bot.catalog import table_games
from bot.service import Services
from bot.service.workers import ComputerPool
from bot.storage import Store
from games import get_game

from . import load
from .db import bench_database
from .render import bench_render
from .size import print_size, size_numbers


class _TimedPool(ComputerPool):
    """The pool, noting how long each request for computer moves (a run of them, from one
    person's move to the next) took from the host's side."""

    def __init__(self, workers: int, times: list[float]) -> None:
        super().__init__(workers, 1.0)
        self.times = times

    async def play(self, *args: Any) -> Any:
        started = time.perf_counter()
        try:
            return await super().play(*args)
        finally:
            self.times.append(time.perf_counter() - started)


async def bench_computers(
    db: str, workers: int, tables: int, moves: int, game: str
) -> dict[str, Any]:
    """Loop lag while hard computers think on ``tables`` tables (``moves`` human moves each)."""
    times: list[float] = []
    pool = _TimedPool(workers, times)
    host = Services(await Store.open(db), computer_delay=0, pool=pool)
    channels = list(range(30_000 + 100 * workers, 30_000 + 100 * workers + tables))
    try:
        levels = ["hard", "hard"]
        tables = [load.Table(c, get_game(game), 1, random.Random(c), max_games=1)
                  for c in channels]
        for t in tables:
            await load.open_table(host, t, levels)
        await pool.start()  # as the bot does when it opens: the processes are up before the clock
        c = load.Counters()

        async def run(t: load.Table) -> None:
            for _ in range(moves):
                if t.games_played:
                    break
                await load.click(host, t, c, levels, double=False)

        with load.LagTicker() as ticker:
            await asyncio.gather(*(run(t) for t in tables))
    finally:
        await host.close()
    return {"workers": workers, "tables": len(tables), "hard_moves": len(times),
            "loop_lag": load.ms(ticker.lags), "hard_move": load.ms(times)}


async def _computer_numbers(quick: bool, game: str) -> list[dict[str, Any]]:
    with tempfile.TemporaryDirectory() as tmp:
        return [await bench_computers(str(Path(tmp) / f"computers-{w}.db"), w,
                                      2 if quick else 3, 2 if quick else 4, game)
                for w in ((1, 0) if quick else (1, 2, 0))]


def _print_computers(runs: list[dict[str, Any]]) -> None:
    for run in runs:
        where = f"{run['workers']} worker(s)" if run["workers"] else "a thread (workers = 0)"
        lag, move = run["loop_lag"], run["hard_move"]
        print(f"{run['tables']} tables, 2 hard computers each, moves chosen in {where}: loop lag "
              f"p50 {lag['p50_ms']} ms, p95 {lag['p95_ms']} ms, max {lag['max_ms']} ms; "
              f"{run['hard_moves']} requests for hard moves (each a run of them) p50 "
              f"{move['p50_ms']} ms, p95 {move['p95_ms']} ms")


async def _load_numbers(url: str | None, tables: int, seconds: float, rate: float | None,
                        samples: int, clickers: int) -> dict[str, Any]:
    """Isolated moves, then ``tables`` live tables: saturation, paced clicks, lost updates."""
    games = [tg.game for tg in table_games()]
    with tempfile.TemporaryDirectory() as tmp:
        async with bench_database(url, tmp, "load") as db:
            pool = ComputerPool(1)  # the bot's default: one worker process
            host = Services(await Store.open(db), computer_delay=0, pool=pool)
            await pool.start()
            settle_garbage_collector()  # as the bot does once started (bot.app.runner)
            try:
                alone = await load.isolated_moves(host, games, samples)
                t = time.perf_counter()
                live, plans = await load.setup_tables(host, games, tables)
                opened = time.perf_counter() - t
                full = await load.saturate(host, live, plans, seconds, clickers)
                # By default at 70 % of the clicks per second saturation reached: a load this
                # machine sustains, so the latency is the host's and not a growing queue's.
                pace = rate or max(1.0, round(0.7 * full["plays_per_s"], 1))
                at_rate = await load.paced(host, live, plans, pace, seconds)
                lost = await load.lost_updates(host, live)
                workers = [mb for pid in pool.pids() if (mb := peak_rss_mb(pid)) is not None]
            finally:
                await host.close()
    return {"database": "postgresql" if url else "sqlite", "tables": tables, "games": [g.id for g in games], "open_seconds": round(opened, 1),
            "host_move_alone": alone, "saturation": full, "paced": at_rate, **lost,
            "worker_peak_rss_mb": max(workers, default=None)}


async def stream_numbers(url: str | None, tables: int, seconds: float,
                         count: int) -> dict[str, Any]:
    """:func:`load.streams` on a new database (SQLite, or a schema of ``url``)."""
    games = [tg.game for tg in table_games()]
    with tempfile.TemporaryDirectory() as tmp:
        async with bench_database(url, tmp, "streams") as db:
            pool = ComputerPool(1)
            host = Services(await Store.open(db), computer_delay=0, pool=pool)
            await pool.start()
            settle_garbage_collector()
            try:
                live, plans = await load.setup_tables(host, games, tables)
                numbers = await load.streams(host, live, plans, seconds, count)
            finally:
                await host.close()
    return {"database": "postgresql" if url else "sqlite", **numbers}


def _print_streams(n: dict[str, Any]) -> None:
    print(f"{n['database']}: {n['streams']} /move streams on {n['tables']} tables for "
          f"{n['seconds']} s: {n['moves_per_s']} moves/s ({n['played']} played, "
          f"{n['refused_by_the_rules']} refused by the rules: twin clicks and the other mover), "
          f"{n['busy']} answered busy (storage sentences: {n['storage_sentences'] or 'none'}), "
          f"{n['phantom_moves']} phantom moves (raised, yet stored), {n['failed']} other "
          f"failures, {n['bookkeeping_refused']} post bookkeeping refused; play p50 "
          f"{n['play']['p50_ms']} / p95 {n['play']['p95_ms']} ms, loop lag p95 "
          f"{n['loop_lag']['p95_ms']} ms")


def peak_rss_mb(pid: int | str = "self") -> float | None:
    """The peak resident memory (MB) of a process over its life so far: Linux's ``VmHWM``
    (None where there is no /proc). Not ``getrusage(RUSAGE_CHILDREN)``: a child started with
    ``spawn`` is forked before it runs Python, and its ``ru_maxrss`` keeps the bot's memory at
    that moment (a 53 MB "worker" was the bot's size at the fork, the worker itself was ~35)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except OSError:
        pass
    return None


def _rss() -> dict[str, float]:
    """This process's peak resident memory (MB)."""
    return {"peak_rss_mb": peak_rss_mb() or round(
        resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)}


def _print_load(n: dict[str, Any]) -> None:
    alone, full, at = n["host_move_alone"]["all"], n["saturation"], n["paced"]
    print(f"host move alone (one table at a time, every game): p50 {alone['p50_ms']} ms, "
          f"p95 {alone['p95_ms']} ms (target p95 <= 40)")
    print(f"{n['database']}, {n['tables']} live tables ({', '.join(n['games'])}; people + easy/medium computers), "
          f"opened in {n['open_seconds']} s")
    print(f"  saturation ({full['clickers']} people clicking at once): {full['moves_per_s']} "
          f"moves/s (target >= 150; {full['plays_per_s']} clicks/s, the rest computers' "
          f"answers; {full['cpu_ms_per_move']} ms of CPU per move), {full['busy']} answered "
          f"busy, loop lag p50 {full['loop_lag']['p50_ms']} / "
          f"p95 {full['loop_lag']['p95_ms']} / max {full['loop_lag']['max_ms']} ms")
    print(f"  paced at {at['rate']} clicks/s: {at['moves_per_s']} moves/s, {at['busy']} answered "
          f"busy, play p50 "
          f"{at['play']['p50_ms']} / p95 {at['play']['p95_ms']} ms, loop lag p50 "
          f"{at['loop_lag']['p50_ms']} / p95 {at['loop_lag']['p95_ms']} / max "
          f"{at['loop_lag']['max_ms']} ms (target <= 50)")
    bot, worker = n["peak_rss_mb"], n["worker_peak_rss_mb"]
    both = f"{round(bot + worker, 1)} MB" if worker is not None else "unknown"
    print(f"  lost updates {n['lost_updates']} of {n['moves_checked']} moves checked; peak RSS "
          f"bot {bot} MB + worker {worker} MB = {both} (target <= 200)")


def main(args: argparse.Namespace) -> int:
    if args.computers:
        game = args.game or table_games()[0].game.id
        computers = asyncio.run(_computer_numbers(args.quick, game))
        print(json.dumps(computers, indent=2))
        _print_computers(computers)
        return 0
    if args.streams:
        url = args.database_url or os.environ.get("TABLEE_TEST_DATABASE_URL", "").strip() or None
        runs = [asyncio.run(stream_numbers(where, args.tables or 100, args.seconds or 60.0,
                                           args.streams)) for where in [None, *([url] if url else [])]]
        print(json.dumps(runs, indent=2))
        for run in runs:
            _print_streams(run)
        return 0 if all(run["phantom_moves"] == 0 and run["failed"] == 0 for run in runs) else 1
    if args.size:
        numbers = size_numbers([tg.game for tg in table_games()
                                if args.game in (None, tg.game.id)], 3 if args.quick else 20,
                               args.database_url)
        print(json.dumps(numbers, indent=2))
        print_size(numbers)
        return 0
    quick = args.quick
    render_numbers = bench_render(1.0 if quick else 3.0, cards=108)
    numbers = asyncio.run(_load_numbers(
        args.database_url, args.tables or (12 if quick else 1000),
        args.seconds or (3.0 if quick else 30.0), args.rate, 5 if quick else 50, args.clickers))
    numbers["render"] = render_numbers
    numbers.update(_rss())
    print(json.dumps(numbers, indent=2))
    board, encode = render_numbers["board_render_and_encode"], render_numbers["png_encode"]
    zlib_encode = render_numbers["png_encode_zlib"]
    print(f"render+encode of a {render_numbers['cards']}-card map: median {board['median_ms']} ms"
          f" (target <= 50; CPU {board['cpu_median_ms']} ms), bare encode CPU"
          f" {encode['cpu_median_ms']} ms, ratio {render_numbers['ratio']} (target <= 1.5; the"
          f" two taken in turns), {render_numbers['png_bytes']} bytes; the bare encode with"
          f" zlib's deflate instead of ISA-L's: CPU {zlib_encode['cpu_median_ms']} ms, ratio"
          f" {render_numbers['ratio_to_zlib_encode']}")
    _print_load(numbers)
    return 0 if numbers["lost_updates"] == 0 else 1
