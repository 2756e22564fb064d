"""A tournament as plain values, shared by its rules (:mod:`.pairing`, :mod:`.standings`) and
its service (:mod:`bot.service.tournaments`).

A tournament is a list of entrants and the tables played so far; pairing and standings are pure
functions of them and the format, so a restart (or an independent check) reaches the same
pairings and the same standings from what is stored.

* Players are Discord user ids. A computer seat (filling an incomplete table when the
  tournament says so) is ``None`` in a table's seats and scores nothing in the standings.
* Places: 1 is first; seats that tie share the best of their places (two seats tied first are
  both 1, the next is 3).
"""

from __future__ import annotations

from dataclasses import dataclass

SWISS = "swiss"
ROUND_ROBIN = "round_robin"
KNOCKOUT = "knockout"
FORMATS = (SWISS, ROUND_ROBIN, KNOCKOUT)
"""The formats, in the order ``/tournament create`` offers them."""

BYE = "bye"
COMPUTER = "computer"
FILLS = (BYE, COMPUTER)
"""What fills a table short of players: a bye (the players left over sit out, scoring a win's
points) or computer seats (the table plays with fewer people)."""


@dataclass(frozen=True)
class Entrant:
    """One player signed up. ``rating``: the seeding strength (higher first; the rating's
    ordinal, 0 for the unrated); ``withdrawn_after``: the last round they were paired in
    before they withdrew or were withdrawn (None: still in)."""

    player: int
    rating: float = 0.0
    withdrawn_after: int | None = None

    def active_in(self, round_no: int) -> bool:
        """Whether they are paired in round ``round_no``."""
        return self.withdrawn_after is None or round_no <= self.withdrawn_after


@dataclass(frozen=True)
class Played:
    """One table of one round (``table`` from 1), or a bye (``table`` 0, one seat). ``places``:
    the finishing place of each seat (None while the table plays); ``forfeits``: the players
    who lost it on time (a missed game)."""

    round: int
    table: int
    seats: tuple[int | None, ...]
    places: tuple[int, ...] | None = None
    forfeits: tuple[int, ...] = ()

    @property
    def is_bye(self) -> bool:
        return self.table == 0

    @property
    def done(self) -> bool:
        return self.is_bye or self.places is not None


@dataclass(frozen=True)
class Pairing:
    """One round's tables (each its seats in seat order, seat 1 first) and byes."""

    round: int
    tables: tuple[tuple[int | None, ...], ...]
    byes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Standing:
    """One line of the standings. ``tiebreaks`` in the order of :func:`.standings.tiebreak_names`;
    ``place`` shared by lines equal on points and every tie-break."""

    place: int
    player: int
    points: float
    tiebreaks: tuple[float, ...]
    played: int
    withdrawn: bool = False
