"""What people chose for themselves: DM preferences (the bot's posts are kept by
:mod:`bot.storage.sent_posts`)."""

from __future__ import annotations

from .database import Database, Statement


class Preferences:
    """DM preferences, over a :class:`~bot.storage.database.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def dm_enabled(self, user_id: int) -> bool | None:
        found = await self._db.fetchone("SELECT enabled FROM dm_prefs WHERE user_id = ?",
                                        (user_id,))
        return None if found is None else bool(found[0])

    async def set_dm_enabled(self, user_id: int, enabled: bool) -> None:
        await self._db.write([Statement(
            "INSERT INTO dm_prefs (user_id, enabled) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET enabled = excluded.enabled",
            (user_id, int(enabled)))])
