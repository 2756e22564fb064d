"""``view(state, seat)`` in the exact shape of docs/views/master-islands.md."""

from __future__ import annotations

from typing import Any

from ..base import Result
from ..views import view_head
from . import flow


def build_view(game_id: str, st: dict[str, Any], seat: int | None, result: Result) -> dict[str, Any]:
    """Public parts for everyone; ``hand`` only for the viewer's own seat (None otherwise)."""
    mode = flow.mode(st)
    corsair = st["options"]["corsair"]
    groups = flow.teams(st)
    team_of = {s: name for name, members in groups.items() for s in members}
    seats = []
    for s in range(1, st["players"] + 1):
        collected = list(st["collected"][s - 1])
        seats.append({
            "seat": s,
            "role": "player" if mode != "corsair" else ("corsair" if s == corsair else "crew"),
            "team": int(team_of[s]) if mode == "coop" else None,
            "galleons": [list(g) for g in st["galleons"][s - 1]],
            "hand_size": len(st["hands"][s - 1]),
            "collected": collected,
            "score": len(collected),
        })
    team_scores = None
    if mode != "standard":
        team_scores = {name: sum(len(st["collected"][s - 1]) for s in members)
                       for name, members in groups.items()}
    own_hand = isinstance(seat, int) and 1 <= seat <= st["players"] and seat != corsair
    last = st["last_move"]
    return {
        **view_head(game_id, st, seat, [] if st["phase"] == "over" else [st["current"]],
                    None if last is None else {**last, "cells": [list(c) for c in last["cells"]]},
                    result),
        "mode": mode,
        "phase": st["phase"],
        "map": [{"x": x, "y": y, "card": card} for x, y, card in st["map"]],
        "holes": [list(h) for h in st["holes"]],
        "seats": seats,
        "pile": len(st["pile"]),
        "hand": list(st["hands"][seat - 1]) if own_hand else None,
        "round": st["round"],
        "rounds_max": st["rounds_max"],
        "moves_left": st["moves_left"],
        "target": flow.target(st),
        "team_scores": team_scores,
    }
