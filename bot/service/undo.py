"""Undo, Board Game Arena's rule (docs/playing.md, "A table, step by step"): the mover may take
back their own last move while it is still their turn, and only when that move rolled nothing
and showed nothing hidden (the engine's :meth:`games.Game.undo_barrier`, stored with each move).

An undo changes nothing already stored: it is one more move-log entry naming the move it takes
back, stored with the restored state in one version-checked transaction, like a move. The state
restored is the one kept with that move (``before``), so a restart continues exactly. Records
list only the moves in force (:func:`in_force`), so they replay the game as it was played.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace

from games import Game, State
from games.text import N_, say
from games.text import seat as seat_text

from ..storage import Conflict, MoveEntry, Store, TableRow
from ..storage.rows import ClockRow
from . import errors
from .results import PrivateNote
from .rules.play import Lines, Step
from .rules.tables import is_computer, seat_of

UNDO_MOVE = "undo"
"""The move text of an undo entry in the log (its ``undoes`` column says which move)."""

REFUSALS = {
    "die": N_("A die was rolled since your last move, so it can't be taken back."),
    "card": N_("A card was revealed since your last move, so it can't be taken back."),
    "tile": N_("A tile was revealed since your last move, so it can't be taken back."),
    "turn": N_("Your last move ended your turn, so it can't be taken back."),
}
CANNOT = N_("Your last move can't be taken back.")
NOT_YOUR_TURN = N_("You can only take back a move during your own turn.")
NOTHING = N_("There is nothing to take back: you haven't moved yet this turn.")
COMPUTER = N_("The last move was a computer's, and a computer's move can't be taken back.")
REPLACED = N_("A computer is playing your seat just now, so there is nothing to take back.")
NOT_SEATED = N_("You are not playing at this table, so there is nothing to take back.")
TOOK_BACK = N_("{name} took back their last move.")
YOU_TOOK_BACK = N_("You took back your last move.")


def before(row: TableRow, step: Step, user_id: int | None) -> State | None:
    """The state to keep with a move: the one before it, when a person made it and it may be
    taken back; None otherwise (a computer's move, or one behind a barrier)."""
    return row.state if user_id is not None and step.barrier is None else None


def in_force(entries: Sequence[MoveEntry]) -> list[MoveEntry]:
    """The moves still in force: undo entries and the moves they took back left out."""
    undone = {e.undoes for e in entries if e.undoes is not None}
    return [e for e in entries if e.undoes is None and e.version not in undone]


def _undoable(row: TableRow, game: Game, last: MoveEntry | None) -> bool:
    return (
        last is not None and last.user_id is not None and last.barrier is None
        and last.before is not None and row.state is not None
        and last.seat in game.to_move(row.state) and not is_computer(row, last.seat)
        and row.seats[last.seat - 1]["user_id"] == last.user_id
    )


NextClock = Callable[[TableRow, int], Awaitable[tuple[ClockRow | None, bool]]]
"""The table's clock once it reached a row by a seat's action, and whether its next moment
changed (:meth:`bot.service.clock.TableClock.next_clock`)."""


async def take_back(
    store: Store, game: Game, row: TableRow, user_id: int, version: int | None,
    next_clock: NextClock,
) -> tuple[TableRow, Lines, bool]:
    """Undo the user's last move: the new row (stored, with the clock: the same turn goes on,
    no time is given back), its public line, whether the clock's next moment changed; or a
    HostError saying precisely why not."""
    seat = seat_of(row, user_id)
    if seat is None:
        raise errors.NotSeated(NOT_SEATED)
    if version is not None and version != row.version:
        raise errors.StaleVersion(errors.STALE)
    assert row.state is not None and row.id is not None
    last = await store.log.last_in_force(row.id)
    mine = last is not None and last.seat == seat and last.user_id == user_id
    if seat not in game.to_move(row.state):
        if mine:  # nobody has moved since: that move passed the turn on
            raise errors.UndoRefused(REFUSALS["turn"])
        raise errors.NotYourTurn(NOT_YOUR_TURN)
    if is_computer(row, seat):
        raise errors.UndoRefused(REPLACED)
    if last is not None and last.seat == seat and last.user_id is None:
        raise errors.UndoRefused(COMPUTER)
    if last is None or not mine:
        raise errors.UndoRefused(NOTHING)
    if not _undoable(row, game, last):
        raise errors.UndoRefused(REFUSALS.get(last.barrier or "", CANNOT))
    assert last.before is not None
    new = replace(row, state=last.before, version=row.version + 1)
    lines = Lines()
    lines.ordered.append((say(TOOK_BACK, name=seat_text(seat)), False))
    entry = MoveEntry(new.version, seat, UNDO_MOVE, user_id, lines.public, undoes=last.version)
    clock, rearm = await next_clock(new, seat)
    try:
        await store.tables.update_table(new, row.version, [entry], clock)
    except Conflict:
        raise errors.StaleVersion(errors.STALE) from None
    return new, lines, rearm


async def undoer(store: Store, game: Game, row: TableRow) -> int | None:
    """The user id of the one person who may take back their last move now, else None."""
    if row.id is None or row.state is None:
        return None
    last = row.last_move
    if last is None or last.version != row.version:  # not the move this process just stored
        last = await store.log.last_in_force(row.id)
    return last.user_id if last is not None and _undoable(row, game, last) else None


async def offer(
    store: Store, game: Game, row: TableRow, notes: list[PrivateNote]
) -> list[PrivateNote]:
    """The notes with ``can_undo`` set for the one person who may take back their move now
    (their menu then shows Undo)."""
    if not any(n.your_turn for n in notes):
        return notes
    user = await undoer(store, game, row)
    return [replace(n, can_undo=True) if user is not None and n.user_id == user and n.your_turn
            else n for n in notes]
