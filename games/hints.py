"""Hints for learners: the hard computer's suggestion for one seat, with its best few moves and
their estimated chances to win, from that seat's own information only.

A hint is the game's hard player's search (:mod:`games.search`), watched
(:func:`games.search.watching`): the search deals the hidden parts again from what the seat
knows (``game.determinize``) before it looks at anything, so two states the seat cannot tell
apart give the same hint for the same generator. A game whose hard player is no search gets the
generic one over its medium player (:data:`FALLBACK_PLAYOUTS` playouts to the end). The
generator comes from the table's seed, its version and the seat (:func:`hint_rng`): asking
twice gives the same hint.

Like the computers' moves, hints are computed in the bot's worker processes
(:func:`advise` pickles by name); this module imports the games and the standard library only.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .base import Game, State
from .levels import choose
from .registry import get_game
from .search import Estimate, Knobs, search, watching
from .thinking import Deadline

TOP = 3
"""Moves a hint names: the suggestion and the next best two."""
FALLBACK_PLAYOUTS = 60
"""Playouts of the generic search (a game whose hard player is no search)."""

__all__ = ["TOP", "Advice", "Estimate", "advise", "hint_rng", "suggest"]


def hint_rng(seed: int, version: int, seat: int) -> random.Random:
    """The generator of ``seat``'s hint at ``version`` of a table seeded ``seed``."""
    return random.Random(f"{seed}:{version}:hint:{seat}")


def suggest(
    game: Game, state: State, seat: int, rng: random.Random, *,
    deadline: Deadline | None = None, playouts: int | None = None, keep: int = TOP,
) -> list[Estimate]:
    """The hard player's move for ``seat`` first, then the next best moves it played out, at
    most ``keep`` in all, each with its estimated chance to win (None when the search was cut
    short by ``deadline``). ``playouts``: a budget instead of the game's (tests)."""
    with watching(playouts) as ranking:
        move = choose(game, "hard", state, seat, rng, deadline=deadline)
    found = ranking.estimates
    if not found:  # the game's hard player searched nothing: the generic search
        medium = Knobs(policy=lambda g, s, n, r: choose(g, "medium", s, n, r),
                       playouts=FALLBACK_PLAYOUTS)
        with watching(playouts) as ranking:
            move = search(game, state, seat, rng, medium, deadline)
        found = ranking.estimates or [Estimate(move, None, 0)]
    first = [e for e in found if e.move == move] or [Estimate(move, None, 0)]
    return (first + [e for e in found if e.move != move])[:keep]


@dataclass(frozen=True)
class Advice:
    """A request for a hint (it pickles: the host sends it to a worker process)."""

    game_id: str
    state: State
    seat: int
    seed: int
    version: int
    deadline: Deadline | None = None
    playouts: int | None = None


def advise(advice: Advice) -> list[Estimate]:
    """:func:`suggest` for a request, in the process that thinks."""
    game = get_game(advice.game_id)
    return suggest(game, advice.state, advice.seat,
                   hint_rng(advice.seed, advice.version, advice.seat),
                   deadline=advice.deadline, playouts=advice.playouts)
