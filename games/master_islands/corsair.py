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

from ..base import Game, State
from . import flow
from .alignments import find_alignments
from .board import cells_of, galleons_of
from .bots import crew_gain, greedy_bot

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

