"""Two-seat Swiss pairing: one round, from the players' ranking and what they already did.

The pairing is chosen one table at a time from the top of the ranking, each player taking the
first partner of their preference list for whom the players still unpaired can all be paired
under the round's strictest feasible rule (a maximum matching says so, :mod:`.pairing_match`):

1. no rematch and every table inside one score group or two adjacent ones (a player floats at
   most one group down);
2. else no rematch;
3. else as few rematches as possible (a matching of the graph of pairs not met yet says how
   many are unavoidable).

Odd numbers: the bye (or the computer seat) is a vertex of the graph joined only to the players
who had the fewest so far, tried from the bottom of the ranking up: the lowest-ranked of them
whose absence leaves a pairing under the rule gets it.

A player's preference list (FIDE Dutch in spirit): the players of their own score group, the
lower half first in order (1 meets the first of the lower half), then a neighbour group's best;
inside each of these, players with the opposite first-seat surplus before those with the same.
Seat 1 then goes to the player who had it less (then to whoever sat second last time, then
alternately by table), so a player's |seat 1 − seat 2| grows past 1 only when both players of a
table had the same surplus already.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set

from .pairing_match import Matcher

RULES = ((True, True), (True, False), (False, True), (False, False))
"""The graphs tried in turn, the first with a pairing of everyone wins: (inside adjacent score
groups only, no table of two players who both already sat first twice more than second — or
both second: one of them would reach a surplus of 3). The last graph, no rematch at all, may
have none: then the fewest rematches."""


def pair_two_seats(ranked: Sequence[int], scores: Mapping[int, float],
                   met: Mapping[int, Set[int]], odd_outs: Mapping[int, int],
                   balance: Mapping[int, int], last_seat: Mapping[int, int],
                   ) -> tuple[list[tuple[int, int]], int | None]:
    """The round's tables (seat 1 first, best-ranked table first) and the player left out
    (None when the count is even). ``ranked``: the active players, best first;
    ``met``: whom each has played; ``odd_outs``: byes (or computer games) had;
    ``balance``: seat-1 games minus seat-2 games; ``last_seat``: 1, 2 or 0 (none yet)."""
    count = len(ranked)
    odd = count % 2 == 1
    size = count + odd
    bye = count if odd else None
    score_list = sorted({scores.get(p, 0.0) for p in ranked}, reverse=True)
    group = [score_list.index(scores.get(p, 0.0)) for p in ranked]
    fewest = min((odd_outs.get(p, 0) for p in ranked), default=0)
    eligible = [i for i in reversed(range(count)) if odd_outs.get(ranked[i], 0) == fewest]

    def fresh(i: int, j: int) -> bool:
        return ranked[j] not in met.get(ranked[i], ())

    surplus = [balance.get(p, 0) for p in ranked]

    def clash(i: int, j: int) -> bool:
        return min(surplus[i], surplus[j]) >= 2 or max(surplus[i], surplus[j]) <= -2

    def graph(adjacent_only: bool, seats_kept: bool) -> list[list[int]]:
        out: list[list[int]] = []
        for i in range(count):
            near = [j for j in range(count) if j != i and fresh(i, j)
                    and (not adjacent_only or abs(group[i] - group[j]) <= 1)
                    and not (seats_kept and clash(i, j))]
            near.sort(key=lambda j: (abs(group[i] - group[j]), abs(i - j)))
            if bye is not None and i in eligible:
                near.append(bye)
            out.append(near)
        if bye is not None:
            out.append(list(eligible))
        return out

    start = ([bye] if bye is not None else []) + list(range(count))
    for adjacent_only, seats_kept in RULES:
        matcher = Matcher(graph(adjacent_only, seats_kept), start)
        if matcher.size * 2 == size:
            break
    neighbours = [set(near) for near in matcher.neighbours]
    left = set(range(size))
    out_player: int | None = None
    if bye is not None:
        for i in eligible:
            if matcher.take(bye, i, matcher.size - 1):
                out_player = ranked[i]
                left -= {bye, i}
                break
        else:  # unreachable: the bye's neighbours are all players with the fewest byes
            raise AssertionError("no player can take the bye")

    pairs: list[tuple[int, int]] = []
    while left:
        top = min(left)
        for other in _preferences(top, left, group, balance, ranked, neighbours):
            need = matcher.size - (1 if other in neighbours[top] else 0)
            if matcher.take(top, other, need):
                pairs.append((top, other))
                left -= {top, other}
                break
        else:  # unreachable: the matching's own partner of ``top`` always fits
            raise AssertionError("no partner fits")
    tables = [_seated(ranked[a], ranked[b], number, balance, last_seat)
              for number, (a, b) in enumerate(pairs, start=1)]
    return tables, out_player


def _preferences(top: int, left: Set[int], group: Sequence[int], balance: Mapping[int, int],
                 ranked: Sequence[int], neighbours: Sequence[Set[int]]) -> list[int]:
    residents = sorted(i for i in left if group[i] == group[top])
    half = len(residents) // 2
    position = {i: k for k, i in enumerate(residents)}
    surplus = balance.get(ranked[top], 0)

    def key(j: int) -> tuple[int, ...]:
        theirs = balance.get(ranked[j], 0)
        clash = 1 if surplus * theirs > 0 else 0
        upper = 1 if position.get(j, half) < half else 0
        return (0 if j in neighbours[top] else 1, abs(group[j] - group[top]), upper, clash,
                abs(position.get(j, half) - half), j)

    return sorted((j for j in left if j != top), key=key)


def _seated(a: int, b: int, number: int, balance: Mapping[int, int],
            last_seat: Mapping[int, int]) -> tuple[int, int]:
    """``a`` ranked above ``b``: who sits first."""
    da, db = balance.get(a, 0), balance.get(b, 0)
    if da != db:
        return (a, b) if da < db else (b, a)
    la, lb = last_seat.get(a, 0), last_seat.get(b, 0)
    if la != lb:
        if la == 2 or lb == 1:
            return (a, b)
        return (b, a)
    return (a, b) if number % 2 == 1 else (b, a)
