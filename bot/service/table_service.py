"""The table service: lobby -> playing -> finished, seats, turns, storage, rendering.

Knows nothing of discord.py. Every method takes plain ids (Discord snowflakes as ints) and returns
plain results (:mod:`bot.service.results`) or raises a :class:`bot.service.errors.HostError` whose
message is for the person who caused it.

:class:`TableService` is a facade: its methods are the contract with the Discord adapter (keep
their names and signatures), each handing over to one of the services it builds around one
:class:`~bot.service.context.Context`:

- :class:`~bot.service.repository.TableRepository`: load, save, create, close; tables served here
- :class:`~bot.service.lobby.LobbyService`: lobby, rematch, start, abandon
- :class:`~bot.service.play.PlayService`: moves, Undo, the computers' turns, resuming
- :class:`~bot.service.absence.AbsenceService`: time outs, Skip, take-over, leave, end
- :class:`~bot.service.clock.TableClock`: the turn clocks kept in the store
- :class:`~bot.service.reading.TableViews`: the table, the board, hands and menus
- :class:`~bot.service.hints.Hints`: the mover's Hint (hints for learners)
- :class:`~bot.service.ledger.PostLedger`: the posts the adapter sent, DM preferences
- :class:`~bot.service.server_tables.ServerTables`: where a server's tables play, its open ones
- :class:`~bot.service.languages.Languages`, :class:`~bot.service.ratings.Ratings`,
  :class:`~bot.service.history.History`
- :class:`~bot.service.live.LiveViews`: the table as the live page shows everyone
- :class:`~bot.service.changes.Changes`: every commit rings it; the live page waits on it

Every change runs under a per-channel asyncio lock and is stored with ``UPDATE … WHERE version =
?`` (see :mod:`bot.storage.store`), so neither two clicks nor two service objects on the same
database can apply two moves to one version. No table is cached (:mod:`bot.service.repository`);
what a commit stored rides on the row it returns, trusted only at that version. Pillow runs in
worker threads, computer players in worker processes (:mod:`bot.service.workers`).

Languages (issue 15): posts are written and drawn in the server's language, notes, menus and
refusals in the reader's (:mod:`bot.service.languages`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Collection, Iterable
from dataclasses import replace
from typing import Any

from ..config import ClockConfig
from ..shards import ALL, Shards
from ..storage import Store, TableRow
from ..storage.rows import Standing
from .absence import AbsenceService
from .analysis import Analyses, GameAnalysis, Progress
from .changes import Changes
from .clock import TableClock
from .committer import MoveCommitter
from .computers import ComputerPlayers
from .context import Context
from .hints import Hints
from .history import PAGE, History, HistoryEntry, HistoryPage, ReplayFiles
from .languages import Languages
from .ledger import PostLedger
from .live import LiveTable, LiveViews
from .lobby import LobbyService
from .play import PlayService
from .ratings import TOP, Leaderboard, Ratings
from .reading import TableViews
from .reports import Reports
from .repository import TableRepository
from .results import (
    HandImage,
    Hint,
    MenuEntry,
    MenuOffers,
    Outcome,
    PlayerPanel,
    PrivateNote,
    PublicPost,
    TableInfo,
    TurnBegun,
)
from .rules.lobby import DEFAULT_LEVEL
from .rules.partner import PartnerMessage
from .rules.rematch import Pressed
from .rules.substitutes import SeatRequest
from .scheduler import ClockEvent
from .server_tables import OpenTables, ServerTables
from .workers import ComputerPool

log = logging.getLogger(__name__)


class TableService:
    def __init__(self, store: Store, *, computer_delay: float, pool: ComputerPool | None = None,
                 rematch_seconds: float = 300.0, clock: Callable[[], float] = time.time,
                 reveal_seconds: float = 0.0, clock_config: ClockConfig | None = None,
                 shards: Shards = ALL) -> None:
        """``computer_delay``: seconds before computer players answer a person's move;
        ``clock``: the epoch clock (tests drive it); the rest: see :class:`Context`."""
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
                                 self.computers, self.reports, self.ratings)
        self.absence = AbsenceService(ctx, self.tables, self.table_clock, self.committer,
                                      self.computers, self.reports, self.lobbies)
        self.server_tables = ServerTables(ctx)

    @classmethod
    async def open(
        cls, db_path: str, *, computer_delay: float = 0.0, workers: int = 0, think_seconds: float = 1.0,
        rematch_seconds: float = 300.0, clock: Callable[[], float] = time.time,
        reveal_seconds: float = 0.0, clock_config: ClockConfig | None = None,
        shards: Shards = ALL,
    ) -> TableService:
        """Open (and migrate) the database (a SQLite path or a postgresql:// URL). ``computer_delay``:
        seconds to wait, outside the table lock, before computer players answer a person's move
        (default 0). ``workers``: processes choosing computer moves, each within
        ``think_seconds``; 0 (the default here, for tools and tests) chooses in a thread, the bot
        passes its config (default 1). ``clock_config``: the turn clock's settings; ``clock``:
        its time (tests drive it). Games and their renderers come from the registry
        (:func:`bot.catalog.table_game`). ``shards``: the guilds whose tables this process
        serves (default: all)."""
        store = await Store.open(db_path)
        pool = ComputerPool(workers, think_seconds)
        await pool.start()
        return cls(store, computer_delay=computer_delay, pool=pool, rematch_seconds=rematch_seconds,
                   clock=clock, reveal_seconds=reveal_seconds, clock_config=clock_config,
                   shards=shards)

    async def close(self) -> None:
        try:
            await self.context.pool.close()
        finally:
            await self.context.store.close()

    @property
    def store(self) -> Store:
        """The storage (history, records, move log) for tools and tests."""
        return self.context.store

    @property
    def shards(self) -> Shards:
        """Whose tables this process resumes and times (bot.shards)."""
        return self.context.shards

    # -- lobby (LobbyService) -------------------------------------------------------------------
    async def create_lobby(
        self, channel_id: int, guild_id: int | None, game_id: str, options: dict[str, Any],
        owner_id: int, owner_name: str, *, seed: int | None = None, speed: str | None = None,
        hints: bool = False, parent_id: int | None = None,
    ) -> TableInfo:
        return await self.lobbies.create_lobby(channel_id, guild_id, game_id, options, owner_id,
                                               owner_name, seed=seed, speed=speed, hints=hints,
                                               parent_id=parent_id)

    def preview_lobby(self, guild_id: int | None, game_id: str, options: dict[str, Any],
                      owner_id: int, owner_name: str) -> TableInfo:
        return self.lobbies.preview_lobby(guild_id, game_id, options, owner_id, owner_name)

    async def check_start(self, channel_id: int, by_user: int) -> TableInfo:
        return await self.lobbies.check_start(channel_id, by_user)

    async def move_to_channel(self, channel_id: int) -> TableInfo:
        return await self.lobbies.move_to_channel(channel_id)

    async def tables_place(self, guild_id: int) -> str | None:
        """Where the server's new tables play as its admins chose with /settings tables:
        "threads" or "channel" (None: not chosen, the configured default applies)."""
        return await self.store.servers.tables_place(guild_id)

    async def join(self, channel_id: int, user_id: int, name: str) -> TableInfo:
        return await self.lobbies.join(channel_id, user_id, name)

    async def rematch(self, channel_id: int, user_id: int, name: str, *,
                      game_row: int) -> Pressed:
        return await self.lobbies.rematch(channel_id, user_id, name, game_row=game_row)

    async def leave(self, channel_id: int, user_id: int) -> TableInfo:
        return await self.lobbies.leave(channel_id, user_id)

    async def add_computer(
        self, channel_id: int, by_user: int, level: str = DEFAULT_LEVEL
    ) -> TableInfo:
        return await self.lobbies.add_computer(channel_id, by_user, level)

    async def set_option(
        self, channel_id: int, by_user: int, name: str, value: str, *, version: int | None = None
    ) -> TableInfo:
        return await self.lobbies.set_option(channel_id, by_user, name, value, version=version)

    async def remove_computer(self, channel_id: int, by_user: int) -> TableInfo:
        return await self.lobbies.remove_computer(channel_id, by_user)

    async def cancel(self, channel_id: int, by_user: int, *, is_admin: bool = False) -> TableInfo:
        return await self.lobbies.cancel(channel_id, by_user, is_admin=is_admin)

    async def start(self, channel_id: int, by_user: int) -> Outcome:
        return await self.lobbies.start(channel_id, by_user)

    async def abandon(self, channel_id: int, user_id: int, *, is_admin: bool = False) -> TableInfo:
        return await self.lobbies.abandon(channel_id, user_id, is_admin=is_admin)

    # -- play (PlayService) ---------------------------------------------------------------------
    async def play(
        self, channel_id: int, user_id: int, move: str, *, version: int | None = None
    ) -> Outcome:
        outcome = await self.moves.play(channel_id, user_id, move, version=version)
        return replace(outcome, actor=user_id)  # who moved, for a poster told by the web page

    async def undo(self, channel_id: int, user_id: int, *, version: int | None = None) -> Outcome:
        return await self.moves.undo(channel_id, user_id, version=version)

    async def can_undo(self, channel_id: int, user_id: int) -> bool:
        return await self.moves.can_undo(channel_id, user_id)

    # -- hints (Hints) ----------------------------------------------------------------------------
    async def menu_offers(self, channel_id: int, user_id: int) -> MenuOffers:
        return await self.hints.menu_offers(channel_id, user_id)

    async def hint(self, channel_id: int, user_id: int, *, version: int | None = None,
                   language: str | None = None) -> Hint:
        return await self.hints.hint(channel_id, user_id, version=version, language=language)

    async def resume(self) -> list[Outcome]:
        return await self.moves.resume()

    async def computers_move(self, channel_id: int) -> Outcome | None:
        return await self.moves.computers_move(channel_id)

    # -- absence (AbsenceService) and the clock (TableClock, the Scheduler's ClockSource) ------
    async def skip(self, channel_id: int, user_id: int, *, version: int | None = None) -> Outcome:
        return await self.absence.skip(channel_id, user_id, version=version)

    async def take_over(
        self, channel_id: int, user_id: int, *, version: int | None = None
    ) -> Outcome:
        return await self.absence.take_over(channel_id, user_id, version=version)

    async def come_back(self, channel_id: int, user_id: int) -> Outcome:
        return await self.absence.come_back(channel_id, user_id)

    async def leave_game(self, channel_id: int, user_id: int) -> Outcome | TableInfo:
        return await self.absence.leave_game(channel_id, user_id)

    async def end_game(self, channel_id: int, user_id: int) -> TableInfo:
        return await self.absence.end_game(channel_id, user_id)

    async def ask_seat(self, channel_id: int, user_id: int, seat: int, *,
                       is_bot: bool = False) -> SeatRequest:
        return await self.absence.ask_seat(channel_id, user_id, seat, is_bot=is_bot)

    async def answer_seat(self, channel_id: int, user_id: int, *, table: int, seat: int,
                          candidate: int, since: int, name: str | None) -> Outcome | None:
        return await self.absence.answer_seat(channel_id, user_id, table=table, seat=seat,
                                              candidate=candidate, since=since, name=name)

    async def clock_due(self, now: float) -> list[ClockEvent]:
        """The tables left behind whose computers moved now (:meth:`PlayService.catch_up`),
        then the clocks' reminders and time outs. When the clocks cannot be read, what the
        computers did is still handed on (the scheduler tries the clocks again soon)."""
        caught_up: list[ClockEvent] = [*await self.moves.catch_up(now)]
        try:
            return caught_up + await self.absence.clock_due(now)
        except Exception:
            if not caught_up:
                raise
            log.exception("the turn clocks failed; the computers' moves are posted")
            return caught_up

    async def clock_resync(self) -> None:
        await self.table_clock.resync()

    async def turns_begun(self) -> list[TurnBegun]:
        """Whom each table in play is timing now, since when (:meth:`TableClock.turns`)."""
        return await self.table_clock.turns()

    async def clock_next_due(self) -> float | None:
        """The next clock moment, or the next try of a table left behind if sooner."""
        due = await self.table_clock.next_due()
        behind = self.context.behind.next_at()
        return due if behind is None else behind if due is None else min(due, behind)

    def clock_now(self) -> float:
        return self.context.now()

    def watch_clock(self, rearm: Callable[[], None]) -> None:
        """``rearm`` is called whenever a clock's next moment changes (the scheduler's)."""
        self.context.clock_bell.listen(rearm)

    def on_clock_change(self) -> None:
        """A clock's next moment changed: the scheduler watching re-arms."""
        self.context.clock_bell.ring()

    def level_of(self, row: TableRow, seat: int) -> str | None:
        return self.computers.level_of(row, seat)

    # -- reading (TableViews) -------------------------------------------------------------------
    async def table(self, channel_id: int) -> TableInfo | None:
        return await self.views.table(channel_id)

    async def require_table(self, channel_id: int) -> TableInfo:
        return await self.views.require_table(channel_id)

    async def active_tables(self) -> list[TableInfo]:
        return await self.views.active_tables()

    async def tables_here(self, channel_id: int) -> list[TableInfo]:
        """The tables a channel holds (its own and those in threads made from its posts)."""
        return await self.views.tables_here(channel_id)

    async def board(self, channel_id: int, *, language: str | None = None) -> PublicPost:
        return await self.views.board(channel_id, language=language)

    async def live_table(self, channel_id: int, *, language: str | None = None
                         ) -> LiveTable | None:
        """The table as the live page shows everyone (None: no table in the channel)."""
        return await self.live.live(channel_id, language)

    async def private_note(
        self, channel_id: int, user_id: int, *, language: str | None = None
    ) -> PrivateNote:
        return await self.views.private_note(channel_id, user_id, language=language)

    async def hand(
        self, channel_id: int, user_id: int, *, language: str | None = None
    ) -> HandImage:
        return await self.views.hand(channel_id, user_id, language=language)

    async def player_panel(
        self, channel_id: int, user_id: int, *, language: str | None = None
    ) -> PlayerPanel:
        return await self.views.player_panel(channel_id, user_id, language=language)

    async def menu(
        self, channel_id: int, user_id: int, *, language: str | None = None
    ) -> tuple[int, list[MenuEntry]]:
        return await self.views.menu(channel_id, user_id, language=language)

    async def legal_moves(
        self, channel_id: int, user_id: int, *, language: str | None = None
    ) -> list[MenuEntry]:
        return await self.views.legal_moves(channel_id, user_id, language=language)

    async def partner_message(self, channel_id: int, user_id: int, text: str) -> PartnerMessage:
        return await self.views.partner_message(channel_id, user_id, text)

    # -- posts and DMs (PostLedger) -------------------------------------------------------------
    async def set_post(self, channel_id: int, message_id: int, version: int) -> None:
        await self.ledger.set_post(channel_id, message_id, version)

    def post_failed(self, channel_id: int, *, at: float | None = None) -> None:
        """The adapter could not send this table's post: the scheduler posts what it did not
        show (:meth:`PlayService.catch_up`), as a restart would: within seconds, or at ``at``
        (the service's clock, :meth:`clock_now`) when the adapter backs off."""
        self.context.left_behind(channel_id, repost=True, at=at)

    async def posted(self, channel_id: int, message_id: int, version: int, *,
                     plain: str | None) -> dict[int, str]:
        return await self.ledger.posted(channel_id, message_id, version, plain=plain)

    async def remember_transient_post(self, channel_id: int, message_id: int, plain: str) -> None:
        await self.ledger.remember_transient_post(channel_id, message_id, plain)

    async def transient_posts(self, channel_id: int) -> dict[int, str]:
        return await self.ledger.transient_posts(channel_id)

    async def forget_transient_post(self, message_id: int) -> None:
        await self.ledger.forget_transient_post(message_id)

    async def dm_enabled(self, user_id: int, default: bool) -> bool:
        return await self.ledger.dm_enabled(user_id, default)

    async def set_dm_enabled(self, user_id: int, enabled: bool) -> None:
        await self.ledger.set_dm_enabled(user_id, enabled)

    # -- languages (Languages) ------------------------------------------------------------------
    async def remember_locale(self, user_id: int, locale: object) -> None:
        await self.languages.remember_locale(user_id, locale)

    async def set_guild_language(self, guild_id: int, code: str | None) -> None:
        await self.languages.set_guild_language(guild_id, code)

    async def guild_language(self, guild_id: int | None, preferred_locale: object = None) -> str:
        return await self.languages.guild_language(guild_id, preferred_locale)

    async def guild_language_setting(self, guild_id: int) -> str | None:
        return await self.languages.guild_language_setting(guild_id)

    async def user_language(self, user_id: int | None, guild_id: int | None = None) -> str:
        return await self.languages.user_language(user_id, guild_id)

    async def user_languages(self, user_ids: Iterable[int], guild_id: int | None) -> dict[int, str]:
        return await self.languages.user_languages(user_ids, guild_id)

    # -- a server's tables (ServerTables) -------------------------------------------------------
    async def set_tables_place(self, guild_id: int, place: str) -> None:
        await self.server_tables.set_place(guild_id, place)

    async def open_tables(self, guild_id: int, limit: int,
                          seen: Collection[int] | None = None) -> OpenTables:
        return await self.server_tables.open_tables(guild_id, limit, seen)

    # -- ratings (Ratings) ----------------------------------------------------------------------
    async def rate_unrated(self) -> int:
        return await self.ratings.rate_unrated()

    async def rebuild_ratings(self) -> int:
        return await self.ratings.rebuild_ratings()

    async def leaderboard(
        self, guild_id: int | None, game_id: str, user_id: int, *, limit: int = TOP
    ) -> Leaderboard:
        return await self.ratings.leaderboard(guild_id, game_id, user_id, limit=limit)

    async def standings(
        self, guild_id: int | None, user_id: int, game_id: str | None = None
    ) -> list[Standing]:
        return await self.ratings.standings(guild_id, user_id, game_id)

    async def stats(self, guild_id: int | None, user_id: int | None = None) -> dict[str, Any]:
        return await self.ratings.stats(guild_id, user_id)

    # -- history (History) ----------------------------------------------------------------------
    async def history(
        self, guild_id: int | None, *, game_id: str | None = None, user_id: int | None = None,
        limit: int = PAGE, offset: int = 0,
    ) -> HistoryPage:
        return await self.game_history.history(guild_id, game_id=game_id, user_id=user_id,
                                               limit=limit, offset=offset)

    async def replay_choices(
        self, guild_id: int | None, typed: str, *, language: str | None = None
    ) -> list[tuple[int, str]]:
        return await self.game_history.replay_choices(guild_id, typed, language=language)

    async def finished_entry(self, guild_id: int | None, game_row: int) -> HistoryEntry:
        return await self.game_history.finished_entry(guild_id, game_row)

    async def replay(
        self, guild_id: int | None, game_row: int, *, language: str | None = None
    ) -> ReplayFiles:
        return await self.game_history.replay(guild_id, game_row, language=language)

    async def analysis(
        self, guild_id: int | None, game_row: int, *, progress: Progress | None = None,
        language: str | None = None,
    ) -> GameAnalysis:
        """A finished game's analysis: stored, else computed in the worker processes
        (:mod:`bot.service.analysis`)."""
        return await self.analyses.analysis(guild_id, game_row, progress=progress,
                                            language=language)
