"""The turn clock (Board Game Arena's model): time banks.

Each table has a **speed** (:mod:`bot.service.rules.speed`): ``live``, ``daily`` or ``off``. Each
player has a time bank (:class:`bot.config.Speed`): it starts at ``start``, gains ``add`` at each
of their turns, never holds more than ``cap`` and runs down while they are timed, except while
they are away on vacation (:mod:`bot.service.rules.vacation`: their turn waits for them). The
timed seat is the first human (not replaced) seat to move; while that seat keeps moving (several
steps of one turn) its clock keeps running. The clock is kept by :mod:`bot.service.clock` and driven by
:mod:`bot.service.scheduler`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from games import Game

from ...config import Speed
from ...storage.rows import ClockRow, TableRow
from .tables import is_computer


def next_clock(
    old: ClockRow | None, row: TableRow, timed: int | None, mover: int | None, now: float,
    speed: Speed | None, away_until: float | None = None,
) -> ClockRow | None:
    """The clock after the table reached ``row`` (``mover``: the seat whose move got it there,
    None for anything else). The seat that was timed keeps what is left of its bank (none of it
    ran while its clock waited for them, away); a seat that moves again within its turn keeps its
    running clock; a new turn adds ``speed.add``, and begins at ``away_until`` when the timed
    person is away until then. None when the table has no clock (speed off)."""
    assert row.id is not None
    if speed is None:
        return None
    if (old is not None and old.seat is not None and old.seat == timed == mover
            and old.version == row.version - 1):
        return replace(old, version=row.version)  # the same turn goes on
    banks = dict(old.banks) if old is not None else {}
    if old is not None and old.seat is not None and old.deadline is not None:
        banks[old.seat] = max(0.0, old.deadline - max(now, old.held_until or now))
    base = ClockRow(row.id, row.channel_id, row.version, banks=banks, started=now)
    if timed is None:
        return base
    bank = min(speed.cap, banks.get(timed, speed.start) + speed.add)
    banks[timed] = bank
    begins = away_until if away_until is not None and away_until > now else None
    start = now if begins is None else begins
    return replace(base, seat=timed, started=start, deadline=start + bank,
                   remind_at=start + bank / 2, held_until=begins)


def turn_clock(
    game: Game, old: ClockRow | None, row: TableRow, mover: int | None, now: float,
    speed: Speed | None, away: Mapping[int, float] | None = None,
) -> tuple[ClockRow | None, bool]:
    """(the clock to store for ``row`` if it changed from ``old``, else None; whether its next
    moment changed). The timed seat is the first person (not a computer) to move. ``away``:
    user id -> until when, of the people away on vacation whose clock waits at this table."""
    assert row.state is not None
    timed = next((s for s in game.to_move(row.state) if not is_computer(row, s)), None)
    user = None if timed is None else row.seats[timed - 1].get("user_id")
    until = None if user is None or away is None else away.get(user)
    new = next_clock(old, row, timed, mover, now, speed, until)
    if new is None or new == old:
        return None, False
    return new, old is None or new.due != old.due
