"""A server's own settings beyond its language (migration 10): where its tables play, in a
thread made from the lobby post (``threads``, the default) or in the channel itself
(``channel``), as an admin chose with ``/settings tables``; and (migration 13) the days of
vacation a person may take on it each year (``/settings vacation``; the rules:
:mod:`bot.service.rules.vacation`)."""

from __future__ import annotations

from .database import Database, Statement

TABLE_PLACES = ("threads", "channel")
"""Where a table plays: a thread of its own (made from its lobby post at Start), or the channel
itself. The bot's default is ``[tables] place`` in its config."""


class ServerSettings:
    """The ``guild_settings`` SQL, over a :class:`~bot.storage.database.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def tables_place(self, guild_id: int) -> str | None:
        """Where the server's new tables play as an admin chose (None: not chosen, the bot's
        configured default applies)."""
        found = await self._db.fetchone(
            "SELECT tables FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return found[0] if found and found[0] in TABLE_PLACES else None

    async def set_tables_place(self, guild_id: int, place: str) -> None:
        if place not in TABLE_PLACES:
            raise ValueError(f"tables play in one of {TABLE_PLACES}, not {place!r}")
        await self._db.write([Statement(
            "INSERT INTO guild_settings (guild_id, tables) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET tables = excluded.tables",
            (guild_id, place))])

    async def vacation_days(self, guild_id: int) -> int | None:
        """The yearly vacation allowance an admin chose (None: not chosen, the default)."""
        found = await self._db.fetchone(
            "SELECT vacation_days FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return None if found is None or found[0] is None else int(found[0])

    async def set_vacation_days(self, guild_id: int, days: int | None) -> None:
        await self._db.write([Statement(
            "INSERT INTO guild_settings (guild_id, vacation_days) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET vacation_days = excluded.vacation_days",
            (guild_id, days))])

    async def tournament_role(self, guild_id: int) -> int | None:
        """The role whose members may create tournaments (None: the server's admins only)."""
        found = await self._db.fetchone(
            "SELECT tournament_role FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return None if found is None or found[0] is None else int(found[0])

    async def set_tournament_role(self, guild_id: int, role_id: int | None) -> None:
        await self._db.write([Statement(
            "INSERT INTO guild_settings (guild_id, tournament_role) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET tournament_role = excluded.tournament_role",
            (guild_id, role_id))])
