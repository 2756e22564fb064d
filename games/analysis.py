"""Post-game analysis: each seat's chance to win after every turn of a finished game.

How a position is estimated (:func:`estimate`): the game is over, so nothing is hidden any more:
every hand, tile and the pile are as they really were. From the position after a turn,
``PLAYOUTS`` playouts (``WHOLE_PLAYOUTS`` for a game played out to its end) let the hard
level's playout player (its :class:`~games.search.Knobs` ``policy``, the game's medium player)
move every seat, as the hard level's own search does; a
playout stops at the end of the game (a winner scores 1, everyone else 0) or after ``DEPTH``
moves, where the hard level's ``evaluate`` scores the position (about 0 .. 1 a seat). Only
what nobody could know yet is drawn afresh in every playout: the future dice (the state's seed
is replaced, as ``determinize`` does). A seat's chance is its mean score, normalised so that the
sides (:meth:`~games.base.Game.teams`) add up to 100 %; once the game has ended, its winners
stand at 100 % and everyone else at 0 %.

Each turn's playouts use a generator derived from the analysis seed and the turn number only,
so an analysis is the same for a fixed seed, however its turns are split between requests
(:func:`analyse_part`), which is how the host reports progress while workers compute. A turn is
a run of consecutive moves by one seat, as the replays count them.

Standard library only: the bot's worker processes run :func:`analyse_part`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .base import Game, State
from .records import BadRecord, turns
from .search import Knobs
from .text import say, seat

VERSION = 1
"""The estimate's version: a stored analysis of another version is computed again."""

PLAYOUTS = 16
"""Playouts per turn when they stop after ``DEPTH`` moves."""

WHOLE_PLAYOUTS = 40
"""Playouts per turn when they play to the end (a hard level without evaluation: short games
of cheap moves, whose win-or-lose playouts need more of them for the same noise)."""

DEPTH = 10
"""Moves a playout runs at most before the hard level's evaluation scores it (games whose hard
level plays to the end, and has no evaluation, play to the end)."""

PART = 8
"""Turns a worker request analyses: the host reports progress after each part."""


def knobs_of(game: Game) -> Knobs:
    """The hard level's search settings (its policy, depth, evaluation); a game without them
    plays its medium player to the end of the game."""
    knobs = getattr(game.bots, "knobs", None)
    if isinstance(knobs, Knobs):
        return knobs
    medium = game.bots.get("medium") or game.bots.get("greedy") or game.bots.get("random")
    if medium is None:
        raise BadRecord(say("{game} has no computer player to estimate positions with.",
                            game=game.name))
    return Knobs(policy=medium)


def turn_rng(seed: int, number: int) -> random.Random:
    """The generator of turn ``number``'s playouts in an analysis seeded ``seed``."""
    return random.Random(f"{seed}:{number}:analysis")


def estimate(
    game: Game, state: State, knobs: Knobs, rng: random.Random,
    playouts: int | None = None, depth: int | None = DEPTH,
) -> list[float]:
    """Each seat's chance to win from ``state`` (seat 1 first), 0 .. 1 (module docstring)."""
    players = state["players"]
    seats = range(1, players + 1)
    result = game.result(state)
    if result.finished or not game.to_move(state):
        return [1.0 if s in result.winners else 0.0 for s in seats]
    cut = depth if knobs.evaluate is not None else None
    if cut is not None and knobs.depth is not None:
        cut = min(cut, knobs.depth)
    if playouts is None:
        playouts = PLAYOUTS if cut is not None else WHOLE_PLAYOUTS
    totals = [0.0] * players
    for _ in range(playouts):
        luck = random.Random(rng.randrange(2**32))
        position = _fresh_luck(state, rng)
        steps = 0
        while (movers := game.to_move(position)) and (cut is None or steps < cut):
            mover = movers[0]
            position, _ = game.apply(position, mover, knobs.policy(game, position, mover, luck))
            steps += 1
        end = game.result(position)
        for s in seats:
            if end.finished:
                totals[s - 1] += 1.0 if s in end.winners else 0.0
            else:
                assert knobs.evaluate is not None
                totals[s - 1] += knobs.evaluate(game, position, s)
    return _chances(game, state, [t / playouts for t in totals])


def _fresh_luck(state: State, rng: random.Random) -> State:
    """The state with its future dice drawn afresh (nobody knew them yet)."""
    fresh = dict(state)
    if "seed" in fresh:
        fresh["seed"] = rng.randrange(2**62)
        fresh["rng_counter"] = 0
    if fresh.get("script"):
        fresh["script"] = []
    return fresh


def _chances(game: Game, state: State, values: list[float]) -> list[float]:
    """Mean scores as chances: each side's (its seats' mean) share of all sides' total; a game
    played as one side (everyone together) keeps its scores as they are."""
    sides = game.teams(state["players"], state.get("options") or {})
    if len(sides) < 2:
        return values
    side_value = {s: sum(values[m - 1] for m in side) / len(side) for side in sides for s in side}
    total = sum(sum(values[m - 1] for m in side) / len(side) for side in sides)
    if total <= 0:
        return [1.0 / len(sides)] * len(values)
    return [side_value[s] / total for s in range(1, len(values) + 1)]


def analyse_part(record: Mapping[str, Any], seed: int, first: int, last: int) -> list[list[float]]:
    """The chances after turns ``first`` .. ``last - 1`` (0: the deal), one list per turn. What
    a worker process runs (plain data in and out)."""
    game, played = turns(record)
    knobs = knobs_of(game)
    return [[round(c, 4) for c in estimate(game, turn.state, knobs, turn_rng(seed, turn.number))]
            for turn in played[first:last]]


def parts(count: int, size: int = PART) -> list[tuple[int, int]]:
    """Turn ranges ``[first, last)`` of ``size`` turns covering ``count`` turns."""
    return [(i, min(count, i + size)) for i in range(0, count, size)]


def assemble(record: Mapping[str, Any], seed: int, chances: Sequence[list[float]]) -> dict[str, Any]:
    """The stored analysis: its version and settings, and per turn its seat and chances."""
    _game, played = turns(record)
    if len(chances) != len(played):
        raise ValueError(f"{len(chances)} estimates for {len(played)} turns")
    return {
        "version": VERSION, "seed": seed, "depth": DEPTH,
        "players": record["players"],
        "turns": [{"number": t.number, "seat": t.seat, "chances": list(c)}
                  for t, c in zip(played, chances, strict=True)],
    }


def analyse(
    record: Mapping[str, Any], seed: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The whole analysis in this thread (tools, tests, the bench): :func:`analyse_part` part
    by part, ``progress(turns done, turns)`` after each."""
    _game, played = turns(record)
    chances: list[list[float]] = []
    for first, last in parts(len(played)):
        chances += analyse_part(record, seed, first, last)
        if progress is not None:
            progress(last, len(played))
    return assemble(record, seed, chances)


@dataclass(frozen=True)
class Swing:
    """A turn that moved its player's chance the most: the turn, whose it was, what they did
    (the turn's first public log line, a Text naming the seat) and the chance before and after."""

    number: int
    seat: int
    line: Any
    before: float
    after: float

    @property
    def size(self) -> float:
        return abs(self.after - self.before)


def swings(record: Mapping[str, Any], analysis: Mapping[str, Any], count: int = 3) -> list[Swing]:
    """The ``count`` turns that changed their player's chance the most, in turn order."""
    _game, played = turns(record)
    points = analysis["turns"]
    found = []
    for turn, before, after in zip(played[1:], points, points[1:], strict=False):
        if turn.seat is None:
            continue
        line = turn.lines[0] if turn.lines else say("{player} moved.", player=seat(turn.seat))
        found.append(Swing(turn.number, turn.seat, line, before["chances"][turn.seat - 1],
                           after["chances"][turn.seat - 1]))
    biggest = sorted(found, key=lambda s: (-s.size, s.number))[:count]
    return sorted(biggest, key=lambda s: s.number)



def percent(chance: float) -> str:
    """A chance as people read it: "61 %"."""
    return f"{round(chance * 100)} %"


def swing_sentence(swing: Swing) -> Any:
    """"Turn 14 — Bob attacked C9 with F8. Bob's chance to win went from 22 % to 61 %." (a
    Text: its seat fields take the players' names, then it is translated)."""
    return say("Turn {n} — {move} {player}'s chance to win went from {before} to {after}.",
               n=swing.number, move=swing.line, player=seat(swing.seat),
               before=percent(swing.before), after=percent(swing.after))
