"""Which language people read: each server's chosen language and each user's last Discord
locale. Mixed into :class:`bot.storage.store.Store` (migration 7).

A server's language is set by an admin (``/settings language``); NULL means "follow the
server's preferred locale", which is remembered too (the adapter passes it along), so the host can
answer for a server without an interaction at hand (the turn clock, a restart). A user's locale is
the one their last interaction came with, for what reaches them outside an interaction (DMs).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

from games.text import dump, load


def dump_lines(lines: Sequence[str]) -> list[Any]:
    """Move-log lines as JSON data: a Text keeps its template and fields (games.text.dump), so
    history and replays can show it later in any language."""
    return [dump(line) for line in lines]


def load_lines(stored: str) -> list[Any]:
    """The inverse of :func:`dump_lines` on the stored JSON; rows written before languages
    hold plain English strings, which stay as they are."""
    return [load(line) for line in json.loads(stored)]


class LanguageStore:
    """Language SQL; reads through ``_fetchall``, writes through ``_tx``."""

    if TYPE_CHECKING:
        async def _fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Any]: ...

        def _tx(self) -> AbstractAsyncContextManager[Any]: ...


    async def guild_language(self, guild_id: int) -> tuple[str | None, str | None]:
        """(the language an admin chose or None, the server's last seen preferred locale or
        None)."""
        rows = await self._fetchall(
            "SELECT language, locale FROM guild_languages WHERE guild_id = ?", (guild_id,))
        return (rows[0][0], rows[0][1]) if rows else (None, None)

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        """An admin's choice; None goes back to following the server's locale."""
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO guild_languages (guild_id, language) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
                (guild_id, language),
            )

    async def remember_guild_locale(self, guild_id: int, locale: str) -> None:
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO guild_languages (guild_id, locale) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET locale = excluded.locale",
                (guild_id, locale),
            )

    async def user_locale(self, user_id: int) -> str | None:
        """The Discord locale of the user's last interaction, None if never seen."""
        rows = await self._fetchall(
            "SELECT locale FROM user_locales WHERE user_id = ?", (user_id,))
        return rows[0][0] if rows else None

    async def user_locales(self, user_ids: Sequence[int]) -> dict[int, str]:
        """user id -> remembered locale, for those of ``user_ids`` ever seen (one query)."""
        ids = sorted(set(user_ids))
        if not ids:
            return {}
        marks = ", ".join("?" for _ in ids)
        rows = await self._fetchall(
            f"SELECT user_id, locale FROM user_locales WHERE user_id IN ({marks})", ids)
        return {int(user): str(locale) for user, locale in rows}

    async def remember_locale(self, user_id: int, locale: str) -> None:
        async with self._tx() as db:
            await db.execute(
                "INSERT INTO user_locales (user_id, locale, seen_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale,"
                " seen_at = excluded.seen_at",
                (user_id, locale, time.time()),
            )
