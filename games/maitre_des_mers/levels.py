"""Le Maître des Mers computer levels: easy (random), medium (:func:`.bots.greedy`) and hard
(:mod:`games.search`). A game is hundreds of dice moves, so playouts stop after ``DEPTH`` moves,
where :func:`evaluate` counts each fleet's points and prospects."""

from __future__ import annotations

import math
import random

from ..base import Game, State
from ..levels import Levels, random_bot
from ..search import Knobs, search_bot
from . import flow
from .bots import POWER_WORTH, greedy
from .cards import FAMILY_BONUS, GOODS, SHIPS

DEPTH = 40
"""Playout moves before the evaluation (a few turns)."""
FAMILY_SIZE = 4


def candidates(game: Game, state: State, seat: int, legal: list[str], rng: random.Random) -> list[str]:
    """Every announcement, stowing and looting choice; on a roll, the medium player's own
    placement (it already plays the exact best odds for the card: searching it costs much and
    gains little)."""
    turn = state.get("turn") or {}
    if turn.get("stage") == "dice":
        return [greedy(game, state, seat, rng)]
    return list(legal)


def worth(state: State, seat: int) -> float:
    """``seat``'s points plus what its fleet promises: goods powers, families still possible."""
    ships = state["fleets"][seat - 1]
    points = float(flow.score(state, seat))
    points += sum(POWER_WORTH.get(GOODS[e["cargo"]].power, 1.0) * 0.5
                  for e in ships if e["cargo"] in GOODS)
    owners = {e["ship"]: s for s, fleet in enumerate(state["fleets"], 1) for e in fleet}
    for family in {SHIPS[e["ship"]].family for e in ships}:
        held = {s for code, s in owners.items() if SHIPS[code].family == family}
        mine = sum(1 for e in ships if SHIPS[e["ship"]].family == family)
        if held == {seat} and mine < FAMILY_SIZE:
            points += FAMILY_BONUS * mine**2 / FAMILY_SIZE**2
    return points + 0.3 * len(ships)


def evaluate(game: Game, state: State, seat: int) -> float:
    """About 1 when ``seat`` leads the best rival clearly, 0 when it trails."""
    mine = worth(state, seat)
    rival = max(worth(state, s) for s in range(1, state["players"] + 1) if s != seat)
    return 0.5 + 0.5 * math.tanh((mine - rival) / 4)


PLAYOUTS = 160
"""Playouts per decision: at most ``PLAYOUTS * DEPTH`` medium moves, so a move stays well under
the tables' thinking cap (``python -m games arena`` prints the time per move): the cap must
never cut a search, since a cut changes the move."""

KNOBS = Knobs(policy=greedy, playouts=PLAYOUTS, depth=DEPTH, candidates=candidates,
              evaluate=evaluate, margin=0.2)

BOTS = Levels(easy=random_bot, medium=greedy, hard=search_bot(KNOBS), knobs=KNOBS)
