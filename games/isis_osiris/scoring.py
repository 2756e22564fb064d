"""Final scoring (IO-11, IO-12): each pawn is worth the sum of its orthogonally adjacent tiles."""

from __future__ import annotations

from typing import Any

from .tiles import NEIGHBOURS


def pawn_values(board: dict[str, dict[str, Any]]) -> dict[str, int]:
    """cell -> worth of the pawn on it (IO-11); tiles' ``value`` must be present."""
    out = {}
    for cell, item in board.items():
        if item["kind"] == "pawn":
            out[cell] = sum(
                board[n]["value"]
                for n in NEIGHBOURS[cell]
                if n in board and board[n]["kind"] == "tile"
            )
    return out


def scores(board: dict[str, dict[str, Any]], players: int) -> list[int]:
    """One score per seat: the sum over that seat's pawns (IO-11)."""
    out = [0] * players
    for cell, worth in pawn_values(board).items():
        out[board[cell]["seat"] - 1] += worth
    return out


def winners(points: list[int]) -> list[int]:
    """IO-12: the seats with the best score (the least negative if all are negative); ties share."""
    best = max(points)
    return [i + 1 for i, p in enumerate(points) if p == best]
