"""``view(state, seat)`` in the exact shape of docs/views/maitre-des-mers.md.

Every card is face up; only the order of the ship pile (and the future dice) is hidden, so the
view is the same for every seat but ``viewer``.
"""

from __future__ import annotations

from typing import Any

from ..base import Result
from ..views import view_head
from . import flow
from .cards import GOODS, SHIPS, TREASURES, cargo_json


def ship_json(code: str, cargo: str | None) -> dict[str, Any]:
    s = SHIPS[code]
    return {"ship": code, "family": s.family, "target": s.target, "firepower": s.firepower,
            "map": s.map, "cargo": cargo_json(cargo)}


def build_view(game_id: str, st: dict[str, Any], seat: int | None, result: Result,
               to_move: list[int]) -> dict[str, Any]:
    last = st["last_move"]
    last_action = st["last_action"]
    return {
        **view_head(game_id, st, seat, to_move,
                    None if last is None else {**last, "cells": list(last["cells"])}, result),
        "port": list(st["port"]),
        "pile": len(st["pile"]),
        "goods": [{"letter": GOODS[g].letter, "power": GOODS[g].power} for g in st["goods"]],
        "treasures": [{"letter": TREASURES[t].letter, "points": TREASURES[t].points}
                      for t in st["treasures"]],
        "seats": [
            {"seat": s, "score": flow.score(st, s),
             "fleet": [ship_json(e["ship"], e["cargo"]) for e in st["fleets"][s - 1]]}
            for s in range(1, st["players"] + 1)
        ],
        "turn": None if st["turn"] is None else flow.turn_json(st["turn"]),
        "last_action": None if last_action is None else {
            **flow.turn_json(last_action), "outcome": last_action["outcome"]},
        "hand": None,
    }
