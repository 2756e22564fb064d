"""Master Islands computer levels: easy (random), medium (:func:`.bots.greedy_bot`) and hard
(:mod:`games.search`). Playouts stop after ``DEPTH`` moves, where :func:`evaluate` weighs the
collected cards (and, in corsair mode, the crew's pace against the rounds left). The corsair's
own search (``CORSAIR_KNOBS``) plays each step out to the end of the round and scores it by the
crew's chance to finish (:mod:`.corsair`)."""

from __future__ import annotations

import math
import random

from ..base import Game, State
from ..levels import Levels, random_bot
from ..search import Knobs, search, top
from ..thinking import Deadline
from . import flow
from .bots import corsair_step, discovery_score, greedy_bot
from .corsair import corsair_value

KEEP = 6
"""Discovery moves searched per decision (the medium player's best)."""
DEPTH = 16
"""Playout moves before the evaluation (about two turns each at a 4-seat table)."""


def candidates(game: Game, state: State, seat: int, legal: list[str], rng: random.Random) -> list[str]:
    view = game.view(state, seat)
    phase = view["phase"]
    if phase in ("discovery",) and len(legal) > KEEP:
        return top([(discovery_score(view, seat, m), m) for m in legal], KEEP)
    if phase == "conquest":
        takes = [(float(len(m.split())), m) for m in legal if m != "pass"]
        return top(takes, KEEP - 1, ["pass"])
    if phase == "corsair":  # the medium step first: it wins ties
        planned = corsair_step(view, seat)
        return [planned] + [m for m in legal if m != planned] if planned in legal else list(legal)
    return list(legal)


def evaluate(game: Game, state: State, seat: int) -> float:
    """About 1 when ``seat`` (or its side) is well ahead, 0 when well behind."""
    cards = [len(c) for c in state["collected"]]
    mode = flow.mode(state)
    if mode == "corsair":
        corsair = state["options"]["corsair"]
        crew = sum(n for s, n in enumerate(cards, 1) if s != corsair)
        played = max(1, state["round"] - 1)
        ahead = crew + crew / played * (state["rounds_max"] - state["round"] + 1) - flow.target(state)
        crew_value = 0.5 + 0.5 * math.tanh(ahead / 3)
        return 1 - crew_value if seat == corsair else crew_value
    sides = flow.teams(state)
    totals = {name: sum(cards[s - 1] for s in members) for name, members in sides.items()}
    mine = next(name for name, members in sides.items() if seat in members)
    rival = max((v for name, v in totals.items() if name != mine), default=0)
    return 0.5 + 0.5 * math.tanh((totals[mine] - rival) / 3)


KNOBS = Knobs(policy=greedy_bot, playouts=120, depth=DEPTH, candidates=candidates,
              evaluate=evaluate, margin=0.2)

CORSAIR_DEPTH = 4
"""The corsair's playouts: a few moves, then :func:`.corsair.crew_chance` ends the round."""

CORSAIR_PLAYOUTS = {3: 120, 4: 90}
"""The corsair's playouts per step by player count: with three crew players a round takes longer
to play out, so four players get fewer playouts for about the same thinking time a step."""

CORSAIR_KNOBS = {players: Knobs(policy=greedy_bot, playouts=n, depth=CORSAIR_DEPTH,
                                candidates=candidates, evaluate=corsair_value)
                 for players, n in CORSAIR_PLAYOUTS.items()}


def hard_bot(
    game: Game, state: State, seat: int, rng: random.Random, *, deadline: Deadline | None = None
) -> str:
    """The search; the corsair (MI-K3) judges its playouts by the crew's chance to finish."""
    corsair = flow.mode(state) == "corsair" and seat == state["options"]["corsair"]
    knobs = CORSAIR_KNOBS[state["players"]] if corsair else KNOBS
    return search(game, state, seat, rng, knobs, deadline)


BOTS = Levels(easy=random_bot, medium=greedy_bot, hard=hard_bot, knobs=KNOBS)
