"""Dealing (IO-4, IO-V1), records' ``setup`` keys and the resampling behind ``determinize``.

Only the unrevealed tiles are random. Undealt tiles are not stored: they "leave the game unseen",
and what nobody has seen is always the 22 tiles minus the revealed ones (``unseen_pool``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..base import setup_of
from .tiles import DEAL, TILE_SET, check_sub_multiset, parse_value, unseen_pool


def _values(raw: Any, what: str) -> list[int]:
    if not isinstance(raw, list):
        raise ValueError(f"{what} must be a list of tile values like \"+2\", \"-3\"")
    return [parse_value(v) for v in raw]


def deal_tiles(
    players: int, common: bool, rng: random.Random, setup: Mapping[str, Any] | None
) -> tuple[list[list[int]] | None, list[int] | None]:
    """(reserves per seat, None) or (None, common pile): top first. ``setup`` may fix them."""
    setup = setup_of(setup, ("tiles", "pile"))
    if common:
        if "tiles" in setup:
            raise ValueError("the common-reserve variant takes setup 'pile', not 'tiles'")
        if "pile" in setup:
            pile = _values(setup["pile"], "setup 'pile'")
            check_sub_multiset(pile)
            return None, pile
        pile = list(TILE_SET)
        rng.shuffle(pile)
        return None, pile
    if "pile" in setup:
        raise ValueError("setup 'pile' is for the common-reserve variant; use 'tiles' (one list per seat)")
    if "tiles" in setup:
        lists = setup["tiles"]
        if not isinstance(lists, list) or len(lists) != players:
            raise ValueError(f"setup 'tiles' must hold one list per seat ({players} lists)")
        reserves = [_values(t, f"setup 'tiles' of seat {i + 1}") for i, t in enumerate(lists)]
        check_sub_multiset([v for r in reserves for v in r])
        return reserves, None
    shuffled = list(TILE_SET)
    rng.shuffle(shuffled)
    each = DEAL[players][1]
    return [shuffled[i * each : (i + 1) * each] for i in range(players)], None


def revealed_values(state: Mapping[str, Any]) -> list[int]:
    """Every value shown to the table so far: placed tiles plus the pending one (all public)."""
    values = [item["value"] for item in state["board"].values() if item["kind"] == "tile"]
    if state.get("pending"):
        values.append(state["pending"]["value"])
    return values


def resample(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A copy of ``state`` whose never-revealed tiles are redrawn from the unseen multiset.

    Reserve sizes and the pile size stay; revealed values (placed or pending) stay.
    """
    pool = unseen_pool(revealed_values(state))
    rng.shuffle(pool)
    out = dict(state)
    if state["pile"] is not None:
        out["pile"] = pool[: len(state["pile"])]
        return out
    reserves, start = [], 0
    for reserve in state["reserves"]:
        reserves.append(pool[start : start + len(reserve)])
        start += len(reserve)
    out["reserves"] = reserves
    return out
