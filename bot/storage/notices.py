"""Turns told later, and each person's waiting-list DM (the rules:
:mod:`bot.service.rules.notify`; the service: :mod:`bot.service.notices`).

A "your turn" held back by quiet hours, or gathered for a daily digest, is a ``held_turns`` row
until its ``due`` moment; the clock's scheduler sleeps until the earliest one
(:meth:`Notices.next_due`), so a restart loses none. A row goes once that turn is over
(:meth:`Notices.turn_over`) or once it was told. What was told is the person's one
``waiting_dms`` row: the DM and the tables it lists (as JSON lists ``[channel, guild, game,
post, over]``), to edit while the list changes; ``waiting_tables`` says which lists list which
table, so a turn that is over finds them by an index (:meth:`Notices.listing`), as it finds the
held turns at its table (``held_by_channel``), never reading every row.

A process serving some shards only (:mod:`bot.shards`) sees the held turns of its guilds only.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable

from ..shards import Shards
from .database import Database, Statement
from .rows import HeldTurn, Waiting, WaitingDm

_HELD = "user_id, channel_id, guild_id, game_id, post_id, since, due"


def _served(shards: Shards | None) -> tuple[str, list[int]]:
    """The SQL condition "the held turn's guild is served", and its parameters."""
    if shards is None or shards.everything:
        return "", []
    marks = ", ".join("?" for _ in shards.served)
    return (f" AND ((COALESCE(guild_id, 0) >> 22) % ?) IN ({marks})",
            [shards.count, *shards.served])


def _dump(tables: Iterable[Waiting]) -> str:
    return json.dumps([[w.channel_id, w.guild_id, w.game_id, w.post_id, w.over]
                       for w in tables], separators=(",", ":"))


def _load(text: str) -> tuple[Waiting, ...]:
    return tuple(Waiting(c, g, game, p, bool(over)) for c, g, game, p, over in json.loads(text))


class Notices:
    """Held turns and waiting-list DMs, over a :class:`~bot.storage.database.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # -- held turns ---------------------------------------------------------------------------
    async def hold(self, turn: HeldTurn) -> None:
        """Hold a turn until ``turn.due``; a turn of that person at that table already held
        keeps the earlier of the two moments (and takes the newer post)."""
        await self._db.write([Statement(
            f"INSERT INTO held_turns ({_HELD}) VALUES (?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (user_id, channel_id) DO UPDATE SET post_id = excluded.post_id,"
            " due = CASE WHEN excluded.due < held_turns.due THEN excluded.due"
            " ELSE held_turns.due END",
            (turn.user_id, turn.channel_id, turn.guild_id, turn.game_id, turn.post_id,
             turn.since, turn.due))])

    async def held(self, user_id: int) -> list[HeldTurn]:
        """The person's held turns, the earliest due first."""
        rows = await self._db.fetchall(
            f"SELECT {_HELD} FROM held_turns WHERE user_id = ? ORDER BY due, channel_id",
            (user_id,))
        return [HeldTurn(*row) for row in rows]

    async def due_people(self, now: float, shards: Shards | None = None) -> list[int]:
        """The people with a held turn due at ``now`` (of the served guilds)."""
        clause, params = _served(shards)
        rows = await self._db.fetchall(
            "SELECT DISTINCT user_id FROM held_turns WHERE due <= ?" + clause + " ORDER BY user_id",
            (now, *params))
        return [row[0] for row in rows]

    async def next_due(self, shards: Shards | None = None) -> float | None:
        """The earliest moment a held turn is due (None: none is held)."""
        clause, params = _served(shards)
        found = await self._db.fetchone(
            "SELECT MIN(due) FROM held_turns WHERE 1 = 1" + clause, params)
        return None if found is None else found[0]

    async def set_dues(self, user_id: int, dues: dict[int, float | None]) -> None:
        """Move the person's held turns (table -> new due; None: no longer told at all)."""
        if not dues:
            return
        await self._db.write([
            Statement("DELETE FROM held_turns WHERE user_id = ? AND channel_id = ?",
                      (user_id, channel_id)) if due is None else
            Statement("UPDATE held_turns SET due = ? WHERE user_id = ? AND channel_id = ?",
                      (due, user_id, channel_id))
            for channel_id, due in sorted(dues.items())])

    async def turn_over(self, channel_id: int, to_move: Collection[int]) -> None:
        """The table moved on: the held turns there of everyone not in ``to_move`` go."""
        marks = ", ".join("?" for _ in to_move)
        keep = f" AND user_id NOT IN ({marks})" if to_move else ""
        await self._db.write([Statement(
            "DELETE FROM held_turns WHERE channel_id = ?" + keep, (channel_id, *to_move))])

    # -- waiting-list DMs ---------------------------------------------------------------------
    async def waiting_dm(self, user_id: int) -> WaitingDm | None:
        found = await self._db.fetchone(
            "SELECT user_id, channel_id, message_id, tables FROM waiting_dms WHERE user_id = ?",
            (user_id,))
        return None if found is None else WaitingDm(*found[:3], _load(found[3]))

    async def told(self, dm: WaitingDm, channels: Collection[int]) -> None:
        """``dm`` went out (or was edited) listing its tables: it is the person's waiting-list
        DM now, and their held turns at ``channels`` were told (they go), in one write."""
        marks = ", ".join("?" for _ in channels)
        statements = [Statement(
            "INSERT INTO waiting_dms (user_id, channel_id, message_id, tables)"
            " VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
            " channel_id = excluded.channel_id, message_id = excluded.message_id,"
            " tables = excluded.tables",
            (dm.user_id, dm.channel_id, dm.message_id, _dump(dm.tables))),
            Statement("DELETE FROM waiting_tables WHERE user_id = ?", (dm.user_id,))]
        statements += [Statement(
            "INSERT INTO waiting_tables (user_id, channel_id) VALUES (?, ?)",
            (dm.user_id, channel_id)) for channel_id in sorted({w.channel_id for w in dm.tables})]
        if channels:
            statements.append(Statement(
                f"DELETE FROM held_turns WHERE user_id = ? AND channel_id IN ({marks})",
                (dm.user_id, *sorted(channels))))
        await self._db.write(statements)

    async def drop_held(self, user_id: int, channels: Collection[int]) -> None:
        """The person's held turns at ``channels`` go untold (their DMs are closed)."""
        if channels:
            marks = ", ".join("?" for _ in channels)
            await self._db.write([Statement(
                f"DELETE FROM held_turns WHERE user_id = ? AND channel_id IN ({marks})",
                (user_id, *sorted(channels)))])

    async def listing(self, channel_id: int) -> list[WaitingDm]:
        """The waiting-list DMs that list the table ``channel_id``."""
        rows = await self._db.fetchall(
            "SELECT d.user_id, d.channel_id, d.message_id, d.tables FROM waiting_tables t"
            " JOIN waiting_dms d ON d.user_id = t.user_id WHERE t.channel_id = ?"
            " ORDER BY d.user_id", (channel_id,))
        return [WaitingDm(*row[:3], _load(row[3])) for row in rows]
