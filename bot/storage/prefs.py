"""What people chose for themselves: how and when they are told of their turn (the bot's posts
are kept by :mod:`bot.storage.sent_posts`).

A person's choices are one ``notify_prefs`` row, for every server. A person who never opened
/notifications but answered the older /dms keeps that answer: DMs on means a mention and a DM,
off a mention only (:meth:`Preferences.notify_prefs`).
"""

from __future__ import annotations

from dataclasses import replace

from .database import Database, Statement
from .rows import NotifyPrefs

_FIELDS = ("how", "live_after", "slow", "digest_hour", "zone", "quiet_from", "quiet_to")


class Preferences:
    """Notification choices, over a :class:`~bot.storage.database.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def notify_prefs(self, user_id: int, default: NotifyPrefs) -> NotifyPrefs:
        """The person's choices; ``default`` for what they never chose (their /dms answer, when
        they gave one, sets how they are told)."""
        found = await self._db.fetchone(
            f"SELECT {', '.join(_FIELDS)} FROM notify_prefs WHERE user_id = ?", (user_id,))
        if found is not None:
            return NotifyPrefs(*found)
        old = await self.dm_enabled(user_id)
        return default if old is None else replace(default, how="both" if old else "mention")

    async def chosen(self, user_id: int) -> bool:
        """Whether the person ever saved their choices with /notifications."""
        found = await self._db.fetchone("SELECT 1 FROM notify_prefs WHERE user_id = ?",
                                        (user_id,))
        return found is not None

    async def set_notify_prefs(self, user_id: int, prefs: NotifyPrefs) -> None:
        values = tuple(getattr(prefs, f) for f in _FIELDS)
        updates = ", ".join(f"{f} = excluded.{f}" for f in _FIELDS)
        await self._db.write([Statement(
            f"INSERT INTO notify_prefs (user_id, {', '.join(_FIELDS)})"
            f" VALUES (?, {', '.join('?' for _ in _FIELDS)})"
            f" ON CONFLICT (user_id) DO UPDATE SET {updates}", (user_id, *values))])

    async def dm_enabled(self, user_id: int) -> bool | None:
        """The person's answer to the older /dms (None: never answered)."""
        found = await self._db.fetchone("SELECT enabled FROM dm_prefs WHERE user_id = ?",
                                        (user_id,))
        return None if found is None else bool(found[0])

    async def set_dm_enabled(self, user_id: int, enabled: bool) -> None:
        await self._db.write([Statement(
            "INSERT INTO dm_prefs (user_id, enabled) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET enabled = excluded.enabled",
            (user_id, int(enabled)))])
