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
"""

from __future__ import annotations

import logging
import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass

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
    res = game.result(state)
    if not res.finished:
        if knobs.evaluate is None:
            raise ValueError("a truncated playout needs an evaluate function")
        return knobs.evaluate(game, state, seat)
    share = 1.0 / len(res.winners) if seat in res.winners else 0.0
    if knobs.margin and res.scores:
        mine = res.scores[seat - 1]
        best_other = max((v for i, v in enumerate(res.scores, 1) if i != seat), default=mine)
        share += knobs.margin * math.tanh((mine - best_other) / 4)
    return share


def playout(
    game: Game, state: State, seat: int, move: str, rng: random.Random, knobs: Knobs
) -> float:
    """Play ``move``, then the policy for everyone until the end or ``knobs.depth`` moves."""
    state, _ = game.apply(state, seat, move)
    steps = 0
    while (movers := game.to_move(state)) and (knobs.depth is None or steps < knobs.depth):
        mover = movers[0]
        state, _ = game.apply(state, mover, knobs.policy(game, state, mover, rng))
        steps += 1
    return outcome(game, state, seat, knobs)


def search(
    game: Game, state: State, seat: int, rng: random.Random, knobs: Knobs,
    deadline: Deadline | None = None,
) -> str:
    """The candidate with the best mean playout value (see the module docstring)."""
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
    if len(alive) <= 1:
        return alive[0] if alive else legal[0]
    values: dict[str, list[float]] = {m: [] for m in alive}
    stages = max(1, int(math.log2(len(alive))))  # halvings until one move is left
    for stage in range(stages):
        rounds = max(1, knobs.playouts // (stages * len(alive)))
        for _ in range(rounds):
            deal = game.determinize(state, seat, rng)
            luck = rng.randrange(2**32)
            for move in alive:
                values[move].append(playout(game, deal, seat, move, random.Random(luck), knobs))
                if watch is not None and (why := watch.cut()):
                    return _cut(game, known, seat, knobs, fallback, watch, why, values)
        if stage < stages - 1:
            ranked = sorted(alive, key=lambda m: -_mean(values[m]))[: max(1, len(alive) // 2)]
            alive = ranked + ([anchor] if anchor is not None and anchor not in ranked else [])
    return _best(alive, values, anchor, knobs.confidence)


def _cut(
    game: Game, known: State, seat: int, knobs: Knobs, fallback: int, watch: Stopwatch, why: str,
    values: dict[str, list[float]],
) -> str:
    """The move of a search its deadline cut: the medium player's, from the generator drawn
    before the search (not the best so far, which would depend on where the cut fell)."""
    move = knobs.policy(game, known, seat, random.Random(fallback))
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
