"""Computer players off the event loop: worker processes choose and apply their moves.

A hard computer player searches for up to a second per move. Inside the bot's process that search
would hold the interpreter lock, and every other table, button and the Discord heartbeat would
wait for it. So the service hands the computers' turns to a :class:`ComputerPool`:
:func:`games.computer.play_computers` runs in a worker process (started with ``spawn``, so it
takes plain data only and imports what it needs: the games, nothing of the bot or asyncio). It
chooses and applies every computer move in a row, until a person is to move (or a value is
shown, or the game ends), and sends back each move with its new state, events and undo barrier:
one round trip for a run of computer moves. The service commits them one transaction each.
Hints for learners (:func:`games.hints.advise`: the hard search for a person's seat) go the same
way, with the same budget and safety nets.

``workers=0`` runs the same function in a thread of this process instead: no process to start,
for tests, the demo and tools (a hard player then competes with the event loop for the
interpreter).

A move depends only on the state, the seat, the level and the generator derived from the table's
seed and the version the move will leave behind, so restarts and replays choose the same moves.
The think budget is counted per move in the worker's own CPU time
(:class:`games.thinking.Deadline`), so other processes on a busy machine do not make it cut a
search sooner; a wall-clock safety net ``WALL_SLACK`` times longer stops a search on a machine so
loaded that the worker barely runs. A cut search plays a fixed fallback move and logs it.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from games import State, worker
from games.computer import Played, Turns, play_computers
from games.hints import Advice, Estimate, advise
from games.thinking import Deadline

log = logging.getLogger(__name__)

__all__ = ["HANG_GRACE", "WALL_SLACK", "ComputerPool", "Worker", "WorkerLost"]

T = TypeVar("T")

Worker = Callable[[Turns], list[Played]]
"""The worker function's shape: what computers are to play -> the moves they played, in order."""

WALL_SLACK = 5.0
"""The wall-clock safety net, in think budgets: a search that has not used up its CPU budget
after this many times ``think_seconds`` of wall time (the machine gives the worker less than a
fifth of a core) stops anyway. Hard moves cost well under the CPU budget, so on a machine that
loaded they are still whole and unchanged until the net."""

HANG_GRACE = 10.0
"""Seconds a worker may run past its wall-clock safety net (process start on a busy machine
included) before the service takes it for hung, kills the pool's processes and plays a fallback."""


class WorkerLost(RuntimeError):
    """The worker process died or hung, twice for the same move: the service plays a fallback."""


class ComputerPool:
    """Where computer moves are chosen and applied: ``workers`` processes (0: a thread of this
    process), each move with ``think_seconds`` of its thread's own CPU time at most. The
    processes start at the first computer move, so a bot with no computer at its tables never
    starts one."""

    def __init__(
        self, workers: int = 0, think_seconds: float = 1.0, *,
        worker: Worker = play_computers, hang_grace: float = HANG_GRACE,
    ) -> None:
        self.workers = workers
        self.think_seconds = think_seconds
        self._worker = worker  # tests pass a module-level stand-in (it must pickle by name)
        self._hang_grace = hang_grace
        self._executor: ProcessPoolExecutor | None = None
        self._retired: list[ProcessPoolExecutor] = []  # replaced ones, still to wait for
        self._in_flight = 0

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=worker.started,
            )
        return self._executor

    async def start(self) -> None:
        """Start the worker processes now (at the bot's start) rather than at the first
        computer move, which would otherwise wait for them. Nothing to do with ``workers=0``."""
        if self.workers:
            await asyncio.wrap_future(self._pool().submit(int))

    def pids(self) -> list[int]:
        """The running worker processes' ids (the bench reads their memory)."""
        return [p.pid for p in (getattr(self._executor, "_processes", None) or {}).values()]

    async def play(
        self, game_id: str, state: State, levels: dict[int, str | None], seed: int, version: int
    ) -> list[Played]:
        """The computers' moves from ``state`` on (at least one; ``levels``: the seats computers
        play), chosen and applied; or the first move's own exception (IllegalMove, a bug), or
        WorkerLost after a worker died twice (the first death replaces the processes and tries
        once more). ``version``: the one the first move leaves behind."""
        return await self._run(
            f"a {game_id} computer move", self._worker,
            lambda waiting: self._turns(game_id, state, levels, seed, version, waiting))

    async def hint(self, game_id: str, state: State, seat: int, seed: int, version: int, *,
                   playouts: int | None = None) -> list[Estimate]:
        """A hint for ``seat`` (:func:`games.hints.advise`), within the same budget as a
        computer's move; exceptions as for :meth:`play`. ``playouts``: a search budget instead
        of the game's (tests)."""
        return await self._run(
            f"a {game_id} hint", advise,
            lambda waiting: Advice(game_id, state, seat, seed, version, self._deadline(waiting),
                                   playouts))

    async def _run(self, what: str, job: Callable[[Any], T],
                   request: Callable[[int], Any]) -> T:
        """``job(request(waiting))`` in a worker (in a thread with ``workers=0``): the job's
        own exception, or WorkerLost after a worker died or hung twice (the first time
        replaces the processes and tries once more). ``waiting``: the requests it may queue
        behind, counting itself."""
        if self.workers == 0:
            return await asyncio.to_thread(job, request(1))
        for attempt in (1, 2):
            executor = self._pool()
            # A request may wait behind others in the queue: the safety net and the hang limit
            # grow with them (the CPU budget does not: waiting costs the worker no CPU).
            waiting = 1 + self._in_flight // self.workers
            limit = waiting * self._span() + self._hang_grace
            future: Future[T] = executor.submit(job, request(waiting))
            self._in_flight += 1
            try:
                return await asyncio.wait_for(asyncio.wrap_future(future), limit)
            except BrokenProcessPool:
                log.warning("%s: a worker process died (attempt %d)", what, attempt)
                self._replace(executor)
            except TimeoutError:
                log.error("%s: the worker gave no answer in %.1f s (budget %.1f s): "
                          "taken for hung, restarting the workers (attempt %d)", what, limit,
                          self.think_seconds, attempt)
                self._replace(executor, kill=True)
            finally:
                self._in_flight -= 1
        raise WorkerLost(f"the worker for {what} died or hung twice")

    def _deadline(self, waiting: int) -> Deadline:
        """The thinking limit of a request that first waits behind ``waiting - 1`` others: its
        CPU budget, and the wall-clock net counted from now."""
        net = self.think_seconds * WALL_SLACK
        return Deadline(self.think_seconds,
                        time.monotonic() + (waiting - 1) * self._span() + net)

    async def compute(self, work: Callable[..., T], *args: Any) -> T:
        """Other CPU work of the games (a part of a post-game analysis:
        :func:`games.analysis.analyse_part`) in a worker process, a thread with ``workers=0``,
        never on the event loop. ``work`` is a module-level function of the games (it pickles
        by name) taking and returning plain data. A worker that dies is replaced and the work
        tried once more (it is deterministic: the same answer)."""
        if self.workers == 0:
            return await asyncio.to_thread(work, *args)
        for attempt in (1, 2):
            executor = self._pool()
            try:
                return await asyncio.wrap_future(executor.submit(work, *args))
            except BrokenProcessPool:
                log.warning("a worker process died during %s (attempt %d)",
                            getattr(work, "__name__", work), attempt)
                self._replace(executor)
        raise WorkerLost(f"the worker for {getattr(work, '__name__', work)} died twice")

    def _turns(self, game_id: str, state: State, levels: dict[int, str | None], seed: int,
               version: int, waiting: int) -> Turns:
        """A request: the first move's thinking limit is its CPU budget and the wall-clock net
        counted from now for a request that first waits behind ``waiting - 1`` others; later
        moves get the budget afresh; no move starts after one budget of the request's time."""
        return Turns(game_id, state, levels, seed, version, self._deadline(waiting),
                     net=self.think_seconds * WALL_SLACK, chain=self.think_seconds)

    def _span(self) -> float:
        """The longest a request may take in a worker: moves for a budget of wall time, then
        one last move up to its safety net."""
        return self.think_seconds * (1 + WALL_SLACK)

    def _replace(self, executor: ProcessPoolExecutor, *, kill: bool = False) -> None:
        """Drop a broken (or hung) pool; the next move starts fresh processes. Moves still
        queued on the old one fail with BrokenProcessPool and get their retry there."""
        if self._executor is not executor:
            return  # another move already replaced it
        self._executor = None
        if kill:  # a hung worker never ends by itself; the executor has no public way to kill it
            for process in list((getattr(executor, "_processes", None) or {}).values()):
                process.kill()
        # A broken pool tears itself down (its manager thread ends its processes); close()
        # waits for that. (shutdown(wait=False) here would forget the thread to wait for.)
        self._retired.append(executor)

    async def close(self) -> None:
        """Stop the worker processes (a move being chosen finishes first: at most its budget),
        and wait for those of replaced pools to be gone."""
        executors = [*self._retired, *([self._executor] if self._executor else [])]
        self._executor, self._retired = None, []
        for executor in executors:
            await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)
