"""Random tournaments for the pairing's property tests and ``python -m benchmarks.pairing``.

:func:`simulate` plays a tournament round by round through :func:`pair` with random results and
random withdrawals; :func:`check_round` measures one round against the properties, judging
"avoidable" independently of the pairing's own matching code: the largest matching of a graph is
half the rank of its Tutte matrix filled with random numbers modulo a large prime (Lovász), so
"could this round have had fewer rematches" is a rank, not a second blossom implementation.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field, replace

from bot.service.rules.pairing import advancing, pair, rounds_of
from bot.service.rules.standings import points_of
from bot.service.rules.tournament_model import (
    BYE,
    KNOCKOUT,
    ROUND_ROBIN,
    SWISS,
    Entrant,
    Pairing,
    Played,
)

PRIME = 2_147_483_647


def matching_size(count: int, edges: list[tuple[int, int]], rng: random.Random) -> int:
    """The size of a maximum matching of the graph (vertices 0..count-1), by the Tutte matrix's
    rank (exact with probability ≥ 1 − count / PRIME)."""
    matrix = [[0] * count for _ in range(count)]
    for a, b in edges:
        x = rng.randrange(1, PRIME)
        matrix[a][b] = x
        matrix[b][a] = PRIME - x
    rank = 0
    rows = matrix
    for col in range(count):
        pivot = next((r for r in range(rank, count) if rows[r][col]), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        inverse = pow(rows[rank][col], PRIME - 2, PRIME)
        for r in range(rank + 1, count):
            if rows[r][col]:
                factor = rows[r][col] * inverse % PRIME
                rows[r] = [(x - factor * y) % PRIME for x, y in zip(rows[r], rows[rank],
                                                                     strict=True)]
        rank += 1
    return rank // 2


@dataclass
class Round:
    pairing: Pairing
    before: list[Played]
    entrants: list[Entrant]
    seconds: float


@dataclass
class Run:
    fmt: str
    seats: int
    fill: str
    entrants: list[Entrant]
    rounds: list[Round] = field(default_factory=list)
    played: list[Played] = field(default_factory=list)
    over: str | None = None


def _places(seats: tuple[int | None, ...], rng: random.Random) -> tuple[int, ...]:
    if len(seats) == 2 and rng.random() < 0.1:
        return (1, 1)
    order = list(range(len(seats)))
    rng.shuffle(order)
    places = [0] * len(seats)
    for rank, seat in enumerate(order, start=1):
        places[seat] = rank
    if len(seats) > 2 and rng.random() < 0.1:  # a shared place
        k = rng.randrange(len(seats) - 1)
        a, b = order[k], order[k + 1]
        places[b] = places[a]
    return tuple(places)


def simulate(fmt: str, seats: int, players: int, rng: random.Random, *, fill: str = BYE,
             withdraw: float = 0.05, rounds: int | None = None,
             most: int | None = None) -> Run:
    """``rounds``: the Swiss rounds asked; ``most``: stop after that many rounds whatever the
    format (a long round robin timed on its first rounds)."""
    entrants = [Entrant(1000 + k, float(rng.randrange(0, 3000)) if rng.random() < 0.8 else 0.0)
                for k in range(players)]
    total = rounds_of(fmt, seats, players, rounds)
    run = Run(fmt, seats, fill, entrants)
    for round_no in range(1, total + 2):
        started = time.perf_counter()
        try:
            pairing = pair(fmt, seats, run.entrants, run.played, round_no, fill=fill)
        except ValueError as reason:
            run.over = str(reason)
            break
        seconds = time.perf_counter() - started
        run.rounds.append(Round(pairing, list(run.played), list(run.entrants), seconds))
        for number, table in enumerate(pairing.tables, start=1):
            run.played.append(Played(round_no, number, table, _places(table, rng)))
        run.played.extend(Played(round_no, 0, (p,)) for p in pairing.byes)
        if (fmt != KNOCKOUT and round_no >= total) or round_no == most:
            break
        run.entrants = [replace(e, withdrawn_after=round_no)
                        if e.withdrawn_after is None and rng.random() < withdraw else e
                        for e in run.entrants]
    return run


@dataclass
class Measure:
    """One round's numbers: rematches made, rematches unavoidable, tables across non-adjacent
    score groups while a pairing without rematch inside adjacent groups existed, byes given to
    someone while an active player had fewer, the largest |seat 1 − seat 2| after the round,
    tables of two players both at a first-seat surplus of 2 (or both −2: one reaches 3) while
    a pairing without rematch, inside adjacent groups and without such a table existed."""

    rematches: int = 0
    unavoidable: int = 0
    far_tables: int = 0
    unfair_byes: int = 0
    seat_gap: int = 0
    seat_clashes: int = 0
    tables: int = 0
    problems: list[str] = field(default_factory=list)


def met(before: list[Played]) -> Counter[frozenset[int]]:
    """How many times each pair of players sat at one table (computer seats left out)."""
    met: Counter[frozenset[int]] = Counter()
    for table in before:
        people = [p for p in table.seats if p is not None]
        met.update(frozenset((a, b)) for i, a in enumerate(people) for b in people[i + 1:])
    return met


def _odd_outs(before: list[Played]) -> Counter[int]:
    out: Counter[int] = Counter()
    for table in before:
        if table.is_bye or (len(table.seats) == 2 and None in table.seats):
            out.update(p for p in table.seats if p is not None)
    return out


def check_round(run: Run, index: int, rng: random.Random) -> Measure:
    """Measure round ``index`` of ``run`` (see :class:`Measure`); ``problems`` lists what breaks
    a hard property outright (a player twice, a withdrawn player paired...)."""
    rnd = run.rounds[index]
    round_no = index + 1
    measure = Measure()
    active = [e.player for e in rnd.entrants if e.active_in(round_no)]
    seated = [p for t in rnd.pairing.tables for p in t if p is not None] + list(rnd.pairing.byes)
    if sorted(seated) != sorted(set(seated)):
        measure.problems.append(f"round {round_no}: a player twice")
    if run.fmt != KNOCKOUT and sorted(seated) != sorted(active):
        measure.problems.append(f"round {round_no}: seated {sorted(seated)} != active")
    if any(p not in active for p in seated):
        measure.problems.append(f"round {round_no}: an inactive player paired")
    for table in rnd.pairing.tables:
        if len(table) > run.seats:
            measure.problems.append(f"round {round_no}: a table of {len(table)}")
    together = met(rnd.before)
    measure.tables = len(rnd.pairing.tables)
    for table in rnd.pairing.tables:
        people = [p for p in table if p is not None]
        measure.rematches += sum(1 for i, a in enumerate(people) for b in people[i + 1:]
                                 if together[frozenset((a, b))])
    odd = _odd_outs(rnd.before)
    outs = list(rnd.pairing.byes) + [p for t in rnd.pairing.tables if len(t) == 2 and None in t
                                     for p in t if p is not None]
    if run.fmt == SWISS or (run.fmt == ROUND_ROBIN and run.seats > 2):
        if outs and len(outs) < len(active):
            lowest_others = min(odd[p] for p in active if p not in outs)
            measure.unfair_byes = sum(1 for p in outs if odd[p] > lowest_others)
    if run.fmt == SWISS and run.seats == 2:
        _check_two_seat_swiss(run, rnd, round_no, active, together, odd, outs, measure, rng)
    if run.seats == 2:
        balance: Counter[int] = Counter()
        for table in [*rnd.before, *(Played(round_no, k, t, (1, 2)) for k, t in
                                     enumerate(rnd.pairing.tables, start=1))]:
            if not table.is_bye:
                for seat, p in enumerate(table.seats, start=1):
                    if p is not None:
                        balance[p] += 1 if seat == 1 else -1
        measure.seat_gap = max((abs(v) for v in balance.values()), default=0)
    return measure


def _check_two_seat_swiss(run: Run, rnd: Round, round_no: int, active: list[int],
                          met: Counter[frozenset[int]], odd: Counter[int], outs: list[int],
                          measure: Measure, rng: random.Random) -> None:
    points = points_of(2, rnd.before)
    scores = sorted({points.get(p, 0.0) for p in active}, reverse=True)
    group = {p: scores.index(points.get(p, 0.0)) for p in active}
    index = {p: k for k, p in enumerate(active)}
    count = len(active) + len(active) % 2
    fewest = min(odd[p] for p in active)

    before: Counter[int] = Counter()
    for table in rnd.before:
        if not table.is_bye:
            for seat, p in enumerate(table.seats, start=1):
                if p is not None:
                    before[p] += 1 if seat == 1 else -1

    def clash(a: int, b: int) -> bool:
        return min(before[a], before[b]) >= 2 or max(before[a], before[b]) <= -2

    def edges(adjacent: bool, seats_kept: bool = False) -> list[tuple[int, int]]:
        out = [(index[a], index[b]) for i, a in enumerate(active) for b in active[i + 1:]
               if not met[frozenset((a, b))] and (not adjacent or abs(group[a] - group[b]) <= 1)
               and not (seats_kept and clash(a, b))]
        if len(active) % 2:
            out += [(index[p], len(active)) for p in active if odd[p] == fewest]
        return out

    # Each "was it avoidable" is a rank computation, made only when the round did the thing.
    if measure.rematches:
        measure.unavoidable = count // 2 - matching_size(count, edges(False), rng)
    far = sum(1 for t in rnd.pairing.tables if None not in t
              and abs(group[t[0]] - group[t[1]]) > 1)
    if far and matching_size(count, edges(True), rng) == count // 2:
        measure.far_tables = far
    clashes = sum(1 for t in rnd.pairing.tables if None not in t and clash(t[0], t[1]))
    if clashes and matching_size(count, edges(True, True), rng) == count // 2:
        measure.seat_clashes = clashes
    if len(active) % 2 and len(outs) != 1:
        measure.problems.append(f"round {round_no}: {len(outs)} players left out")


def check_knockout(run: Run) -> list[str]:
    """A knock-out's bracket: each round's count is the one planned, byes only in round 1 (or
    for a withdrawal), and it ends with one champion at one table."""
    problems = []
    keep = advancing(run.seats)
    withdrawn_before = 0
    for index, rnd in enumerate(run.rounds):
        round_no = index + 1
        withdrawals = sum(1 for e in rnd.entrants if e.withdrawn_after is not None
                          and e.withdrawn_after < round_no)
        if round_no > 1 and rnd.pairing.byes and withdrawals == withdrawn_before == 0:
            problems.append(f"round {round_no}: byes after round 1 without a withdrawal")
        if index + 1 < len(run.rounds):
            nxt = run.rounds[index + 1]
            nxt_count = sum(1 for t in nxt.pairing.tables for p in t if p is not None) + len(
                nxt.pairing.byes)
            planned = len(rnd.pairing.byes) + keep * len(rnd.pairing.tables)
            if withdrawals == 0 and nxt_count != planned and not any(
                    e.withdrawn_after is not None for e in nxt.entrants):
                problems.append(f"round {round_no + 1}: {nxt_count} players, {planned} planned")
        withdrawn_before = withdrawals
    last = run.rounds[-1].pairing if run.rounds else None
    withdrawals = any(e.withdrawn_after is not None for e in run.entrants)
    if last is None or (not withdrawals and (len(last.tables) != 1 or last.byes)):
        problems.append("the last round is not one final table")
    if run.over != "the knock-out is over":
        problems.append(f"ended with {run.over!r}")
    if not withdrawals:
        planned = rounds_of(KNOCKOUT, run.seats, len(run.entrants), None)
        if len(run.rounds) != planned:
            problems.append(f"{len(run.rounds)} rounds, {planned} planned")
    return problems
