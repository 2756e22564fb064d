"""L'île des contrebandiers computer levels: easy (random), medium (:func:`.bots.greedy`) and
hard (:mod:`games.search`). Games are long and the medium player costs about half a
millisecond a move, so playouts stop after ``DEPTH`` moves, where :func:`evaluate` counts each
seat's points plus what its boat is worth (the medium player's own valuation)."""

from __future__ import annotations

import math
import random

from ..base import Game, Levels, State, random_bot
from ..search import Knobs, search_bot, top
from .bots import Board, greedy, sail_value

KEEP = 5
"""Sailing end spaces searched per decision (the medium player's best)."""
DEPTH = 12
"""Playout moves before the evaluation (about two turns at a 2-seat table)."""


def candidates(game: Game, state: State, seat: int, legal: list[str], rng: random.Random) -> list[str]:
    """Every move, except that a sail keeps one path per end space and the best few of them."""
    if not any(m.split()[0] in ("sail", "stay", "load") for m in legal) or len(legal) <= KEEP:
        return list(legal)
    board = Board(game.view(state, seat), seat)
    white = (board.view.get("dice") or {}).get("white")
    best: dict[tuple[str, str | None], tuple[float, str]] = {}
    for move in legal:
        verb, *path = move.split()
        key = (path[-1], path[-2] if len(path) > 1 else None) if path else (verb, None)
        if key not in best:
            best[key] = (sail_value(board, move, white), move)
    return top(list(best.values()), KEEP)


def worth(game: Game, state: State, seat: int) -> float:
    """``seat``'s delivered points plus its boat's prospects, as the medium player sees them."""
    board = Board(game.view(state, seat), seat)
    here = board.me
    points = float(board.scores.get(seat, 0))
    if here is None:
        return points
    return points + (board.carried_value(here, board.mine) if board.carrying
                     else board.empty_value(here))


def evaluate(game: Game, state: State, seat: int) -> float:
    """About 1 when ``seat`` leads the best rival clearly, 0 when it trails."""
    mine = worth(game, state, seat)
    rival = max(worth(game, state, s) for s in range(1, state["players"] + 1) if s != seat)
    return 0.5 + 0.5 * math.tanh((mine - rival) / 2)


KNOBS = Knobs(policy=greedy, playouts=100, depth=DEPTH, candidates=candidates,
              evaluate=evaluate, margin=0.2, confidence=1.0)
"""``confidence``: the end spaces' playout values differ by less than their noise at this
budget (without it hard won 35% of 20 two-player games against medium)."""

BOTS = Levels(easy=random_bot, medium=greedy, hard=search_bot(KNOBS))
