"""The medium computer player, ``greedy`` (a player with perfect memory); levels.py lists all.

Every placed tile was revealed to the whole table before it was placed, so its value is public
history: a bot may remember it even in memory mode (bots have perfect memory). ``known_values``
reads exactly that and nothing else: never a reserve, never the pile.
"""

from __future__ import annotations

import random
from typing import Any

from ..base import Game, State
from .tiles import NEIGHBOURS


def known_values(state: State) -> dict[str, int]:
    """cell -> value of every placed tile: what every seat saw revealed (public history)."""
    return {c: it["value"] for c, it in state["board"].items() if it["kind"] == "tile"}


def pawn_worth(known: dict[str, int], cell: str) -> int:
    """What a pawn on ``cell`` is worth now: the sum of the known tiles next to it (IO-11)."""
    return sum(known.get(n, 0) for n in NEIGHBOURS[cell])


def tile_gain(board: dict[str, dict[str, Any]], cell: str, value: int, seat: int, players: int) -> float:
    """How much a tile of ``value`` on ``cell`` helps ``seat`` against the average rival.

    Own adjacent pawns gain ``value``; each rival pawn's gain counts against us, shared among
    the rivals. A small bonus for positive tiles beside empty cells (future pawn spots).
    """
    own = rivals = empty = 0
    for n in NEIGHBOURS[cell]:
        item = board.get(n)
        if item is None:
            empty += 1
        elif item["kind"] == "pawn":
            if item["seat"] == seat:
                own += 1
            else:
                rivals += 1
    gain = value * (own - rivals / (players - 1))
    return gain + (0.1 * value * empty if value > 0 else 0.0)


def _best(cells: list[str], score: Any, rng: random.Random) -> str:
    scored = [(score(c), c) for c in cells]
    top = max(s for s, _ in scored)
    return rng.choice([c for s, c in scored if s >= top - 1e-9])


def greedy_bot(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """Negative tiles beside rivals, positive beside itself; pawns beside known good tiles;
    reveals when no empty cell is worth a pawn."""
    moves = game.legal(state, seat)
    board = state["board"]  # positions and remembered values only (see module docstring)
    pending = state["pending"]  # public: the revealed tile waiting for its cell
    if pending:
        value = pending["value"]
        cells = [m.split()[1] for m in moves]
        gain = lambda c: tile_gain(board, c, value, seat, state["players"])  # noqa: E731
        return f"tile {_best(cells, gain, rng)}"
    known = known_values(state)
    pawn_cells = [m.split()[1] for m in moves if m.startswith("pawn ")]
    if pawn_cells:
        spot = _best(pawn_cells, lambda c: pawn_worth(known, c), rng)
        if pawn_worth(known, spot) > 0 or "reveal" not in moves:
            return f"pawn {spot}"
    return "reveal"

