"""Tournaments stored (migration 14; the service: :mod:`bot.service.tournaments`, its rules:
:mod:`bot.service.rules.tournament`).

A tournament is its ``tournaments`` row, its players (``tournament_players``) and every round's
tables as paired (``tournament_tables``, table 0 holding a round's byes). Each step that changes
more than one of them is one write, all or nothing: the start (status, the fixed number of
rounds, the players' seeding ratings and round 1's tables), a table opened (the ``tables`` row
of its game and the thread it plays in, :func:`opened`), and a step of
:meth:`Tournaments.advance` (the places read from ended games, the players' missed games, and
the next round or the end). A crash between two writes leaves a state the next call continues
from; a repeated call finds its work done (every write says what it expects: the round it
moves from, a table not opened yet).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from .columns import Columns
from .database import Database, Insert, Statement, Write
from .rows import TournamentPlayer, TournamentRow, TournamentTable

TOURNAMENT = Columns(TournamentRow)
PLAYER = Columns(TournamentPlayer)
TABLE = Columns(TournamentTable)
_SELECT = f"SELECT {Columns.names(TOURNAMENT.read)} FROM tournaments"
_PLAYERS = f"SELECT {Columns.names(PLAYER.read)} FROM tournament_players"
_TABLES = f"SELECT {Columns.names(TABLE.read)} FROM tournament_tables"
_ORDER_TABLES = " ORDER BY round, table_no"
ACTIVE = ("signup", "running")
"""The statuses of a tournament that is not over."""


def table_inserts(tables: Sequence[TournamentTable]) -> list[Write]:
    """The rows of newly paired tables (none: nothing)."""
    if not tables:
        return []
    return [Insert("tournament_tables", tuple(c.name for c in TABLE.read),
                   [TABLE.values(t, TABLE.read) for t in tables])]


def opened(tournament_id: int, round_no: int, table_no: int, channel_id: int) -> Statement:
    """The write marking a paired table opened in ``channel_id``, whose ``tables`` row is
    inserted in the same transaction (its id read from that row): it changes one row or the
    whole write fails (:class:`~bot.storage.errors.Conflict`), so a table opens once."""
    return Statement(
        "UPDATE tournament_tables SET channel_id = ?,"
        " table_id = (SELECT id FROM tables WHERE channel_id = ?)"
        " WHERE tournament_id = ? AND round = ? AND table_no = ? AND channel_id IS NULL",
        (channel_id, channel_id, tournament_id, round_no, table_no), one=True)


class Tournaments:
    """The tournaments' SQL, over a :class:`~bot.storage.database.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # -- tournaments ----------------------------------------------------------------------------
    async def create(self, row: TournamentRow) -> TournamentRow:
        """Store a new tournament; the row with its id."""
        columns = [c for c in TOURNAMENT.read if c.name != "id"]
        [new_id] = await self._db.write([Insert(
            "tournaments", tuple(c.name for c in columns),
            [TOURNAMENT.values(row, columns)], key=True)])
        return replace(row, id=new_id)

    async def get(self, tournament_id: int) -> TournamentRow | None:
        found = await self._db.fetchone(f"{_SELECT} WHERE id = ?", (tournament_id,))
        return None if found is None else TOURNAMENT.load(found)

    async def in_guild(self, guild_id: int, statuses: Sequence[str] = ACTIVE
                       ) -> list[TournamentRow]:
        """A server's tournaments of those statuses, the newest first."""
        marks = ", ".join("?" for _ in statuses)
        rows = await self._db.fetchall(
            f"{_SELECT} WHERE guild_id = ? AND status IN ({marks}) ORDER BY id DESC",
            (guild_id, *statuses))
        return [TOURNAMENT.load(r) for r in rows]

    async def running(self) -> list[TournamentRow]:
        """Every tournament under way, the oldest first (start-up continues them)."""
        rows = await self._db.fetchall(f"{_SELECT} WHERE status = 'running' ORDER BY id")
        return [TOURNAMENT.load(r) for r in rows]

    async def due(self, now: float) -> list[TournamentRow]:
        """Tournaments with something to do at ``now``: a sign-up whose start time came, a slow
        round whose deadline passed; the oldest first."""
        rows = await self._db.fetchall(
            f"{_SELECT} WHERE (status = 'signup' AND start_at <= ?)"
            " OR (status = 'running' AND round_deadline <= ?) ORDER BY id", (now, now))
        return [TOURNAMENT.load(r) for r in rows]

    async def moments(self) -> list[tuple[int, int, float]]:
        """(tournament, guild, moment) of every start time and slow round deadline to come or
        passed, the soonest first (the scheduler sleeps until the soonest it serves)."""
        rows = await self._db.fetchall(
            "SELECT id, guild_id,"
            " CASE WHEN status = 'signup' THEN start_at ELSE round_deadline END AS at"
            " FROM tournaments WHERE status IN ('signup', 'running')")
        return sorted(((int(t), int(g), float(at)) for t, g, at in rows if at is not None),
                      key=lambda found: found[2])

    async def set_post(self, tournament_id: int, channel_id: int, message_id: int) -> None:
        await self._db.write([Statement(
            "UPDATE tournaments SET post_channel_id = ?, post_message_id = ? WHERE id = ?",
            (channel_id, message_id, tournament_id))])

    async def set_event(self, tournament_id: int, event_id: int | None) -> None:
        await self._db.write([Statement("UPDATE tournaments SET event_id = ? WHERE id = ?",
                                        (event_id, tournament_id))])

    async def end(self, tournament_id: int, status: str, now: float) -> bool:
        """A tournament not over yet ends as ``status`` (finished, cancelled); False when it was
        over already."""
        [changed] = await self._db.write([Statement(
            "UPDATE tournaments SET status = ?, ended_at = ?, round_deadline = NULL"
            " WHERE id = ? AND status IN ('signup', 'running')", (status, now, tournament_id))])
        return changed == 1

    # -- players --------------------------------------------------------------------------------
    async def players(self, tournament_id: int) -> list[TournamentPlayer]:
        """Who signed up, in the order they joined."""
        rows = await self._db.fetchall(
            f"{_PLAYERS} WHERE tournament_id = ? ORDER BY joined_at, user_id", (tournament_id,))
        return [PLAYER.load(r) for r in rows]

    async def join(self, player: TournamentPlayer) -> bool:
        """Sign a player up; False when they were already (nothing changes)."""
        [added] = await self._db.write([Statement(
            f"INSERT OR IGNORE INTO tournament_players ({Columns.names(PLAYER.read)})"
            f" VALUES ({', '.join('?' for _ in PLAYER.read)})", PLAYER.values(player, PLAYER.read))])
        return added == 1

    async def leave(self, tournament_id: int, user_id: int) -> bool:
        """Before the start: the player is out (False: they were not in)."""
        [gone] = await self._db.write([Statement(
            "DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?",
            (tournament_id, user_id))])
        return gone == 1

    async def withdraw(self, tournament_id: int, user_id: int, after: int) -> bool:
        """Under way: the player is paired no more after round ``after`` (False: not in, or
        withdrawn already)."""
        [changed] = await self._db.write([Statement(
            "UPDATE tournament_players SET withdrawn_after = ?"
            " WHERE tournament_id = ? AND user_id = ? AND withdrawn_after IS NULL",
            (after, tournament_id, user_id))])
        return changed == 1

    # -- tables ---------------------------------------------------------------------------------
    async def tables(self, tournament_id: int, round_no: int | None = None
                     ) -> list[TournamentTable]:
        """Every table paired (or one round's), by round and table."""
        if round_no is None:
            rows = await self._db.fetchall(
                f"{_TABLES} WHERE tournament_id = ?{_ORDER_TABLES}", (tournament_id,))
        else:
            rows = await self._db.fetchall(
                f"{_TABLES} WHERE tournament_id = ? AND round = ?{_ORDER_TABLES}",
                (tournament_id, round_no))
        return [TABLE.load(r) for r in rows]

    async def table_in(self, channel_id: int) -> TournamentTable | None:
        """The tournament table playing (or played) in ``channel_id``, the latest if several."""
        found = await self._db.fetchone(
            f"{_TABLES} WHERE channel_id = ? ORDER BY tournament_id DESC, round DESC",
            (channel_id,))
        return None if found is None else TABLE.load(found)

    async def ended_games(self, table_ids: Sequence[int]) -> dict[int, tuple[str, str | None]]:
        """Of those tables, the ones whose game ended: table id -> (status, result JSON)."""
        if not table_ids:
            return {}
        marks = ", ".join("?" for _ in table_ids)
        rows = await self._db.fetchall(
            f"SELECT id, status, result FROM games WHERE id IN ({marks})", tuple(table_ids))
        return {int(i): (status, result) for i, status, result in rows}

    # -- steps ----------------------------------------------------------------------------------
    async def start(self, tournament_id: int, rounds: int, deadline: float | None,
                    players: Sequence[TournamentPlayer], tables: Sequence[TournamentTable]
                    ) -> None:
        """The tournament starts: its rounds fixed, round 1 paired, the players' seeding
        ratings kept; :class:`~bot.storage.errors.Conflict` when it had started already."""
        writes: list[Write] = [Statement(
            "UPDATE tournaments SET status = 'running', rounds = ?, round = 1,"
            " round_deadline = ? WHERE id = ? AND status = 'signup'",
            (rounds, deadline, tournament_id), one=True)]
        if players:
            writes.append(Statement(
                "UPDATE tournament_players SET rating = ? WHERE tournament_id = ? AND user_id = ?",
                [(p.rating, tournament_id, p.user_id) for p in players], many=True))
        await self._db.write(writes + table_inserts(tables))

    async def advance(self, row: TournamentRow, ended: Sequence[TournamentTable],
                      players: Sequence[TournamentPlayer], *, next_round: int | None = None,
                      deadline: float | None = None, paired: Sequence[TournamentTable] = (),
                      finished_at: float | None = None) -> None:
        """One step of a tournament under way, all or nothing: the ``ended`` tables' places and
        forfeits, the ``players``' missed games and withdrawals, then either round
        ``next_round`` paired (``paired``, with its ``deadline``) or the end (``finished_at``).
        The round it moves from is checked (:class:`~bot.storage.errors.Conflict`: another
        step moved it first)."""
        writes: list[Write] = [Statement(
            "UPDATE tournaments SET round = ?, round_deadline = ?,"
            " status = CASE WHEN ? = 1 THEN 'finished' ELSE status END, ended_at = ?"
            " WHERE id = ? AND round = ? AND status = 'running'",
            (next_round or row.round, deadline if next_round else row.round_deadline,
             int(finished_at is not None), finished_at, row.id, row.round), one=True)]
        if ended:
            writes.append(Statement(
                "UPDATE tournament_tables SET places = ?, forfeits = ?"
                " WHERE tournament_id = ? AND round = ? AND table_no = ?",
                [(*TABLE.values(t, [c for c in TABLE.read if c.name in ("places", "forfeits")]),
                  t.tournament_id, t.round, t.table_no) for t in ended], many=True))
        if players:
            writes.append(Statement(
                "UPDATE tournament_players SET missed = ?, withdrawn_after = ?"
                " WHERE tournament_id = ? AND user_id = ?",
                [(p.missed, p.withdrawn_after, p.tournament_id, p.user_id) for p in players],
                many=True))
        await self._db.write(writes + table_inserts(paired))
