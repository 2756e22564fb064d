"""The move log of the active tables: the entries a move appends in the transaction that stores
it, read back in order (:meth:`MoveLog.moves`: the lines a restart posts again), and the last
move still in force with what it takes to take it back (undo, BGA's rule:
:meth:`MoveLog.last_in_force`).

Only a table in play has a log. When it closes, its log is dropped in the same transaction
(:data:`DROP_LOG`): the finished game's record (options, setup, seed, the moves in force) is what
/history, /replay and ratings read, and a replay derives the sentences again from it, from
public views only. Per move, a sentence list and an undo state weighed ~85 % of a finished
game (migration 9 dropped the logs of games finished before)."""

from __future__ import annotations

import time
from collections.abc import Sequence

from .columns import Columns
from .database import Database, Insert
from .rows import MoveEntry

ENTRY = Columns(MoveEntry)
"""The ``move_log`` columns of an entry (beside ``table_id`` and ``at``)."""
_LISTED = tuple(c for c in ENTRY.read if c.name != "before")
"""What a listing reads: the state before each move is undo's alone (and big)."""
DROP_LOG = "DELETE FROM move_log WHERE table_id = ?"
"""A closing table's log, dropped with it (its moves are in the record)."""


def log_insert(table_id: int | None, moves: Sequence[MoveEntry]) -> Insert:
    """The log rows of ``moves`` of the table ``table_id``, stamped now."""
    now = time.time()
    return Insert("move_log", ("table_id", *ENTRY.stored(), "at"),
                  [[table_id, *ENTRY.stored_values(m), now] for m in moves])


class MoveLog:
    """The move log's reads, over a :class:`~bot.storage.database.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def moves(self, table_id: int) -> list[MoveEntry]:
        rows = await self._db.fetchall(
            f"SELECT {Columns.names(_LISTED)} FROM move_log WHERE table_id = ? ORDER BY version",
            (table_id,))
        return [ENTRY.load(r, _LISTED) for r in rows]

    async def last_in_force(self, table_id: int) -> MoveEntry | None:
        """The newest move that no undo entry took back (undo entries themselves left out),
        with ``barrier`` and ``before``; None when there is none."""
        found = await self._db.fetchone(
            f"SELECT {Columns.names(ENTRY.read)} FROM move_log m"
            " WHERE table_id = ? AND undoes IS NULL AND NOT EXISTS (SELECT 1 FROM move_log u"
            " WHERE u.table_id = m.table_id AND u.undoes = m.version)"
            " ORDER BY version DESC LIMIT 1",
            (table_id,))
        return None if found is None else ENTRY.load(found)
