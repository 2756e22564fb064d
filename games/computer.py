"""Computer players' turns, in whichever process thinks: choose a move, apply it, and go on while
computers are to move.

The bot's worker processes (``bot.service.workers``) run :func:`play_computers`; so this module and
all it imports are the standard library and the games: a spawned worker that unpickles it loads
no store, renderer, Pillow, Discord or asyncio. The host commits each returned move in its own
transaction (its version check decides, as for a person's move).

A move depends only on the state, the seat, the level and the generator derived from the table's
seed and the version the move will leave behind (:func:`bot_rng`), so restarts and replays choose
the same moves, however a run of computer moves is split between requests. Each move is chosen
from the state exactly as storage gives it back (:func:`plain`), as the move after a commit would
be.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass

from .base import Event, Game, State
from .levels import choose
from .registry import get_game
from .thinking import Deadline


def bot_rng(seed: int, version: int) -> random.Random:
    """The generator of the computer move that leads to ``version`` of a table seeded ``seed``."""
    return random.Random(f"{seed}:{version}:bot")


def think(
    game_id: str, state: State, seat: int, level: str | None, seed: int, version: int,
    deadline: Deadline | None,
) -> str:
    """The move text a computer player of ``level`` chooses. ``deadline`` is a safety cap (the
    search itself is bounded by its own budget, so that it stays deterministic) that starts
    counting CPU time here, in the thread that thinks."""
    game = get_game(game_id)
    return choose(game, level, state, seat, bot_rng(seed, version), deadline=deadline)


def plain(state: State) -> State:
    """The state exactly as it will read back from storage (JSON round trip: tuples become
    lists, int keys strings). Posts are drawn, and next moves chosen, from this."""
    return json.loads(json.dumps(state))


@dataclass(frozen=True)
class Played:
    """An applied move, engine side: its canonical text, the new state (:func:`plain`), the
    engine's events, and why it may not be taken back (None: it may)."""

    seat: int
    move: str
    state: State
    events: list[Event]
    barrier: str | None = None

    @property
    def reveals(self) -> bool:
        """It showed a value once (a transient line): the computers stop there, so that the
        value goes out on its own post before anyone moves on."""
        return any(event.get("text") and event.get("transient") for event in self.events)


def apply_text(game: Game, state: State, seat: int, text: str) -> Played:
    """Parse and apply ``text`` for ``seat``; the engine's IllegalMove propagates."""
    move = game.parse(text)
    new_state, events = game.apply(state, seat, move)
    barrier = game.undo_barrier(state, new_state, seat, move, events)
    return Played(seat, move, plain(new_state), events, barrier)


@dataclass(frozen=True)
class Turns:
    """A request for computer moves at one table (it pickles: the host sends it to a worker)."""

    game_id: str
    state: State
    levels: Mapping[int, str | None]
    """The seats computers play, with their levels; any other seat is a person's."""
    seed: int
    version: int
    """The version the first move will leave behind (the table's current version + 1)."""
    deadline: Deadline | None = None
    """The first move's thinking cap; each later move gets the same CPU budget afresh."""
    net: float = 5.0
    """A later move's wall-clock safety net, in seconds from its start."""
    chain: float = 0.0
    """Seconds after which no further move is started (the first always is): a long run comes
    back in parts, so the host sees each part within a bounded time; 0: one move only."""


def play_computers(turns: Turns) -> list[Played]:
    """The computers' moves from ``turns.state`` on, in order, until a person or nobody is to
    move, a move reveals a value, or ``turns.chain`` seconds have gone by. At least one move:
    the first move's failure (an illegal move, a bug) propagates; a later one ends the run
    before it, so the host's next request meets it as a first move and falls back."""
    game = get_game(turns.game_id)
    started = time.monotonic()
    state, deadline, out = turns.state, turns.deadline, []
    while True:
        seat = next((s for s in game.to_move(state) if s in turns.levels), None)
        if seat is None:
            return out
        try:
            text = think(turns.game_id, state, seat, turns.levels[seat], turns.seed,
                         turns.version + len(out), deadline)
            played = apply_text(game, state, seat, text)
        except Exception:
            if not out:
                raise
            return out
        out.append(played)
        if played.reveals or time.monotonic() - started >= turns.chain:
            return out
        state = played.state
        if deadline is not None:
            deadline = deadline.again(turns.net)
