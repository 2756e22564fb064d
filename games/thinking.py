"""How long a computer player may think about one move, measured so that load does not move it.

A hard player's search is bounded by its own budget (a number of playouts), so its move depends
only on the state, the seat and the generator. A :class:`Deadline` is the safety cap behind that
budget: ``cpu_seconds`` of the thinking thread's own CPU time (other processes and threads do not
count, so a loaded machine reaches it no sooner than an idle one), plus a wall-clock safety net
far beyond it, for a machine so overloaded that the thread barely runs. A search the cap cuts
plays a fixed fallback (see :mod:`games.search`), never "the best so far": a cut move depends on
whether the cap was reached, not on when.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

Clock = Callable[[], float]


@dataclass(frozen=True)
class Deadline:
    """A thinking limit, made by the caller and started by the thinking thread (it pickles, so
    the host sends it to a worker process). The clocks are there for tests to slow down."""

    cpu_seconds: float
    """Seconds of the thinking thread's own CPU time (``time.thread_time``) from :meth:`start`."""
    wall: float | None = None
    """A ``time.monotonic()`` value (one clock for every process of the machine): the safety
    net; None: none."""
    cpu_clock: Clock = field(default=time.thread_time, compare=False, repr=False)
    wall_clock: Clock = field(default=time.monotonic, compare=False, repr=False)

    def start(self) -> Stopwatch:
        """Start counting CPU time now, in the thread that thinks."""
        return Stopwatch(self, self.cpu_clock())

    def again(self, net: float) -> Deadline:
        """The cap of the next move thought in a row: the same CPU budget, afresh when it
        starts, and a safety net ``net`` seconds from now (none if this one had none)."""
        return self if self.wall is None else replace(self, wall=self.wall_clock() + net)


@dataclass(frozen=True)
class Stopwatch:
    """A started :class:`Deadline`."""

    deadline: Deadline
    started: float

    def cpu(self) -> float:
        """CPU seconds the thinking thread has spent since the start."""
        return self.deadline.cpu_clock() - self.started

    def cut(self) -> str | None:
        """Why thinking must stop now: ``"cpu"`` (its own CPU budget is spent), ``"wall"`` (the
        safety net), or None."""
        if self.cpu() >= self.deadline.cpu_seconds:
            return "cpu"
        wall = self.deadline.wall
        if wall is not None and self.deadline.wall_clock() >= wall:
            return "wall"
        return None
