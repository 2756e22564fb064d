"""The one place that reads and writes the SQLite file.

Every change of an active table is ``UPDATE … WHERE id = ? AND version = ?`` inside one
``BEGIN IMMEDIATE`` transaction together with its move-log rows, so two host objects on the same
file (or two clicks) can never both apply a move to the same version: the loser gets
:class:`Conflict`.

Two connections per Store. Writes go through :meth:`Store._tx` on the write connection (an
asyncio lock keeps one coroutine's transaction from interleaving with another's); reads go
through :meth:`Store._fetchall` on a read-only connection, so in WAL mode they never queue behind
a write, ours or another process's. A write waits at most about two seconds (``LOCK_WAIT`` for
our own lock, ``BUSY_TIMEOUT_MS`` for another process's) and then raises
:class:`~bot.storage.errors.Busy`; a full disk raises :class:`~bot.storage.errors.DiskFull`. Both
carry a sentence for the person, so a stuck database gives "busy, try again" in time for
Discord's three seconds rather than a hang.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

import aiosqlite

from . import batch
from .batch import Conflict, Statement
from .clock import JOINED, ClockStore, clock_or_none, clock_statement
from .errors import Busy, IntegrityError, unavailable
from .history import HistoryStore
from .languages import LanguageStore, dump_lines, load_lines
from .ratings import RatingsStore
from .rows import ClockAt, ClockRow, Ending, MoveEntry, TableRow
from .schema import migrate
from .undo import UndoLog
from .url import is_url

LOCK_WAIT = 1.0
"""Seconds a write waits for this Store's other writes before it says busy."""
BUSY_TIMEOUT_MS = 1000
"""How long SQLite waits for another connection's write lock once running (milliseconds)."""
OPEN_BUSY_TIMEOUT_MS = 10000
"""At start-up (migrations) nobody is waiting on an answer: wait longer."""


_COLUMNS = (
    "id, channel_id, guild_id, game_id, options, status, host_id, seats, seed, state, version,"
    " post_message_id, post_version, created_at, record_head, speed"
)

_TABLE_COLUMNS = [name.strip() for name in _COLUMNS.split(",")]
_BESIDE = ", ".join(f"t.{name}" for name in _TABLE_COLUMNS) + f", {JOINED}, g.language, g.locale"


def _row(values: Sequence[Any]) -> TableRow:
    (id_, channel, guild, game, options, status, host, seats, seed, state, version, post, post_v,
     created, head, speed) = values
    return TableRow(
        id=id_, channel_id=channel, guild_id=guild, game_id=game, options=json.loads(options),
        status=status, host_id=host, seats=json.loads(seats), seed=seed,
        state=json.loads(state) if state is not None else None, version=version,
        post_message_id=post, post_version=post_v, created_at=created,
        record_head=json.loads(head) if head is not None else None, speed=speed,
    )


def _dump(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))  # key order kept: reloads read the same


def _log(table_id: int | None, moves: Sequence[MoveEntry]) -> Statement:
    """The move-log rows of ``moves`` (one INSERT each)."""
    now = time.time()
    return Statement(
        "INSERT INTO move_log (table_id, version, seat, move, user_id, lines, at, undoes,"
        " barrier, before) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(table_id, m.version, m.seat, m.move, m.user_id, _dump(dump_lines(m.lines)), now,
          m.undoes, m.barrier, None if m.before is None else _dump(m.before)) for m in moves],
        many=True)


async def _connect(path: str) -> aiosqlite.Connection:
    """A connection in autocommit mode (we issue BEGIN/COMMIT ourselves). When opening fails,
    aiosqlite's worker thread still has a stop to report: wait for it while the event loop
    runs, or it reports into a closed loop ("Event loop is closed" tracebacks after the error)."""
    conn = aiosqlite.connect(path, isolation_level=None)
    try:
        return await conn
    except BaseException:
        thread = getattr(conn, "_thread", None)
        if thread is not None:
            await asyncio.to_thread(thread.join, 5)
        raise


class Store(RatingsStore, ClockStore, HistoryStore, UndoLog, LanguageStore):
    """Async access to one database file. Open with :meth:`open`, close with :meth:`close`."""

    def __init__(self, db: aiosqlite.Connection, reader: aiosqlite.Connection) -> None:
        self._db = db  # writes (and the reads inside a write's transaction)
        self._reader = reader  # every other read: never waits for a writer
        self._lock = asyncio.Lock()
        self._read_lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str) -> Store:
        """Open (and migrate) the SQLite file at ``path``; a ``postgresql://`` URL opens the
        same store on PostgreSQL (:mod:`bot.storage.postgres`)."""
        if is_url(path):
            from .postgres import PgStore

            return await PgStore.open(path)
        db = await _connect(path)
        try:
            await db.execute(f"PRAGMA busy_timeout = {OPEN_BUSY_TIMEOUT_MS}")
            await db.execute("PRAGMA journal_mode = WAL")
            # FULL: a committed move survives a power cut too (NORMAL in WAL mode may lose the
            # last transactions). `python -m bot bench --quick`, move p95: NORMAL 24.7 / 26.4 ms,
            # FULL 25.5 / 23.0 ms (two runs each; within noise on the dev machine's disk).
            await db.execute("PRAGMA synchronous = FULL")
            await db.execute("PRAGMA foreign_keys = ON")
            await migrate(db)
            await db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            reader = await _connect(path)
        except BaseException:
            await db.close()
            raise
        try:
            await reader.execute("PRAGMA query_only = ON")
            await reader.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        except BaseException:
            await reader.close()
            await db.close()
            raise
        return cls(db, reader)

    async def close(self) -> None:
        async with self._lock, self._read_lock:
            await self._reader.close()
            await self._db.close()

    @staticmethod
    async def _acquire(lock: asyncio.Lock) -> None:
        """Take ``lock`` within LOCK_WAIT seconds, else :class:`Busy`. A free lock is taken
        at once, without arming a timeout (most takes: a timer per read or write was a
        measurable part of a move's event-loop time)."""
        if not lock.locked() and not getattr(lock, "_waiters", None):
            await lock.acquire()  # free and nobody queued: taken without suspending
            return
        try:
            async with asyncio.timeout(LOCK_WAIT):
                await lock.acquire()
        except TimeoutError:
            raise Busy() from None

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction (BEGIN IMMEDIATE … COMMIT, rolled back on any error). Other
        storage modules write through this; an unavailable database raises Busy/DiskFull."""
        await self._acquire(self._lock)
        try:
            try:
                await self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                raise (unavailable(exc) or exc) from None
            try:
                yield self._db
                await self._db.execute("COMMIT")
            except BaseException as exc:
                if self._db.in_transaction:
                    await self._db.execute("ROLLBACK")
                said = unavailable(exc)
                if said is None:
                    raise
                raise said from None
        finally:
            self._lock.release()

    async def _write(self, statements: Sequence[Statement]) -> list[int]:
        """One write transaction of statements known in advance (:mod:`bot.storage.batch`),
        run whole in the write connection's thread: one trip there rather than one per
        statement. The row count of each; Conflict, Busy, DiskFull as :meth:`_tx`."""
        await self._acquire(self._lock)
        try:
            # aiosqlite's own way into its thread (what its execute uses), with its connection
            return await self._db._execute(batch.run, self._db._conn, statements)
        except sqlite3.OperationalError as exc:
            raise (unavailable(exc) or exc) from None
        finally:
            self._lock.release()

    async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Rows of one read on the read connection (WAL: it never waits for a writer). That
        connection is query-only: every write goes through :meth:`_tx`."""
        await self._acquire(self._read_lock)
        try:
            # One trip to the connection's thread (execute, cursor and fetch in one call)
            # rather than three: each trip is a wake-up of the event loop.
            return list(await self._reader.execute_fetchall(sql, params))
        except sqlite3.OperationalError as exc:
            raise (unavailable(exc) or exc) from None
        finally:
            self._read_lock.release()

    # -- active tables --------------------------------------------------------------------------
    async def get_table(self, channel_id: int, *, beside: bool = False) -> TableRow | None:
        """The channel's active table. ``beside``: with its clock and its server's language,
        read in the same statement (so as of the same moment: :attr:`TableRow.clock_at`,
        :attr:`TableRow.server_language`), which spares a move two more trips."""
        if not beside:
            rows = await self._fetchall(f"SELECT {_COLUMNS} FROM tables WHERE channel_id = ?",
                                        (channel_id,))
            return _row(rows[0]) if rows else None
        rows = await self._fetchall(
            f"SELECT {_BESIDE} FROM tables t LEFT JOIN clocks c ON c.table_id = t.id"
            " LEFT JOIN guild_languages g ON g.guild_id = t.guild_id WHERE t.channel_id = ?",
            (channel_id,))
        if not rows:
            return None
        values = rows[0]
        n = len(_TABLE_COLUMNS)
        row = _row(values[:n])
        clock = clock_or_none(values[n:-2])
        return replace(row, clock_at=ClockAt(row.version, clock),
                       server_language=(values[-2], values[-1]))

    async def active_tables(self) -> list[TableRow]:
        rows = await self._fetchall(f"SELECT {_COLUMNS} FROM tables ORDER BY id")
        return [_row(r) for r in rows]

    async def create_table(self, row: TableRow) -> TableRow:
        """Insert a new table; :class:`Conflict` if the channel already has one."""
        now = time.time()
        try:
            async with self._tx() as db:
                cur = await db.execute(
                    "INSERT INTO tables (channel_id, guild_id, game_id, options, status, host_id,"
                    " seats, seed, state, version, created_at, updated_at, speed)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (row.channel_id, row.guild_id, row.game_id, _dump(row.options), row.status,
                     row.host_id, _dump(row.seats), row.seed,
                     None if row.state is None else _dump(row.state), row.version, now, now,
                     row.speed),
                )
                new_id = cur.lastrowid
        except IntegrityError:
            raise Conflict("channel already has a table") from None
        return replace(row, id=new_id, created_at=now)

    async def update_table(
        self, row: TableRow, expected_version: int, moves: Sequence[MoveEntry] = (),
        clock: ClockRow | None = None,
    ) -> None:
        """Store ``row`` (with its new version) if the stored version is still
        ``expected_version``, and append ``moves`` and its new ``clock``; all or nothing."""
        update, log, clock_row = self._move(row, expected_version, moves, clock)
        await self._write([s for s in (update, log, clock_row) if s is not None])

    @staticmethod
    def _move(
        row: TableRow, expected_version: int, moves: Sequence[MoveEntry], clock: ClockRow | None,
    ) -> tuple[Statement, Statement | None, Statement | None]:
        """The statements of :meth:`update_table`: the table's (``one``: the version check),
        the log's and the clock's (None when there is nothing to write)."""
        update = Statement(
            "UPDATE tables SET status = ?, host_id = ?, seats = ?, state = ?, version = ?,"
            " options = ?, record_head = ?, speed = ?, updated_at = ?"
            " WHERE id = ? AND version = ?",
            (row.status, row.host_id, _dump(row.seats),
             None if row.state is None else _dump(row.state), row.version, _dump(row.options),
             None if row.record_head is None else _dump(row.record_head), row.speed,
             time.time(), row.id, expected_version),
            one=True)
        return (update, _log(row.id, moves) if moves else None,
                None if clock is None else clock_statement(clock))

    async def close_table(
        self,
        row: TableRow,
        expected_version: int,
        moves: Sequence[MoveEntry],
        ending: Ending | None,
    ) -> None:
        """Append the last moves, move the table to history (unless ``ending`` is None, as for a
        cancelled lobby) and free the channel; one transaction."""
        async with self._tx() as db:
            cur = await db.execute(
                "DELETE FROM tables WHERE id = ? AND version = ?", (row.id, expected_version)
            )
            if cur.rowcount != 1:
                raise Conflict("stale version")
            await self._append(db, row.id, moves)
            await db.execute("UPDATE move_log SET before = NULL WHERE table_id = ?", (row.id,))
            await db.execute("DELETE FROM clocks WHERE table_id = ?", (row.id,))
            if ending is None:
                return
            await db.execute(
                "INSERT INTO games (id, channel_id, guild_id, game_id, status, seats, record,"
                " result, started_at, ended_at, lobby) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.id, row.channel_id, row.guild_id, row.game_id, ending.status,
                 _dump(row.seats), _dump(ending.record),
                 None if ending.result is None else _dump(ending.result), row.created_at,
                 time.time(), None if ending.lobby is None else _dump(ending.lobby)),
            )
            await db.executemany(
                "INSERT INTO player_results (game_row, seat, user_id, guild_id, game_id, outcome,"
                " score) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(row.id, seat, user, row.guild_id, row.game_id, outcome, score)
                 for seat, user, outcome, score in ending.outcomes],
            )

    @staticmethod
    async def _append(db: aiosqlite.Connection, table_id: int | None, moves: Sequence[MoveEntry]) -> None:
        if moves:
            log = _log(table_id, moves)
            await db.executemany(log.sql, log.params)

    async def set_post(self, channel_id: int, message_id: int, version: int) -> bool:
        """Remember the current table post; an older post never overwrites a newer one. False
        when no table row took it (the game is over: see ``keep_final_post``)."""
        changed = await self._write([Statement(
            "UPDATE tables SET post_message_id = ?, post_version = ? WHERE channel_id = ?"
            " AND (post_version IS NULL OR post_version <= ?)",
            (message_id, version, channel_id, version))])
        return bool(changed[0])

    # -- posts showing a value that must be edited away (memory mode) -------------------------
    async def add_transient_post(self, channel_id: int, message_id: int, plain: str) -> None:
        """Remember (or update) a post's value-free text until the post is edited."""
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO transient_posts (message_id, channel_id, plain) VALUES (?, ?, ?)"
                " ON CONFLICT (message_id) DO UPDATE SET plain = excluded.plain",
                (message_id, channel_id, plain),
            )

    async def transient_posts(self, channel_id: int) -> dict[int, str]:
        """message id -> value-free text, for the channel's posts still showing a value."""
        rows = await self._fetchall(
            "SELECT message_id, plain FROM transient_posts WHERE channel_id = ?", (channel_id,)
        )
        return {m: p for m, p in rows}

    async def drop_transient_post(self, message_id: int) -> None:
        async with self._tx() as db:
            await db.execute("DELETE FROM transient_posts WHERE message_id = ?", (message_id,))

    # -- history --------------------------------------------------------------------------------
    async def moves(self, table_id: int) -> list[MoveEntry]:
        rows = await self._fetchall(
            "SELECT version, seat, move, user_id, lines, undoes, barrier FROM move_log"
            " WHERE table_id = ? ORDER BY version", (table_id,),
        )
        return [MoveEntry(v, s, m, u, load_lines(lines), undone, barrier)
                for v, s, m, u, lines, undone, barrier in rows]

    async def game(self, game_row: int) -> dict[str, Any] | None:
        """A finished or abandoned game: its status, seats, record, result, guild and lobby."""
        rows = await self._fetchall(
            "SELECT status, seats, record, result, channel_id, game_id, guild_id, lobby FROM games"
            " WHERE id = ?", (game_row,),
        )
        if not rows:
            return None
        status, seats, record, result, channel, game, guild, lobby = rows[0]
        return {"status": status, "seats": json.loads(seats), "record": json.loads(record),
                "result": json.loads(result) if result else None, "channel_id": channel,
                "game_id": game, "guild_id": guild, "lobby": json.loads(lobby) if lobby else None}

    async def games_in_channel(self, channel_id: int) -> list[int]:
        rows = await self._fetchall("SELECT id FROM games WHERE channel_id = ? ORDER BY id", (channel_id,))
        return [r[0] for r in rows]

    async def stats(self, guild_id: int | None, user_id: int | None) -> dict[str, Any]:
        """Finished games of a guild (all of it, or one user's): played and wins per game."""
        guild_clause = "guild_id IS ?" if guild_id is None else "guild_id = ?"
        if user_id is None:
            rows = await self._fetchall(
                "SELECT g.game_id, COUNT(*), SUM(CASE WHEN EXISTS (SELECT 1 FROM player_results r"
                " WHERE r.game_row = g.id AND r.user_id IS NOT NULL AND r.outcome = 'win')"
                " THEN 1 ELSE 0 END)"
                f" FROM games g WHERE g.status = 'finished' AND g.{guild_clause} GROUP BY g.game_id",
                (guild_id,),
            )
        else:
            rows = await self._fetchall(
                "SELECT game_id, COUNT(*), SUM(CASE WHEN outcome = 'win' THEN 1 ELSE 0 END)"
                " FROM player_results"
                f" WHERE {guild_clause} AND user_id = ? GROUP BY game_id",
                (guild_id, user_id),
            )
        per_game = {game: {"played": int(n), "wins": int(w or 0)} for game, n, w in rows}
        return {"games": sum(v["played"] for v in per_game.values()), "per_game": per_game}

    # -- preferences ------------------------------------------------------------------------------
    async def dm_enabled(self, user_id: int) -> bool | None:
        rows = await self._fetchall("SELECT enabled FROM dm_prefs WHERE user_id = ?", (user_id,))
        return bool(rows[0][0]) if rows else None

    async def set_dm_enabled(self, user_id: int, enabled: bool) -> None:
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO dm_prefs (user_id, enabled) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET enabled = excluded.enabled",
                (user_id, int(enabled)),
            )
