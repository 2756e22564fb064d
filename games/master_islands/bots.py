"""Computer players. They decide from ``game.view(state, seat)`` and ``game.legal`` only.

greedy: takes the largest alignment (most cards, then highest sum), always plays the bonus
Discovery, places for colour bonuses and alignments, sails towards free space and off cards it
wants to take; as the corsair it sits on cards to break the crew's alignments.
"""

from __future__ import annotations

import random
from typing import Any

from ..base import Game, State, random_bot
from .alignments import find_alignments
from .board import blocked, bonus_colour, cells_of, galleons_of, neighbours
from .cards import value
from .notation import DIRECTIONS, parse_pos

Pos = tuple[int, int]


def _best_alignment(cells: dict[Pos, str], galleons: list[list[Pos]]) -> tuple[int, int]:
    """(cards, sum) of the largest alignment on the map, (0, 0) if none."""
    found = find_alignments(cells, blocked(galleons))
    return max(((len(a), sum(value(cells[p]) for p in a)) for a in found), default=(0, 0))


def _discovery_score(view: dict[str, Any], seat: int, move: str) -> float:
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


def _corsair_score(
    view: dict[str, Any], seat: int, galleons: list[list[Pos]]
) -> tuple[int, int, int]:
    """Lower is better for the corsair: crew alignments left, lines one card short of one,
    then (negated) card density around his galleons."""
    cells = cells_of(view)
    stop = blocked(galleons)
    found = len(find_alignments(cells, stop))
    density = sum(1 for g in galleons[seat - 1] for p in neighbours(g) if p in cells)
    return found, _threats(cells, stop), -density


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
        galleons = galleons_of(view)
        stay = _corsair_score(view, seat, galleons)
        best, best_score = "done", stay
        for m in legal:
            if m == "done":
                continue
            _, a, b = m.split()
            moved = [list(g) for g in galleons]
            gx, gy = moved[seat - 1][int(a) - 1]
            dx, dy = DIRECTIONS[b]
            moved[seat - 1][int(a) - 1] = (gx + dx, gy + dy)
            score = _corsair_score(view, seat, moved)
            if score < best_score:
                best, best_score = m, score
        return best
    return max(legal, key=lambda m: (_discovery_score(view, seat, m), rng.random()))


BOTS = {"random": random_bot, "greedy": greedy_bot}
