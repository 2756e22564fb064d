"""``view(state, seat)`` in the exact shape of docs/views/ile-des-contrebandiers.md.

Hidden (IC-6, IC-16): island stacks (counts only); a tile on a boat shows to its owner only
until it was shown at a wrong harbour; tiles on the sea stay hidden to all unless shown before.
"""

from __future__ import annotations

from typing import Any

from ..base import Result
from ..views import view_head
from . import flow
from .board import HARBOURS, ISLAND_NAMES

HIDDEN = {"hidden": True}


def tile_json(tile: str, shown: bool, seen: bool) -> dict[str, Any]:
    if not (shown or seen):
        return dict(HIDDEN)
    dest, points = flow.tile_info(tile)
    return {"hidden": False, "destination": dest, "points": points, "shown": shown}


def build_view(game_id: str, st: dict[str, Any], seat: int | None, result: Result,
               to_move: list[int]) -> dict[str, Any]:
    last = st["last_move"]
    turn = st["turn"]
    boats = []
    for i, b in enumerate(st["boats"], start=1):
        tile = None if b["tile"] is None else tile_json(b["tile"], b["shown"], i == seat)
        boats.append({"seat": i, "space": b["space"], "tile": tile})
    hand = None
    if seat is not None and 1 <= seat <= st["players"]:
        own = st["boats"][seat - 1]["tile"]
        if own is not None:
            dest, points = flow.tile_info(own)
            hand = {"destination": dest, "points": points}
    return {
        **view_head(game_id, st, seat, to_move,
                    None if last is None else {**last, "cells": list(last["cells"])}, result),
        "beam": st["beam"],
        "reefs": list(st["reefs"]),
        "islands": [{"island": k, "name": name, "harbour": HARBOURS[k], "sector": 2 * k,
                     "goods_left": len(st["stacks"][k])} for k, name in enumerate(ISLAND_NAMES)],
        "boats": boats,
        "floating": [{"space": space, "tile": tile_json(f["tile"], f["shown"], False)}
                     for space, f in sorted(st["floating"].items())],
        "seats": [{"seat": s, "score": flow.score(st, s),
                   "delivered": [{"destination": d, "points": p}
                                 for d, p in map(flow.tile_info, st["delivered"][s - 1])]}
                  for s in range(1, st["players"] + 1)],
        "dice": None if st["dice"] is None else dict(st["dice"]),
        "turn": None if turn is None else {
            "seat": turn["seat"], "stage": turn["stage"], "caught": list(turn["caught"]),
            "drops_left": list(turn["drops_left"])},
        "path": None if st["path"] is None else list(st["path"]),
        "hand": hand,
    }
