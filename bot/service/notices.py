"""Who is told of their turn, how and when: each person's choices read at the service's ``now``
(the rules: :mod:`bot.service.rules.held`, :mod:`bot.service.rules.notify`), and the turns held
for their waiting-list DM (stored: :mod:`bot.storage.notices`), due on the clock's scheduler.

The adapter asks, as a turn starts, what it does for each person (:meth:`TurnNotices.notices`),
holds what must wait (:meth:`TurnNotices.hold`), and, when the scheduler hands it a
:class:`~bot.service.scheduler.HeldDue`, sends the one DM listing every table waiting for that
person (:meth:`TurnNotices.release`, then :meth:`TurnNotices.told`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, replace

from ..storage.rows import HeldTurn, NotifyPrefs, Waiting, WaitingDm
from .context import Context
from .rules.held import TurnNotice, notice_now, rescheduled_due, turn_notice
from .rules.notify import mention_now
from .rules.speed import speed_of


@dataclass(frozen=True)
class Release:
    """A person's held turns came due: their waiting list (every table still waiting for them,
    those told before first), the tables this tells, and their waiting-list DM so far."""

    user_id: int
    tables: tuple[Waiting, ...]
    told: tuple[int, ...]  # the table channels of the held turns told now
    previous: WaitingDm | None


class TurnNotices:
    """Turn notices (see the module docstring); ``default``: the choices of a person who made
    none (:func:`bot.service.ledger.default_prefs`)."""

    def __init__(self, ctx: Context, default: NotifyPrefs) -> None:
        self._ctx = ctx
        self._store = ctx.store
        self.default = default

    async def prefs(self, user_id: int) -> NotifyPrefs:
        return await self._store.prefs.notify_prefs(user_id, self.default)

    async def notices(self, user_ids: Iterable[int], *, live: bool, guild_id: int | None,
                      channel_id: int) -> dict[int, TurnNotice]:
        """What a turn beginning now at the table ``channel_id`` (of the server ``guild_id``)
        does for each of ``user_ids``: as they chose, held while they are away (a slow table),
        and nothing more for a turn there already held for their waiting list (it tells it)."""
        now = self._ctx.now()
        people = list(dict.fromkeys(user_ids))
        away = {} if live else await self._store.vacations.away(guild_id or 0, people, now)
        out = {}
        for user_id in people:
            held = {h.channel_id for h in await self._store.notices.held(user_id)}
            out[user_id] = (TurnNotice(False) if channel_id in held else turn_notice(
                await self.prefs(user_id), now, live=live, away_until=away.get(user_id)))
        return out

    async def mentioned(self, user_ids: Iterable[int]) -> list[int]:
        """Who of ``user_ids`` a message asking them something now pings: those who chose a
        mention and are outside their quiet hours (the others read it silently)."""
        now = self._ctx.now()
        return [u for u in dict.fromkeys(user_ids) if mention_now(await self.prefs(u), now)]

    async def late_dm(self, user_id: int) -> TurnNotice:
        """A live table's DM waited for its person, who stayed idle: whether it goes now
        (``dm_at``), waits for the end of their quiet hours (``held_until``), or not at all
        (they no longer want DMs)."""
        return notice_now(await self.prefs(user_id), self._ctx.now(), ping=False)

    async def reminder(self, user_id: int) -> TurnNotice:
        """Half of a person's time is gone: whether the channel's reminder pings them
        (``ping``), and whether its DM goes now (``dm_at``), waits for the end of their quiet
        hours (``held_until``) or does not come."""
        prefs, now = await self.prefs(user_id), self._ctx.now()
        return notice_now(prefs, now, ping=mention_now(prefs, now))

    async def hold(self, turn: HeldTurn) -> None:
        """Hold a person's turn for their waiting-list DM, until ``turn.due``."""
        await self._store.notices.hold(turn)
        self._ctx.clock_bell.ring()  # the scheduler may have to wake sooner

    async def turn_over(self, channel_id: int, to_move: Collection[int]) -> list[WaitingDm]:
        """The table moved on (``to_move``: who is to move now; none once it ended): the held
        turns there of everyone else go, and their waiting lists say that table is done (the
        lists changed, to edit)."""
        await self._store.notices.turn_over(channel_id, to_move)
        changed = []
        for dm in await self._store.notices.listing(channel_id):
            if dm.user_id in to_move:
                continue
            tables = tuple(replace(w, over=True) if w.channel_id == channel_id else w
                           for w in dm.tables)
            if tables != dm.tables:
                dm = replace(dm, tables=tables)
                await self._store.notices.told(dm, ())
                changed.append(dm)
        return changed

    async def due(self, now: float) -> list[int]:
        """The people whose held turns are due."""
        return await self._store.notices.due_people(now, self._ctx.shards)

    async def next_due(self) -> float | None:
        return await self._store.notices.next_due(self._ctx.shards)

    async def release(self, user_id: int) -> Release | None:
        """The person's waiting list now that held turns came due (None: none is due)."""
        now = self._ctx.now()
        shards = self._ctx.shards  # another process tells the turns of its own guilds
        due = [h for h in await self._store.notices.held(user_id)
               if h.due <= now and shards.owns(h.guild_id)]
        if not due:
            return None
        previous = await self._store.notices.waiting_dm(user_id)
        kept = [w for w in previous.tables if not w.over] if previous is not None else []
        listed = {w.channel_id for w in kept}
        new = [Waiting(h.channel_id, h.guild_id, h.game_id, h.post_id) for h in due
               if h.channel_id not in listed]
        return Release(user_id, tuple(kept + new), tuple(h.channel_id for h in due), previous)

    async def told(self, release: Release, dm: WaitingDm | None) -> None:
        """The waiting list went out as ``dm`` (None: the person's DMs are closed, nothing
        more is sent): the held turns it told go."""
        if dm is None:
            await self._store.notices.drop_held(release.user_id, release.told)
        else:
            await self._store.notices.told(dm, release.told)

    async def rescheduled(self, user_id: int) -> None:
        """The person changed their choices, went away or came back: each of their held turns
        is told at the moment the choices and their absence give (or never, when they now want
        nothing)."""
        prefs, now = await self.prefs(user_id), self._ctx.now()
        dues: dict[int, float | None] = {}
        away: dict[int, float | None] = {}  # server -> until when they are away there
        for held in await self._store.notices.held(user_id):
            row = await self._store.tables.get_table(held.channel_id)
            slow = row is not None and speed_of(row) != "live"
            guild = held.guild_id or 0
            if guild not in away:
                away[guild] = (await self._store.vacations.away(guild, [user_id], now)).get(
                    user_id)
            dues[held.channel_id] = rescheduled_due(prefs, now, slow=slow,
                                                    away_until=away[guild])
        await self._store.notices.set_dues(user_id, dues)
        self._ctx.clock_bell.ring()
