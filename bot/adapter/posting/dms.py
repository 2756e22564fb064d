"""DMs: who gets a turn DM and when, keeping each one true, and the one way to DM a person.

Only the player whose turn starts gets their note (the poster hands it over); the note was built
from ``view(state, seat)`` of that seat, so nobody else's hand can travel here. Closed DMs
(Discord error 50007) are reported back so the table post can say where the hand is instead.

Whether and when (:class:`TurnDms`) is each person's choice (/notifications; the rules:
:mod:`bot.service.rules.held`, asked through :class:`bot.service.notices.TurnNotices`): nobody
gets a DM unless they chose DMs (a DM, or both a mention and a DM). A ``daily`` table, or one
without a clock (``off``: nobody is timed, the turn may wait long), DMs at once, or gathers the
turn for the person's daily digest. A ``live`` table is played by people looking at the channel,
so the DM waits the person's ``live_after`` seconds (or never comes) and goes out only if they
did nothing at the table meanwhile (any button, menu or command there: :meth:`TurnDms.acted`) and
their turn did not end. The wait is a loop timer in this process (no task per wait, nothing
stored); after a restart the turns of live tables whose DM was still to come are armed again from
their clocks' start (:meth:`TurnDms.rearm`); a DM whose moment passed while the bot was down is
not sent late (no burst of DMs at start-up): the clock's half-time reminder, which the stored
clock keeps, DMs that person anyway.

A DM due in the person's quiet hours is held instead, with a digest's turns, until its moment
(stored: the clock's scheduler wakes for it, a restart loses none); then one DM lists every table
waiting for them (:mod:`bot.adapter.posting.waiting`).

A turn DM sent is kept per (table, person), in memory, and edited into one sentence once it is
no longer true (they played, the turn passed, the game ended). After a restart a DM sent before
it stays as it was.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection, Coroutine, Iterable
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.service import Services
from bot.service.followup import tolerated
from bot.service.results import PrivateNote, TableInfo
from bot.service.rules.held import TurnNotice
from bot.storage.rows import HeldTurn, WaitingDm

from ..kit import send
from ..kit.files import png_file
from ..kit.i18n import _, language, shown
from ..kit.recency import still_editable

log = logging.getLogger("tablee.adapter.dms")

CANNOT_SEND_TO_USER = 50007
AT_ONCE = ("daily", "off")  # table speeds whose turn DMs go out at once


def turn_notes(notes: Iterable[PrivateNote], actor: int | None) -> list[PrivateNote]:
    """Notes of players whose turn starts now: someone who just moved and moves again already
    has their menu in front of them."""
    seen: set[int] = set()
    out = []
    for note in notes:
        if note.your_turn and note.user_id != actor and note.user_id not in seen:
            seen.add(note.user_id)
            out.append(note)
    return out


async def send_dm(
    client: discord.Client, user_id: int, text: str, file: discord.File | None = None
) -> bool:
    """DM one person; False when their DMs are closed or the send failed (logged)."""
    return await dm_message(client, user_id, text, file) is not None


async def dm_message(
    client: discord.Client, user_id: int, text: str, file: discord.File | None = None
) -> discord.Message | None:
    """DM one person; the message, or None when their DMs are closed or the send failed."""
    try:
        channel = await client.create_dm(discord.Object(id=user_id))
        if file is not None:
            return await send.send(channel, text, file=file)
        return await send.send(channel, text)
    except discord.Forbidden as exc:
        if exc.code != CANNOT_SEND_TO_USER:
            log.warning("DM to %s refused: %s", user_id, exc)
        return None
    except discord.HTTPException:
        log.warning("DM to %s failed", user_id, exc_info=True)
        return None


def jump_url(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """A link to a message (or to the channel, without one)."""
    where = f"/{message_id}" if message_id else ""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}{where}"


@dataclass(frozen=True)
class TurnStart:
    """One person's turn began at a table: what their turn DM says and links to."""

    channel_id: int
    guild_id: int | None
    game_id: str
    user_id: int
    game_name: str  # as the table post names it
    post_id: int | None  # the table post (None: not posted yet)
    url: str  # a link to it
    note: PrivateNote | None  # None (after a restart): read from the service when it is due


@dataclass(frozen=True)
class SentDm:
    """A turn DM that went out, to edit once it is no longer true."""

    channel_id: int  # the DM channel
    message_id: int
    language: str
    game_name: str


Closed = Callable[[int, int, int | None], Coroutine[Any, Any, None]]
"""(table channel, user, table post): a DM sent late found that person's DMs closed."""
Changed = Callable[[list[WaitingDm]], Coroutine[Any, Any, None]]
"""These waiting-list DMs changed (:meth:`bot.adapter.posting.waiting.WaitingLists.changed`)."""


class TurnDms:
    """Turn DMs (see the module docstring): sent at once, after the person's wait at a live
    table without them acting, or held for their waiting list; each sent one is edited once it
    is no longer true. ``closed`` is told when a late DM found the person's DMs closed,
    ``changed`` when a turn's end changed people's waiting lists."""

    def __init__(self, client: discord.Client, service: Services, *,
                 closed: Closed | None = None, changed: Changed | None = None) -> None:
        self.client = client
        self._service = service
        self._closed = closed
        self._changed = changed
        self._pending: dict[int, dict[int, asyncio.TimerHandle]] = {}  # table -> user -> timer
        self._sent: dict[int, dict[int, SentDm]] = {}  # table -> user -> their turn DM
        self._present: dict[int, set[int]] = {}  # table -> people who acted in their turn
        self._to_move: dict[int, set[int]] = {}  # table -> who its latest post calls
        self._tasks: set[asyncio.Task[None]] = set()  # late DMs being sent, edits

    async def notices(self, table: TableInfo, user_ids: Iterable[int]) -> dict[int, TurnNotice]:
        """What the turns of ``user_ids`` beginning now do for each (their choices); when they
        cannot be read, the default's mention and nothing else."""
        people = list(user_ids)
        return await tolerated(
            log, f"reading the notification choices of {people}",
            self._service.notices.notices(people, live=table.speed not in AT_ONCE,
                                          guild_id=table.guild_id, channel_id=table.channel_id),
            {u: TurnNotice(True) for u in people})

    async def wait(self, table: TableInfo, user_id: int) -> float | None:
        """How long a turn DM at this table waits for its person to act first (None: it never
        comes by itself)."""
        if table.speed in AT_ONCE:
            return None
        prefs = await self._service.notices.prefs(user_id)
        return float(prefs.live_after) if prefs.dms and prefs.live_after >= 0 else None

    def pending(self, channel_id: int) -> list[int]:
        """The people of a table whose turn DM is still to come."""
        return list(self._pending.get(channel_id, ()))

    async def turn_started(self, table: TableInfo, starts: Iterable[TurnStart],
                           notices: dict[int, TurnNotice]) -> list[int]:
        """The turns of ``starts`` began: DM now, arm the wait or hold the turn, as
        ``notices`` say (:meth:`notices`). A turn that goes on (a time out, a simultaneous
        player's move, I'm back posted again) changes nothing: its DM is out, still waits, or
        its person already showed up. The people DMed now whose DMs are closed."""
        now = self._service.clock_now()
        closed = []
        for start in starts:
            channel_id, user_id = start.channel_id, start.user_id
            notice = notices.get(user_id)
            if notice is None or any(user_id in known.get(channel_id, ())
                                     for known in (self._pending, self._sent, self._present)):
                continue
            if notice.held_until is not None:
                await self._hold(start, notice.held_until)
            elif notice.dm_at is None:
                continue
            elif notice.dm_at <= now:
                if not await self._send(start):
                    closed.append(start.user_id)
            else:
                self._arm(start, notice.dm_at - now)
        return closed

    def rearm(self, start: TurnStart, seconds: float) -> None:
        """After a restart: this person's turn DM is due in ``seconds`` (unless they act)."""
        self._cancel(start.channel_id, start.user_id)
        self._to_move.setdefault(start.channel_id, set()).add(start.user_id)
        self._arm(start, max(0.0, seconds))

    def acted(self, channel_id: int | None, user_id: int) -> None:
        """The person did something at the table: while their turn's DM waits, they are there
        and need none this turn."""
        if channel_id is not None and user_id in self._pending.get(channel_id, ()):
            self._cancel(channel_id, user_id)
            self._present.setdefault(channel_id, set()).add(user_id)

    async def turn_over(self, channel_id: int, to_move: Collection[int], *,
                        actor: int | None, finished: bool) -> None:
        """The table moved on; ``to_move``: who is to move now. A wait for anyone else ends,
        the turn DM of anyone else is edited to say their turn is over, their turn held there
        goes and their waiting list says so."""
        if finished:
            self._to_move.pop(channel_id, None)
        else:
            self._to_move[channel_id] = set(to_move)
        for user_id in [u for u in self._pending.get(channel_id, {}) if u not in to_move]:
            self._cancel(channel_id, user_id)
        present = self._present.get(channel_id, set())
        present.intersection_update(to_move)
        if not present:
            self._present.pop(channel_id, None)
        sent = self._sent.get(channel_id, {})
        for user_id in [u for u in sent if u not in to_move]:
            await self._retire(sent.pop(user_id), played=user_id == actor, finished=finished)
        if not sent:
            self._sent.pop(channel_id, None)
        changed = await tolerated(log, f"ending the held turns of channel {channel_id}",
                                  self._service.notices.turn_over(channel_id, to_move), [])
        if changed and self._changed is not None:
            await self._changed(changed)

    async def table_closed(self, channel_id: int) -> None:
        """The table ended without a post of its end (abandoned, ended): every DM of it."""
        await self.turn_over(channel_id, (), actor=None, finished=True)

    # -- the wait ---------------------------------------------------------------------------
    def _arm(self, start: TurnStart, seconds: float) -> None:
        loop = asyncio.get_running_loop()
        timer = loop.call_later(seconds, self._due, start)
        self._pending.setdefault(start.channel_id, {})[start.user_id] = timer

    def _cancel(self, channel_id: int, user_id: int) -> None:
        waiting = self._pending.get(channel_id)
        if waiting is None or user_id not in waiting:
            return
        waiting.pop(user_id).cancel()
        if not waiting:
            del self._pending[channel_id]

    def _due(self, start: TurnStart) -> None:
        """The wait is over and the person did not act: send the DM now (in a task)."""
        waiting = self._pending.get(start.channel_id, {})
        waiting.pop(start.user_id, None)
        if not waiting:
            self._pending.pop(start.channel_id, None)
        task = asyncio.get_running_loop().create_task(self._late(start))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _late(self, start: TurnStart) -> None:
        try:
            notice = await self._service.notices.late_dm(start.user_id)
            if notice.held_until is not None:
                await self._hold(start, notice.held_until)
                return
            if notice.dm_at is None:  # they no longer want DMs
                return
            if start.note is None:  # armed again after a restart: the note as it is now
                note = await self._service.views.private_note(start.channel_id, start.user_id)
                if not note.your_turn or note.replaced:
                    return
                start = replace(start, note=note)
            if not await self._send(start):
                if self._closed is not None:
                    await self._closed(start.channel_id, start.user_id, start.post_id)
            elif start.user_id not in self._to_move.get(start.channel_id, ()):
                # Their turn ended while the DM was on its way: correct it at once.
                sent = self._sent.get(start.channel_id, {})
                if start.user_id in sent:
                    await self._retire(sent.pop(start.user_id), played=False,
                                       finished=start.channel_id not in self._to_move)
                if not sent:
                    self._sent.pop(start.channel_id, None)
        except Exception:
            log.exception("the turn DM to %s for channel %s failed", start.user_id,
                          start.channel_id)

    # -- sending and editing ----------------------------------------------------------------
    async def _hold(self, start: TurnStart, due: float) -> None:
        """The person's turn waits for their waiting-list DM, until ``due``."""
        turn = HeldTurn(start.user_id, start.channel_id, start.guild_id, start.game_id,
                        start.post_id, self._service.clock_now(), due)
        await tolerated(log, f"holding the turn of {start.user_id} in {start.channel_id}",
                        self._service.notices.hold(turn), None)

    async def _send(self, start: TurnStart) -> bool:
        """The turn DM; False when their DMs are closed. The note is written in its reader's
        language; so is the DM."""
        note = start.note
        assert note is not None
        with language(note.language):
            text = _(
                "Your turn in **{game}**: {url}\n{note}\n-# Turn these messages off or change "
                "them with /notifications.",
                game=start.game_name, url=start.url, note=shown(note.text),
            )
        message = await dm_message(self.client, note.user_id, text,
                                   png_file(note.image_png, "hand.png"))
        if message is None:
            return False
        self._sent.setdefault(start.channel_id, {})[note.user_id] = SentDm(
            message.channel.id, message.id, note.language, start.game_name)
        return True

    async def _retire(self, dm: SentDm, *, played: bool, finished: bool) -> None:
        """The DM, no longer true, becomes one sentence (its hand image goes). One sent longer
        ago than a message is edited in place (:mod:`~bot.adapter.kit.recency`) is left as it
        is: the turn it announced is plainly past by then, and Discord limits edits of old
        messages."""
        if not still_editable(dm.message_id, self._service.clock_now()):
            return
        with language(dm.language):
            if finished:
                text = _("The **{game}** game is over.", game=dm.game_name)
            elif played:
                text = _("You played your turn in **{game}**.", game=dm.game_name)
            else:
                text = _("Your turn in **{game}** is over.", game=dm.game_name)
        channel = self.client.get_partial_messageable(dm.channel_id,
                                                      type=discord.ChannelType.private)
        try:
            await send.edit(channel.get_partial_message(dm.message_id), content=text,
                            attachments=[])
        except discord.NotFound:
            pass  # deleted by the person: nothing to correct
        except discord.HTTPException:
            log.warning("could not edit the turn DM %s", dm.message_id, exc_info=True)
