"""Which language people read: each server's chosen language and each user's last Discord
locale (migration 7).

A server's language is set by an admin (``/settings language``); NULL means "follow the
server's preferred locale", which is remembered too (the adapter passes it along), so the host can
answer for a server without an interaction at hand (the turn clock, a restart). A user's locale is
the one their last interaction came with, for what reaches them outside an interaction (DMs).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from .database import Database, Statement


class Languages:
    """Language SQL, over a :class:`~bot.storage.database.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def guild_language(self, guild_id: int) -> tuple[str | None, str | None]:
        """(the language an admin chose or None, the server's last seen preferred locale or
        None)."""
        found = await self._db.fetchone(
            "SELECT language, locale FROM guild_languages WHERE guild_id = ?", (guild_id,))
        return (found[0], found[1]) if found else (None, None)

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        """An admin's choice; None goes back to following the server's locale."""
        await self._db.write([Statement(
            "INSERT INTO guild_languages (guild_id, language) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
            (guild_id, language))])

    async def remember_guild_locale(self, guild_id: int, locale: str) -> None:
        await self._db.write([Statement(
            "INSERT INTO guild_languages (guild_id, locale) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale",
            (guild_id, locale))])

    async def user_locales(self, user_ids: Sequence[int]) -> dict[int, str]:
        """user id -> remembered locale, for those of ``user_ids`` ever seen (one query)."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        rows = await self._db.fetchall(
            f"SELECT user_id, locale FROM user_locales WHERE user_id IN ({marks})", ids)
        return {int(user): str(locale) for user, locale in rows}

    async def remember_locale(self, user_id: int, locale: str) -> None:
        await self._db.write([Statement(
            "INSERT INTO user_locales (user_id, locale, seen_at) VALUES (?, ?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale,"
            " seen_at = excluded.seen_at",
            (user_id, locale, time.time()))])
