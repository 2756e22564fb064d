"""Move-log queries of undo (BGA's rule): the last move still in force, with what it takes to
take it back. Mixed into :class:`bot.storage.store.Store`."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .languages import load_lines
from .rows import MoveEntry


class UndoLog:
    """Undo's SQL; mixed into :class:`bot.storage.Store` (reads through its ``_fetchall``)."""

    if TYPE_CHECKING:
        async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

    async def last_in_force(self, table_id: int) -> MoveEntry | None:
        """The newest move that no undo entry took back (undo entries themselves left out),
        with ``barrier`` and ``before``; None when there is none."""
        rows = await self._fetchall(
            "SELECT version, seat, move, user_id, lines, barrier, before FROM move_log m"
            " WHERE table_id = ? AND undoes IS NULL AND NOT EXISTS (SELECT 1 FROM move_log u"
            " WHERE u.table_id = m.table_id AND u.undoes = m.version)"
            " ORDER BY version DESC LIMIT 1",
            (table_id,),
        )
        if not rows:
            return None
        version, seat, move, user, lines, barrier, before = rows[0]
        return MoveEntry(version, seat, move, user, load_lines(lines), None, barrier,
                         json.loads(before) if before is not None else None)
