"""Absence at a table in play, its rules: the clock's reminders and time outs, Skip, Computer
plays for, I'm back, /leave and End the game (stored by :mod:`bot.service.absence`).

Policies (the issue left them open):

* Skip and Computer plays for … are offered once the timed seat's time is spent, to the other
  seated people who are playing themselves; either answers the time out for that version.
* Skip plays the game's own pass for the absent seat: the move ``game.parse("pass")`` gives,
  when it is among ``legal()``. A game without one offers only the computer.
* A replaced seat is played by a computer at the configured level on every turn; its person
  keeps the seat and presses **I'm back** (on the table post or in My hand) to play again.
  ``was_replaced`` stays on the seat for good and goes into the finished game's seats.
* A replaced seat may be taken by a substitute (:mod:`bot.service.rules.substitutes`): once they
  sit, the seat is theirs and its person can no longer press **I'm back** for it.
* /leave in a game hands the seat to a computer at once. When fewer than two people would still
  be playing, the one left may press **End the game** (abandoned, no result) or play on against
  the computers; when nobody would be left, the table ends at once without a result.
* At a tournament's table none of that: a seat whose time runs out, or whose person leaves,
  loses the game on time and the table ends at once; a computer never plays for a person there
  (:mod:`bot.service.rules.tournament`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games import Game, IllegalMove
from games.text import N_

from ...storage.rows import TableRow

NOT_TIMED_OUT = N_("Their time is not up (or someone already answered), so nothing was changed.")
NOT_PLAYING = N_("Only the people playing at this table can do that.")
SINCE = "since"
"""Seat key of a replaced seat: the table version at which a computer began to play it (a
substitute's request names it, so a request made before a change of the seat is stale)."""
NO_PASS = N_(
    "This game has no pass, so their turn can't be skipped; a computer can play for them.")


def active_humans(row: TableRow) -> list[dict[str, Any]]:
    """Seats of people playing themselves (not computers, not replaced)."""
    return [s for s in row.seats if s["user_id"] is not None and not s.get("replaced")]


def pass_move(game: Game, row: TableRow, seat: int) -> str | None:
    """The game's pass for ``seat`` now, if it has one and it is legal (Skip plays it)."""
    try:
        move = game.parse("pass")
    except (IllegalMove, ValueError):
        return None
    assert row.state is not None
    return move if move in game.legal(row.state, seat) else None


def replaced(row: TableRow, seat: int, *, by_computer: bool) -> TableRow:
    """The row with ``seat`` played by a computer (``by_computer``) or by its person again.
    The seat keeps no level: the computer plays it at the configured level (see
    :meth:`bot.service.computers.ComputerPlayers.level_of`), so a rematch or a rating never
    takes the person for one."""
    seats = [dict(s) for s in row.seats]
    entry = seats[seat - 1]
    if by_computer:  # ``since``: the version it went to the computer (a substitute's request)
        entry.update(replaced=True, was_replaced=True, since=row.version + 1)
    else:
        entry.update(replaced=False)
        entry.pop(SINCE, None)
    owner = row.host_id
    if by_computer and owner == entry["user_id"]:  # the owner's role goes to someone playing
        owner = next((s["user_id"] for s in seats if s["user_id"] is not None
                      and not s.get("replaced")), owner)
    return replace(row, seats=seats, host_id=owner, version=row.version + 1)
