"""Tournaments, from sign-up to podium (issue 40): create, join, leave, cancel, start; each
round's tables opened as ordinary tables in the threads the adapter makes; the rounds advanced
from the games' ends; the start time and a slow round's deadline on the turn clock's scheduler.

The rules are pure (:mod:`bot.service.rules.tournament`, :mod:`bot.service.rules.pairing`,
:mod:`bot.service.rules.standings`); this reads and stores (:mod:`bot.storage.tournaments`).
Nothing is kept in memory: every call reads the tournament, so a restart continues it where the
store says. :meth:`Tournaments.advance` reads the games that ended from the history (a table's
``games`` row has the table's id) and is idempotent: called again, after a crash at any point
too, it finds its work done or does it once (each step is one write checked against the round
it moves from). Changes of one tournament run one at a time (a lock per tournament).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from games import BadOptions
from games.text import N_, say

from ..storage import Conflict, TableRow
from ..storage.rows import Rating, TournamentPlayer, TournamentRow, TournamentTable
from ..storage.skill import user_key
from ..storage.tournaments import opened
from . import errors
from .absence import AbsenceService
from .clock import TableClock
from .computers import ComputerPlayers
from .context import Context
from .followup import logged
from .locks import ChannelLocks
from .reports import Reports
from .repository import TableRepository
from .results import Outcome, TableToOpen, TournamentInfo
from .rules import tournament as rules
from .rules.pairing import pair, rounds_of
from .rules.play import Lines, plain, record_head
from .rules.tournament_model import Entrant, Played
from .scheduler import CANCELLED, FINISHED, NEXT_ROUND, STARTED, TournamentDue

log = logging.getLogger(__name__)

RETRY = 60.0
"""Seconds before a tournament whose moment failed (the database, a table) is tried again."""
NO_TOURNAMENT = N_("There is no such tournament.")
CANNOT_PAIR = N_("These players cannot be paired for this format.")


class Tournaments:
    def __init__(self, ctx: Context, tables: TableRepository, clock: TableClock,
                 computers: ComputerPlayers, reports: Reports, absence: AbsenceService) -> None:
        self._ctx = ctx
        self._store = ctx.store
        self._tables = tables
        self._clock = clock
        self._computers = computers
        self._reports = reports
        self._absence = absence
        self._locks = ChannelLocks()  # one per tournament id
        self._later: dict[int, float] = {}  # tournament -> when to try its moment again

    # -- reading ------------------------------------------------------------------------------
    async def _get(self, tid: int) -> TournamentRow:
        found = await self._store.tournaments.get(tid)
        if found is None:
            raise errors.HostError(say(NO_TOURNAMENT))
        return found

    async def show(self, tid: int) -> TournamentInfo:
        """The tournament as its post shows it (HostError when there is none)."""
        t = await self._get(tid)
        return await self._info(t)

    async def _info(self, t: TournamentRow) -> TournamentInfo:
        assert t.id is not None
        players = await self._store.tournaments.players(t.id)
        tables = await self._store.tournaments.tables(t.id)
        return await asyncio.to_thread(rules.tournament_info, self._ctx.game(t.game_id), t,
                                       players, tables)

    async def in_guild(self, guild_id: int) -> list[TournamentInfo]:
        """A server's tournaments signing up or under way, the newest first."""
        return [await self._info(t) for t in await self._store.tournaments.in_guild(guild_id)]

    async def running(self) -> list[int]:
        """The tournaments under way of the served guilds (at start-up: advance each, open
        their tables)."""
        return [t.id for t in await self._store.tournaments.running()
                if t.id is not None and self._ctx.shards.owns(t.guild_id)]

    async def table_of(self, channel_id: int) -> tuple[int, int, int] | None:
        """(tournament, round, table) of the tournament table playing (or played) in that
        thread; None for any other channel."""
        found = await self._store.tournaments.table_in(channel_id)
        return None if found is None else (found.tournament_id, found.round, found.table_no)

    async def unopened(self, tid: int) -> list[TableToOpen]:
        """The current round's tables without a thread yet (none unless under way)."""
        t = await self._get(tid)
        assert t.id is not None
        return rules.to_open(t, await self._store.tournaments.tables(t.id, t.round),
                             await self._store.tournaments.players(t.id))

    # -- sign-up ------------------------------------------------------------------------------
    async def create(self, *, guild_id: int, channel_id: int, owner_id: int, owner_name: str,
                     game_id: str, options: Mapping[str, Any], fmt: str, rounds: int | None,
                     seats: int, speed: str, start_at: float | None, rated: bool, fill: str,
                     round_days: int | None = None) -> TournamentInfo:
        """A new tournament signing up (nobody in yet: the organiser joins like anyone).
        ``rounds``: a Swiss's (None: the default for the players who come; round robin and
        knock-out ignore it); ``start_at``: when it starts by itself (None: when the organiser
        starts it); ``round_days``: a slow round's days (default 7). HostError with a
        sentence for any bad value."""
        game = self._ctx.game(game_id)
        now = self._ctx.now()
        rules.check_settings(game, options, fmt, rounds, seats, speed, start_at, fill,
                             round_days, now)
        made = await self._store.tournaments.create(TournamentRow(
            guild_id=guild_id, channel_id=channel_id, owner_id=owner_id, owner_name=owner_name,
            game_id=game.id, options=dict(options), format=fmt, seats=seats,
            rounds=rounds if fmt == rules.SWISS else None, speed=speed, start_at=start_at,
            round_seconds=rules.round_seconds(speed, round_days), rated=rated, fill=fill,
            created_at=now))
        if start_at is not None:
            self._ctx.clock_bell.ring()
        return await self._info(made)

    async def posted(self, tid: int, channel_id: int, message_id: int) -> None:
        """The tournament's post (in ``channel_id``: the channel, or a forum post's thread)."""
        await self._store.tournaments.set_post(tid, channel_id, message_id)

    async def event_set(self, tid: int, event_id: int | None) -> None:
        """The Discord scheduled event of its start (None: gone)."""
        await self._store.tournaments.set_event(tid, event_id)

    async def join(self, tid: int, user_id: int, name: str) -> TournamentInfo:
        async with self._locks(tid):
            t = await self._get(tid)
            rules.check_join(t, await self._store.tournaments.players(tid), user_id)
            await self._store.tournaments.join(TournamentPlayer(tid, user_id, name,
                                                                joined_at=self._ctx.now()))
            return await self._info(t)

    async def leave(self, tid: int, user_id: int) -> TournamentInfo:
        """Before the start the player is out; under way they are withdrawn (paired no more;
        a game of theirs in play goes on: leaving its table forfeits it)."""
        async with self._locks(tid):
            t = await self._get(tid)
            rules.check_not_over(t)
            players = await self._store.tournaments.players(tid)
            me = next((p for p in players if p.user_id == user_id), None)
            if me is None or me.withdrawn_after is not None:
                raise errors.NotSeated(say(rules.NOT_IN))
            if t.status == "signup":
                await self._store.tournaments.leave(tid, user_id)
            else:
                await self._store.tournaments.withdraw(tid, user_id, t.round)
            return await self._info(t)

    async def cancel(self, tid: int, user_id: int, is_admin: bool) -> TournamentInfo:
        """The organiser or an admin ends it without result (its tables in play go on as
        ordinary games)."""
        async with self._locks(tid):
            t = await self._get(tid)
            rules.check_manage(t, user_id, is_admin, N_(
                "Only the organiser ({owner}) or a server admin can cancel this tournament."))
            rules.check_not_over(t)
            await self._store.tournaments.end(tid, "cancelled", self._ctx.now())
            self._ctx.clock_bell.ring()
            return await self.show(tid)

    async def start(self, tid: int, user_id: int | None, is_admin: bool) -> TournamentInfo:
        """Start now (the organiser or an admin; ``user_id`` None: the start time): the rounds
        fixed, round 1 paired and stored. Its tables are then :meth:`unopened`."""
        async with self._locks(tid):
            t = await self._get(tid)
            rules.check_manage(t, user_id, is_admin, N_(
                "Only the organiser ({owner}) or a server admin can start this tournament."))
            rules.check_not_over(t)
            if t.status != "signup":
                raise errors.WrongPhase(say(rules.STARTED))
            players = await self._store.tournaments.players(tid)
            refusal = rules.too_few(t, len(players))
            if refusal is not None:
                raise errors.BadTableOptions(refusal)
            ratings = await self._store.ratings.ratings_of(t.guild_id, t.game_id)
            seeded = [replace(p, rating=_ordinal(ratings.get(user_key(p.user_id))))
                      for p in players]
            try:
                pairing = pair(t.format, t.seats, rules.entrants(seeded), [], 1, fill=t.fill)
            except ValueError:
                raise errors.BadTableOptions(say(CANNOT_PAIR)) from None
            rounds = rounds_of(t.format, t.seats, len(players), t.rounds)
            now = self._ctx.now()
            deadline = now + t.round_seconds if t.round_seconds else None
            try:
                await self._store.tournaments.start(tid, rounds, deadline, seeded,
                                                    rules.paired_tables(tid, pairing))
            except Conflict:
                raise errors.WrongPhase(say(rules.STARTED)) from None
            self._ctx.clock_bell.ring()
            return await self.show(tid)

    # -- the tables ---------------------------------------------------------------------------
    async def open_table(self, tid: int, round_no: int, table_no: int, channel_id: int
                         ) -> Outcome:
        """Start the paired table ``table_no`` of round ``round_no`` in ``channel_id`` (the
        thread the adapter made for it, where it plays as in a channel): every seat filled,
        the tournament's options and speed, rated or not; computers play first when they
        must. The Outcome's post is the table's first post. Called again for the same
        thread (a retry), it answers the table as it stands; for another thread, WrongPhase."""
        async with self._locks(tid):
            t = await self._get(tid)
            tables = await self._store.tournaments.tables(tid, round_no)
            paired = next((x for x in tables if x.table_no == table_no and table_no != 0), None)
            if paired is None or t.status != "running" or t.round != round_no:
                raise errors.WrongPhase(say(rules.TABLE_GONE))
            if paired.channel_id == channel_id and paired.places is None:
                return await self._as_it_stands(channel_id)
            if paired.channel_id is not None or paired.places is not None:
                raise errors.WrongPhase(say(rules.TABLE_GONE))
            players = await self._store.tournaments.players(tid)
            return await self._open(t, paired, {p.user_id: p.name for p in players},
                                    channel_id)

    async def _open(self, t: TournamentRow, paired: TournamentTable, names: Mapping[int, str],
                    channel_id: int) -> Outcome:
        assert t.id is not None
        game = self._ctx.game(t.game_id)
        seats = rules.table_seats(paired.seats, names)
        seed = secrets.randbelow(2**31)
        try:
            state = await asyncio.to_thread(
                lambda: plain(game.new(len(seats), t.options, seed)))
        except BadOptions as exc:
            raise errors.BadTableOptions(errors.said(exc)) from None
        head = rules.marked_head(await asyncio.to_thread(record_head, game, t.options, state),
                                 t, paired.round, paired.table_no)
        row = TableRow(channel_id=channel_id, guild_id=t.guild_id, game_id=t.game_id,
                       options=dict(t.options), status="playing", host_id=t.owner_id,
                       seats=seats, seed=seed, state=state, record_head=head, speed=t.speed)
        async with self._ctx.lock(channel_id):
            await self._tables.refuse_existing(channel_id)
            try:
                new = await self._store.tables.create_table(
                    row, [opened(t.id, paired.round, paired.table_no, channel_id)])
            except Conflict:
                await self._tables.refuse_existing(channel_id)
                raise errors.WrongPhase(say(rules.TABLE_GONE)) from None
            await self._clock.after_change(game, new)
            lines = Lines()
            new, applied = await self._computers.run(game, new, lines)
            outcome = await self._reports.outcome(game, new, lines, applied, everyone=True)
            return replace(outcome, first=True)

    async def _as_it_stands(self, channel_id: int) -> Outcome:
        async with self._ctx.lock(channel_id):
            game, row = await self._tables.playing(channel_id)
            return await self._reports.outcome(game, row, Lines(), [], everyone=True)

    # -- the rounds ---------------------------------------------------------------------------
    async def advance(self, tid: int) -> TournamentInfo:
        """Read every table of the round that ended (finished, lost on time, ended by the
        deadline or abandoned), store its places and the players' missed games, and once the
        round is complete pair the next one (its tables are then :meth:`unopened`) or finish
        the tournament. Idempotent (see the module)."""
        async with self._locks(tid):
            return (await self._advance(tid, deadline=False))[0]

    async def _advance(self, tid: int, *, deadline: bool) -> tuple[TournamentInfo, str]:
        """:meth:`advance` under the lock, and what happened (:data:`NEXT_ROUND`,
        :data:`FINISHED`, or "" when the round goes on). ``deadline``: a slow round's deadline
        passed and its games in play were ended: a table with no game ended (never opened, or
        its game gone elsewhere) is a draw, so the round is over."""
        t = await self._get(tid)
        if t.status != "running":
            return await self._info(t), ""
        store = self._store.tournaments
        players = await store.players(tid)
        everything = await store.tables(tid)
        current = [x for x in everything if x.round == t.round]
        waiting = [x for x in current if x.table_no != 0 and x.places is None]
        games = await store.ended_games([x.table_id for x in waiting if x.table_id is not None])
        ended = [rules.ended_table(x, *games[x.table_id]) for x in waiting
                 if x.table_id is not None and x.table_id in games]
        if deadline:
            ended += [rules.ended_table(x, "abandoned", None) for x in waiting
                      if x.table_id is None or x.table_id not in games]
        if not ended and not rules.round_over(current):
            return await self._info(t), ""
        counted = rules.counted(players, ended)
        by_key = {(x.round, x.table_no): x for x in ended}
        now_tables = [by_key.get((x.round, x.table_no), x) for x in everything]
        step: dict[str, Any] = {}
        what = ""
        if rules.round_over([x for x in now_tables if x.round == t.round]):
            step, what = self._next(t, rules.entrants(_merged(players, counted)),
                                    rules.played(now_tables))
        try:
            await store.advance(t, ended, counted, **step)
        except Conflict:  # another step moved the round first: it did this one's work
            what = ""
        if what:
            self._ctx.clock_bell.ring()
        return await self.show(tid), what

    def _next(self, t: TournamentRow, entrants: Sequence[Entrant],
              played: Sequence[Played]) -> tuple[dict[str, Any], str]:
        """The round after a complete one (its step's keywords), or the end."""
        assert t.id is not None and t.rounds is not None
        now = self._ctx.now()
        if t.round < t.rounds:
            try:
                pairing = pair(t.format, t.seats, entrants, played, t.round + 1, fill=t.fill)
            except ValueError:
                pairing = None
            if pairing is not None and pairing.tables:
                deadline = now + t.round_seconds if t.round_seconds else None
                return ({"next_round": t.round + 1, "deadline": deadline,
                         "paired": rules.paired_tables(t.id, pairing)}, NEXT_ROUND)
        return {"finished_at": now}, FINISHED

    # -- the scheduler ------------------------------------------------------------------------
    async def due(self, now: float) -> list[TournamentDue]:
        """What falls due at ``now`` for the served guilds: a start time (the tournament starts,
        or is cancelled with too few players), a slow round's deadline (its unfinished tables
        end, placed by their scores, then the round advances)."""
        out: list[TournamentDue] = []
        try:
            found = await self._store.tournaments.due(now)
        except Exception:  # the clocks' events of this wake-up are still handed on
            log.exception("reading the tournaments due failed")
            return out
        for t in found:
            if (t.id is None or not self._ctx.shards.owns(t.guild_id)
                    or self._later.get(t.id, now) > now):
                continue
            try:
                out.append(await (self._start_time(t.id) if t.status == "signup"
                                  else self._deadline(t)))
            except Exception as exc:
                # Tried again later (not at once: its moment stays passed until it is done).
                self._later[t.id] = now + RETRY
                logged(log, f"tournament {t.id}: its moment (trying again in {RETRY:g} s)", exc)
        return out

    async def _start_time(self, tid: int) -> TournamentDue:
        try:
            return TournamentDue(await self.start(tid, None, True), STARTED)
        except errors.HostError as exc:
            await self._store.tournaments.end(tid, "cancelled", self._ctx.now())
            return TournamentDue(await self.show(tid), CANCELLED, reason=exc.text)

    async def _deadline(self, t: TournamentRow) -> TournamentDue:
        assert t.id is not None
        outcomes: list[Outcome] = []
        async with self._locks(t.id):
            for x in await self._store.tournaments.tables(t.id, t.round):
                if x.table_no != 0 and x.places is None and x.channel_id is not None:
                    ended = await self._absence.end_round(x.channel_id)
                    if ended is not None:
                        outcomes.append(ended)
            info, what = await self._advance(t.id, deadline=True)
        return TournamentDue(info, what or NEXT_ROUND, tuple(outcomes))

    async def next_due(self) -> float | None:
        """The soonest start time or slow round deadline of the served guilds."""
        return min((max(at, self._later.get(tid, at))
                    for tid, guild, at in await self._store.tournaments.moments()
                    if self._ctx.shards.owns(guild)), default=None)


def _merged(players: Sequence[TournamentPlayer], changed: Sequence[TournamentPlayer]
            ) -> list[TournamentPlayer]:
    by_id = {p.user_id: p for p in changed}
    return [by_id.get(p.user_id, p) for p in players]


def _ordinal(rating: Rating | None) -> float:
    """A player's seeding strength: their rating's ordinal, 0 for the unrated."""
    return 0.0 if rating is None else rating.ordinal
