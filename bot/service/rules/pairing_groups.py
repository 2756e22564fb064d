"""Tables of three to six players (Swiss à la Board Game Arena, and round robin's balanced
groups): close in the given order, with as few repeat table-mates as can be found.

Greedy from the top of the order: each table starts with the best player left and takes, seat by
seat, the first player (in order) who met the fewest of those already seated; then exchanges of
two players between tables lower the number of repeat meetings (each pair counted as often as it
met before) until no exchange does. Minimising repeats exactly is a hard problem for tables of
three or more; the benchmark measures how often a repeat remains.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

Meetings = Mapping[frozenset[int], int]


def _cost(player: int, others: Sequence[int], met: Meetings) -> int:
    return sum(met.get(frozenset((player, other)), 0) for other in others)


def group_tables(order: Sequence[int], sizes: Sequence[int], met: Meetings, *,
                 shuffles: int = 0, seed: int = 0) -> list[list[int]]:
    """Split ``order`` (``sum(sizes)`` players, best first) into tables of ``sizes`` players.
    ``shuffles``: also try that many orders drawn from ``seed`` (when closeness in the order
    does not matter: round robin) and keep the tables with the fewest repeat meetings."""
    best = _grouped(order, sizes, met)
    best_cost = _total(best, met)
    draw = random.Random(seed)
    for _ in range(shuffles):
        if best_cost == 0:
            break
        shuffled = list(order)
        draw.shuffle(shuffled)
        tables = _grouped(shuffled, sizes, met)
        cost = _total(tables, met)
        if cost < best_cost:
            best, best_cost = tables, cost
    rank = {player: k for k, player in enumerate(order)}
    return [sorted(table, key=rank.__getitem__) for table in best]


def spread_apart(tables: list[list[int]], met: Meetings, rounds: int = 40) -> None:
    """Exchange players between ``tables`` (in place) while an exchange lowers the repeat
    meetings."""
    for _ in range(rounds):
        if not _exchange(tables, met):
            break


def _total(tables: Sequence[Sequence[int]], met: Meetings) -> int:
    return sum(_cost(p, table[k + 1:], met) for table in tables for k, p in enumerate(table))


def _grouped(order: Sequence[int], sizes: Sequence[int], met: Meetings,
             rounds: int = 40) -> list[list[int]]:
    left = list(order)
    tables: list[list[int]] = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            best = min(range(len(left)), key=lambda k: (_cost(left[k], table, met), k))
            table.append(left.pop(best))
        tables.append(table)
    spread_apart(tables, met, rounds)
    return tables


def _exchange(tables: list[list[int]], met: Meetings) -> bool:
    """One exchange lowering the repeat meetings (the nearest tables first): whether one was
    made."""
    for a, table in enumerate(tables):
        for x_at, x in enumerate(table):
            rest_a = table[:x_at] + table[x_at + 1:]
            here = _cost(x, rest_a, met)
            if here == 0:
                continue
            others = sorted((b for b in range(len(tables)) if b != a), key=lambda b: abs(b - a))
            for b in others:
                for y_at, y in enumerate(tables[b]):
                    rest_b = tables[b][:y_at] + tables[b][y_at + 1:]
                    before = here + _cost(y, rest_b, met)
                    after = _cost(y, rest_a, met) + _cost(x, rest_b, met)
                    if after < before:
                        table[x_at], tables[b][y_at] = y, x
                        return True
    return False
