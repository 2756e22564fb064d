"""The live table page's personal links (migration 12): the key they are signed with and each
person's newest link at each table (:mod:`bot.web.links` makes and checks them)."""

from __future__ import annotations

import secrets

from .database import Database, Insert, Statement


class WebLinks:
    """The ``web_secret`` and ``web_links`` SQL, over a :class:`~bot.storage.database.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def secret(self) -> str:
        """The links' signing key (hex), made at random the first time (two processes asking at
        once keep the first one stored)."""
        found = await self._db.fetchone("SELECT secret FROM web_secret WHERE id = 1")
        if found is not None:
            return str(found[0])
        await self._db.write([Statement(
            "INSERT INTO web_secret (id, secret) VALUES (1, ?) ON CONFLICT (id) DO NOTHING",
            (secrets.token_hex(32),))])
        found = await self._db.fetchone("SELECT secret FROM web_secret WHERE id = 1")
        assert found is not None
        return str(found[0])

    async def put_link(self, channel_id: int, user_id: int, nonce: str, expires: float) -> None:
        """Keep ``nonce`` as the person's newest link at the table (the older one stops
        working)."""
        await self._db.write([Insert("web_links", ("channel_id", "user_id", "nonce", "expires"),
                                     [(channel_id, user_id, nonce, expires)], replace=True)])

    async def link(self, channel_id: int, user_id: int) -> tuple[str, float] | None:
        """(nonce, expires) of the person's newest link at the table; None: they have none."""
        found = await self._db.fetchone(
            "SELECT nonce, expires FROM web_links WHERE channel_id = ? AND user_id = ?",
            (channel_id, user_id))
        return None if found is None else (str(found[0]), float(found[1]))
