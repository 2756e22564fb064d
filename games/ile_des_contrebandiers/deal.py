"""Determinization: the tiles a seat cannot see, dealt again as the seat's knowledge allows.

Hidden tiles (island stacks, hidden floating tiles, other boats' hidden tiles) are dealt again
from their pool: the multiset of every tile the seat has not seen, sorted before shuffling so
the deal never depends on where the hidden tiles really are, only on the seat's view and the
generator. With the standard goods (IC-5), an island's stack holds only that island's own
tiles (island k: ``k+1:1``, ``k+2:2``, ``k+3:3``, ``k+4:1``), never one going to itself: each
stack is dealt from the pool's tiles that fit it, the rest go to the other hidden places. With
goods fixed by a record (``setup.goods``) the islands' sets are unknown and the pool is dealt
freely, as before.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from functools import lru_cache
from typing import Any

from .board import ISLANDS
from .flow import tile_info

St = dict[str, Any]
Slot = tuple[str, Any]

OFFSETS = {1: 1, 2: 2, 3: 3, 4: 1}
"""IC-5: island k's tile for island k + offset is worth ``OFFSETS[offset]`` points."""
STANDARD = Counter(f"{(k + j) % ISLANDS}:{p}" for k in range(ISLANDS) for j, p in OFFSETS.items())


def fits(tile: str, island: int) -> bool:
    """Whether ``tile`` can come from ``island``'s stack under the standard goods (IC-5)."""
    destination, points = tile_info(tile)
    return OFFSETS.get((destination - island) % ISLANDS) == points


@lru_cache(maxsize=64)
def origins(tile: str) -> tuple[int, ...]:
    """The islands whose stack ``tile`` may come from under the standard goods."""
    return tuple(k for k in range(ISLANDS) if fits(tile, k))


def every_tile(st: St) -> Counter[str]:
    """The tiles of the game, wherever they are (fixed at set-up: the seat knows them)."""
    tiles = Counter(t for stack in st["stacks"] for t in stack)
    tiles.update(b["tile"] for b in st["boats"] if b["tile"] is not None)
    tiles.update(f["tile"] for f in st["floating"].values())
    tiles.update(t for d in st["delivered"] for t in d)
    return tiles


def hidden_slots(st: St, seat: int) -> list[Slot]:
    """Where the tiles ``seat`` cannot see are, in a fixed order."""
    slots: list[Slot] = []
    for k, stack in enumerate(st["stacks"]):
        slots += [("stack", (k, i)) for i in range(len(stack))]
    for space, f in sorted(st["floating"].items()):
        if not f["shown"]:
            slots.append(("float", space))
    for i, b in enumerate(st["boats"], start=1):
        if b["tile"] is not None and not b["shown"] and i != seat:
            slots.append(("boat", i))
    return slots


def deal(pool: list[str], slots: list[Slot], standard: bool, rng: random.Random) -> list[str]:
    """The tiles of ``pool`` (sorted) for ``slots``, in order: with the standard goods each
    stack gets only its own island's unseen tiles (:func:`owners`); a free shuffle otherwise."""
    stacks = Counter(where[0] for kind, where in slots if kind == "stack")
    islands = owners(pool, stacks, rng) if standard else None
    if islands is None:
        rest = list(pool)
        rng.shuffle(rest)
        return rest
    mine = {k: rng.sample(islands[k], stacks[k]) for k in sorted(stacks)}
    rest = sorted(t for k, own in enumerate(islands) for t in own if t not in mine.get(k, ()))
    rng.shuffle(rest)
    others = iter(rest)
    return [mine[where[0]].pop() if kind == "stack" else next(others) for kind, where in slots]


def owners(pool: list[str], stacks: Counter[int], rng: random.Random) -> list[list[str]] | None:
    """The unseen tiles of ``pool`` by the island they came from (each island has one tile
    of each of its kinds), None when the pool does not fit the standard goods. A 1-point tile
    may come from two islands: when one copy is seen, the other's island is drawn among the
    choices that leave every stack enough tiles, weighted by the deals each allows."""
    sure: list[list[str]] = [[] for _ in range(ISLANDS)]
    either: list[tuple[str, tuple[int, ...]]] = []
    for tile, count in sorted(Counter(pool).items()):
        homes = origins(tile)
        if count > len(homes):
            return None
        if count == len(homes):
            for k in homes:
                sure[k].append(tile)
        else:
            either.append((tile, homes))
    choices: list[tuple[int, ...]] = []
    weights: list[int] = []
    for picks in itertools.product(*(homes for _, homes in either)):
        sizes = [len(own) for own in sure]
        for k in picks:
            sizes[k] += 1
        if all(sizes[k] >= n for k, n in stacks.items()):
            choices.append(picks)
            weights.append(math.prod(math.perm(sizes[k], n) for k, n in stacks.items()))
    if not choices:
        return None
    picks = rng.choices(choices, weights)[0] if len(choices) > 1 else choices[0]
    for (tile, _), k in zip(either, picks, strict=True):
        sure[k].append(tile)
    return [sorted(own) for own in sure]


def determinize(st: St, seat: int, rng: random.Random) -> None:
    """Deal ``st``'s hidden tiles again in place (see the module docstring)."""
    slots = hidden_slots(st, seat)
    pool = sorted(_get(st, s) for s in slots)  # never the real order: only the view counts
    standard = every_tile(st) == STANDARD
    for slot, tile in zip(slots, deal(pool, slots, standard, rng), strict=True):
        _set(st, slot, tile)


def _get(st: St, slot: Slot) -> str:
    kind, where = slot
    if kind == "stack":
        return st["stacks"][where[0]][where[1]]
    if kind == "float":
        return st["floating"][where]["tile"]
    return st["boats"][where - 1]["tile"]


def _set(st: St, slot: Slot, tile: str) -> None:
    kind, where = slot
    if kind == "stack":
        st["stacks"][where[0]][where[1]] = tile
    elif kind == "float":
        st["floating"][where] = {**st["floating"][where], "tile": tile}
    else:
        st["boats"][where - 1]["tile"] = tile
