"""Isis & Osiris computer levels: easy (random), medium (:func:`.bots.greedy_bot`) and hard
(:mod:`games.search` over the medium player's best few cells). A game is about 50 cheap moves,
so playouts run to the end."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ..base import Game, State
from ..levels import Levels, random_bot
from ..search import Candidates, Knobs, search_bot, top
from .bots import greedy_bot, known_values, pawn_worth, tile_gain
from .tiles import NEIGHBOURS

KEEP = 4
"""Cells searched per decision (the medium player's best), ``reveal`` always with them."""


def keeping(keep: int) -> Candidates:
    """The medium player's best ``keep`` cells (``reveal`` always with them)."""

    def candidates(game: Game, state: State, seat: int, legal: list[str],
                   rng: random.Random) -> list[str]:
        board = state["board"]  # positions and public history only (see .bots)
        if state["pending"]:
            value = state["pending"]["value"]
            return top([(tile_gain(board, m.split()[1], value, seat, state["players"]), m)
                        for m in legal], keep)
        known = known_values(state)
        pawns = [(pawn_worth(known, m.split()[1]) + 0.01 * _open(board, m.split()[1]), m)
                 for m in legal if m != "reveal"]
        return top(pawns, keep, [m for m in legal if m == "reveal"]) if pawns else legal

    return candidates


candidates = keeping(KEEP)


def _open(board: dict[str, Any], cell: str) -> int:
    """Empty cells next to ``cell``: room for the tiles that will score a pawn there."""
    return sum(1 for n in NEIGHBOURS[cell] if n not in board)


KNOBS = Knobs(policy=greedy_bot, playouts=160, candidates=candidates, margin=1.0)

BY_PLAYERS = {4: replace(KNOBS, playouts=240, candidates=keeping(8))}
"""At four players the medium player's best four cells often miss the one that matters (the
other three move between two of our turns): hard searches eight, with more playouts."""

BOTS = Levels(easy=random_bot, medium=greedy_bot, hard=search_bot(KNOBS, BY_PLAYERS),
              knobs=KNOBS)
