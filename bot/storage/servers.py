"""A server's own settings beyond its language (migration 10): where its tables play, in a
thread made from the lobby post (``threads``, the default) or in the channel itself
(``channel``), as an admin chose with ``/settings tables``."""

from __future__ import annotations

from .database import Database, Statement

TABLE_PLACES = ("threads", "channel")
"""Where a server's tables may play; the first is the default."""


class ServerSettings:
    """The ``guild_settings`` SQL, over a :class:`~bot.storage.database.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def tables_place(self, guild_id: int) -> str:
        """Where the server's new tables play: ``threads`` unless an admin chose ``channel``."""
        found = await self._db.fetchone(
            "SELECT tables FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return found[0] if found and found[0] in TABLE_PLACES else TABLE_PLACES[0]

    async def set_tables_place(self, guild_id: int, place: str) -> None:
        if place not in TABLE_PLACES:
            raise ValueError(f"tables play in one of {TABLE_PLACES}, not {place!r}")
        await self._db.write([Statement(
            "INSERT INTO guild_settings (guild_id, tables) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET tables = excluded.tables",
            (guild_id, place))])
