"""Moves that steer one coop galleon (MI-C3 tests): a whole turn that ends with the seat's
galleon one step in a chosen direction, or a turn that goes anywhere."""

from __future__ import annotations

from typing import Any

from games import get_game
from games.master_islands.notation import DIRECTIONS

GAME = get_game("master-islands")
ENDERS = ("stop", "pass")


def next_move(state: dict[str, Any], seat: int, direction: str | None) -> str:
    """The next move of a turn steering toward ``direction`` (None: any, ending soon)."""
    legal = GAME.legal(state, seat)
    view = GAME.view(state, None)
    x, y = view["seats"][seat - 1]["galleons"][0]
    if direction is not None:
        dx, dy = DIRECTIONS[direction]
        target = f"{x + dx},{y + dy}"
        for move in legal:
            if move == f"sail 1 {direction}" or (move.startswith("place ") and move.endswith(f" {target}")):
                return move
        places = [m for m in legal if m.startswith("place ")]
        if places:  # the target already holds a card: discover elsewhere
            return places[0]
    ender = [m for m in legal if m in ENDERS]
    return ender[0] if ender else legal[0]


def turn_moves(state: dict[str, Any], seat: int, direction: str | None) -> tuple[dict[str, Any], list[str]]:
    """Play ``seat``'s whole turn (it must be to move); ``direction`` None: any legal turn."""
    assert GAME.to_move(state) == [seat], GAME.to_move(state)
    played = []
    while GAME.to_move(state) == [seat]:
        move = next_move(state, seat, direction)
        state, _events = GAME.apply(state, seat, move)
        played.append(move)
    return state, played
