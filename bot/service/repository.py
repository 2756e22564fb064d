"""Tables in the store: load one (with its clock and its server's language, one statement),
save a change version-checked, create one, close one, and the tables this process serves.

No table is cached: each call reads it, which lets a new service object continue any table
exactly where it was.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from games import Game
from games.text import N_, say

from ..storage import Conflict, MoveEntry, TableRow
from ..storage.rows import Ending
from . import errors, undo
from .context import Context
from .results import TableInfo
from .rules import hints, lobby, rematch, substitutes, tournament
from .rules.play import record
from .rules.tables import info

NO_TABLE = N_("No game here. Start one with /play.")


class TableRepository:
    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx
        self._store = ctx.store

    async def load(self, channel_id: int) -> tuple[Game, TableRow]:
        """The channel's table (NoTable when none), read with its clock and language."""
        row = await self._store.tables.get_table(channel_id, beside=True)
        if row is None:
            raise errors.NoTable(NO_TABLE)
        return self._ctx.game(row.game_id), row

    async def playing(self, channel_id: int) -> tuple[Game, TableRow]:
        """:meth:`load`, WrongPhase unless a game is in play."""
        game, row = await self.load(channel_id)
        if row.status != "playing" or row.state is None:
            raise errors.WrongPhase(say("The game has not started yet; the host presses Start."))
        return game, row

    async def served(self) -> list[TableRow]:
        """The active tables of the guilds this process serves (all of them unsharded).
        Filtered here rather than in SQL: it runs at start-up, and the rows are needed anyway."""
        rows = await self._store.tables.active_tables()
        return [r for r in rows if self._ctx.shards.owns(r.guild_id)]

    async def save(self, old: TableRow, new: TableRow) -> None:
        """Store ``new`` over ``old``; StaleVersion when the table changed meanwhile."""
        try:
            await self._store.tables.update_table(new, old.version)
        except Conflict:
            raise errors.StaleVersion(say("The table changed meanwhile — please try again.")) from None

    async def change(
        self, channel_id: int, change: Callable[[Game, TableRow], TableRow]
    ) -> TableInfo:
        """Under the table lock: load, drop rematch seats whose time ran out, change, save."""
        async with self._ctx.lock(channel_id):
            game, row = await self.load(channel_id)
            new = change(game, rematch.expire(row, self._ctx.now()))
            await self.save(row, new)
            return info(game, new)

    async def create(self, row: TableRow) -> TableRow:
        """Store a new lobby; TableExists when the channel has a table."""
        try:
            return await self._store.tables.create_table(row)
        except Conflict:  # another service object won the race for this channel
            await self.refuse_existing(row.channel_id)
            raise errors.TableExists(say("A game was just opened here; try again.")) from None

    async def refuse_existing(self, channel_id: int) -> None:
        """TableExists naming the channel's table, if it has one."""
        existing = await self._store.tables.get_table(channel_id)
        if existing is not None:
            raise errors.TableExists(lobby.exists_message(self._ctx.game(existing.game_id),
                                                          existing))

    async def close(
        self,
        row: TableRow,
        moves: list[MoveEntry],
        status: str | None,
        result: dict[str, Any] | None = None,
        outcomes: list[tuple[int, int | None, str, float]] | None = None,
    ) -> None:
        """Free the channel; keep the game in history unless it never started (status None).
        A seat that changed hands is kept with the move each change came before, and the record
        lists the changes (:func:`bot.service.rules.substitutes.with_moves`)."""
        ending = None
        if status is not None:
            logged = await self._store.log.moves(row.id) if row.id is not None else []
            in_force = undo.in_force([*logged, *moves])
            head = row.record_head or {}
            rec = tournament.in_record(head, hints.in_record(head, record(
                row.game_id, len(row.seats), head.get("options", row.options), row.seed,
                [(m.seat, m.move) for m in in_force], head.get("setup"))))
            seats, changes = substitutes.with_moves(row.seats, in_force)
            if changes:
                rec["substitutes"] = changes
                row = replace(row, seats=seats)
            ending = Ending(status, rec, result, outcomes or [], rematch.lobby_of(row))
        await self._store.tables.close_table(row, row.version, moves, ending)
