"""A challenge: a lobby opened by one person with another invited, as pure functions on rows.

The challenger owns the lobby (seat 1, as ``/play``); the challenged person gets seat 2, held
for them as a rematch holds the last game's seats (:mod:`bot.service.rules.rematch`): marked
``PENDING`` (until when, in epoch seconds) and ``CHALLENGED``, until they press Join (which
confirms it, :func:`bot.service.rules.rematch.confirm`) or the hold ends (the seat is then
dropped, :func:`bot.service.rules.rematch.expire`, and the lobby is an ordinary one). Start waits
while the seat is held; Leave declines the challenge.
"""

from __future__ import annotations

from dataclasses import replace

from games import Game
from games.text import N_, say

from ...storage.rows import TableRow
from .. import errors
from .tables import CHALLENGED, PENDING, seat_of

YOURSELF = N_("You can't challenge yourself: pick someone else.")


class CannotChallenge(errors.HostError):
    """A challenge that cannot be: oneself, or a game for one player."""


def invite(game: Game, row: TableRow, user_id: int, name: str, *, until: float) -> TableRow:
    """``row`` (a new lobby) with a seat held for ``user_id`` until ``until``."""
    if seat_of(row, user_id) is not None:
        raise CannotChallenge(say(YOURSELF))
    if game.player_range(row.options)[1] < 2:
        raise CannotChallenge(say("{game} is played alone, so nobody can be challenged to it.",
                                  game=game.name))
    seat = {"seat": len(row.seats) + 1, "user_id": user_id, "name": name, "bot_level": None,
            PENDING: until, CHALLENGED: True}
    return replace(row, seats=[*row.seats, seat])
