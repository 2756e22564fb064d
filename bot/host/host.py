"""The table host: lobby -> playing -> finished, seats, turns, storage, rendering.

Knows nothing of discord.py. Every method takes plain ids (Discord snowflakes as ints) and returns
plain results (:mod:`bot.host.results`) or raises a :class:`bot.host.errors.HostError` whose
message is for the person who caused it.

SIGNATURES ARE THE CONTRACT WITH THE DISCORD ADAPTER: keep them. The methods that only read
(board, hand, menus, post bookkeeping) are in :mod:`bot.host.reading`, mixed in.

Every change runs under a per-channel asyncio lock and is stored with ``UPDATE … WHERE version =
?`` (see :mod:`bot.storage.store`), so neither two clicks nor two host objects on the same file
can apply two moves to one version. No table is cached: each call reads it (with its clock and
its server's language, one statement), which lets a new host object continue any table exactly
where it was; what a commit stored rides on the row it returns, trusted only at that version.
Pillow runs in worker threads, computer players in worker processes (:mod:`bot.host.workers`); a
person's move is applied on the loop (~0.1 ms, less than a thread hop).

Languages (issue 15): posts are written and drawn in the server's language, notes, menus and
refusals in the reader's; how the adapter tells the host which, and what comes back translated
or as Text, is in :mod:`bot.host.languages`.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import render
from games import BadOptions, Game, UnknownGame
from games.text import N_, listing, say, say_n

from ..config import SPEEDS, ClockConfig
from ..shards import ALL, Shards
from ..storage import Conflict, MoveEntry, Store, TableRow
from ..storage.rows import Ending
from . import errors, lobby, posts, rematch, undo
from .absence import ClockMixin
from .bots import ComputersMixin
from .clock import after_move
from .history import HistoryHost
from .languages import LanguageHost
from .lobby import DEFAULT_LEVEL
from .locks import ChannelLocks
from .play import Lines, Step, human_step, plain, record, record_head
from .ratings import RatingsHost
from .reading import ReadingHost
from .results import Outcome, TableInfo
from .tables import info, is_bot, label, names, seat_of
from .workers import BotPool

log = logging.getLogger(__name__)

NO_TABLE = N_("No game here. Start one with /play.")


class TableHost(ReadingHost, RatingsHost, ClockMixin, HistoryHost, LanguageHost, ComputersMixin):
    def __init__(self, store: Store, *, bot_delay: float, pool: BotPool | None = None,
                 rematch_seconds: float = 300.0, clock: Callable[[], float] = time.time,
                 reveal_seconds: float = 0.0, clock_config: ClockConfig | None = None,
                 shards: Shards = ALL) -> None:
        self._store = store
        self.shards = shards  # whose tables this process resumes and times (bot.shards)
        self._bot_delay = bot_delay
        self._reveal_seconds = reveal_seconds  # a computer's value shows this long (computers_move)
        self._pool = pool or BotPool()
        self._rematch_seconds = rematch_seconds  # how long a rematch keeps unconfirmed seats
        self._clock = clock  # epoch seconds; tests inject their own
        self._clock_config = clock_config or ClockConfig()  # the turn clock's speeds and policy
        self._locks = ChannelLocks()
        self._init_reading()

    @classmethod
    async def open(
        cls, db_path: str, *, bot_delay: float = 0.0, workers: int = 0, think_seconds: float = 1.0,
        rematch_seconds: float = 300.0, clock: Callable[[], float] = time.time,
        reveal_seconds: float = 0.0, clock_config: ClockConfig | None = None,
        shards: Shards = ALL,
    ) -> TableHost:
        """Open (and migrate) the database. ``bot_delay``: seconds to wait, outside the table
        lock, before computer players answer a human's move (default 0). ``workers``: processes
        choosing computer moves, each within ``think_seconds``; 0 (the default here, for tools
        and tests) chooses in a thread, the bot passes its config (default 1). ``clock``: the
        turn clock's settings; ``now``: the clock's time (tests drive it). Games and their
        renderers come from the registry (:func:`render.table_game`). ``shards``: the guilds
        whose tables this process serves (default: all)."""
        store = await Store.open(db_path)  # a SQLite path or a postgresql:// URL
        pool = BotPool(workers, think_seconds)
        await pool.start()
        return cls(store, bot_delay=bot_delay, pool=pool, rematch_seconds=rematch_seconds,
                   clock=clock, reveal_seconds=reveal_seconds, clock_config=clock_config,
                   shards=shards)

    async def close(self) -> None:
        try:
            await self._pool.close()
        finally:
            await self._store.close()

    @property
    def store(self) -> Store:
        """The storage (history, records, move log) for tools and tests."""
        return self._store

    # -- helpers --------------------------------------------------------------------------------
    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks(channel_id)

    @staticmethod
    def _game(game_id: str) -> Game:
        """The game of a table, with a renderer (what the bot offers); UnknownGameError with
        the known games otherwise."""
        try:
            return render.table_game(game_id).game
        except UnknownGame as exc:
            raise errors.UnknownGameError(errors.said(exc)) from None
        except KeyError:
            raise errors.UnknownGameError(
                say("'{game}' has no images here, so no table.", game=game_id)) from None

    async def _load(self, channel_id: int) -> tuple[Game, TableRow]:
        row = await self._store.get_table(channel_id, beside=True)  # clock + language too
        if row is None:
            raise errors.NoTable(NO_TABLE)
        return self._game(row.game_id), row

    async def _served(self) -> list[TableRow]:
        """The active tables of the guilds this process serves (all of them unsharded).
        Filtered here rather than in SQL: it runs at start-up, and the rows are needed anyway."""
        rows = await self._store.active_tables()
        return [r for r in rows if self.shards.owns(r.guild_id)]

    async def _playing(self, channel_id: int) -> tuple[Game, TableRow]:
        game, row = await self._load(channel_id)
        if row.status != "playing" or row.state is None:
            raise errors.WrongPhase(say("The game has not started yet; the host presses Start."))
        return game, row

    async def _save(self, old: TableRow, new: TableRow) -> None:
        try:
            await self._store.update_table(new, old.version)
        except Conflict:
            raise errors.StaleVersion(say("The table changed meanwhile — please try again.")) from None

    async def _change(
        self, channel_id: int, change: Callable[[Game, TableRow], TableRow]
    ) -> TableInfo:
        async with self._lock(channel_id):
            game, row = await self._load(channel_id)
            new = change(game, rematch.expire(row, self._clock()))
            await self._save(row, new)
            return info(game, new)

    # -- lobby --------------------------------------------------------------------------------
    async def create_lobby(
        self,
        channel_id: int,
        guild_id: int | None,
        game_id: str,
        options: dict[str, Any],
        host_user_id: int,
        host_name: str,
        *,
        seed: int | None = None,
        speed: str | None = None,
    ) -> TableInfo:
        """Open a lobby; the host takes seat 1. TableExists names the running game;
        UnknownGameError lists games; BadTableOptions names the option. ``seed`` fixes the
        game's randomness (demo, tests); by default it is drawn. ``speed``: the table speed
        (:func:`bot.host.clock.table_settings` of a table to copy), else the configured one."""
        game = self._game(game_id)
        async with self._lock(channel_id):
            await self._refuse_existing(channel_id)
            row = lobby.new_lobby(game, channel_id, guild_id, options, host_user_id, host_name,
                                  secrets.randbelow(2**31) if seed is None else seed)
            row = replace(row, speed=speed if speed in SPEEDS else self._clock_config.default_speed)
            return info(game, await self._create(row))

    async def _create(self, row: TableRow) -> TableRow:
        try:
            return await self._store.create_table(row)
        except Conflict:  # another host object won the race for this channel
            await self._refuse_existing(row.channel_id)
            raise errors.TableExists(say("A game was just opened here; try again.")) from None

    async def _refuse_existing(self, channel_id: int) -> None:
        existing = await self._store.get_table(channel_id)
        if existing is not None:
            raise errors.TableExists(lobby.exists_message(self._game(existing.game_id), existing))

    async def join(self, channel_id: int, user_id: int, name: str) -> TableInfo:
        """Sit down; in a rematch lobby, a player of the last game confirms their seat."""
        return await self._change(
            channel_id,
            lambda g, r: rematch.confirm(r, user_id, name) or lobby.join(g, r, user_id, name),
        )

    async def rematch(self, channel_id: int, user_id: int, name: str, *, game_row: int) -> TableInfo:
        """Rematch of a finished game (any of its human players): a new lobby here (no post yet:
        ``post_message_id`` is None), or the presser's seat in that open rematch confirmed.
        Another table here -> TableExists. See :mod:`bot.host.rematch`."""
        finished = rematch.finished_here(await self._store.game(game_row), channel_id)
        game = self._game(finished["game_id"])
        async with self._lock(channel_id):
            if (existing := await self._store.get_table(channel_id)) is not None:
                mine = rematch.press_again(self._game(existing.game_id), existing, user_id, name,
                                           self._clock())
                await self._save(existing, mine)
                return info(game, mine)
            row = rematch.new_row(game, finished, user_id, name, seed=secrets.randbelow(2**31),
                                  until=self._clock() + self._rematch_seconds)
            row = replace(row, speed=row.speed or self._clock_config.default_speed)
            return info(game, await self._create(row))

    async def leave(self, channel_id: int, user_id: int) -> TableInfo:
        """Leave a lobby. The host leaving an otherwise empty lobby cancels it (status
        'abandoned'); otherwise the next human becomes host."""
        async with self._lock(channel_id):
            game, row = await self._load(channel_id)
            new = lobby.leave(row, user_id)
            if new is None:
                await self._close(row, [], None)
                return info(game, row, "abandoned")
            await self._save(row, new)
            return info(game, new)

    async def add_computer(
        self, channel_id: int, by_user: int, level: str = DEFAULT_LEVEL
    ) -> TableInfo:
        """The host adds a computer player of ``level`` (easy, medium, hard) named after its
        level and a number no other seat has ("Computer 2 (hard)")."""
        return await self._change(channel_id, lambda g, r: lobby.add_computer(g, r, by_user, level))

    async def set_option(
        self, channel_id: int, by_user: int, name: str, value: str, *, version: int | None = None
    ) -> TableInfo:
        """The table's host changes one option in the lobby (``value`` as a select gives it,
        "" for the default). Options that stop applying are dropped; BadTableOptions or
        TableFull say why a value is refused. ``version``: the lobby version the panel showed;
        another one -> StaleVersion, checked under the table lock."""

        def change(game: Game, row: TableRow) -> TableRow:
            if version is not None and row.version != version:
                raise errors.StaleVersion(errors.LOBBY_CHANGED)
            return lobby.set_option(game, row, by_user, name, value)

        return await self._change(channel_id, change)

    async def remove_computer(self, channel_id: int, by_user: int) -> TableInfo:
        """Remove the last computer seat (host only)."""
        return await self._change(channel_id, lambda g, r: lobby.remove_computer(r, by_user))

    async def cancel(self, channel_id: int, by_user: int, *, is_admin: bool = False) -> TableInfo:
        """Cancel a lobby (host or admin)."""
        async with self._lock(channel_id):
            game, row = await self._load(channel_id)
            lobby.check_cancel(row, by_user, is_admin=is_admin)
            await self._close(row, [], None)
            return info(game, row, "abandoned")

    async def start(self, channel_id: int, by_user: int) -> Outcome:
        """Host only; checks player count and options; computer players move until a human
        is to move. The Outcome's post is the first table post; notes go to every human seat."""
        async with self._lock(channel_id):
            game, stored = await self._load(channel_id)
            row = rematch.expire(stored, self._clock())
            lobby.check_start(game, row, by_user)
            rematch.check_start(row, self._clock())
            try:
                state = await asyncio.to_thread(
                    lambda: plain(game.new(len(row.seats), row.options, row.seed))
                )
            except BadOptions as exc:
                raise errors.BadTableOptions(errors.said(exc)) from None
            head = await asyncio.to_thread(record_head, game, row.options, state)
            new = replace(row, status="playing", state=state, version=row.version + 1,
                          record_head=head)
            await self._save(stored, new)
            await self._clock_after(game, new, None)
            lines = Lines()
            new, applied = await self._run_bots(game, new, lines)
            return await self._outcome(game, new, lines, applied, everyone=True)

    # -- play -----------------------------------------------------------------------------------
    async def play(
        self, channel_id: int, user_id: int, move: str, *, version: int | None = None
    ) -> Outcome:
        """Play ``move`` (any accepted spelling) for the user's seat. ``version`` comes from the
        button/menu that produced the move; a different current version -> StaleVersion. Then
        computer players move until a human is to move or the game ends (then finished: record
        and results stored, channel free)."""
        async with self._lock(channel_id):
            game, row = await self._playing(channel_id)
            seat = seat_of(row, user_id)
            if seat is None:
                raise errors.NotSeated(say("You are not playing at this table; you can watch."))
            if version is not None and version != row.version:
                raise errors.StaleVersion(errors.STALE)
            assert row.state is not None
            movers = game.to_move(row.state)
            if seat not in movers:
                raise errors.NotYourTurn(say_n(
                    "It's {players}'s turn, not yours.", "It's the turn of {players}, not yours.",
                    len(movers), players=listing([label(row, s) for s in movers])))
            # On the loop: parsing and applying one move takes ~0.1 ms (a thread hop more).
            step = human_step(game, row.state, seat, move, names(row))
            row = await self._commit(game, row, step, user_id)
            lines = Lines()
            lines.extend(step.lines)
            if not (self._bot_delay and self._bots_next(game, row)):
                row, applied = await self._run_bots(game, row, lines)
                return await self._outcome(game, row, lines, [step.move, *applied])
        # A pause before the computer players answer, outside the lock: the human's move is
        # stored, and Board / My hand / other commands are not held up meanwhile.
        await asyncio.sleep(self._bot_delay)
        async with self._lock(channel_id):
            fresh = await self._store.get_table(channel_id, beside=True)
            if fresh is not None and fresh.version == row.version:
                row, applied = await self._run_bots(game, fresh, lines)
            else:
                applied = []  # another host object moved on (or the game ended): ours stands
            return await self._outcome(game, row, lines, [step.move, *applied])

    async def undo(self, channel_id: int, user_id: int, *, version: int | None = None) -> Outcome:
        """The user takes back their own last move (BGA's rule, :mod:`bot.host.undo`): the
        state before it comes back, as one more log entry. ``version`` as for :meth:`play`.
        UndoRefused, NotYourTurn, NotSeated or StaleVersion say why not."""
        async with self._lock(channel_id):
            game, row = await self._playing(channel_id)
            row, lines, rearm = await undo.take_back(
                self._store, game, row, user_id, version,
                lambda new, seat: self._next_clock(game, new, seat))
            if rearm:
                self.on_clock_change()
            return await self._outcome(game, row, lines, [])

    async def can_undo(self, channel_id: int, user_id: int) -> bool:
        """Whether Undo would take the user's last move back now (menus offer it then)."""
        game, row = await self._playing(channel_id)
        return await undo.undoer(self._store, game, row) == user_id

    async def resume(self) -> list[Outcome]:
        """After a restart: let computer players who were to move play on (a crash may have
        stopped them). One Outcome per table whose current post is older than the table (moves
        stored but never posted, e.g. a crash or a failed send), with the logged lines since that
        post, for the adapter to post."""
        out = []
        await self.rate_unrated()
        for row in await self._served():
            if row.status != "playing":
                continue
            async with self._lock(row.channel_id):
                try:
                    game, fresh = await self._load(row.channel_id)
                except errors.NoTable:
                    continue  # finished meanwhile by another host object
                lines = Lines()
                since = fresh.post_version or 0
                if fresh.id is not None and since < fresh.version:
                    for entry in await self._store.moves(fresh.id):
                        if entry.version > since:
                            lines.ordered += [(text, False) for text in entry.lines]
                fresh, applied = await self._run_bots(game, fresh, lines)
                if applied or since < fresh.version:
                    out.append(await self._outcome(game, fresh, lines, applied))
        return out

    async def computers_move(self, channel_id: int) -> Outcome | None:
        """Computer players to move here play on, after the pause that lets people read a value
        a computer showed (an Outcome with ``computers_next`` asks for this call); None when no
        computer is to move any more."""
        await asyncio.sleep(max(self._bot_delay, self._reveal_seconds))
        async with self._lock(channel_id):
            try:
                game, row = await self._playing(channel_id)
            except errors.HostError:
                return None  # finished or abandoned meanwhile
            lines = Lines()
            row, applied = await self._run_bots(game, row, lines)
            return await self._outcome(game, row, lines, applied) if applied else None

    @staticmethod
    def _bots_next(game: Game, row: TableRow) -> bool:
        return row.state is not None and any(is_bot(row, s) for s in game.to_move(row.state))

    async def _commit(self, game: Game, row: TableRow, step: Step, user_id: int | None) -> TableRow:
        """Store one applied move (and, when it ends the game, the record and results)."""
        new = replace(row, state=step.state, version=row.version + 1)
        entry = MoveEntry(new.version, step.seat, step.move, user_id, step.lines.public,
                          barrier=step.barrier, before=undo.before(row, step, user_id))
        result = game.result(step.state)  # microseconds: on the loop, no thread hop
        clock, rearm, clock_at = (None, False, None) if result.finished else await after_move(
            self._store, game, row, new, step.seat, self._clock(),
            self._clock_config.speed(new.speed))
        try:
            if result.finished:
                winners = set(result.winners)
                outcomes = [
                    (s["seat"], s["user_id"], "win" if s["seat"] in winners else "loss",
                     float(result.scores[s["seat"] - 1]))
                    for s in row.seats
                ]
                await self._close(row, [entry], "finished", result.to_json(), outcomes)
                await self._rate(row.id)
            else:
                await self._store.update_table(new, row.version, [entry], clock)
        except Conflict:
            raise errors.StaleVersion(errors.STALE) from None
        if rearm:
            self.on_clock_change()
        return replace(new, clock_at=clock_at, last_move=entry)  # known: no reads for them

    async def _close(
        self,
        row: TableRow,
        moves: list[MoveEntry],
        status: str | None,
        result: dict[str, Any] | None = None,
        outcomes: list[tuple[int, int | None, str, float]] | None = None,
    ) -> None:
        """Free the channel; keep the game in history unless it never started (status None)."""
        ending = None
        if status is not None:
            logged = await self._store.moves(row.id) if row.id is not None else []
            moves_played = [(m.seat, m.move) for m in undo.in_force([*logged, *moves])]
            head = row.record_head or {}
            rec = record(row.game_id, len(row.seats), head.get("options", row.options), row.seed,
                         moves_played, head.get("setup"))
            ending = Ending(status, rec, result, outcomes or [], rematch.lobby_of(row))
        await self._store.close_table(row, row.version, moves, ending)

    async def _outcome(
        self, game: Game, row: TableRow, lines: Lines, applied: list[str], *, everyone: bool = False
    ) -> Outcome:
        assert row.state is not None
        state = row.state
        code = await self._server_code(row)
        codes = await self._user_codes([s["user_id"] for s in row.seats], row.guild_id, code)

        # The board and the hands are drawn in two threads at once: Pillow's encoder releases
        # the GIL, so on two cores this cuts a move's latency by about a quarter.
        finished_post, notes = await asyncio.gather(
            asyncio.to_thread(lambda: (game.result(state).finished,
                                       self._post(game, row, state, lines, code))),
            asyncio.to_thread(posts.notes_for, game, row, state, lines, everyone=everyone,
                              codes=codes),
        )
        finished, post = finished_post
        if not finished:
            post = replace(post, clock=await self._clock_view(game, row))
        status = "finished" if finished else row.status
        notes = await undo.offer(self._store, game, row, notes)
        self._menus.remember(row.id, notes)
        return Outcome(info(game, row, status), post, notes, applied,
                       computers_next=not finished and self._bots_next(game, row))

    async def abandon(self, channel_id: int, user_id: int, *, is_admin: bool = False) -> TableInfo:
        """Host or admin (Manage Channels) ends a lobby or a game without result."""
        async with self._lock(channel_id):
            game, row = await self._load(channel_id)
            lobby.check_abandon(row, user_id, is_admin=is_admin)
            await self._close(row, [], "abandoned" if row.status == "playing" else None)
            return info(game, row, "abandoned")
