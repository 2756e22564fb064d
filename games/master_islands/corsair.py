"""How the hard corsair (MI-K2..K5) judges a position: the chance the crew still reaches its
target in the rounds left.

A search playout is cut mid-round; :func:`crew_chance` first plays the rest of that round with
the medium player (the crew's takes of the round, MI-K3 step 3, are what the corsair's moves
change), then reads the chance off a logistic model fitted on 1,500 medium-against-medium games
per crew size with no round limit: for a round about to start, the crew's cards still needed,
the rounds left and the cards the crew could take right now (:func:`.bots.crew_gain` with nothing
blocked). In those games the crew reached 12 cards in round 8 (median; 90% by round 9) with two
crew players and in round 5 (90% by round 6) with three, so at "easy" (10 rounds) the corsair is
out of time whatever it blocks: the difficulty is the crew's.
"""

from __future__ import annotations

import math
import random

from ..base import Game, State, past
from . import flow
from .alignments import find_alignments
from .board import cells_of, galleons_of
from .bots import corsair_plans, crew_gain, greedy_bot, step_towards

Pos = tuple[int, int]

MODEL: dict[int, tuple[float, float, float, float]] = {
    2: (-1.477, -0.693, 1.605, 0.565),
    3: (-1.288, -0.665, 2.144, 0.595),
}
"""Crew players -> logistic weights (bias, cards needed, rounds left, cards takeable now)."""

ROUND_MOVES = 80
"""At most this many moves to finish a round (a round has about 10 to 20)."""

SOFT = 0.1
"""Weight of a flattened copy of the chance, so a lost or won position still ranks moves by
how far the crew is from its target (the chance alone is flat at 0 or 1 there)."""


def crew_logit(state: State) -> float:
    """The model's log-odds that the crew reaches its target, at the start of a round."""
    corsair = state["options"]["corsair"]
    crew = [s for s in range(1, state["players"] + 1) if s != corsair]
    cards = sum(len(state["collected"][s - 1]) for s in crew)
    galleons = galleons_of(state)
    stops = [p for s in crew for p in galleons[s - 1]]
    takeable = crew_gain(find_alignments(cells_of(state), stops), set(), len(crew))
    bias, need, rounds, now = MODEL[min(3, max(2, len(crew)))]
    left = state["rounds_max"] - state["round"] + 1
    return bias + need * (flow.target(state) - cards) + rounds * left + now * takeable


def finish_round(game: Game, state: State, rng: random.Random) -> State:
    """``state`` at the start of the next round (or the end of the game), everyone medium."""
    start = state["round"]
    for _ in range(ROUND_MOVES):
        movers = game.to_move(state)
        if not movers or state["round"] != start:
            break
        state, _ = game.apply(state, movers[0], greedy_bot(game, state, movers[0], rng))
    return state


def crew_chance(game: Game, state: State, rng: random.Random | None = None) -> float:
    """About the chance the crew wins from ``state`` (corsair mode): the current round is
    played to its end first (``rng`` breaks the medium players' ties)."""
    state = finish_round(game, state, rng or random.Random(state["round"]))
    result = game.result(state)
    if result.finished:
        return 0.0 if state["options"]["corsair"] in result.winners else 1.0
    z = crew_logit(state)
    return (1 - SOFT) / (1 + math.exp(-z)) + SOFT / (1 + math.exp(-z / 4))


def corsair_value(game: Game, state: State, seat: int) -> float:
    """``evaluate`` for the corsair's search: about 1 when the crew will run out of rounds."""
    return 1.0 - crew_chance(game, state)


PLANS = 6
"""End squares (pairs) the hard corsair compares each step: the medium player's best few."""

PLAN_PLAYOUTS = 120
"""Playouts per step, all plans together."""

HORIZON = 2
"""Rounds a plan's playout runs (this one and the next) before :func:`crew_chance` scores it."""


def plan_value(game: Game, deal: State, seat: int, plan: tuple[Pos, Pos],
               rng: random.Random) -> float:
    """One playout: the galleons end on ``plan``, then everyone plays medium to the horizon."""
    st = dict(deal)
    st["galleons"] = [list(g) for g in deal["galleons"]]
    st["galleons"][seat - 1] = [list(plan[0]), list(plan[1])]
    st, _ = game.apply(st, seat, "done")
    for _ in range(HORIZON - 1):
        st = finish_round(game, st, rng)
    if game.result(st).finished:
        return 1.0 if seat in game.result(st).winners else 0.0
    return 1.0 - crew_chance(game, st, rng)


def plan_search(game: Game, state: State, seat: int, rng: random.Random,
                deadline: float | None = None) -> str:
    """The hard corsair's step (MI-K3): the medium player's best few end squares are each
    played out on the same re-dealt hidden cards and luck, and the step goes towards the best.
    Ties keep the medium player's choice (the first)."""
    known = game.determinize(state, seat, rng)  # only what the corsair knows
    view = game.view(known, seat)
    plans = corsair_plans(view, seat, PLANS)
    totals = [0.0] * len(plans)
    for _ in range(PLAN_PLAYOUTS // len(plans) if len(plans) > 1 else 0):
        deal = game.determinize(state, seat, rng)
        luck = rng.randrange(2**32)
        for i, plan in enumerate(plans):
            totals[i] += plan_value(game, deal, seat, plan, random.Random(luck))
        if past(deadline):
            break
    best = max(range(len(plans)), key=lambda i: (totals[i], -i))
    return step_towards(view, seat, plans[best])
