"""The store the host and the adapter use: one object over one database, holding the queries
(each kind in its own module, written once over :class:`~bot.storage.database.Database`) and
answering for them. :meth:`Store.open` opens a SQLite file (:mod:`bot.storage.sqlite`) or, for a
``postgresql://`` URL, a PostgreSQL database (:mod:`bot.storage.postgres`).

Every change of an active table is checked against the version it was read at
(:mod:`bot.storage.tables`): of two writers of one version, one wins and the other gets
:class:`~bot.storage.errors.Conflict`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from ..shards import Shards
from .analyses import Analyses
from .clocks import Clocks
from .database import Database
from .history import History
from .languages import Languages
from .log import MoveLog
from .postgres import Postgres
from .prefs import Preferences
from .ratings import Ratings
from .rows import ClockRow, Ending, FinishedGame, MoveEntry, Rating, Standing, TableRow
from .sent_posts import SentPosts
from .servers import ServerSettings
from .skill import Teams
from .sqlite import SQLite
from .tables import Tables
from .url import is_url
from .web import WebLinks

log = logging.getLogger(__name__)

Listener = Callable[[int, int], None]
"""Told (channel id, version) after each stored change of an active table."""


class Store:
    """Async access to one database. Open with :meth:`open`, close with :meth:`close`; ``db``
    is the database itself, the other attributes its queries by kind."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.tables = Tables(db)
        self.log = MoveLog(db)
        self.clocks = Clocks(db)
        self.history = History(db)
        self.ratings = Ratings(db)
        self.languages = Languages(db)
        self.prefs = Preferences(db)
        self.sent_posts = SentPosts(db)
        self.servers = ServerSettings(db)
        self.analyses = Analyses(db)
        self.web = WebLinks(db)
        self._listeners: list[Listener] = []

    @classmethod
    async def open(cls, target: str) -> Store:
        """Open (and migrate) the SQLite file at ``target``, or the PostgreSQL database a
        ``postgresql://`` URL names."""
        return cls(await (Postgres.open(target) if is_url(target) else SQLite.open(target)))

    async def close(self) -> None:
        await self.db.close()

    def watch(self, listener: Listener) -> None:
        """Call ``listener(channel_id, version)`` after every stored change of an active table
        (created, moved, closed: then the version after the last one, the table being gone);
        the live page waits on them (:class:`bot.service.changes.Changes`)."""
        self._listeners.append(listener)

    def _changed(self, channel_id: int, version: int) -> None:
        for listener in self._listeners:
            try:
                listener(channel_id, version)
            except Exception:  # a listener must never undo what was stored
                log.exception("table %s: a change listener failed", channel_id)

    # -- active tables (bot.storage.tables) ----------------------------------------------------
    async def get_table(self, channel_id: int, *, beside: bool = False) -> TableRow | None:
        return await self.tables.get_table(channel_id, beside=beside)

    async def active_tables(self) -> list[TableRow]:
        return await self.tables.active_tables()

    async def create_table(self, row: TableRow) -> TableRow:
        new = await self.tables.create_table(row)
        self._changed(new.channel_id, new.version)
        return new

    async def update_table(
        self, row: TableRow, expected_version: int, moves: Sequence[MoveEntry] = (),
        clock: ClockRow | None = None,
    ) -> None:
        await self.tables.update_table(row, expected_version, moves, clock)
        self._changed(row.channel_id, row.version)

    async def close_table(self, row: TableRow, expected_version: int,
                          moves: Sequence[MoveEntry], ending: Ending | None) -> None:
        await self.tables.close_table(row, expected_version, moves, ending)
        self._changed(row.channel_id, expected_version + 1)

    async def set_post(self, channel_id: int, message_id: int, version: int) -> bool:
        return await self.tables.set_post(channel_id, message_id, version)

    async def tables_here(self, channel_id: int) -> list[TableRow]:
        return await self.tables.tables_here(channel_id)

    async def guild_tables(self, guild_id: int, limit: int = 25) -> list[TableRow]:
        return await self.tables.guild_tables(guild_id, limit)

    async def move_to_channel(self, row: TableRow) -> TableRow:
        moved = await self.tables.move_to_channel(row)
        self._changed(row.channel_id, moved.version)
        self._changed(moved.channel_id, moved.version)
        return moved

    # -- the move log (bot.storage.log) --------------------------------------------------------
    async def moves(self, table_id: int) -> list[MoveEntry]:
        return await self.log.moves(table_id)

    async def last_in_force(self, table_id: int) -> MoveEntry | None:
        return await self.log.last_in_force(table_id)

    # -- turn clocks (bot.storage.clocks) ------------------------------------------------------
    async def get_clock(self, table_id: int) -> ClockRow | None:
        return await self.clocks.get_clock(table_id)

    async def put_clock(self, clock: ClockRow) -> None:
        await self.clocks.put_clock(clock)

    async def drop_clock(self, table_id: int) -> None:
        await self.clocks.drop_clock(table_id)

    async def next_due(self, shards: Shards | None = None) -> float | None:
        return await self.clocks.next_due(shards)

    async def due_clocks(self, now: float, shards: Shards | None = None) -> list[ClockRow]:
        return await self.clocks.due_clocks(now, shards)

    # -- finished games (bot.storage.history) --------------------------------------------------
    async def game(self, game_row: int) -> dict[str, Any] | None:
        return await self.history.game(game_row)

    async def games_in_channel(self, channel_id: int) -> list[int]:
        return await self.history.games_in_channel(channel_id)

    async def stats(self, guild_id: int | None, user_id: int | None) -> dict[str, Any]:
        return await self.history.stats(guild_id, user_id)

    async def finished_games(
        self, guild_id: int | None, *, game_id: str | None = None,
        user_id: int | None = None, limit: int = 10, offset: int = 0,
    ) -> tuple[list[FinishedGame], int]:
        return await self.history.finished_games(guild_id, game_id=game_id, user_id=user_id,
                                                 limit=limit, offset=offset)

    async def finished_game(self, guild_id: int | None, game_row: int
                            ) -> tuple[FinishedGame, dict[str, Any]] | None:
        return await self.history.finished_game(guild_id, game_row)

    async def keep_final_post(self, channel_id: int, message_id: int) -> bool:
        return await self.history.keep_final_post(channel_id, message_id)

    # -- ratings (bot.storage.ratings) ---------------------------------------------------------
    async def rate_game(self, game_row: int, teams: Teams) -> bool:
        return await self.ratings.rate_game(game_row, teams)

    async def rate_unrated(
        self, teams: Teams, owns: Callable[[int | None], bool] = lambda _guild: True
    ) -> int:
        return await self.ratings.rate_unrated(teams, owns)

    async def rebuild_ratings(self, teams: Teams) -> int:
        return await self.ratings.rebuild_ratings(teams)

    async def ratings_of(self, guild_id: int | None, game_id: str) -> dict[str, Rating]:
        return await self.ratings.ratings_of(guild_id, game_id)

    async def leaderboard(self, guild_id: int | None, game_id: str, limit: int) -> list[Standing]:
        return await self.ratings.leaderboard(guild_id, game_id, limit)

    async def standings(self, guild_id: int | None, player: str,
                        game_id: str | None = None) -> list[Standing]:
        return await self.ratings.standings(guild_id, player, game_id)

    # -- languages (bot.storage.languages) -----------------------------------------------------
    async def guild_language(self, guild_id: int) -> tuple[str | None, str | None]:
        return await self.languages.guild_language(guild_id)

    async def set_guild_language(self, guild_id: int, language: str | None) -> None:
        await self.languages.set_guild_language(guild_id, language)

    async def remember_guild_locale(self, guild_id: int, locale: str) -> None:
        await self.languages.remember_guild_locale(guild_id, locale)

    async def user_locales(self, user_ids: Sequence[int]) -> dict[int, str]:
        return await self.languages.user_locales(user_ids)

    async def remember_locale(self, user_id: int, locale: str) -> None:
        await self.languages.remember_locale(user_id, locale)

    # -- a server's settings (bot.storage.servers) ----------------------------------------------
    async def tables_place(self, guild_id: int) -> str | None:
        return await self.servers.tables_place(guild_id)

    async def set_tables_place(self, guild_id: int, place: str) -> None:
        await self.servers.set_tables_place(guild_id, place)

    # -- the live table page's personal links (bot.storage.web) ----------------------------------
    async def web_secret(self) -> str:
        return await self.web.secret()

    async def put_web_link(self, channel_id: int, user_id: int, nonce: str,
                           expires: float) -> None:
        await self.web.put_link(channel_id, user_id, nonce, expires)

    async def web_link(self, channel_id: int, user_id: int) -> tuple[str, float] | None:
        return await self.web.link(channel_id, user_id)

    # -- DM preferences (bot.storage.prefs) --------------------------------------------------------
    async def dm_enabled(self, user_id: int) -> bool | None:
        return await self.prefs.dm_enabled(user_id)

    async def set_dm_enabled(self, user_id: int, enabled: bool) -> None:
        await self.prefs.set_dm_enabled(user_id, enabled)

    # -- sent posts: table posts and posts to edit (bot.storage.sent_posts) ------------------------
    async def add_transient_post(self, channel_id: int, message_id: int, plain: str) -> None:
        await self.sent_posts.add_transient_post(channel_id, message_id, plain)

    async def transient_posts(self, channel_id: int) -> dict[int, str]:
        return await self.sent_posts.transient_posts(channel_id)

    async def drop_transient_post(self, message_id: int) -> None:
        await self.sent_posts.drop_transient_post(message_id)

    async def posted(self, channel_id: int, message_id: int, version: int,
                     plain: str | None) -> dict[int, str]:
        return await self.sent_posts.posted(channel_id, message_id, version, plain)
