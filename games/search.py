"""The ``hard`` computer player of every game: determinized Monte Carlo search.

Each decision looks at the moves a per-game ``candidates`` function keeps (the medium player's
best few), and plays each of them out many times: every round deals the hidden parts again
(``game.determinize`` from the bot's own knowledge: the real hidden cards never matter, only
their unseen multiset), then plays every surviving candidate on that same deal with the same
playout generator (common random numbers: the candidates are compared on equal luck), with the
game's medium player moving every seat. A playout stops at the end of the game or after
``depth`` moves, where the game's ``evaluate`` scores the position. Successive halving drops the
worse half of the candidates after each stage, so the budget goes to the close calls. Where
playouts are noisy for the budget (``Knobs.confidence``), medium's own move is kept unless
another beats it clearly.

The budget is a number of playouts (``Knobs.playouts``), so the move depends only on the state
the seat sees and the generator: a replay or a restart plays the same move. The knobs keep a
move's cost well under a second of CPU. ``deadline`` (a :class:`~games.thinking.Deadline`, in the
thinking thread's own CPU time) is only a safety cap: a search it cuts plays the medium player's
move for a generator drawn before the search, the same move wherever the cut fell, and logs it.

A hint for a learner (:mod:`games.hints`) is the same search, watched (:func:`watching`): it
reports the moves it played out, the chosen one first, each with its estimated chance (the mean
over its playouts of 1 for a win (shared or not) and 0 for a loss, or of ``evaluate`` where a
playout stopped early).
"""

from __future__ import annotations

import logging
import math
import random
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace

from .base import Bot, Game, IllegalMove, State
from .text import say
from .text import seat as seat_text
from .thinking import Deadline, Stopwatch

log = logging.getLogger(__name__)

Candidates = Callable[[Game, State, int, list[str], random.Random], list[str]]
"""``(game, state, seat, legal, rng) -> moves to search``, best first (the order breaks ties)."""

Evaluate = Callable[[Game, State, int], float]
"""``(game, state, seat) -> how good the position is for seat``, about 0 (lost) .. 1 (won)."""


@dataclass(frozen=True)
class Knobs:
    """A game's search settings (calibrated so a move takes well under a second)."""

    policy: Bot
    """The playout player for every seat (the game's medium)."""
    playouts: int = 200
    """Playouts per decision, all candidates together."""
    depth: int | None = None
    """Moves a playout runs before ``evaluate`` scores it; None: to the end of the game."""
    candidates: Candidates | None = None
    """Which legal moves to search; None: all of them."""
    evaluate: Evaluate | None = None
    """Scores a position a playout stopped in before the end (needed when ``depth`` is set)."""
    margin: float = 0.0
    """Weight of the score margin at the end (a tie-break between equally winning moves)."""
    confidence: float = 0.0
    """When above 0, the medium player's own move is always searched and kept unless another
    beats it by this many standard errors of the paired difference (for games whose playouts
    are too noisy for the budget: hard then plays medium's move unless it has found better)."""


def outcome(game: Game, state: State, seat: int, knobs: Knobs) -> float:
    """What a playout's last position is worth to ``seat``: its share of the win (plus the
    score margin, lightly) at the end, else the game's evaluation."""
    return _worth(game, state, seat, knobs)[0]


def _worth(game: Game, state: State, seat: int, knobs: Knobs) -> tuple[float, float]:
    """(:func:`outcome`, the chance alone: 1 for a win, shared or not, without the score
    margin; the evaluation where the playout stopped early)."""
    res = game.result(state)
    if not res.finished:
        if knobs.evaluate is None:
            raise ValueError("a truncated playout needs an evaluate function")
        value = knobs.evaluate(game, state, seat)
        return value, value
    won = seat in res.winners
    value = 1.0 / len(res.winners) if won else 0.0
    if knobs.margin and res.scores:
        mine = res.scores[seat - 1]
        best_other = max((v for i, v in enumerate(res.scores, 1) if i != seat), default=mine)
        value += knobs.margin * math.tanh((mine - best_other) / 4)
    return value, float(won)


def playout(
    game: Game, state: State, seat: int, move: str, rng: random.Random, knobs: Knobs
) -> float:
    """Play ``move``, then the policy for everyone until the end or ``knobs.depth`` moves."""
    return outcome(game, played_out(game, state, seat, move, rng, knobs), seat, knobs)


def played_out(
    game: Game, state: State, seat: int, move: str, rng: random.Random, knobs: Knobs
) -> State:
    """The position where :func:`playout` stops."""
    state, _ = game.apply(state, seat, move)
    steps = 0
    while (movers := game.to_move(state)) and (knobs.depth is None or steps < knobs.depth):
        mover = movers[0]
        state, _ = game.apply(state, mover, knobs.policy(game, state, mover, rng))
        steps += 1
    return state


@dataclass(frozen=True)
class Estimate:
    """A move a watched search played out: its estimated chance (0..1, the mean over its
    ``playouts``; None when it was not played out: a search cut short by its deadline)."""

    move: str
    chance: float | None
    playouts: int


@dataclass
class Ranking:
    """What a watched search found (:func:`watching`): the moves it played out, the one it
    chose first, then the others by how long they survived the halvings and their chance."""

    playouts: int | None = None
    """A budget instead of the knobs' (tests keep it small); None: the knobs'."""
    estimates: list[Estimate] = field(default_factory=list)


LONE_SHARE = 4
"""A watched search's lone candidate is played out for its chance with this share of the
budget (a quarter): no choice hangs on it."""

_WATCHED: ContextVar[Ranking | None] = ContextVar("games.search.watched", default=None)


@contextmanager
def watching(playouts: int | None = None) -> Iterator[Ranking]:
    """Within the block, a search (this thread's, whichever game's hard player runs it) fills
    the :class:`Ranking` yielded. Its move is the move it plays unwatched (``playouts`` aside);
    a single candidate is also played out, for its chance."""
    ranking = Ranking(playouts)
    token = _WATCHED.set(ranking)
    try:
        yield ranking
    finally:
        _WATCHED.reset(token)


def search(
    game: Game, state: State, seat: int, rng: random.Random, knobs: Knobs,
    deadline: Deadline | None = None,
) -> str:
    """The candidate with the best mean playout value (see the module docstring)."""
    ranking = _WATCHED.get()
    if ranking is not None and ranking.playouts is not None:
        knobs = replace(knobs, playouts=ranking.playouts)
    watch = deadline.start() if deadline is not None else None
    known = game.determinize(state, seat, rng)  # from here on, only what ``seat`` knows
    legal = game.legal(known, seat)
    if not legal:
        raise IllegalMove(say("{player} has no legal move.", player=seat_text(seat)))
    fallback = rng.randrange(2**32)  # drawn every time, so a cut never shifts the generator
    alive = knobs.candidates(game, known, seat, legal, rng) if knobs.candidates else list(legal)
    anchor = knobs.policy(game, known, seat, rng) if knobs.confidence else None
    if anchor is not None:
        alive = [anchor] + [m for m in alive if m != anchor]
    if len(alive) <= 1 and ranking is None:
        return alive[0] if alive else legal[0]
    alive = alive or legal[:1]
    budget = knobs.playouts if len(alive) > 1 else max(1, knobs.playouts // LONE_SHARE)
    values: dict[str, list[float]] = {m: [] for m in alive}
    chances: dict[str, list[float]] = {m: [] for m in alive}
    reached = dict.fromkeys(alive, 0)  # the last stage each move was played out in
    stages = max(1, int(math.log2(len(alive))))  # halvings until one move is left
    for stage in range(stages):
        rounds = max(1, budget // (stages * len(alive)))
        for _ in range(rounds):
            deal = game.determinize(state, seat, rng)
            luck = rng.randrange(2**32)
            for move in alive:
                end = played_out(game, deal, seat, move, random.Random(luck), knobs)
                value, chance = _worth(game, end, seat, knobs)
                values[move].append(value)
                chances[move].append(chance)
                reached[move] = stage
                if watch is not None and (why := watch.cut()):
                    if len(values) == 1 and ranking is not None:  # the move unwatched, as it is
                        ranking.estimates = [Estimate(move, None, 0)]
                        return move
                    return _cut(game, known, seat, knobs, fallback, watch, why, values, ranking)
        if stage < stages - 1:
            ranked = sorted(alive, key=lambda m: -_mean(values[m]))[: max(1, len(alive) // 2)]
            alive = ranked + ([anchor] if anchor is not None and anchor not in ranked else [])
    best = _best(alive, values, anchor, knobs.confidence)
    if ranking is not None:
        order = sorted(values, key=lambda m: (m != best, -reached[m], -_mean(chances[m])))
        ranking.estimates = [Estimate(m, _mean(chances[m]), len(chances[m])) for m in order]
    return best


def _cut(
    game: Game, known: State, seat: int, knobs: Knobs, fallback: int, watch: Stopwatch, why: str,
    values: dict[str, list[float]], ranking: Ranking | None,
) -> str:
    """The move of a search its deadline cut: the medium player's, from the generator drawn
    before the search (not the best so far, which would depend on where the cut fell); a
    watching :class:`Ranking` gets it alone, without a chance."""
    move = knobs.policy(game, known, seat, random.Random(fallback))
    if ranking is not None:
        ranking.estimates = [Estimate(move, None, 0)]
    log.warning("%s: a hard search was cut by its %s limit after %d playouts (%.2f s of CPU); "
                "playing the medium move %r", game.id,
                "CPU" if why == "cpu" else "wall-clock safety", sum(map(len, values.values())),
                watch.cpu(), move)
    return move


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def _best(moves: list[str], values: dict[str, list[float]], anchor: str | None, z: float) -> str:
    """Best mean among the moves played out (the first, the heuristic's best, on ties); with an
    ``anchor``, the best only when it beats the anchor by ``z`` standard errors (paired over the
    playouts both had: every round plays every surviving move on the same deal)."""
    tried = [m for m in moves if values[m]] or moves[:1]
    best = max(tried, key=lambda m: (_mean(values[m]), -moves.index(m)))
    if anchor is None or best == anchor:
        return best
    diffs = [b - a for a, b in zip(values[anchor], values[best], strict=False)]
    if len(diffs) < 2:
        return anchor
    mean = sum(diffs) / len(diffs)
    spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1) / len(diffs))
    return best if mean > z * spread else anchor


def search_bot(knobs: Knobs, by_players: Mapping[int, Knobs] | None = None) -> Bot:
    """A hard bot for one game's knobs (``by_players``: other knobs for some player counts):
    ``bot(game, state, seat, rng, *, deadline=None)``."""
    table = dict(by_players or {})

    def hard(
        game: Game, state: State, seat: int, rng: random.Random, *,
        deadline: Deadline | None = None,
    ) -> str:
        return search(game, state, seat, rng, table.get(state["players"], knobs), deadline)

    hard.__doc__ = "Determinized Monte Carlo search over the medium player's playouts."
    return hard


def top(scored: list[tuple[float, str]], keep: int, always: list[str] | None = None) -> list[str]:
    """The ``keep`` best-scored moves, best first (ties in move order), then ``always`` (moves
    the caller wants searched whatever their score)."""
    ranked = [m for _, m in sorted(scored, key=lambda sm: (-sm[0], sm[1]))]
    chosen = ranked[:keep]
    return chosen + [m for m in always or () if m not in chosen]
