"""Hand-made Isis & Osiris views that follow docs/views/isis-osiris.md exactly (no engine needed)."""

from __future__ import annotations

import copy
from typing import Any


def io_view(**changes: Any) -> dict[str, Any]:
    """A 3-player memory-mode public view mid-game; keyword arguments replace top-level keys."""
    view: dict[str, Any] = {
        "game": "isis-osiris", "viewer": None, "players": 3,
        "options": {"reserve": "own", "open": False, "first": None}, "to_move": [2],
        "last_move": {"seat": 1, "move": "tile D2", "cells": ["D2"]}, "result": None,
        "board": {"A1": {"kind": "pawn", "seat": 1}, "B1": {"kind": "pawn", "seat": 2},
                  "C4": {"kind": "pawn", "seat": 3}, "D2": {"kind": "tile", "value": None},
                  "E5": {"kind": "tile", "value": None}},
        "seats": [{"seat": 1, "pawns_left": 5, "tiles_left": 6, "score": None},
                  {"seat": 2, "pawns_left": 5, "tiles_left": 7, "score": None},
                  {"seat": 3, "pawns_left": 5, "tiles_left": 6, "score": None}],
        "pile": None, "pending": None, "final": None,
    }
    view.update(copy.deepcopy(changes))
    return view


def final_view() -> dict[str, Any]:
    """The end of a (tiny, hand-made) game: every tile and pawn value shown."""
    board = {"A1": {"kind": "pawn", "seat": 1}, "B1": {"kind": "tile", "value": 3},
             "A2": {"kind": "tile", "value": -2}, "B2": {"kind": "pawn", "seat": 2}}
    return io_view(
        board=board, to_move=[], phase=None,
        result={"finished": True, "scores": [1, 1, 0], "winners": [1, 2],
                "reason": "The board is full."},
        seats=[{"seat": s, "pawns_left": 0, "tiles_left": 0, "score": sc}
               for s, sc in ((1, 1), (2, 1), (3, 0))],
        final={"tiles": {"B1": 3, "A2": -2}, "pawn_values": {"A1": 1, "B2": 1},
               "scores": [1, 1, 0]},
    )
