"""The services of one database, built together: the composition root of :mod:`bot.service`.

Knows nothing of discord.py. Every service takes plain ids (Discord snowflakes as ints) and
returns plain results (:mod:`bot.service.results`) or raises a
:class:`bot.service.errors.HostError` whose message is for the person who caused it.

Callers use the services themselves (``services.lobbies.join(...)``,
``services.moves.play(...)``, ``services.views.board(...)``); :class:`Services` only builds them
around one :class:`~bot.service.context.Context` and holds them:

- ``tables`` (:class:`~bot.service.repository.TableRepository`): load, save, create, close
- ``lobbies`` (:class:`~bot.service.lobby.LobbyService`): lobby, rematch, start, abandon
- ``moves`` (:class:`~bot.service.play.PlayService`): moves, Undo, the computers' turns, resuming
- ``absence`` (:class:`~bot.service.absence.AbsenceService`): time outs, Skip, take-over, leave
- ``table_clock`` (:class:`~bot.service.clock.TableClock`): the turn clocks kept in the store
- ``views`` (:class:`~bot.service.reading.TableViews`): the table, the board, hands and menus
- ``hints`` (:class:`~bot.service.hints.Hints`): the mover's Hint (hints for learners)
- ``ledger`` (:class:`~bot.service.ledger.PostLedger`): which post is a table's, DM preferences
- ``server_tables`` (:class:`~bot.service.server_tables.ServerTables`): a server's open tables
- ``notices`` (:class:`~bot.service.notices.TurnNotices`): who is told of their turn, how, when
- ``vacation`` (:class:`~bot.service.vacation.VacationService`): /vacation, away from slow tables
- ``tournaments`` (:class:`~bot.service.tournaments.Tournaments`): tournaments, sign-up to podium
- ``seasons`` (:class:`~bot.service.seasons.SeasonService`): a game's seasons on a server
- ``languages``, ``ratings``, ``game_history``, ``analyses``, ``computers``, ``reports``
- ``live`` (:class:`~bot.service.live.LiveViews`): the table as the live page shows everyone
- ``changes`` (:class:`~bot.service.changes.Changes`): every commit rings it; the live page
  waits on it
- ``store`` (:class:`~bot.storage.Store`): the storage's query groups, for what no service adds
  to (``store.sent_posts``, ``store.prefs``, ``store.servers``)

What composes several of them stays here: the scheduler's clock (:class:`ClockSource
<bot.service.scheduler.ClockSource>`: the computers left behind, then the clocks' reminders and
time outs, the held turns, the seasons' ends).

Every change runs under a per-channel asyncio lock and is stored with ``UPDATE … WHERE version =
?`` (see :mod:`bot.storage.tables`), so neither two clicks nor two service objects on the same
database can apply two moves to one version. No table is cached (:mod:`bot.service.repository`);
what a commit stored rides on the row it returns, trusted only at that version. Pillow runs in
worker threads, computer players in worker processes (:mod:`bot.service.workers`).

Languages (issue 15): posts are written and drawn in the server's language, notes, menus and
refusals in the reader's (:mod:`bot.service.languages`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from ..config import ClockConfig
from ..shards import ALL, Shards
from ..storage import Store
from ..storage.rows import NotifyPrefs
from .absence import AbsenceService
from .analysis import Analyses
from .changes import Changes
from .clock import TableClock
from .committer import MoveCommitter
from .computers import ComputerPlayers
from .context import Context
from .hints import Hints
from .history import History
from .languages import Languages
from .ledger import PostLedger, default_prefs
from .live import LiveViews
from .lobby import LobbyService
from .notices import TurnNotices
from .play import PlayService
from .ratings import Ratings
from .reading import TableViews
from .reports import Reports
from .repository import TableRepository
from .scheduler import ClockEvent, HeldDue
from .seasons import SeasonService
from .server_tables import ServerTables
from .tournaments import Tournaments
from .vacation import VacationService
from .workers import ComputerPool

log = logging.getLogger(__name__)


class Services:
    def __init__(self, store: Store, *, computer_delay: float, pool: ComputerPool | None = None,
                 rematch_seconds: float = 300.0, clock: Callable[[], float] = time.time,
                 reveal_seconds: float = 0.0, clock_config: ClockConfig | None = None,
                 shards: Shards = ALL, notify_default: NotifyPrefs | None = None) -> None:
        """``computer_delay``: seconds before computer players answer a person's move;
        ``clock``: the epoch clock (tests drive it); ``notify_default``: the notification
        choices of a person who made none (by default a mention only); the rest: see
        :class:`Context`."""
        self.store = store
        ctx = self.context = Context(
            store=store, pool=pool or ComputerPool(), shards=shards, now=clock,
            clock_config=clock_config or ClockConfig(), computer_delay=computer_delay,
            reveal_seconds=reveal_seconds, rematch_seconds=rematch_seconds)
        self.tables = TableRepository(ctx)
        self.languages = Languages(ctx)
        self.ratings = Ratings(ctx)
        self.game_history = History(ctx, self.languages)
        self.analyses = Analyses(ctx, self.game_history, self.languages)
        self.ledger = PostLedger(ctx)
        self.table_clock = TableClock(ctx, self.tables)
        self.committer = MoveCommitter(ctx, self.tables, self.table_clock, self.ratings)
        self.computers = ComputerPlayers(ctx, self.committer)
        self.reports = Reports(ctx, self.tables, self.languages, self.table_clock)
        self.views = TableViews(ctx, self.tables, self.languages, self.reports)
        self.hints = Hints(ctx, self.tables, self.views)
        self.changes = Changes()  # rung after every commit (the live page waits on it)
        store.tables.watch(self.changes.notify)
        self.live = LiveViews(ctx, self.reports, self.table_clock, self.changes)
        self.lobbies = LobbyService(ctx, self.tables, self.table_clock, self.computers,
                                    self.reports)
        self.moves = PlayService(ctx, self.tables, self.table_clock, self.committer,
                                 self.computers, self.reports, self.ratings, self.views)
        self.absence = AbsenceService(ctx, self.tables, self.table_clock, self.committer,
                                      self.computers, self.reports, self.lobbies)
        self.server_tables = ServerTables(ctx)
        self.notices = TurnNotices(ctx, notify_default or default_prefs(
            False, ctx.clock_config.turn_dm_after))
        self.vacation = VacationService(ctx, self.reports)
        self.tournaments = Tournaments(ctx, self.tables, self.table_clock, self.computers,
                                       self.reports, self.absence)
        self.seasons = SeasonService(ctx, self.ratings)

    @classmethod
    async def open(
        cls, db_path: str, *, computer_delay: float = 0.0, workers: int = 0, think_seconds: float = 1.0,
        rematch_seconds: float = 300.0, clock: Callable[[], float] = time.time,
        reveal_seconds: float = 0.0, clock_config: ClockConfig | None = None,
        shards: Shards = ALL, notify_default: NotifyPrefs | None = None,
    ) -> Services:
        """Open (and migrate) the database (a SQLite path or a postgresql:// URL). ``computer_delay``:
        seconds to wait, outside the table lock, before computer players answer a person's move
        (default 0). ``workers``: processes choosing computer moves, each within
        ``think_seconds``; 0 (the default here, for tools and tests) chooses in a thread, the bot
        passes its config (default 1). ``clock_config``: the turn clock's settings; ``clock``:
        its time (tests drive it). Games and their renderers come from the registry
        (:func:`bot.catalog.table_game`). ``shards``: the guilds whose tables this process
        serves (default: all); ``notify_default``: see :meth:`__init__`."""
        store = await Store.open(db_path)
        pool = ComputerPool(workers, think_seconds)
        await pool.start()
        return cls(store, computer_delay=computer_delay, pool=pool, rematch_seconds=rematch_seconds,
                   clock=clock, reveal_seconds=reveal_seconds, clock_config=clock_config,
                   shards=shards, notify_default=notify_default)

    async def close(self) -> None:
        try:
            await self.context.pool.close()
        finally:
            await self.context.store.close()

    # -- the scheduler's ClockSource: composes the computers left behind and the clocks ----
    async def clock_due(self, now: float) -> list[ClockEvent]:
        """The tables left behind whose computers moved now (:meth:`PlayService.catch_up`),
        then the clocks' reminders and time outs, then the people whose held turns are due
        (:mod:`bot.service.notices`), the tournaments' start times and slow round deadlines
        (:meth:`Tournaments.due <bot.service.tournaments.Tournaments.due>`), then the seasons
        ended (:mod:`bot.service.seasons`). When the clocks cannot be read, what the computers
        did is still handed on (the scheduler tries the clocks again soon)."""
        caught_up: list[ClockEvent] = [*await self.moves.catch_up(now)]
        try:
            clocks = await self.absence.clock_due(now)
            return [*caught_up, *clocks, *map(HeldDue, await self.notices.due(now)),
                    *await self.tournaments.due(now), *await self.seasons.due(now)]
        except Exception:
            if not caught_up:
                raise
            log.exception("the turn clocks failed; the computers' moves are posted")
            return caught_up

    async def clock_resync(self) -> None:
        await self.table_clock.resync()

    async def clock_next_due(self) -> float | None:
        """The next clock moment, held turn's due, try of a table left behind, tournament start
        or deadline, or end of a season: the soonest."""
        moments = [await self.table_clock.next_due(), await self.notices.next_due(),
                   self.context.behind.next_at(), await self.tournaments.next_due(),
                   await self.seasons.next_due()]
        return min((m for m in moments if m is not None), default=None)

    def clock_now(self) -> float:
        return self.context.now()

    def watch_clock(self, rearm: Callable[[], None]) -> None:
        """``rearm`` is called whenever a clock's next moment changes (the scheduler's)."""
        self.context.clock_bell.listen(rearm)
