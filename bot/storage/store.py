"""The store the host and the adapter use: one object over one database, holding the queries
(each kind in its own module, written once over :class:`~bot.storage.database.Database`) and
answering for them. :meth:`Store.open` opens a SQLite file (:mod:`bot.storage.sqlite`) or, for a
``postgresql://`` URL, a PostgreSQL database (:mod:`bot.storage.postgres`).

Every change of an active table is checked against the version it was read at
(:mod:`bot.storage.tables`): of two writers of one version, one wins and the other gets
:class:`~bot.storage.errors.Conflict`; each stored change is told to the listeners of
:meth:`Tables.watch <bot.storage.tables.Tables.watch>` (the live page waits on them).
"""

from __future__ import annotations

from .analyses import Analyses
from .clocks import Clocks
from .database import Database
from .history import History
from .languages import Languages
from .log import MoveLog
from .notices import Notices
from .postgres import Postgres
from .prefs import Preferences
from .ratings import Ratings
from .seasons import Seasons
from .sent_posts import SentPosts
from .servers import ServerSettings
from .sqlite import SQLite
from .tables import Tables
from .tournaments import Tournaments
from .url import is_url
from .vacations import Vacations
from .web import WebLinks


class Store:
    """Async access to one database. Open with :meth:`open`, close with :meth:`close`; ``db``
    is the database itself, the other attributes its queries by kind: callers use them
    directly (``store.tables.update_table(...)``, ``store.clocks.get_clock(...)``)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.tables = Tables(db)  # its changes are told to :meth:`Tables.watch`'s listeners
        self.log = MoveLog(db)
        self.clocks = Clocks(db)
        self.history = History(db)
        self.ratings = Ratings(db)
        self.languages = Languages(db)
        self.prefs = Preferences(db)
        self.notices = Notices(db)  # turns told later, waiting-list DMs
        self.sent_posts = SentPosts(db)
        self.servers = ServerSettings(db)
        self.analyses = Analyses(db)
        self.web = WebLinks(db)
        self.vacations = Vacations(db)
        self.tournaments = Tournaments(db)
        self.seasons = Seasons(db)  # seasons of a game on a server (their ratings: ratings)

    @classmethod
    async def open(cls, target: str) -> Store:
        """Open (and migrate) the SQLite file at ``target``, or the PostgreSQL database a
        ``postgresql://`` URL names."""
        return cls(await (Postgres.open(target) if is_url(target) else SQLite.open(target)))

    async def close(self) -> None:
        await self.db.close()
