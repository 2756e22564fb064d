"""``python -m bot bench``: render and host speed numbers (printed, never asserted).

1. Board render + PNG encode, and the bare encode of the same image (from render/bench.py).
2. One human move through the host (SQLite transaction + engine + board and hand PNGs + menu):
   p50/p95 of ``TableHost.play`` on two-human tables of one game (``--game``; default: the
   first registered).
3. Many concurrent tables: every table plays its moves one after another while all tables run at
   once, each move clicked twice (a double click): moves per second, lost updates (moves the
   host confirmed that are not in the stored log, or a version holding two moves: must be 0),
   worst event-loop lag (Pillow and engine work run in threads, so the loop must stay
   responsive) and peak RSS.
4. Computer players thinking: tables of one human and two hard computers play on at once while a
   10 ms ticker measures the event loop's lag (p50/p95/max of its overshoot), with the moves
   chosen in worker processes (the config's default, 1, and 2) and, for comparison, in a thread
   of the bot's process; and how long each hard move took (queueing included).
Targets on the 2-core machine: render <= 50 ms median, move p95 <= 100 ms; with workers the loop
lag p95 stays near the ticker's own (a few ms) while hard computers think.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import resource
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from games.cli import percentile

from .host import HostError, TableHost, errors
from .host.workers import BotPool
from .storage import Store

HUMANS = (1, 2)


def _ms(samples: list[float]) -> dict[str, float]:
    return {"p50_ms": round(statistics.median(samples) * 1000, 1),
            "p95_ms": round(percentile(samples, 0.95) * 1000, 1), "runs": len(samples)}


async def _new_table(host: TableHost, channel: int, seed: int, game: str) -> None:
    await host.create_lobby(channel, 1, game, {}, HUMANS[0], "Ann", seed=seed)
    await host.join(channel, HUMANS[1], "Ben")
    await host.start(channel, HUMANS[0])


async def _one_move(
    host: TableHost, channel: int, rng: random.Random, *, double: bool
) -> tuple[int, float]:
    """The human to move plays a random legal move from their menu (twice at once if
    ``double``); returns how many clicks the host confirmed (-1 when the game is over) and the
    seconds ``play`` took (the menu is read before, as the adapter does when drawing buttons)."""
    table = await host.table(channel)
    if table is None:
        return -1, 0.0
    for user in HUMANS:
        version, menu = await host.menu(channel, user)
        if not menu:
            continue
        move = rng.choice(menu).move
        clicks = [host.play(channel, user, move, version=version) for _ in range(2 if double else 1)]
        started = time.perf_counter()
        results = await asyncio.gather(*clicks, return_exceptions=True)
        took = time.perf_counter() - started
        for r in results:
            if isinstance(r, BaseException) and not isinstance(r, errors.StaleVersion):
                raise r
        return sum(1 for r in results if not isinstance(r, BaseException)), took
    raise HostError("no human to move")


async def bench_move(host: TableHost, samples: int, game: str) -> dict[str, float]:
    """Latency of one ``play`` (one table, nothing else running): SQLite transaction, engine,
    board PNG, the hand PNG and menu of the seat to move."""
    rng = random.Random(1)
    times: list[float] = []
    channel = 10_000
    await _new_table(host, channel, channel, game)
    while len(times) < samples:
        confirmed, took = await _one_move(host, channel, rng, double=False)
        if confirmed < 0:
            channel += 1
            await _new_table(host, channel, channel, game)
            continue
        times.append(took)
    return _ms(times)


async def _loop_lag(stop: asyncio.Event, lags: list[float]) -> None:
    while not stop.is_set():
        t = time.perf_counter()
        await asyncio.sleep(0.01)
        lags.append(time.perf_counter() - t - 0.01)


async def bench_tables(host: TableHost, tables: int, moves: int, game: str) -> dict[str, Any]:
    channels = list(range(20_000, 20_000 + tables))
    for c in channels:
        await _new_table(host, c, c, game)
    confirmed: dict[int, int] = {}

    async def run(channel: int) -> None:
        rng = random.Random(channel)
        confirmed[channel] = 0
        for _ in range(moves):
            n, _took = await _one_move(host, channel, rng, double=True)
            if n < 0:
                break
            confirmed[channel] += n

    stop, lags = asyncio.Event(), []
    ticker = asyncio.create_task(_loop_lag(stop, lags))
    t = time.perf_counter()
    await asyncio.gather(*(run(c) for c in channels))
    elapsed = time.perf_counter() - t
    stop.set()
    await ticker
    lost = 0
    for c in channels:
        row = await host.store.get_table(c)
        table_id = row.id if row else (await host.store.games_in_channel(c))[-1]
        logged = await host.store.moves(table_id)
        lost += abs(confirmed[c] - len(logged))  # a confirmed move missing, or one applied twice
    total = sum(confirmed.values())
    return {"tables": tables, "moves_per_table": moves, "moves": total,
            "seconds": round(elapsed, 2), "moves_per_s": round(total / elapsed, 1),
            "lost_updates": lost, "loop_lag_max_ms": round(max(lags, default=0) * 1000, 1),
            "loop_lag_p95_ms": round(percentile(lags or [0.0], 0.95) * 1000, 1)}


class _TimedPool(BotPool):
    """The pool, noting how long each computer move took from the host's side."""

    def __init__(self, workers: int, times: list[float]) -> None:
        super().__init__(workers, 1.0)
        self.times = times

    async def choose(self, *args: Any) -> str:
        started = time.perf_counter()
        try:
            return await super().choose(*args)
        finally:
            self.times.append(time.perf_counter() - started)


async def bench_computers(
    db: str, workers: int, tables: int, moves: int, game: str
) -> dict[str, Any]:
    """Loop lag while hard computers think on ``tables`` tables (``moves`` human moves each)."""
    times: list[float] = []
    pool = _TimedPool(workers, times)
    host = TableHost(await Store.open(db), bot_delay=0, pool=pool)
    channels = list(range(30_000 + 100 * workers, 30_000 + 100 * workers + tables))
    try:
        for c in channels:
            await host.create_lobby(c, 1, game, {"first": 1}, HUMANS[0], "Ann", seed=c)
            for _ in range(2):
                await host.add_computer(c, HUMANS[0], "hard")
            await host.start(c, HUMANS[0])
        await pool.start()  # as the bot does when it opens: the processes are up before the clock

        async def run(channel: int) -> None:
            rng = random.Random(channel)
            for _ in range(moves):
                if (await _one_move(host, channel, rng, double=False))[0] < 0:
                    break

        stop, lags = asyncio.Event(), []
        ticker = asyncio.create_task(_loop_lag(stop, lags))
        await asyncio.gather(*(run(c) for c in channels))
        stop.set()
        await ticker
    finally:
        await host.close()
    lag = {"p50_ms": round(statistics.median(lags) * 1000, 1),
           "p95_ms": round(percentile(lags, 0.95) * 1000, 1),
           "max_ms": round(max(lags) * 1000, 1)}
    return {"workers": workers, "tables": tables, "hard_moves": len(times), "loop_lag": lag,
            "hard_move": _ms(times)}


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
              f"{run['hard_moves']} hard moves p50 {move['p50_ms']} ms, p95 {move['p95_ms']} ms")


async def _host_numbers(quick: bool, game: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as tmp:
        host = await TableHost.open(str(Path(tmp) / "bench.db"))
        try:
            move = await bench_move(host, 30 if quick else 200, game)
            tables = await bench_tables(host, 20 if quick else 200, 5 if quick else 20, game)
        finally:
            await host.close()
    return {"host_move": move, "concurrent": tables}


def main(args: argparse.Namespace) -> int:
    from render import table_games
    from render.bench import bench_render

    game = args.game or table_games()[0].game.id
    computers = asyncio.run(_computer_numbers(args.quick, game))
    if args.computers:
        print(json.dumps(computers, indent=2))
        _print_computers(computers)
        return 0

    render_numbers = bench_render(1.0 if args.quick else 3.0)
    board = render_numbers["board_render_and_encode"]
    encode = render_numbers["png_encode"]
    numbers = {"render": render_numbers, **asyncio.run(_host_numbers(args.quick, game)),
               "computers": computers}
    numbers["render_to_encode_ratio"] = round(board["median_ms"] / encode["median_ms"], 2)
    numbers["peak_rss_mb"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    move, conc = numbers["host_move"], numbers["concurrent"]
    print(json.dumps(numbers, indent=2))
    print(f"render+encode median {board['median_ms']} ms (target <= 50), p95 {board['p95_ms']} ms;"
          f" bare encode median {encode['median_ms']} ms"
          f" (ratio {numbers['render_to_encode_ratio']})")
    print(f"host move p50 {move['p50_ms']} ms, p95 {move['p95_ms']} ms (target p95 <= 100)")
    print(f"{conc['tables']} tables x {conc['moves_per_table']} moves: {conc['moves_per_s']} moves/s,"
          f" lost updates {conc['lost_updates']}, loop lag max {conc['loop_lag_max_ms']} ms,"
          f" peak RSS {numbers['peak_rss_mb']} MB")
    _print_computers(computers)
    return 0 if conc["lost_updates"] == 0 else 1
