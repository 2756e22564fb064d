"""Helpers for building views (docs/views/README.md)."""

from __future__ import annotations

from typing import Any

from .base import Result, State, View


def view_head(
    game_id: str, state: State, seat: int | None, to_move: list[int],
    last_move: dict[str, Any] | None, result: Result | None,
) -> View:
    """The keys every game's view starts with (docs/views/README.md, "Keys common to every game");
    ``last_move`` is already a copy the view may hand out; ``result`` None: not over (a game
    need not work its result out for an unfinished view)."""
    return {
        "game": game_id,
        "viewer": seat,
        "players": state["players"],
        "options": dict(state["options"]),
        "to_move": list(to_move),
        "last_move": last_move,
        "result": result.to_json() if result is not None and result.finished else None,
    }

