"""Hand-made Master Islands views that follow docs/views/master-islands.md exactly (no engine needed)."""

from __future__ import annotations

import copy
from typing import Any


def mi_view(**changes: Any) -> dict[str, Any]:
    """A small 3-player standard public view; keyword arguments replace top-level keys."""
    view: dict[str, Any] = {
        "game": "master-islands", "viewer": None, "players": 3,
        "options": {"mode": "standard"}, "to_move": [2],
        "last_move": {"seat": 1, "move": "place B4 1,0", "cells": [[1, 0]]},
        "result": None, "mode": "standard", "phase": "discovery",
        "map": [{"x": 0, "y": 0, "card": "B3"}, {"x": 1, "y": 0, "card": "B4"},
                {"x": -1, "y": 0, "card": "Y2"}, {"x": 0, "y": -1, "card": "G5"},
                {"x": 0, "y": 1, "card": "R1"}],
        "holes": [[-1, -1]],
        "seats": [
            {"seat": 1, "role": "player", "team": None, "galleons": [[0, 0], [1, 0]],
             "hand_size": 3, "collected": ["R2", "G3"], "score": 2},
            {"seat": 2, "role": "player", "team": None, "galleons": [[0, 0], [0, 0]],
             "hand_size": 3, "collected": [], "score": 0},
            {"seat": 3, "role": "player", "team": None, "galleons": [[0, 0], [-1, 0]],
             "hand_size": 2, "collected": ["Y5"], "score": 1},
        ],
        "pile": 30, "hand": None, "round": None, "rounds_max": None, "target": 10,
        "team_scores": None,
    }
    view.update(copy.deepcopy(changes))
    return view


def corsair_view() -> dict[str, Any]:
    """Corsair mode, 3 seats: two crew with one galleon each, the corsair (seat 3) with two."""
    view = mi_view(mode="corsair", options={"mode": "corsair", "corsair": 3, "difficulty": "medium"},
                   phase="corsair", round=3, rounds_max=7, target=12, team_scores={"crew": 3},
                   to_move=[3])
    view["seats"] = [
        {"seat": 1, "role": "crew", "team": None, "galleons": [[0, 0]], "hand_size": 3,
         "collected": ["R2", "G3"], "score": 2},
        {"seat": 2, "role": "crew", "team": None, "galleons": [[1, 0]], "hand_size": 3,
         "collected": ["Y5"], "score": 1},
        {"seat": 3, "role": "corsair", "team": None, "galleons": [[0, 0], [0, 1]],
         "hand_size": 0, "collected": [], "score": 0},
    ]
    return view


def coop_view() -> dict[str, Any]:
    """Cooperative mode: seats 1 & 3 against 2 & 4, one galleon each."""
    view = mi_view(mode="coop", options={"mode": "coop"}, players=4, target=12,
                   team_scores={"1": 3, "2": 1})
    view["seats"] = [
        {"seat": s, "role": "player", "team": 1 if s % 2 else 2, "galleons": [[0, 0]],
         "hand_size": 3, "collected": ["B1"] * (s % 3), "score": s % 3}
        for s in range(1, 5)
    ]
    return view
