"""Play: a person's move, Undo, the computers' turns that follow (now, after a pause, or after
a restart). Each move is one version-checked transaction (:mod:`bot.service.committer`) under
the table lock, so neither two clicks nor two service objects on one database apply two moves
to one version."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, replace

import i18n
from games import Game
from games.text import Text, listing, say, say_n

from ..storage import TableRow
from . import errors, undo
from .clock import TableClock
from .committer import MoveCommitter
from .computers import ComputerPlayers
from .context import Context
from .ratings import Ratings
from .reading import TableViews
from .reports import Reports
from .repository import TableRepository
from .results import MenuEntry, MenuOffers, MenuPick, MoveMenu, Outcome
from .rules.play import Lines, human_step, said_to
from .rules.tables import computer_to_move, label, names, seat_of

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Played:
    """A person's move, stored under the table lock: its Outcome, or None when the computer
    players answer after a pause (:meth:`PlayService._answered`)."""

    game: Game
    row: TableRow
    lines: Lines
    move: str  # as the game writes it
    outcome: Outcome | None


class PlayService:
    def __init__(self, ctx: Context, tables: TableRepository, clock: TableClock,
                 committer: MoveCommitter, computers: ComputerPlayers, reports: Reports,
                 ratings: Ratings, views: TableViews) -> None:
        self._ctx = ctx
        self._store = ctx.store
        self._tables = tables
        self._clock = clock
        self._committer = committer
        self._computers = computers
        self._reports = reports
        self._ratings = ratings
        self._views = views

    async def play(
        self, channel_id: int, user_id: int, move: str, *, version: int | None = None
    ) -> Outcome:
        """Play ``move`` (any accepted spelling) for the user's seat. ``version`` comes from the
        button/menu that produced the move; a different current version -> StaleVersion. Then
        computer players move until a person is to move or the game ends (then finished:
        record and results stored, channel free)."""
        async with self._ctx.lock(channel_id):
            game, row = await self._tables.playing(channel_id)
            seat = seat_of(row, user_id)
            if seat is None:
                raise errors.NotSeated(say("You are not playing at this table; you can watch."))
            if version is not None and version != row.version:
                raise errors.StaleVersion(errors.STALE)
            played = await self._move(game, row, seat, user_id, move)
        return await self._answered(played, user_id)

    async def choose(
        self, channel_id: int, user_id: int, version: int,
        pick: Callable[[list[MenuEntry]], MenuPick], *, language: str | None = None,
    ) -> Outcome | MoveMenu:
        """A click in the user's menu of table ``version``: under the table lock, one read of
        the table checks the seat and the version (another -> StaleVersion), ``pick`` decodes
        the click from the menu's moves (labels in ``language``, as for
        :meth:`~bot.service.reading.TableViews.menu`; it raises what it finds wrong), and the
        move it names is played as :meth:`play` plays one; a level of the menu is returned
        instead as a :class:`MoveMenu`, with the text above it (the note's) and, on its first
        level, what that offers."""
        async with self._ctx.lock(channel_id):
            game, row = await self._tables.playing(channel_id)
            seat = seat_of(row, user_id)
            if seat is None:
                raise errors.NotSeated(say("You are not playing at this table."))
            if version != row.version:
                raise errors.StaleVersion(errors.STALE)
            entries, intro = await self._views.move_menu(game, row, seat, user_id, language)
            picked = pick(entries)
            if picked.move is None:
                offers = MenuOffers() if picked.prefix else \
                    await self._views.offers(game, row, user_id)
                return MoveMenu(row.version, entries, intro, picked, offers)
            played = await self._move(game, row, seat, user_id, picked.move)
        return await self._answered(played, user_id)

    async def _move(self, game: Game, row: TableRow, seat: int, user_id: int,
                    move: str) -> Played:
        """Under the table lock, at ``row`` (read under it): the seat's move applied and stored,
        and the computer players' answers unless they answer after a pause."""
        assert row.state is not None
        movers = game.to_move(row.state)
        if seat not in movers:
            self._ctx.hurry(row.channel_id)  # computers left behind: they go on now
            raise errors.NotYourTurn(say_n(
                "It's {players}'s turn, not yours.", "It's the turn of {players}, not yours.",
                len(movers), players=listing([label(row, s) for s in movers])))
        # On the loop: one move is parsed and applied faster than a thread hop.
        step = human_step(game, row.state, seat, move, names(row))
        row = await self._committer.commit(game, row, step, user_id)
        lines = Lines()
        lines.extend(step.lines)
        if self._ctx.computer_delay and computer_to_move(game, row):
            return Played(game, row, lines, step.move, None)
        row, applied = await self._computers.run(game, row, lines)
        outcome = await self._reports.outcome(game, row, lines, [step.move, *applied])
        return Played(game, row, lines, step.move, outcome)

    async def _answered(self, played: Played, user_id: int) -> Outcome:
        """The Outcome of a person's move: at once, or after the pause before the computer
        players answer, taken outside the lock (the person's move is stored, and Board / My
        hand / other commands are not held up meanwhile)."""
        game, row, lines = played.game, played.row, played.lines
        # The notation, not the label: a label may carry a value that must not be repeated later
        # (a tile's value shown once), and the notation is what /move takes.
        said = said_to(row, user_id, played.move, lines)
        if played.outcome is not None:
            return self._by(played.outcome, row, user_id, said)
        channel_id = row.channel_id
        await asyncio.sleep(self._ctx.computer_delay)
        async with self._ctx.lock(channel_id):
            try:
                fresh = await self._store.tables.get_table(channel_id, beside=True)
            except Exception as exc:  # the move is stored: the computers go on later
                self._ctx.fell_behind(log, channel_id, "reading it for the computers' answer",
                                      exc)
                fresh = None
            if fresh is not None and fresh.version == row.version:
                row, applied = await self._computers.run(game, fresh, lines)
            else:
                applied = []  # another service object moved on (or the game ended): ours stands
            outcome = await self._reports.outcome(game, row, lines, [played.move, *applied])
            return self._by(outcome, row, user_id, said)

    def _by(self, outcome: Outcome, row: TableRow, user_id: int, said: Text) -> Outcome:
        """``outcome`` as the person who made the change gets it: they are its actor (the
        poster extends its post while they go on), and their note, when they move again, opens
        with what they did (``said``, in its language): the text above their next menu, kept
        with that menu for the clicks in it."""
        notes = [replace(n, text=f"{i18n.translate(said, n.language)}\n{n.text}")
                 if n.user_id == user_id and n.your_turn else n for n in outcome.notes]
        self._reports.menus.remember(row.id, notes)
        return replace(outcome, actor=user_id, notes=notes, said=said)

    async def undo(self, channel_id: int, user_id: int, *, version: int | None = None) -> Outcome:
        """The user takes back their own last move (BGA's rule, :mod:`bot.service.undo`): the
        state before it comes back, as one more log entry. ``version`` as for :meth:`play`.
        UndoRefused, NotYourTurn, NotSeated or StaleVersion say why not."""
        async with self._ctx.lock(channel_id):
            game, row = await self._tables.playing(channel_id)
            row, lines, rearm = await undo.take_back(
                self._store, game, row, user_id, version,
                lambda new, seat: self._clock.next_clock(game, new, seat))
            if rearm:
                self._clock.changed()
            outcome = await self._reports.outcome(game, row, lines, [])
            return self._by(outcome, row, user_id, say(undo.YOU_TOOK_BACK))

    async def can_undo(self, channel_id: int, user_id: int) -> bool:
        """Whether Undo would take the user's last move back now (menus offer it then)."""
        game, row = await self._tables.playing(channel_id)
        return await undo.undoer(self._store, game, row) == user_id

    async def resume(self) -> list[Outcome]:
        """After a restart: let computer players who were to move play on (a crash may have
        stopped them). One Outcome per table whose current post is older than the table (moves
        stored but never posted, e.g. a crash or a failed send), with the logged lines since that
        post, for the adapter to post. A table the database fails for is left to the scheduler
        (:meth:`catch_up`); the others resume."""
        out = []
        await self._ratings.rate_unrated()
        for row in await self._tables.served():
            if row.status != "playing":
                continue
            try:
                outcome = await self._settle(row.channel_id, repost=True)
            except Exception as exc:
                self._ctx.fell_behind(log, row.channel_id, "resuming it", exc)
                continue
            if outcome is not None:
                out.append(outcome)
        return out

    async def catch_up(self, now: float) -> list[Outcome]:
        """The tables left behind after a stored change (:mod:`bot.service.followup`) whose
        next try is due at ``now``: their clock is set again if it lags, their computers play
        on; an Outcome for each table where computers moved or whose post could not be sent
        (:meth:`~bot.service.context.Context.left_behind`), for the adapter to post (the moves
        since the table's last post with it). A table that fails again waits longer."""
        out = []
        for channel_id, marks, repost in self._ctx.behind.due(now):
            try:
                outcome = await self._settle(channel_id, repost=repost)
            except Exception as exc:
                self._ctx.fell_behind(log, channel_id, "catching up", exc)
                continue
            self._ctx.behind.settled(channel_id, marks)
            if outcome is not None:
                log.info("table %s caught up: %s", channel_id, ", ".join(outcome.applied))
                out.append(outcome)
        return out

    async def _settle(self, channel_id: int, *, repost: bool) -> Outcome | None:
        """Under the table lock: its clock set again if it lags, computer players to move play
        on. The Outcome, with the logged lines since the table's last post, when computers moved
        (or, with ``repost``, when the post is older than the table); None when there is
        nothing to post or no game in play any more."""
        async with self._ctx.lock(channel_id):
            try:
                game, fresh = await self._tables.playing(channel_id)
            except errors.HostError:
                return None  # finished or abandoned meanwhile
            await self._clock.settle(game, fresh)
            lines = Lines()
            since = fresh.post_version or 0
            if fresh.id is not None and since < fresh.version:
                for entry in await self._store.log.moves(fresh.id):
                    if entry.version > since:
                        lines.ordered += [(text, False) for text in entry.lines]
            fresh, applied = await self._computers.run(game, fresh, lines)
            if applied or (repost and since < fresh.version):
                return await self._reports.outcome(game, fresh, lines, applied)
            return None

    async def computers_move(self, channel_id: int) -> Outcome | None:
        """Computer players to move here play on, after the pause that lets people read a value
        a computer showed (an Outcome with ``computers_next`` asks for this call); None when no
        computer is to move any more, or when the database fails (the scheduler tries again:
        :meth:`catch_up`)."""
        await asyncio.sleep(max(self._ctx.computer_delay, self._ctx.reveal_seconds))
        async with self._ctx.lock(channel_id):
            try:
                game, row = await self._tables.playing(channel_id)
            except errors.HostError:
                return None  # finished or abandoned meanwhile
            except Exception as exc:
                self._ctx.fell_behind(log, channel_id, "reading it for the computers' turn", exc)
                return None
            lines = Lines()
            row, applied = await self._computers.run(game, row, lines)
            return await self._reports.outcome(game, row, lines, applied) if applied else None
