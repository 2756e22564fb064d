"""Pairing a tournament's round, as a pure function of its entrants and the tables played.

* **Swiss, two seats** (:mod:`.pairing_swiss`): score groups, no rematch while one can be
  avoided, first-seat balance, at most one bye per player while someone has none (the bye scores
  a win), the lowest-ranked eligible player taking it. Players are ranked by points, then
  rating, then id (tie-breaks rank the standings, not the pairing, as in FIDE's systems).
* **Swiss, three to six seats** (:mod:`.pairing_groups`): tables of players close in that
  ranking, avoiding repeat table-mates. Leftovers: ``fill=BYE`` → tables of exactly ``seats``
  and byes for the rest (those with the fewest byes, from the bottom); ``fill=COMPUTER`` → as
  many tables as needed, the humans spread evenly (table sizes differ by one at most, the fuller
  tables first), each table padded with computer seats (None, at the end) — rather than one
  table of one human and computers. Fewer active players than ``seats``: one table of them all
  (short with ``fill=BYE``, padded with ``fill=COMPUTER``).
* **Round robin**: two seats, Berger tables (FIDE C.05 Annex 1's circle, seeds by rating; an odd
  count has a bye each round, a withdrawn player's opponent has a bye); three to six seats,
  :func:`rounds_of` rounds of groups chosen, round by round, to seat together the players who met
  least (every pair meets about equally often).
* **Knock-out**: seeded by rating, and re-seeded every round (the best seed left meets the worst,
  the bracket being the seeds' order): byes go to the top seeds in the first round only, up to a
  full bracket (a power of ``seats / advancing(seats)`` times ``seats``), byes whatever the
  fill (a computer seat would not make a table of two humans); the top
  :func:`advancing` of each table go on (a tie at the cut goes to the better seed; computer seats
  are not counted). A knock-out's first round may need a short table (at least one more player
  than advance; padded with computer seats when ``fill=COMPUTER``). A player who withdraws
  after going on is dropped: the round is paired for those left as a first round would be
  (byes to the top seeds up to a full bracket), so a walk-over may bring a bye after round 1.
  The final (at most ``seats`` players left: one table) ends it; pairing after it, or with one
  player left, raises ValueError("the knock-out is over").

``Entrant.rating`` is the seeding: it must stay what it was at the start for round robin and
knock-out, whose later rounds follow the seeds.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence

from .pairing_groups import group_tables, spread_apart
from .pairing_swiss import pair_two_seats
from .standings import records
from .tournament_model import BYE, COMPUTER, KNOCKOUT, ROUND_ROBIN, SWISS, Entrant, Pairing, Played

ADVANCING = {2: 1, 3: 1, 4: 2, 5: 1, 6: 3}
"""How many of a knock-out table go on: a whole number of tables fills the next round
(seats / advancing is an integer), so a full bracket exists; 5 seats → 1 (2 would not divide)."""


RR_SHUFFLES = 8
"""Round robin at three to six seats: how many other orders the grouping tries (seeded by the
round: the same round always gets the same tables)."""


def advancing(seats: int) -> int:
    """How many players of a knock-out table go on to the next round."""
    if seats not in ADVANCING:
        raise ValueError(f"a table has 2 to 6 seats, not {seats}")
    return ADVANCING[seats]


def rounds_of(fmt: str, seats: int, players: int, asked: int | None) -> int:
    """How many rounds the tournament has: Swiss ``asked`` (at least 1; by default enough
    rounds for one winner to stand out: log2 of the players for two seats, log of the seats plus
    one for more), round robin and knock-out fixed by the player count."""
    advancing(seats)
    players = max(players, 2)
    if fmt == SWISS:
        if asked is not None:
            return max(1, asked)
        if seats == 2:
            return max(1, math.ceil(math.log2(players)))
        return max(1, math.ceil(math.log(players) / math.log(seats))) + 1
    if fmt == ROUND_ROBIN:
        if seats == 2:
            return players - 1 if players % 2 == 0 else players
        if players <= seats:
            return 1
        return math.ceil(players * (players - 1) / ((players // seats) * seats * (seats - 1)))
    if fmt == KNOCKOUT:
        rounds = 1
        while players > seats:
            players = _knockout_next(seats, players)
            rounds += 1
        return rounds
    raise ValueError(f"unknown format {fmt!r}")


def pair(fmt: str, seats: int, entrants: Sequence[Entrant], played: Sequence[Played],
         round_no: int, *, fill: str = BYE) -> Pairing:
    """Round ``round_no``'s tables and byes, given every table of the earlier rounds."""
    advancing(seats)
    if fill not in (BYE, COMPUTER):
        raise ValueError(f"unknown fill {fill!r}")
    if round_no < 1:
        raise ValueError("rounds count from 1")
    earlier = [t for t in played if t.round < round_no]
    if any(not t.done for t in earlier):
        raise ValueError("an earlier round is still playing")
    active = [e for e in entrants if e.active_in(round_no)]
    if fmt == KNOCKOUT:
        return _knockout(seats, entrants, earlier, round_no, fill)
    if len(active) < 2:
        raise ValueError("fewer than 2 active players")
    if fmt == SWISS:
        if seats == 2:
            return _swiss_two(active, earlier, round_no, fill)
        return _multi(seats, _swiss_order(seats, active, earlier), earlier, round_no, fill)
    if fmt == ROUND_ROBIN:
        if seats == 2:
            return _berger(entrants, earlier, round_no, fill)
        return _multi(seats, [e.player for e in _seeded(active)], earlier, round_no, fill,
                      shuffles=RR_SHUFFLES)
    raise ValueError(f"unknown format {fmt!r}")


def _seeded(entrants: Sequence[Entrant]) -> list[Entrant]:
    return sorted(entrants, key=lambda e: (-e.rating, e.player))


def _swiss_order(seats: int, active: Sequence[Entrant], earlier: Sequence[Played]) -> list[int]:
    points = {p: r.points for p, r in records(seats, earlier).items()}
    return [e.player for e in sorted(active, key=lambda e: (-points.get(e.player, 0.0),
                                                            -e.rating, e.player))]


def _odd_outs(earlier: Sequence[Played]) -> Counter[int]:
    """Byes and games against a computer seat (at two seats: the odd one out) per player."""
    out: Counter[int] = Counter()
    for table in earlier:
        if table.is_bye or (len(table.seats) == 2 and None in table.seats):
            out.update(p for p in table.seats if p is not None)
    return out


def _swiss_two(active: Sequence[Entrant], earlier: Sequence[Played], round_no: int,
               fill: str) -> Pairing:
    ranked = _swiss_order(2, active, earlier)
    points = {p: r.points for p, r in records(2, earlier).items()}
    met: dict[int, set[int]] = defaultdict(set)
    balance: Counter[int] = Counter()
    last_seat: dict[int, int] = {}
    for table in sorted(earlier, key=lambda t: t.round):
        if table.is_bye:
            continue
        for seat, player in enumerate(table.seats, start=1):
            if player is None:
                continue
            met[player].update(p for p in table.seats if p is not None and p != player)
            balance[player] += 1 if seat == 1 else -1
            last_seat[player] = seat
    tables, out = pair_two_seats(ranked, points, met, _odd_outs(earlier), balance, last_seat)
    return _with_odd_one(round_no, [tuple(t) for t in tables], out, balance, fill)


def _with_odd_one(round_no: int, tables: list[tuple[int | None, ...]], out: int | None,
                  balance: Counter[int], fill: str) -> Pairing:
    if out is None:
        return Pairing(round_no, tuple(tables))
    if fill == BYE:
        return Pairing(round_no, tuple(tables), (out,))
    alone = (out, None) if balance.get(out, 0) <= 0 else (None, out)
    return Pairing(round_no, (*tables, alone))


def _table_sizes(seats: int, count: int, fill: str) -> tuple[list[int], int]:
    """Humans per table and the number of byes for ``count`` players."""
    if count <= seats:
        return [count], 0
    if fill == BYE:
        return [seats] * (count // seats), count % seats
    tables = math.ceil(count / seats)
    base, extra = divmod(count, tables)
    return [base + 1] * extra + [base] * (tables - extra), 0


def _multi(seats: int, order: list[int], earlier: Sequence[Played], round_no: int,
           fill: str, shuffles: int = 0) -> Pairing:
    sizes, bye_count = _table_sizes(seats, len(order), fill)
    byes: list[int] = []
    if bye_count:
        odd = _odd_outs(earlier)
        rank = {p: k for k, p in enumerate(order)}
        chosen = set(sorted(order, key=lambda p: (odd[p], -rank[p]))[:bye_count])
        byes = [p for p in order if p in chosen]
        order = [p for p in order if p not in chosen]
    met = _meetings(earlier)
    seat_sum: Counter[int] = Counter()
    games: Counter[int] = Counter()
    for table in earlier:
        for seat, p in enumerate(table.seats, start=1):
            if p is not None and not table.is_bye:
                seat_sum[p] += seat
                games[p] += 1
    groups = group_tables(order, sizes, met, shuffles=shuffles, seed=round_no)
    tables = []
    for group in groups:
        # who sat furthest from seat 1 so far sits first (a rotation of the first seat)
        middle = (len(group) + 1) / 2  # a player without a game yet counts as mid-table
        seated = sorted(group, key=lambda p: -(seat_sum[p] / games[p] if games[p] else middle))
        padding = (None,) * (seats - len(seated)) if fill == COMPUTER else ()
        tables.append((*seated, *padding))
    return Pairing(round_no, tuple(tables), tuple(byes))


def _berger(entrants: Sequence[Entrant], earlier: Sequence[Played], round_no: int,
            fill: str) -> Pairing:
    seeds = [e.player for e in _seeded(entrants)]
    count = len(seeds) + len(seeds) % 2
    if round_no > count - 1:
        raise ValueError("the round robin is over")
    players: list[int | None] = [*seeds, None][:count]
    active = {e.player for e in entrants if e.active_in(round_no)}
    tables: list[tuple[int | None, ...]] = []
    byes: list[int] = []
    balance = _seat_balance(earlier)
    for first, second in berger_round(count, round_no):
        a, b = players[first], players[second]
        a = a if a in active else None
        b = b if b in active else None
        if a is not None and b is not None:
            tables.append((a, b) if balance[a] <= balance[b] else (b, a))
        elif a is not None or b is not None:
            alone = a if a is not None else b
            assert alone is not None
            if fill == COMPUTER:
                tables.append((alone, None) if balance[alone] <= 0 else (None, alone))
            else:
                byes.append(alone)
    return Pairing(round_no, tuple(tables), tuple(byes))


def berger_round(count: int, round_no: int) -> list[tuple[int, int]]:
    """Round ``round_no`` (from 1) of Berger tables for ``count`` (even) seeds from 0: pairs of
    seeds, seat 1 first. Seed ``count - 1`` stays put, the others turn; seats alternate so every
    seed's seat-1 and seat-2 games differ by at most one."""
    turning = count - 1
    r = round_no - 1
    out = []
    fixed_partner = r % turning
    out.append((fixed_partner, count - 1) if r % 2 == 0 else (count - 1, fixed_partner))
    for i in range(1, count // 2):
        a, b = (r + i) % turning, (r - i) % turning
        out.append((a, b) if i % 2 == 1 else (b, a))
    return out


def _knockout_next(seats: int, players: int) -> int:
    """The next round's player count after a round of ``players`` (> seats)."""
    keep = advancing(seats)
    full = _full_below(seats, players)
    if full == players:
        return players * keep // seats
    return full


def _full_below(seats: int, players: int) -> int:
    """The largest full bracket (seats × (seats/advancing)^k) of at most ``players``."""
    ratio = seats // advancing(seats)
    full = seats
    while full * ratio <= players:
        full *= ratio
    return full


def _knockout(seats: int, entrants: Sequence[Entrant], earlier: Sequence[Played],
              round_no: int, fill: str) -> Pairing:
    seed = {e.player: k for k, e in enumerate(_seeded(entrants))}
    alive = [e.player for e in entrants]
    keep = advancing(seats)
    for r in range(1, round_no):
        tables = [t for t in earlier if t.round == r]
        if not tables:
            raise ValueError(f"round {r} was not played")
        if len(tables) == 1 and not tables[0].is_bye:
            raise ValueError("the knock-out is over")
        going: set[int] = set()
        for table in tables:
            if table.is_bye:
                going.update(p for p in table.seats if p is not None)
                continue
            assert table.places is not None
            humans = [(place, seed[p], p) for p, place in zip(table.seats, table.places,
                                                                strict=True)
                      if p is not None]
            going.update(p for _, _, p in sorted(humans)[:keep])
        alive = [p for p in alive if p in going]
    by_player = {e.player: e for e in entrants}
    alive = [p for p in alive if by_player[p].active_in(round_no)]
    if len(alive) < 2:
        raise ValueError("the knock-out is over")
    alive.sort(key=seed.__getitem__)
    count = len(alive)
    if count <= seats:
        padding = (None,) * (seats - count) if fill == COMPUTER else ()
        return Pairing(round_no, ((*alive, *padding),))
    full = _full_below(seats, count)
    if full == count:
        tables_n, byes_n = count // seats, 0
    else:
        tables_n = math.ceil((count - full) / (seats - keep))
        byes_n = full - keep * tables_n
    byes, playing = alive[:byes_n], alive[byes_n:]
    base, extra = divmod(len(playing), tables_n)
    sizes = [base + 1] * extra + [base] * (tables_n - extra)
    groups: list[list[int]] = [[] for _ in sizes]
    # serpentine: the best seeds at different tables, each table's total strength alike
    order = list(range(tables_n))
    k = 0
    while k < len(playing):
        for t in order:
            if len(groups[t]) < sizes[t] and k < len(playing):
                groups[t].append(playing[k])
                k += 1
        order.reverse()
    if keep > 1:  # those who went on from one table sit apart where an exchange allows it
        spread_apart(groups, _meetings(earlier))
    balance = _seat_balance(earlier)
    tables = []
    for group in groups:
        if len(group) == 2 and balance[group[1]] < balance[group[0]]:
            group.reverse()
        padding = (None,) * (seats - len(group)) if fill == COMPUTER else ()
        tables.append((*group, *padding))
    return Pairing(round_no, tuple(tables), tuple(byes))


def _meetings(earlier: Sequence[Played]) -> Counter[frozenset[int]]:
    """How often each pair of players sat at one table."""
    met: Counter[frozenset[int]] = Counter()
    for table in earlier:
        people = [p for p in table.seats if p is not None]
        met.update(frozenset((a, b)) for i, a in enumerate(people) for b in people[i + 1:])
    return met


def _seat_balance(earlier: Sequence[Played]) -> Counter[int]:
    """Seat-1 games minus seat-2 games of each player, at two-seat tables."""
    balance: Counter[int] = Counter()
    for table in earlier:
        if not table.is_bye and len(table.seats) == 2:
            for seat, p in enumerate(table.seats, start=1):
                if p is not None:
                    balance[p] += 1 if seat == 1 else -1
    return balance
