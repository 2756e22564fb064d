"""A server's tables as a whole: where its new tables play (``/settings tables``: in a thread
made from the lobby post, or in the channel itself; None until an admin chooses, then the bot's
configured ``[tables] place`` applies) and its open lobbies and games
(``/tables``), newest first, each with whose turn it is and where to open it."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from games import Game

from ..storage import TableRow
from ..storage.servers import TABLE_PLACES
from . import errors
from .context import Context
from .results import TableInfo
from .rules.speed import speed_of
from .rules.tables import info, jump_url, names
from .rules.wording import Name

COUNTED = 200
"""Open tables of one server read at most for ``/tables``: the first few are listed, the rest
only counted ("…and 12 more tables."), up to this many in all (the storage has no count of its
own; a server with more open tables hears the count of its newest 200)."""


@dataclass(frozen=True)
class OpenTable:
    """One open lobby or game as ``/tables`` lists it."""

    table: TableInfo
    to_move: list[Name]  # whose turn it is (a game in progress), in seat order; none in a lobby
    speed: str  # live, daily or off (a table stored before speeds: the default)
    url: str | None  # where to open it (:func:`bot.service.rules.tables.jump_url`)

    @property
    def free_seats(self) -> int:
        """Seats still free in a lobby (0 for a game in progress)."""
        if self.table.status != "lobby":
            return 0
        return max(0, self.table.max_players - len(self.table.seats))


@dataclass(frozen=True)
class OpenTables:
    tables: list[OpenTable]  # newest first
    more: int  # open tables beyond these (counted up to :data:`COUNTED`)


def home_channel(table: TableRow | TableInfo) -> int:
    """The server channel a table lives in: the one holding its lobby post (its thread's
    parent), or the one it plays in."""
    return table.parent_id if table.parent_id is not None else table.channel_id


def whose_turn(game: Game, row: TableRow) -> list[Name]:
    """The names of the seats to move at a table in progress (computers too, as its post)."""
    if row.status != "playing" or row.state is None:
        return []
    by_seat = names(row)
    return [by_seat[seat] for seat in game.to_move(row.state)]


class ServerTables:
    def __init__(self, ctx: Context) -> None:
        self._ctx = ctx
        self._store = ctx.store

    async def set_place(self, guild_id: int, place: str) -> None:
        """``/settings tables``: new tables play in ``threads`` or in the ``channel`` (read back
        with :meth:`~bot.storage.servers.ServerSettings.tables_place`); tables already open stay
        where they are. Anything else -> ValueError (the adapter offers choices)."""
        if place not in TABLE_PLACES:
            raise ValueError(f"no table place {place!r}")
        await self._store.servers.set_tables_place(guild_id, place)

    async def open_tables(self, guild_id: int, limit: int,
                          seen: Collection[int] | None = None) -> OpenTables:
        """The server's open lobbies and games, newest first: the first ``limit`` described,
        the others counted. ``seen``: the channels the asker may see (None: every channel); a
        table in another (:func:`home_channel`) is neither listed nor counted, nor is one whose
        game this bot no longer offers."""
        rows = [row for row in await self._store.tables.guild_tables(guild_id, COUNTED)
                if seen is None or home_channel(row) in seen]
        listed: list[OpenTable] = []
        for index, row in enumerate(rows):
            if len(listed) == limit:
                return OpenTables(listed, len(rows) - index)
            try:
                game = self._ctx.game(row.game_id)
            except errors.UnknownGameError:
                continue
            table = info(game, row)
            listed.append(OpenTable(table, whose_turn(game, row), speed_of(row), jump_url(table)))
        return OpenTables(listed, 0)
