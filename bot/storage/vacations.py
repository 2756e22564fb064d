"""Time away from a server's slow tables (the rules: :mod:`bot.service.rules.vacation`): one
``vacations`` row per vacation, (guild, person, starts, ends); ``ends`` moves to the moment the
person comes back early. A vacation and the clocks it pauses or releases are written in one
transaction, so a restart finds both or neither."""

from __future__ import annotations

from collections.abc import Sequence

from .clocks import clock_insert
from .database import Database, Statement, Write
from .rows import ClockRow


class Vacations:
    """The ``vacations`` SQL, over a :class:`~bot.storage.database.Database`. ``guild_id`` is
    0 outside a server."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def taken(self, guild_id: int, user_id: int, since: float) -> list[tuple[float, float]]:
        """The person's vacations on the server that end after ``since``, as (starts, ends),
        oldest first."""
        found = await self._db.fetchall(
            "SELECT starts, ends FROM vacations WHERE guild_id = ? AND user_id = ? AND ends > ?"
            " ORDER BY starts", (guild_id, user_id, since))
        return [(float(s), float(e)) for s, e in found]

    async def away(self, guild_id: int, user_ids: Sequence[int], now: float) -> dict[int, float]:
        """Who of ``user_ids`` is away on the server at ``now``: user id -> until when."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        found = await self._db.fetchall(
            f"SELECT user_id, MAX(ends) FROM vacations WHERE guild_id = ? AND user_id IN ({marks})"
            " AND starts <= ? AND ends > ? GROUP BY user_id", (guild_id, *user_ids, now, now))
        return {int(u): float(e) for u, e in found}

    async def go_away(self, guild_id: int, user_id: int, starts: float, ends: float,
                      clocks: Sequence[ClockRow] = ()) -> None:
        """Store a vacation and the clocks it pauses, together (one that began at the same
        instant and is over already, away and back at once, is replaced)."""
        writes: list[Write] = [Statement(
            "INSERT INTO vacations (guild_id, user_id, starts, ends) VALUES (?, ?, ?, ?)"
            " ON CONFLICT (guild_id, user_id, starts) DO UPDATE SET ends = excluded.ends",
            (guild_id, user_id, starts, ends))]
        await self._db.write(writes + [clock_insert(c) for c in clocks])

    async def ended_early(self, guild_id: int, user_id: int, starts: float, now: float,
                        clocks: Sequence[ClockRow] = ()) -> None:
        """End the vacation that began at ``starts`` at ``now``, with the clocks it releases."""
        writes: list[Write] = [Statement(
            "UPDATE vacations SET ends = ? WHERE guild_id = ? AND user_id = ? AND starts = ?",
            (now, guild_id, user_id, starts))]
        await self._db.write(writes + [clock_insert(c) for c in clocks])
