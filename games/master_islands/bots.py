"""Computer players. They decide from ``game.view(state, seat)`` and ``game.legal`` only.

greedy: takes the largest alignment (most cards, then highest sum), always plays the bonus
Discovery, places for colour bonuses and alignments, sails towards free space and off cards it
wants to take; as the corsair it plans its round's steps: the two cards to sit on that leave the crew the
fewest cards to take (:func:`corsair_plan`).
"""

from __future__ import annotations

import random
from typing import Any

from ..base import Game, State
from ..levels import random_bot
from .alignments import find_alignments
from .board import blocked, bonus_colour, cells_of, galleons_of, neighbours
from .cards import value
from .notation import DIRECTIONS, parse_pos

Pos = tuple[int, int]


def _best_alignment(cells: dict[Pos, str], galleons: list[list[Pos]]) -> tuple[int, int]:
    """(cards, sum) of the largest alignment on the map, (0, 0) if none."""
    found = find_alignments(cells, blocked(galleons))
    return max(((len(a), sum(value(cells[p]) for p in a)) for a in found), default=(0, 0))


def discovery_score(view: dict[str, Any], seat: int, move: str) -> float:
    cells = cells_of(view)
    galleons = galleons_of(view)
    own = galleons[seat - 1]
    verb, a, b = move.split()
    if verb == "place":
        pos = parse_pos(b)
        bonus = bonus_colour(cells, own, pos, a)
        cells[pos] = a
        size, _ = _best_alignment(cells, galleons)
        return 4.0 * bonus + 1.5 * size
    n = int(a) - 1
    dx, dy = DIRECTIONS[b]
    dest = (own[n][0] + dx, own[n][1] + dy)
    moved = [list(g) for g in galleons]
    moved[seat - 1][n] = dest
    size, _ = _best_alignment(cells, moved)
    room = sum(1 for p in neighbours(dest) if p not in cells)
    return 1.5 * size + 0.3 * room


def _threats(cells: dict[Pos, str], stop: set[Pos]) -> int:
    """Lines one card short of an alignment: some free subset sums to 5..9 (a bitset per line)."""
    reach: dict[tuple[int, int], int] = {}
    for (x, y), card in cells.items():
        if (x, y) in stop:
            continue
        v = value(card)
        for key in ((0, y), (1, x), (2, x - y), (3, x + y)):
            r = reach.get(key, 1)
            reach[key] = (r | (r << v)) & 0x7FF
    return sum(1 for r in reach.values() if r & 0b1111100000)


def crew_gain(alignments: list[tuple[Pos, ...]], stops: set[Pos], takers: int) -> int:
    """Cards the crew can take this round with the corsair on ``stops``: each of ``takers``
    players takes the largest alignment left (MI-K3), so the largest disjoint ones add up."""
    left = sorted((a for a in alignments if not stops.intersection(a)), key=len, reverse=True)
    taken: set[Pos] = set()
    cards = 0
    for a in left:
        if takers == 0:
            break
        if taken.isdisjoint(a):
            taken.update(a)
            cards += len(a)
            takers -= 1
    return cards


def _reach(cells: dict[Pos, str], start: Pos, steps: int) -> dict[Pos, int]:
    """Cards a galleon reaches in at most ``steps`` single steps (never through holes, MI-7)."""
    dist = {start: 0}
    frontier = [start]
    for d in range(1, steps + 1):
        nxt = []
        for pos in frontier:
            for n in neighbours(pos):
                if n in cells and n not in dist:
                    dist[n] = d
                    nxt.append(n)
        frontier = nxt
    return dist


def corsair_plan(view: dict[str, Any], seat: int) -> tuple[Pos, Pos]:
    """Where the corsair's two galleons best end this round's steps: fewest cards the crew can
    then take (:func:`crew_gain`), then fewest lines one card short of an alignment, then most
    cards around them (room to move next round), then fewest steps."""
    cells = cells_of(view)
    galleons = galleons_of(view)
    crew = [p for s, own in enumerate(galleons, 1) if s != seat for p in own]
    alignments = find_alignments(cells, crew)
    takers = sum(1 for s in view["seats"] if s["role"] == "crew")
    steps = view.get("moves_left") or 4
    first, second = galleons[seat - 1][:2]
    reach_a, reach_b = _reach(cells, first, steps), _reach(cells, second, steps)
    plans = [((crew_gain(alignments, {a, b}, takers)), da + db, a, b)
             for a, da in reach_a.items() for b, db in reach_b.items() if da + db <= steps]
    least = min(p[0] for p in plans)

    def rank(plan: tuple[int, int, Pos, Pos]) -> tuple[int, int, int, int, Pos, Pos]:
        gain, used, a, b = plan
        room = sum(1 for g in (a, b) for n in neighbours(g) if n in cells)
        return gain, _threats(cells, set(crew) | {a, b}), -room, used, a, b

    _, _, a, b = min((p for p in plans if p[0] == least), key=rank)[:4]
    return a, b


def corsair_step(view: dict[str, Any], seat: int) -> str:
    """The next step towards :func:`corsair_plan` (``done`` when there already)."""
    cells = cells_of(view)
    own = galleons_of(view)[seat - 1]
    for n, (here, goal) in enumerate(zip(own, corsair_plan(view, seat), strict=False), start=1):
        if here == goal:
            continue
        back = _reach(cells, goal, 8)
        for letter, (dx, dy) in sorted(DIRECTIONS.items()):
            step = (here[0] + dx, here[1] + dy)
            if step in cells and back.get(step, 99) < back.get(here, 99):
                return f"sail {n} {letter}"
    return "done"


def greedy_bot(game: Game, state: State, seat: int, rng: random.Random) -> str:
    legal = game.legal(state, seat)
    if len(legal) <= 1:
        return random_bot(game, state, seat, rng)
    view = game.view(state, seat)
    phase = view["phase"]
    if phase == "bonus":
        return "again"
    if phase == "conquest":
        cells = cells_of(view)
        takes = [m for m in legal if m.startswith("take")]

        def size(m: str) -> tuple[int, int, float]:
            ps = [parse_pos(t) for t in m.split()[1:]]
            return len(ps), sum(value(cells[p]) for p in ps), rng.random()

        return max(takes, key=size)
    if phase == "corsair":
        planned = corsair_step(view, seat)
        return planned if planned in legal else "done"
    return max(legal, key=lambda m: (discovery_score(view, seat, m), rng.random()))


