"""L'île des contrebandiers computer levels: easy (random), medium (:func:`.bots.greedy`) and
hard (:mod:`games.search` over :mod:`.deal`'s determinizations). Whole games are too long to
play out within the budget, so a playout stops at a fixed turn (:class:`TurnCut`: every
candidate's playout after the same dice), right after that turn's roll, where
:func:`evaluate` compares each seat's points plus what its boat is worth (the medium player's
own valuation; for the seat about to sail, the best sail its roll allows)."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

from ..base import Game, State
from ..levels import Levels, random_bot
from ..search import Knobs, search, top
from ..thinking import Deadline
from .bots import Board, greedy, sail_value

KEEP = 5
"""Sailing end spaces searched per decision (the medium player's best)."""
TURNS = 1
"""Playouts stop when this many turns more than the seats began after the decision (the
rivals' turns, the bot's own next one and TURNS more), right after that turn's roll."""
DEPTH = 40
"""A safety cap on a playout's moves (a turn is 1-4 moves)."""
PLAYOUTS = {2: 400, 3: 260, 4: 200}
"""Playouts per decision by seat count (a playout is longer with more seats: about the same
CPU per move)."""
WIN_WORTH = 10.0
"""What a winning delivery within reach adds to a seat's worth (the medium player's ``WIN`` is
a ranking, not a size)."""


def sail_values(board: Board, legal: list[str]) -> list[tuple[float, str]]:
    """The medium player's value of each sail, stay or load, one path per end space (paths
    to one end from one space are worth the same)."""
    white = (board.view.get("dice") or {}).get("white")
    best: dict[tuple[str, str | None], tuple[float, str]] = {}
    for move in legal:
        verb, *path = move.split()
        key = (path[-1], path[-2] if len(path) > 1 else None) if path else (verb, None)
        if key not in best:
            best[key] = (sail_value(board, move, white), move)
    return list(best.values())


def candidates(game: Game, state: State, seat: int, legal: list[str], rng: random.Random) -> list[str]:
    """Every move, except that a sail keeps one path per end space and the best few of them."""
    if not any(m.split()[0] in ("sail", "stay", "load") for m in legal) or len(legal) <= KEEP:
        return list(legal)
    return top(sail_values(Board(game.view(state, seat), seat), legal), KEEP)


def worth(game: Game, state: State, seat: int) -> float:
    """``seat``'s delivered points plus its boat's prospects, as the medium player sees them:
    for the seat about to sail, the best sail its roll allows (its beam threat is past)."""
    board = Board(game.view(state, seat), seat)
    here = board.me
    points = float(board.scores.get(seat, 0))
    if here is None:
        return points
    turn = state["turn"] or {}
    if turn.get("seat") == seat and turn.get("stage") == "sail":
        best = max(v for v, _ in sail_values(board, game.legal(state, seat)))
        return points + min(best, WIN_WORTH)
    if board.carrying and seat not in turn.get("drops_left", ()):  # caught: the tile is lost
        return points + board.carried_value(here, board.mine)
    return points + board.empty_value(here)


class TurnCut:
    """The game as a playout sees it: no one moves once ``turns`` turns began after the
    search's deal (``determinize`` restarts the dice count), so every candidate's playout stops
    at the same turn, after the same dice (common random numbers), however many moves its
    turns took."""

    def __init__(self, game: Game, turns: int) -> None:
        self.game = game
        self.turns = turns

    def __getattr__(self, name: str) -> Any:
        return getattr(self.game, name)

    def to_move(self, state: State) -> list[int]:
        return [] if state["dice_used"] >= self.turns else self.game.to_move(state)


def hard(game: Game, state: State, seat: int, rng: random.Random, *,
         deadline: Deadline | None = None) -> str:
    """Determinized search (:mod:`games.search`) whose playouts stop after :data:`TURNS`."""
    players = state["players"]
    knobs = BY_PLAYERS.get(players, KNOBS)
    return search(TurnCut(game, TURNS + players), state, seat, rng, knobs, deadline)  # type: ignore[arg-type]


def evaluate(game: Game, state: State, seat: int) -> float:
    """About 1 when ``seat`` leads the best rival clearly, 0 when it trails."""
    mine = worth(game, state, seat)
    rival = max(worth(game, state, s) for s in range(1, state["players"] + 1) if s != seat)
    return 0.5 + 0.5 * math.tanh((mine - rival) / 2)


KNOBS = Knobs(policy=greedy, playouts=PLAYOUTS[2], depth=DEPTH, candidates=candidates,
              evaluate=evaluate, margin=0.2, confidence=1.0)
"""``confidence``: medium's move is kept unless another beats it by a standard error of the
paired playouts (end spaces are often worth about the same)."""

BY_PLAYERS = {n: replace(KNOBS, playouts=p) for n, p in PLAYOUTS.items()}

BOTS = Levels(easy=random_bot, medium=greedy, hard=hard, knobs=KNOBS)
