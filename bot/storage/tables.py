"""The active tables: created, read, moved (with their log and clock), given their post, closed
into history.

Every change of an active table is ``UPDATE … WHERE id = ? AND version = ?`` in one transaction
together with its move-log rows (and its clock), so two host objects on the same database (or
two clicks) can never both apply a move to the same version: the loser gets
:class:`~bot.storage.errors.Conflict`.

The columns are :class:`~bot.storage.rows.TableRow`'s fields (:data:`TABLE`): its SELECTs, its
INSERT and a move's UPDATE are made from them, so a new column is a field and a migration.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import replace

from .clocks import CLOCK, JOINED, clock_insert, clock_or_none
from .columns import Columns
from .database import Database, Insert, Statement, Write
from .errors import Conflict, IntegrityError
from .history import ending_inserts
from .log import DROP_LOG, log_insert
from .rows import ClockAt, ClockRow, Ending, MoveEntry, TableRow

log = logging.getLogger(__name__)

TABLE = Columns(TableRow)
"""The ``tables`` columns."""
_CREATED = TABLE.where("created", "always")
"""What a new table writes (its id is numbered, its post comes later)."""
_MOVED = TABLE.where("always")
"""What a move rewrites."""
_SELECT = f"SELECT {Columns.names(TABLE.read)} FROM tables"
_BESIDE = (f"SELECT {Columns.names(TABLE.read, 't.')}, {JOINED}, g.language, g.locale"
           " FROM tables t LEFT JOIN clocks c ON c.table_id = t.id"
           " LEFT JOIN guild_languages g ON g.guild_id = t.guild_id WHERE t.channel_id = ?")
_GAMES = (f"SELECT {Columns.names(TABLE.read, 't.')}, {JOINED}"
          " FROM tables t LEFT JOIN clocks c ON c.table_id = t.id")
_UPDATE = (f"UPDATE tables SET {', '.join(f'{c.name} = ?' for c in _MOVED)}, updated_at = ?"
           " WHERE id = ? AND version = ?")


def move_writes(row: TableRow, expected_version: int, moves: Sequence[MoveEntry],
                clock: ClockRow | None) -> list[Write]:
    """The statements of :meth:`Tables.update_table`: the table's (``one``: the version
    check), then its log rows and its clock when there are any."""
    writes: list[Write] = [Statement(
        _UPDATE, (*TABLE.values(row, _MOVED), time.time(), row.id, expected_version), one=True)]
    if moves:
        writes.append(log_insert(row.id, moves))
    if clock is not None:
        writes.append(clock_insert(clock))
    return writes


Listener = Callable[[int, int], None]
"""Told (channel id, version) after each stored change of an active table."""


class Tables:
    """The active tables' SQL, over a :class:`~bot.storage.database.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db
        self._listeners: list[Listener] = []

    def watch(self, listener: Listener) -> None:
        """Call ``listener(channel_id, version)`` after every stored change of an active table
        (created, moved, closed: then the version after the last one, the table being gone);
        the live page waits on them (:class:`bot.service.changes.Changes`)."""
        self._listeners.append(listener)

    def _changed(self, channel_id: int, version: int) -> None:
        for listener in self._listeners:
            try:
                listener(channel_id, version)
            except Exception:  # a listener must never undo what was stored
                log.exception("table %s: a change listener failed", channel_id)

    async def get_table(self, channel_id: int, *, beside: bool = False) -> TableRow | None:
        """The channel's active table. ``beside``: with its clock and its server's language,
        read in the same statement (so as of the same moment: :attr:`TableRow.clock_at`,
        :attr:`TableRow.server_language`), which spares a move two more trips."""
        if not beside:
            found = await self._db.fetchone(f"{_SELECT} WHERE channel_id = ?", (channel_id,))
            return None if found is None else TABLE.load(found)
        found = await self._db.fetchone(_BESIDE, (channel_id,))
        if found is None:
            return None
        n, m = len(TABLE.read), len(CLOCK.read)
        row = TABLE.load(found[:n])
        return replace(row, clock_at=ClockAt(row.version, clock_or_none(found[n:n + m])),
                       server_language=(found[n + m], found[n + m + 1]))

    async def active_tables(self) -> list[TableRow]:
        return [TABLE.load(r) for r in await self._db.fetchall(f"{_SELECT} ORDER BY id")]

    async def create_table(self, row: TableRow, also: Sequence[Write] = ()) -> TableRow:
        """Insert a new table; :class:`Conflict` if the channel already has one. ``also``:
        writes of the same transaction (a tournament's table opened with it:
        :func:`bot.storage.tournaments.opened`), all or nothing."""
        now = time.time()
        new = replace(row, created_at=now)
        insert = Insert("tables", (*(c.name for c in _CREATED), "updated_at"),
                        [(*TABLE.values(new, _CREATED), now)], key=True)
        try:
            [new_id, *_] = await self._db.write([insert, *also])
        except IntegrityError:
            raise Conflict("channel already has a table") from None
        self._changed(new.channel_id, new.version)
        return replace(new, id=new_id)

    async def update_table(
        self, row: TableRow, expected_version: int, moves: Sequence[MoveEntry] = (),
        clock: ClockRow | None = None,
    ) -> None:
        """Store ``row`` (with its new version) if the stored version is still
        ``expected_version``, and append ``moves`` and its new ``clock``; all or nothing."""
        await self._db.write(move_writes(row, expected_version, moves, clock))
        self._changed(row.channel_id, row.version)

    async def close_table(
        self,
        row: TableRow,
        expected_version: int,
        moves: Sequence[MoveEntry],
        ending: Ending | None,
    ) -> None:
        """Move the table to history (unless ``ending`` is None, as for a cancelled lobby) and
        free the channel; one transaction. Its move log goes with it: ``moves`` (the last ones)
        and the logged ones are in ``ending``'s record, which is all a finished game keeps of
        its play (/history, /replay and ratings read the record; a replay derives the log's
        sentences from it again: :mod:`render.replay`)."""
        writes: list[Write] = [Statement("DELETE FROM tables WHERE id = ? AND version = ?",
                                         (row.id, expected_version), one=True),
                               Statement(DROP_LOG, (row.id,)),
                               Statement("DELETE FROM clocks WHERE table_id = ?", (row.id,))]
        if ending is not None:
            writes += ending_inserts(row, ending)
        await self._db.write(writes)
        self._changed(row.channel_id, expected_version + 1)

    async def set_post(self, channel_id: int, message_id: int, version: int) -> bool:
        """Remember the current table post; an older post never overwrites a newer one. False
        when no table row took it (the game is over: see ``keep_final_post``)."""
        [changed] = await self._db.write([Statement(
            "UPDATE tables SET post_message_id = ?, post_version = ? WHERE channel_id = ?"
            " AND (post_version IS NULL OR post_version <= ?)",
            (message_id, version, channel_id, version))])
        return bool(changed)

    async def tables_here(self, channel_id: int) -> list[TableRow]:
        """The tables a channel holds: the one playing in it, and those whose lobby post or
        summary it holds (each plays, or will, in a thread of its own), oldest first."""
        found = await self._db.fetchall(
            f"{_SELECT} WHERE channel_id = ? OR parent_id = ? ORDER BY id", (channel_id, channel_id))
        return [TABLE.load(r) for r in found]

    async def guild_tables(self, guild_id: int, limit: int) -> list[TableRow]:
        """A server's open lobbies and games, newest first (at most ``limit``)."""
        found = await self._db.fetchall(
            f"{_SELECT} WHERE guild_id = ? ORDER BY created_at DESC, id DESC LIMIT ?",
            (guild_id, limit))
        return [TABLE.load(r) for r in found]

    async def guild_games(self, guild_id: int | None) -> list[TableRow]:
        """A server's games in play (None: those outside any server), each with its clock read
        beside (:attr:`TableRow.clock_at`), oldest first."""
        found = await self._db.fetchall(
            _GAMES + (" WHERE t.guild_id IS NULL" if guild_id is None else " WHERE t.guild_id = ?")
            + " AND t.status = 'playing' ORDER BY t.id", () if guild_id is None else (guild_id,))
        n = len(TABLE.read)
        out = []
        for values in found:
            row = TABLE.load(values[:n])
            out.append(replace(row, clock_at=ClockAt(row.version, clock_or_none(values[n:]))))
        return out

    async def move_to_channel(self, row: TableRow) -> TableRow:
        """A table of a thread plays in its parent channel instead: a lobby waiting for a thread
        that could not be made, or a game whose thread was deleted (its clock goes with it; its
        post, the values shown there and the personal links, all of the dead thread, are
        forgotten). Keyed by that channel from now on. :class:`Conflict` when the table
        changed meanwhile or the channel already has a table playing in it."""
        assert row.parent_id is not None and row.id is not None
        playing = row.status == "playing"
        try:
            await self._db.write([
                Statement(
                    "UPDATE tables SET channel_id = ?, parent_id = NULL, version = ?,"
                    " updated_at = ?,"
                    " post_message_id = CASE WHEN status = 'playing' THEN NULL"
                    " ELSE post_message_id END"
                    " WHERE id = ? AND version = ?",
                    (row.parent_id, row.version + 1, time.time(), row.id, row.version), one=True),
                Statement("UPDATE clocks SET channel_id = ? WHERE table_id = ?",
                          (row.parent_id, row.id)),
                Statement("DELETE FROM transient_posts WHERE channel_id = ?", (row.channel_id,)),
                Statement("DELETE FROM web_links WHERE channel_id = ?", (row.channel_id,)),
            ])
        except IntegrityError:
            raise Conflict("channel already has a table") from None
        self._changed(row.channel_id, row.version + 1)
        self._changed(row.parent_id, row.version + 1)
        return replace(row, channel_id=row.parent_id, parent_id=None, version=row.version + 1,
                       post_message_id=None if playing else row.post_message_id)
