"""The load part of ``python -m benchmarks``: many live tables of every game, with computer players.

Each table has one or two people (the bench clicks for them: a random move of their menu, read as
the adapter reads it, and now and then the same click twice at once, as a double click; their
Discord locale is remembered as the adapter does on every interaction) and
computer players (easy and medium: hard ones think for a second, which is the workers' cost, not
the host's). The bench plays the computers' follow-ups the adapter would ask for
(``computers_next``) and opens a new game where one ends, so the number of live tables holds.

Two phases, both with a 10 ms ticker measuring the event loop's lag:

* **saturation**: people click as fast as the host answers: moves per second (every applied
  move, computers' included), ``play`` calls per second, and the bot process's CPU time per move
  (all its threads; the worker process choosing computer moves is not in it), which unlike the
  rate does not depend on what else the machine runs;
* **paced**: clicks arrive at a fixed rate spread over the tables (open loop, as people click):
  how long ``play`` takes (p50/p95) and the loop's lag at that rate.

Lost updates are counted honestly at the end: for every table, the moves the bench was told were
applied (``Outcome.applied``) must be exactly the stored move log, in order, with versions that
follow each other; every difference counts one.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from itertools import zip_longest
from typing import Any, TypeVar

from bot.service import TableService, errors
from bot.service.results import Outcome
from bot.storage.errors import Unavailable
from games import Game
from games.cli import percentile

T = TypeVar("T")
LEVELS = ("easy", "medium")
USERS = (1, 2)


def ms(samples: list[float]) -> dict[str, float]:
    """p50 / p95 / max in milliseconds of durations in seconds."""
    samples = samples or [0.0]
    return {"p50_ms": round(statistics.median(samples) * 1000, 1),
            "p95_ms": round(percentile(samples, 0.95) * 1000, 1),
            "max_ms": round(max(samples) * 1000, 1), "n": len(samples)}


class LagTicker:
    """A 10 ms ticker: how late the event loop wakes it up (its lag) while something runs."""

    def __init__(self) -> None:
        self.lags: list[float] = []
        self._stop = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def _run(self) -> None:
        while not self._stop.is_set():
            t = time.perf_counter()
            await asyncio.sleep(0.01)
            self.lags.append(time.perf_counter() - t - 0.01)

    def __enter__(self) -> LagTicker:
        self._task = asyncio.get_running_loop().create_task(self._run())
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()


@dataclass
class Table:
    """One channel of the bench: its game, its people and what the host said it applied."""

    channel: int
    game: Game
    humans: int
    rng: random.Random
    table_id: int | None = None
    applied: dict[int, list[str]] = field(default_factory=dict)  # table id -> moves told
    busy: bool = False
    games_played: int = 0
    max_games: int | None = None  # stop opening new games after this many (None: never)


@dataclass
class Counters:
    moves: int = 0  # every applied move (people's and computers')
    plays: int = 0  # play calls the host confirmed
    stale: int = 0  # second clicks refused as out of date
    busy: int = 0  # clicks answered "busy, try again" (the store's wait ran out)
    stalled: int = 0  # tables whose computers had to be restarted after such an answer
    play_times: list[float] = field(default_factory=list)


def table_plan(k: int, games: list[Game]) -> tuple[Game, int, list[str]]:
    """Table ``k``'s game (round robin), number of people (1 or 2) and computer levels, up to
    three seats or the game's minimum."""
    game = games[k % len(games)]
    humans = 1 + (k // len(games)) % 2
    seats = max(game.min_players, min(3, game.max_players))
    computers = max(0, seats - humans)
    return game, humans, [LEVELS[(k + i) % len(LEVELS)] for i in range(computers)]


async def open_table(host: TableService, t: Table, levels: list[str]) -> None:
    """A new game at ``t``'s channel: lobby, people, computers, Start."""
    seed = t.rng.randrange(2**31)
    for user in USERS[: t.humans]:  # as the adapter does on every interaction (stored once)
        await host.remember_locale(user, "en-US")
    await host.create_lobby(t.channel, 1, t.game.id, {}, USERS[0], "Ann", seed=seed)
    if t.humans > 1:
        await host.join(t.channel, USERS[1], "Ben")
    for level in levels:
        await host.add_computer(t.channel, USERS[0], level)
    outcome = await host.start(t.channel, USERS[0])
    t.table_id = outcome.table.game_row
    t.applied[t.table_id] = []
    if (await _follow(host, t, outcome))[1]:
        raise RuntimeError(f"a {t.game.id} game ended before anyone moved")


async def _follow(host: TableService, t: Table, outcome: Outcome) -> tuple[int, bool]:
    """Note what the host applied; play on the computers as the adapter would. The moves noted,
    and whether the game is over."""
    assert t.table_id is not None
    n = 0
    while True:
        t.applied[t.table_id] += outcome.applied
        n += len(outcome.applied)
        finished = bool(outcome.post and outcome.post.finished)
        if not outcome.computers_next or finished:
            return n, finished
        nxt = await host.computers_move(t.channel)
        if nxt is None:
            return n, finished
        outcome = nxt


async def click(host: TableService, t: Table, c: Counters, levels: list[str], *,
                double: bool) -> None:
    """One person's move at ``t`` (their menu read first, as the adapter draws buttons), the
    same click twice when ``double``; a new game when this one ended. A click answered "busy"
    is counted, and what it did is read back from the log (it may have stored its move and
    been refused afterwards), so that lost updates stay exact."""
    try:
        await _click(host, t, c, levels, double=double)
    except Unavailable:
        c.busy += 1
        if t.table_id is not None:
            logged = await _patiently(lambda: host.store.moves(t.table_id or 0))
            t.applied[t.table_id] = [m.move for m in logged]
        if await _patiently(lambda: host.table(t.channel)) is None:  # it ended the game
            t.games_played += 1
            await _patiently(lambda: open_table(host, t, levels))


async def _patiently(action: Callable[[], Awaitable[T]]) -> T:
    """``action`` again until the store is not busy (the bench's own reads after a refusal)."""
    while True:
        try:
            return await action()
        except Unavailable:
            await asyncio.sleep(0.2)


async def _click(host: TableService, t: Table, c: Counters, levels: list[str], *,
                 double: bool) -> None:
    for attempt in (1, 2):
        for user in USERS[: t.humans]:
            version, menu = await host.menu(t.channel, user)
            if menu:
                break
        else:
            # Computers to move and nobody playing them: a click answered busy after its move
            # was stored left them there. The adapter's resume does this; so does the bench.
            outcome = await host.computers_move(t.channel)
            if attempt == 2 or outcome is None:
                raise RuntimeError(f"nobody to move at table {t.channel} ({t.game.id})")
            c.stalled += 1
            c.moves += (await _follow(host, t, outcome))[0]
            continue
        break
    move = t.rng.choice(menu).move
    started = time.perf_counter()
    results = await asyncio.gather(
        *(host.play(t.channel, user, move, version=version) for _ in range(2 if double else 1)),
        return_exceptions=True)
    c.play_times.append(time.perf_counter() - started)
    finished = False
    for r in results:
        if isinstance(r, errors.StaleVersion | errors.NoTable):  # the twin click came second
            c.stale += 1
        elif isinstance(r, Unavailable) and len(results) > 1:
            raise r
        elif isinstance(r, BaseException):
            raise r
        else:
            c.plays += 1
            moves, over = await _follow(host, t, r)
            c.moves += moves
            finished = finished or over
    if finished:
        t.games_played += 1
        if t.max_games is None or t.games_played < t.max_games:
            await open_table(host, t, levels)


async def _open_patiently(host: TableService, t: Table, levels: list[str]) -> None:
    """:func:`open_table`, again after a "busy" answer: a lobby left half made is cancelled
    first; a game that did start is taken as it is (its log is what the host applied)."""
    while True:
        try:
            await open_table(host, t, levels)
            return
        except Unavailable:
            await asyncio.sleep(0.2)
        table = await _patiently(lambda: host.table(t.channel))
        if table is not None and table.status == "playing":
            t.table_id = table.game_row
            logged = await _patiently(lambda: host.store.moves(t.table_id or 0))
            t.applied[t.table_id or 0] = [m.move for m in logged]
            return
        if table is not None:
            await _patiently(lambda: host.cancel(t.channel, USERS[0]))


async def setup_tables(host: TableService, games: list[Game], count: int, first: int = 50_000,
                       concurrency: int = 20) -> tuple[list[Table], dict[int, list[str]]]:
    """``count`` tables playing (a few opened at once, as a busy server fills up)."""
    tables: list[Table] = []
    plans: dict[int, list[str]] = {}
    gate = asyncio.Semaphore(concurrency)

    async def one(k: int) -> None:
        game, humans, levels = table_plan(k, games)
        t = Table(first + k, game, humans, random.Random(k))
        plans[t.channel] = levels
        tables.append(t)
        async with gate:
            await _open_patiently(host, t, levels)

    await asyncio.gather(*(one(k) for k in range(count)))
    return tables, plans


async def saturate(host: TableService, tables: list[Table], plans: dict[int, list[str]],
                   seconds: float, clickers: int) -> dict[str, Any]:
    """``clickers`` people at once, each clicking as soon as the host answered, on the live
    tables in turn (shuffled), for ``seconds``; every fifth click is double."""
    c = Counters()
    idle: asyncio.Queue[Table] = asyncio.Queue()
    for t in random.Random(3).sample(tables, len(tables)):
        idle.put_nowait(t)
    deadline = time.perf_counter() + seconds

    async def run(k: int) -> None:
        while time.perf_counter() < deadline:
            t = await idle.get()
            try:
                await click(host, t, c, plans[t.channel], double=k % 5 == 0)
            finally:
                idle.put_nowait(t)
            k += 1

    with LagTicker() as ticker:
        started, cpu = time.perf_counter(), time.process_time()
        await asyncio.gather(*(run(k) for k in range(clickers)))
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    return {"clickers": clickers, "seconds": round(elapsed, 1), "moves": c.moves,
            "cpu_ms_per_move": round(cpu * 1000 / max(1, c.moves), 2),
            "plays": c.plays, "moves_per_s": round(c.moves / elapsed, 1),
            "plays_per_s": round(c.plays / elapsed, 1), "double_clicks_refused": c.stale,
            "busy": c.busy, "stalled": c.stalled, "play": ms(c.play_times),
            "loop_lag": ms(ticker.lags)}


async def paced(host: TableService, tables: list[Table], plans: dict[int, list[str]], rate: float,
                seconds: float) -> dict[str, Any]:
    """Clicks at ``rate`` per second on idle tables picked at random, for ``seconds``: the
    latency of ``play`` and the loop's lag at that load (what a person waits for)."""
    c = Counters()
    rng = random.Random(7)
    pending: set[asyncio.Task[None]] = set()
    skipped = 0

    async def one(t: Table) -> None:
        try:
            await click(host, t, c, plans[t.channel], double=False)
        finally:
            t.busy = False

    with LagTicker() as ticker:
        started = time.perf_counter()
        k = 0
        while (now := time.perf_counter()) < started + seconds:
            due = started + k / rate
            if due > now:
                await asyncio.sleep(due - now)
            k += 1
            t = rng.choice(tables)
            if t.busy:
                skipped += 1
                continue
            t.busy = True
            task = asyncio.get_running_loop().create_task(one(t))
            pending.add(task)
            task.add_done_callback(pending.discard)
        await asyncio.gather(*pending)
        elapsed = time.perf_counter() - started
    return {"rate": rate, "seconds": round(elapsed, 1), "plays": c.plays,
            "moves_per_s": round(c.moves / elapsed, 1), "skipped_table_busy": skipped,
            "busy": c.busy, "stalled": c.stalled,
            "play": ms(c.play_times), "loop_lag": ms(ticker.lags)}


async def lost_updates(host: TableService, tables: list[Table]) -> dict[str, int]:
    """Compare, per game, the moves the host said it applied with the stored log (moves and
    versions); every missing, extra or different entry counts one."""
    lost = checked = 0
    for t in tables:
        for table_id, told in t.applied.items():
            logged = await host.store.moves(table_id)
            versions = [m.version for m in logged]
            lost += sum(a != b for a, b in zip_longest(told, [m.move for m in logged]))
            lost += sum(b - a != 1 for a, b in zip(versions, versions[1:], strict=False))
            checked += len(told)
    return {"lost_updates": lost, "moves_checked": checked}


async def isolated_moves(host: TableService, games: list[Game], samples: int) -> dict[str, Any]:
    """``play`` on one table at a time, nothing else running (per game, then all)."""
    out: dict[str, Any] = {}
    every: list[float] = []
    for k, game in enumerate(games):
        t = Table(90_000 + 100 * k, game, 1, random.Random(k))
        levels = ["medium"] * max(1, min(3, game.max_players) - 1)
        await open_table(host, t, levels)
        c = Counters()
        while len(c.play_times) < samples:
            await click(host, t, c, levels, double=False)
        out[game.id] = ms(c.play_times)
        every += c.play_times
    out["all"] = ms(every)
    return out
