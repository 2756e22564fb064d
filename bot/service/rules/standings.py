"""A tournament's standings, as pure functions of its entrants and the tables played.

Points by finishing place (:func:`place_points`): two seats 1 / 0 (a draw ½ each, as in chess);
three to six seats the table size for the winner, then one less for each place after the second,
down to 0 for the last: 3 / 1 / 0, 4 / 2 / 1 / 0, 5 / 3 / 2 / 1 / 0, 6 / 4 / 3 / 2 / 1 / 0 (the
winner's extra point rewards winning over placing). Seats that tie share the average of the
places they cover (two seats tied first at three seats: (3 + 1) / 2 = 2 each). A bye scores the
winner's points. A computer seat takes its place and scores nothing.

Tie-breaks (:func:`tiebreak_names`, in that order):

* two-seat Swiss: **Buchholz** (the sum of the opponents' points) then **Sonneborn-Berger** (the
  sum, over the games, of the opponent's points times the points scored against them);
* three to six seats (Swiss and round robin): **opponents' points** (the sum, over the tables, of
  every table-mate's points);
* two-seat round robin: Sonneborn-Berger (everyone meets everyone: Buchholz says nothing);
* knock-out: the **round reached**; then the place at that round's table (the final's places
  decide the champion and the runner-up), then points.

An opponent who is not a tournament player — a bye, a computer seat — counts as the player's own
points (FIDE's "virtual opponent", C.07 2023 §16.4): a bye neither helps nor harms a tie-break.
Opponents' points are their final points, withdrawn players included.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from games.text import N_

from .tournament_model import KNOCKOUT, ROUND_ROBIN, SWISS, Entrant, Played, Standing

BUCHHOLZ = N_("Buchholz")
SONNEBORN_BERGER = N_("Sonneborn-Berger")
OPPONENTS_POINTS = N_("Opponents' points")
ROUND_REACHED = N_("Round reached")


def place_points(seats: int) -> tuple[float, ...]:
    """Points by place, first place first."""
    if seats < 2:
        raise ValueError(f"a table has at least 2 seats, not {seats}")
    if seats == 2:
        return (1.0, 0.0)
    return (float(seats), *(float(seats - place) for place in range(2, seats + 1)))


def seat_points(seats: int, places: Sequence[int]) -> tuple[float, ...]:
    """The points of each seat of a finished table of the tournament's size ``seats`` (a short
    table scores on the same scale): tied seats share the average of the places they cover."""
    scale = place_points(seats)
    out = []
    for place in places:
        tied = sum(1 for other in places if other == place)
        covered = [scale[p - 1] if p - 1 < len(scale) else 0.0
                   for p in range(place, place + tied)]
        out.append(sum(covered) / tied)
    return tuple(out)


@dataclass(frozen=True)
class Record:
    """What one player did: points, and per table or bye played (in round order) the opponents
    (None: a computer seat or the bye's virtual opponent), the points scored there, the seat,
    the place (a bye: 1) and whether it was a bye."""

    points: float
    games: tuple[Game, ...]


@dataclass(frozen=True)
class Game:
    round: int
    opponents: tuple[int | None, ...]
    scored: float
    seat: int
    place: int
    bye: bool


def records(seats: int, played: Sequence[Played]) -> dict[int, Record]:
    """Each player's record from the finished tables and byes (tables still playing count
    nothing)."""
    games: dict[int, list[Game]] = defaultdict(list)
    win = place_points(seats)[0]
    for table in sorted(played, key=lambda t: (t.round, t.table)):
        if not table.done:
            continue
        if table.is_bye:
            for player in table.seats:
                if player is not None:
                    games[player].append(Game(table.round, (None,) * (seats - 1), win, 0, 1,
                                              True))
            continue
        assert table.places is not None
        scores = seat_points(seats, table.places)
        for index, player in enumerate(table.seats):
            if player is None:
                continue
            others = tuple(other for j, other in enumerate(table.seats) if j != index)
            games[player].append(Game(table.round, others, scores[index], index + 1,
                                      table.places[index], False))
    return {player: Record(sum(g.scored for g in gs), tuple(gs)) for player, gs in games.items()}


def points_of(seats: int, played: Sequence[Played]) -> dict[int, float]:
    """Each player's points (players without a finished table are absent)."""
    return {player: record.points for player, record in records(seats, played).items()}


def tiebreak_names(fmt: str, seats: int) -> tuple[str, ...]:
    """The tie-breaks' English labels (gettext-marked), in the order they count."""
    if fmt == KNOCKOUT:
        return (ROUND_REACHED,)
    if seats > 2:
        return (OPPONENTS_POINTS,)
    if fmt == SWISS:
        return (BUCHHOLZ, SONNEBORN_BERGER)
    if fmt == ROUND_ROBIN:
        return (SONNEBORN_BERGER,)
    raise ValueError(f"unknown format {fmt!r}")


def _opponents_points(record: Record, points: dict[int, float]) -> float:
    return sum(points.get(o, 0.0) if o is not None else record.points
               for game in record.games for o in game.opponents)


def _sonneborn_berger(record: Record, points: dict[int, float]) -> float:
    return sum(game.scored * (points.get(o, 0.0) if o is not None else record.points)
               for game in record.games for o in game.opponents)


def standings(fmt: str, seats: int, entrants: Sequence[Entrant],
              played: Sequence[Played]) -> list[Standing]:
    """The standings, best first; lines equal on points and every tie-break (and, in a
    knock-out, on the place at the last table) share the best of their places."""
    if fmt not in (SWISS, ROUND_ROBIN, KNOCKOUT):
        raise ValueError(f"unknown format {fmt!r}")
    recs = records(seats, played)
    points = {player: record.points for player, record in recs.items()}
    empty = Record(0.0, ())
    lines: list[tuple[tuple[float, ...], Standing]] = []
    for entrant in entrants:
        record = recs.get(entrant.player, empty)
        if fmt == KNOCKOUT:
            last = record.games[-1] if record.games else None
            reached = float(last.round) if last else 0.0
            tiebreaks: tuple[float, ...] = (reached,)
            key = (reached, -float(last.place) if last else 0.0, record.points)
        else:
            if seats > 2:
                tiebreaks = (_opponents_points(record, points),)
            elif fmt == SWISS:
                tiebreaks = (_opponents_points(record, points),
                             _sonneborn_berger(record, points))
            else:
                tiebreaks = (_sonneborn_berger(record, points),)
            key = (record.points, *tiebreaks)
        key = tuple(round(k, 6) for k in key)
        tiebreaks = tuple(round(t, 6) for t in tiebreaks)
        played_games = sum(1 for game in record.games if not game.bye)
        lines.append((key, Standing(0, entrant.player, record.points, tiebreaks, played_games,
                                    entrant.withdrawn_after is not None)))
    lines.sort(key=lambda line: (tuple(-k for k in line[0]), line[1].player))
    out: list[Standing] = []
    for index, (key, line) in enumerate(lines):
        place = out[-1].place if index and lines[index - 1][0] == key else index + 1
        out.append(Standing(place, line.player, line.points, line.tiebreaks, line.played,
                            line.withdrawn))
    return out


def podium(lines: Sequence[Standing]) -> list[Standing]:
    """The lines placed 1 to 3 (shared places included)."""
    return [line for line in lines if line.place <= 3]
