"""The sea of L'île des contrebandiers (IC-1, IC-2, IC-4): the ONE place holding the geometry.

The board is a picture the rules do not carry; this is a reconstruction (rules IC-1 Decision):
3 rings (1 inner .. 3 outer) x 10 sectors (a..j = 0..9, clockwise). A sea space is ring + sector
letter (``2c``). Island k (0-4) has harbour ``Hk`` joined only to the outer space of sector 2k.
"""

from __future__ import annotations

from collections import deque

RINGS = (1, 2, 3)
SECTORS = 10
LETTERS = "abcdefghij"
ISLAND_NAMES = ("gems", "coins", "jewels", "vases", "barrels")
ISLANDS = len(ISLAND_NAMES)
ANCHOR = "3f"

SPACES: tuple[str, ...] = tuple(f"{r}{LETTERS[s]}" for r in RINGS for s in range(SECTORS))
HARBOURS: tuple[str, ...] = tuple(f"H{k}" for k in range(ISLANDS))
ALL_SPACES: tuple[str, ...] = SPACES + HARBOURS
_SPACE_SET = frozenset(SPACES)
_HARBOUR_SET = frozenset(HARBOURS)


def space(ring: int, sector: int) -> str:
    """The sea space of ``ring`` (1-3) and ``sector`` (0-9, wrapping)."""
    return f"{ring}{LETTERS[sector % SECTORS]}"


def is_harbour(name: str) -> bool:
    return name in _HARBOUR_SET


def sector_of(name: str) -> int | None:
    """The sector (0-9) of a sea space; None for a harbour."""
    if name in _SPACE_SET:
        return LETTERS.index(name[1])
    if name in _HARBOUR_SET:
        return None
    raise ValueError(f"unknown space {name!r}")


def ring_of(name: str) -> int | None:
    """The ring (1 inner .. 3 outer) of a sea space; None for a harbour."""
    if name in _SPACE_SET:
        return int(name[0])
    if name in _HARBOUR_SET:
        return None
    raise ValueError(f"unknown space {name!r}")


def island_of(name: str) -> int | None:
    """The island k of harbour ``Hk``; None for a sea space."""
    if name in _HARBOUR_SET:
        return int(name[1])
    if name in _SPACE_SET:
        return None
    raise ValueError(f"unknown space {name!r}")


def harbour_access(k: int) -> str:
    """The outer sea space of sector 2k, the only link of harbour ``Hk`` (IC-2)."""
    return space(3, 2 * k)


def _build() -> dict[str, tuple[str, ...]]:
    links: dict[str, list[str]] = {n: [] for n in ALL_SPACES}
    for r in RINGS:
        for s in range(SECTORS):
            here = space(r, s)
            links[here].append(space(r, s - 1))
            links[here].append(space(r, s + 1))
            if r > 1:
                links[here].append(space(r - 1, s))
            if r < 3:
                links[here].append(space(r + 1, s))
    for k in range(ISLANDS):
        h, acc = HARBOURS[k], harbour_access(k)
        links[acc].append(h)
        links[h].append(acc)
    return {n: tuple(sorted(v)) for n, v in links.items()}


_NEIGHBOURS = _build()


def neighbours(name: str) -> tuple[str, ...]:
    """Sea neighbours and harbour links of ``name`` (sorted by name)."""
    try:
        return _NEIGHBOURS[name]
    except KeyError:
        raise ValueError(f"unknown space {name!r}") from None


def sector_spaces(sector: int) -> tuple[str, ...]:
    """The three sea spaces of a sector (rings 1-3)."""
    return tuple(space(r, sector) for r in RINGS)


def distance(a: str, b: str, blocked: frozenset[str] = frozenset()) -> int | None:
    """Fewest steps from ``a`` to ``b`` through spaces not in ``blocked`` (``a`` itself may be
    blocked; ``b`` may not). None if unreachable."""
    if a == b:
        return 0
    if b in blocked:
        return None
    seen = {a}
    queue = deque([(a, 0)])
    while queue:
        here, d = queue.popleft()
        for n in _NEIGHBOURS[here]:
            if n in seen or n in blocked:
                continue
            if n == b:
                return d + 1
            seen.add(n)
            queue.append((n, d + 1))
    return None


def distances_from(a: str, blocked: frozenset[str] = frozenset()) -> dict[str, int]:
    """Fewest steps from ``a`` to every space reachable through non-blocked spaces."""
    dist = {a: 0}
    queue = deque([a])
    while queue:
        here = queue.popleft()
        for n in _NEIGHBOURS[here]:
            if n not in dist and n not in blocked:
                dist[n] = dist[here] + 1
                queue.append(n)
    return dist


def harbours_connected(reefs: frozenset[str]) -> bool:
    """Every harbour reachable from every other avoiding ``reefs`` (IC-4 variant)."""
    reach = distances_from(HARBOURS[0], reefs)
    return all(h in reach for h in HARBOURS)
