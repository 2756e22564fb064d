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

A third shape, on its own (``python -m benchmarks --streams``, :func:`streams`), is one busy
process's worst minute (issue 30, item 3): 100 tables, 200 ``/move`` streams at once, two per
table (so two people move at one table at the same moment, and one of them loses to the other's
version), every fifth stream submitting each move twice at once (a double click), each played
move followed by what the adapter writes after posting (``posted``: the post's bookkeeping).
What it reports side by side: moves per second, the answers that were the storage's sentences
("busy", by kind), and the phantom moves: calls that raised although their move is stored in the
log (told "nothing changed", yet played).
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

from bot.service import Services, errors
from bot.service.results import Outcome
from bot.storage.errors import Busy, Unavailable
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
    started: dict[int, int] = field(default_factory=dict)  # table id -> its version at the start
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


async def open_table(host: Services, t: Table, levels: list[str]) -> None:
    """A new game at ``t``'s channel: lobby, people, computers, Start."""
    seed = t.rng.randrange(2**31)
    for user in USERS[: t.humans]:  # as the adapter does on every interaction (stored once)
        await host.languages.remember_locale(user, "en-US")
    await host.lobbies.create_lobby(t.channel, 1, t.game.id, {}, USERS[0], "Ann", seed=seed)
    if t.humans > 1:
        await host.lobbies.join(t.channel, USERS[1], "Ben")
    for level in levels:
        await host.lobbies.add_computer(t.channel, USERS[0], level)
    outcome = await host.lobbies.start(t.channel, USERS[0])
    t.table_id = outcome.table.game_row
    t.applied[t.table_id] = []
    t.started[t.table_id] = outcome.table.version - len(outcome.applied)
    if (await _follow(host, t, outcome))[1]:
        raise RuntimeError(f"a {t.game.id} game ended before anyone moved")


async def _follow(host: Services, t: Table, outcome: Outcome) -> tuple[int, bool]:
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
        nxt = await host.moves.computers_move(t.channel)
        if nxt is None:
            return n, finished
        outcome = nxt


async def click(host: Services, t: Table, c: Counters, levels: list[str], *,
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
            logged = await stored_moves(host, t, t.table_id)
            t.applied[t.table_id] = [move for _user, move in logged.values()]
        if await _patiently(lambda: host.views.table(t.channel)) is None:  # it ended the game
            t.games_played += 1
            await _patiently(lambda: open_table(host, t, levels))


async def stored_moves(host: Services, t: Table, table_id: int
                       ) -> dict[int, tuple[int | None, str]]:
    """version -> (user id, move) of the moves stored at ``t``'s table ``table_id``, in order:
    its move log while it plays; once it closed (its log goes with it), its finished game's
    record, numbered from the version the game started at (in the benches each move adds one
    version: nobody takes a move back or leaves their seat to a computer)."""
    logged = await _patiently(lambda: host.store.log.moves(table_id))
    if logged:
        return {m.version: (m.user_id, m.move) for m in logged}
    game = await _patiently(lambda: host.store.history.game(table_id))
    if game is None:
        return {}
    people = USERS[: t.humans]  # seats 1, 2 … in the order they sat down (open_table)
    return {t.started[table_id] + 1 + i: (people[m["seat"] - 1] if m["seat"] <= len(people)
                                          else None, m["move"])
            for i, m in enumerate(game["record"]["moves"])}


async def _patiently(action: Callable[[], Awaitable[T]]) -> T:
    """``action`` again until the store is not busy (the bench's own reads after a refusal)."""
    while True:
        try:
            return await action()
        except Unavailable:
            await asyncio.sleep(0.2)


async def _click(host: Services, t: Table, c: Counters, levels: list[str], *,
                 double: bool) -> None:
    for attempt in (1, 2):
        for user in USERS[: t.humans]:
            version, menu = await host.views.menu(t.channel, user)
            if menu:
                break
        else:
            # Computers to move and nobody playing them: a click answered busy after its move
            # was stored left them there. The adapter's resume does this; so does the bench.
            outcome = await host.moves.computers_move(t.channel)
            if attempt == 2 or outcome is None:
                raise RuntimeError(f"nobody to move at table {t.channel} ({t.game.id})")
            c.stalled += 1
            c.moves += (await _follow(host, t, outcome))[0]
            continue
        break
    move = t.rng.choice(menu).move
    started = time.perf_counter()
    results = await asyncio.gather(
        *(host.moves.play(t.channel, user, move, version=version) for _ in range(2 if double else 1)),
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


async def _open_patiently(host: Services, t: Table, levels: list[str]) -> None:
    """:func:`open_table`, again after a "busy" answer: a lobby left half made is cancelled
    first; a game that did start is taken as it is (its log is what the host applied)."""
    while True:
        try:
            await open_table(host, t, levels)
            return
        except Unavailable:
            await asyncio.sleep(0.2)
        table = await _patiently(lambda: host.views.table(t.channel))
        if table is not None and table.status == "playing":
            t.table_id = table.game_row or 0
            logged = await _patiently(lambda: host.store.log.moves(t.table_id or 0))
            t.applied[t.table_id] = [m.move for m in logged]
            t.started[t.table_id] = table.version - len(logged)
            return
        if table is not None:
            await _patiently(lambda: host.lobbies.cancel(t.channel, USERS[0]))


async def setup_tables(host: Services, games: list[Game], count: int, first: int = 50_000,
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


async def saturate(host: Services, tables: list[Table], plans: dict[int, list[str]],
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


async def paced(host: Services, tables: list[Table], plans: dict[int, list[str]], rate: float,
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


async def lost_updates(host: Services, tables: list[Table]) -> dict[str, int]:
    """Compare, per game, the moves the host said it applied with the stored ones (moves and
    versions: :func:`stored_moves`); every missing, extra or different entry counts one."""
    lost = checked = 0
    for t in tables:
        for table_id, told in t.applied.items():
            logged = await stored_moves(host, t, table_id)
            versions = list(logged)
            lost += sum(a != b for a, b in zip_longest(told, [m for _u, m in logged.values()]))
            lost += sum(b - a != 1 for a, b in zip(versions, versions[1:], strict=False))
            checked += len(told)
    return {"lost_updates": lost, "moves_checked": checked}


async def isolated_moves(host: Services, games: list[Game], samples: int) -> dict[str, Any]:
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


@dataclass
class Streams:
    """What :func:`streams` counts."""

    moves: int = 0  # every applied move (people's and computers')
    played: int = 0  # /move calls answered "played"
    refused: int = 0  # refusals by the rules: the twin click or the other mover came first
    busy: int = 0  # calls answered "busy, try again" (Busy)
    unavailable: dict[str, int] = field(default_factory=dict)  # every storage sentence, by kind
    failed: int = 0  # other exceptions: the generic apology
    bookkeeping_refused: int = 0  # the post's bookkeeping after a played move said a sentence
    games: int = 0  # new games opened where one ended
    play_times: list[float] = field(default_factory=list)
    raised: set[tuple[int, int, int, str]] = field(default_factory=set)  # (table, version, user,
    # move) of calls that raised: a phantom if that move is in the log at the next version
    answered: set[tuple[int, int]] = field(default_factory=set)  # (table, version) answered played


async def _stream(host: Services, t: Table, levels: list[str], s: Streams, double: bool,
                  deadline: float, posts: list[int]) -> None:
    """One stream of /move at ``t`` until ``deadline``: the menu of whoever may move, a move of
    it (twice at once when ``double``), the computers' answers and the post's bookkeeping after
    it, a new game when one ends."""
    while time.perf_counter() < deadline:
        try:
            table = await host.views.table(t.channel)
            if table is None:  # the game ended: the next one
                await _next_game(host, t, levels, s)
                continue
            mover = None
            if table.status == "playing":
                for user in USERS[: t.humans]:
                    await host.languages.remember_locale(user, "en-US")  # as the adapter, every time
                    version, menu = await host.views.menu(t.channel, user)
                    if menu:
                        mover = user
                        break
        except errors.HostError:  # the game ended between two reads
            continue
        except Unavailable as exc:
            _said(s, exc)
            continue
        if table.status != "playing":  # the other stream is opening it
            await asyncio.sleep(0.01)
        elif mover is None:  # computers to move (a call refused after its move was stored)
            try:
                outcome = await host.moves.computers_move(t.channel)
                if outcome is not None:
                    await _answered(host, t, s, outcome, posts)
            except (errors.HostError, Unavailable):
                pass
            await asyncio.sleep(0.01)
        else:
            await _submit(host, t, s, (table.game_row or 0, version, mover),
                          t.rng.choice(menu).move, double, posts)


async def _submit(host: Services, t: Table, s: Streams, at: tuple[int, int, int], move: str,
                  double: bool, posts: list[int]) -> None:
    """One /move by a person (``at``: the table's id, its version, the user) twice at once when
    ``double``, counted by what it answered."""
    table_id, version, user = at
    started = time.perf_counter()
    results = await asyncio.gather(
        *(host.moves.play(t.channel, user, move, version=version) for _ in range(2 if double else 1)),
        return_exceptions=True)
    s.play_times.append(time.perf_counter() - started)
    for r in results:
        if isinstance(r, Outcome):
            s.played += 1
            s.answered.add((table_id, version))
            await _answered(host, t, s, r, posts)
            continue
        s.raised.add((table_id, version, user, move))
        if isinstance(r, errors.StaleVersion | errors.NotYourTurn | errors.NoTable):
            s.refused += 1
        elif isinstance(r, Unavailable):
            _said(s, r)
        elif isinstance(r, Exception):
            s.failed += 1
        else:
            raise r


def _said(s: Streams, exc: Unavailable) -> None:
    s.busy += isinstance(exc, Busy)
    name = type(exc).__name__
    s.unavailable[name] = s.unavailable.get(name, 0) + 1


async def _answered(host: Services, t: Table, s: Streams, outcome: Outcome,
                    posts: list[int]) -> None:
    """A played move as the adapter follows it: its post's bookkeeping, the computers."""
    while True:
        s.moves += len(outcome.applied)
        if outcome.post is not None:
            posts[0] += 1
            try:
                await host.store.sent_posts.posted(t.channel, posts[0], outcome.post.version, plain=None)
            except Unavailable:
                s.bookkeeping_refused += 1
        if not outcome.computers_next or (outcome.post and outcome.post.finished):
            return
        try:
            nxt = await host.moves.computers_move(t.channel)
        except (errors.HostError, Unavailable):
            return
        if nxt is None:
            return
        outcome = nxt


async def _next_game(host: Services, t: Table, levels: list[str], s: Streams) -> None:
    """The game at ``t`` ended: a new one (by one of its streams; the others wait)."""
    try:
        await _open_patiently(host, t, levels)
        s.games += 1
    except errors.HostError:  # another stream is opening it
        await asyncio.sleep(0.01)


async def phantoms(host: Services, s: Streams, tables: list[Table]) -> int:
    """Calls that raised although their move is stored (:func:`stored_moves`), at the version
    after the one they were made at, by them (the same person, the same move), with no call at
    that version told it played (a twin click that won is not a phantom)."""
    at = {table_id: t for t in tables for table_id in t.started}
    logs: dict[int, dict[int, tuple[int | None, str]]] = {}
    found = 0
    for table_id, version, user, move in s.raised:
        if (table_id, version) in s.answered:
            continue
        if table_id not in logs:
            logs[table_id] = await stored_moves(host, at[table_id], table_id)
        found += logs[table_id].get(version + 1) == (user, move)
    return found


async def streams(host: Services, tables: list[Table], plans: dict[int, list[str]],
                  seconds: float, count: int) -> dict[str, Any]:
    """``count`` /move streams at once for ``seconds``, stream k at table k modulo their
    number (two or more per table when ``count`` exceeds it), every fifth one submitting each
    move twice at once; then the phantom moves counted against the logs."""
    s = Streams()
    posts = [10**12]  # message ids of the posts the bench pretends to send
    deadline = time.perf_counter() + seconds
    with LagTicker() as ticker:
        started, cpu = time.perf_counter(), time.process_time()
        await asyncio.gather(*(
            _stream(host, tables[k % len(tables)], plans[tables[k % len(tables)].channel], s,
                    k % 5 == 0, deadline, posts) for k in range(count)))
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    return {"streams": count, "tables": len(tables), "seconds": round(elapsed, 1),
            "moves": s.moves, "moves_per_s": round(s.moves / elapsed, 1),
            "cpu_ms_per_move": round(cpu * 1000 / max(1, s.moves), 2),
            "played": s.played, "refused_by_the_rules": s.refused, "busy": s.busy,
            "storage_sentences": dict(sorted(s.unavailable.items())), "failed": s.failed,
            "bookkeeping_refused": s.bookkeeping_refused, "phantom_moves": await phantoms(host, s, tables),
            "games_opened": s.games, "play": ms(s.play_times), "loop_lag": ms(ticker.lags)}
