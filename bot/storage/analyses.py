"""Stored post-game analyses (migration 11): a finished game's chances to win after every turn
(:mod:`games.analysis`), kept so that asking for it again is instant."""

from __future__ import annotations

import json
import time
from typing import Any

from .columns import dumped
from .database import Database, Insert


class Analyses:
    """The ``analyses`` SQL, over a :class:`~bot.storage.database.Database`."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def get(self, game_row: int, version: int) -> dict[str, Any] | None:
        """The stored analysis of a game, made by ``version`` of the estimate (None: none, or
        one of another version, which is to be made again)."""
        found = await self._db.fetchone(
            "SELECT data FROM analyses WHERE game_row = ? AND version = ?", (game_row, version))
        return json.loads(found[0]) if found else None

    async def put(self, game_row: int, version: int, data: dict[str, Any]) -> None:
        """Keep (or replace) a game's analysis."""
        await self._db.write([Insert("analyses", ("game_row", "version", "data", "created_at"),
                                     [(game_row, version, dumped(data), time.time())],
                                     replace=True)])
