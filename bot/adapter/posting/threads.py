"""A thread per table: the lobby post in the channel, the game in a thread made from it.

``/play`` posts the lobby in the channel; the table is keyed by that post's id from the first
moment (:meth:`~bot.service.lobby.LobbyService.create_lobby` with ``parent_id``), because a
thread made from a message takes the message's id: on Start the thread is made from the lobby post (named after
the game and its players) and the table plays in it, keyed by the same id. The lobby post stays
in the channel as the table's one-line summary, edited once a turn ("In progress · Bob (seat 2)
to move · open the table"), and at the end shows the result with Rematch. Rematch opens the new
lobby in the same thread (the channel only sees the summary change).

The summary is edited a turn at a time only while it is recent (:mod:`bot.adapter.kit.recency`:
younger than 45 minutes; Discord limits edits of messages older than an hour, error 30046): the
summary of a slower game keeps the last turn it said until the game ends. The end (a result, an
abandon, a deleted thread) is one last edit of it, whatever its age: one per table, which
Discord's allowance takes, and the summary is what the channel shows of the thread. Should
Discord refuse it all the same (30046), the end goes out as a new message in the channel, with
the summary's buttons (Rematch): it is never dropped.

When no thread can be made (a missing permission, the server's cap of active threads: Discord's
160006), the lobby moves to the channel itself
(:meth:`~bot.service.lobby.LobbyService.move_to_channel`) and the host gets one sentence saying
why. A server may choose the channel for every table
(``/settings tables``; the bot's default is ``[tables] place``); a ``/play`` typed inside a thread
plays in that thread.

Discord archives idle threads, and nobody can use buttons or commands in an archived thread, so
the bot keeps a live table's thread open: made with the longest auto-archive duration, reopened
when Discord archives it (THREAD_UPDATE) and before each post. A finished table's thread is
archived once the rematch window has passed with no rematch in it (and set to archive itself
after an hour, should the bot restart before).

A moderator may lock a thread: without Manage Threads the bot can neither reopen nor post in it,
so the table is stuck until the thread is unlocked (:mod:`bot.adapter.posting.stuck`: a bounded
back-off, its players told once in the channel; unlocking or reopening it posts at once). A
deleted thread's game moves back to the channel, or ends as abandoned when the channel has a
table of its own (:meth:`TableThreads.deleted`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

import discord

from bot.service import Services
from bot.service.errors import HostError, TableExists
from bot.service.results import Outcome, TableInfo

from ..kit import send
from ..kit.components import Layout
from ..kit.context import tablee
from ..kit.i18n import language
from ..kit.languages import dm_language, in_public
from ..kit.recency import EDIT_LIMIT_OLD, still_editable
from .dms import send_dm
from .places import LONGEST_ARCHIVE, deleted_text, stuck_notice, summary_text
from .stuck import ThreadLocked

log = logging.getLogger("tablee.adapter.threads")

AFTER_END_ARCHIVE = 60  # minutes: a finished table's thread archives itself within the hour
SUMMARY_EVERY = 300.0
"""Seconds: a game's summary in the channel says whose turn it is, refreshed at most this often
(the newest turn then; the result at once). Each refresh is a request on the bot's own token, and
Discord allows 50 a second for the whole bot: a summary per turn would cost more than the game's
posts, carried by the players' interactions (:mod:`bot.adapter.posting.carriers`)."""


class TableThreads:
    """Makes tables' threads, keeps live ones open, keeps their summaries and archives them."""

    def __init__(self, client: discord.Client, service: Services, *,
                 rematch_seconds: float, layout: Layout) -> None:
        self.client = client
        self.layout = layout  # the buttons of a finished game's summary
        self._service = service
        self._rematch_seconds = rematch_seconds
        self._summarised: dict[int, tuple[int, ...]] = {}  # table -> whose turn its summary says
        self._summary_due: dict[int, float] = {}  # table -> when its summary may change again
        self._pending: dict[int, Outcome] = {}  # table -> the newest turn its summary waits to say
        self._timers: dict[int, asyncio.TimerHandle] = {}  # table -> when its summary says it
        self._leaving: set[int] = set()  # deleted threads whose table is leaving them now
        self._tasks: set[asyncio.Task[None]] = set()

    # -- while it plays -------------------------------------------------------------------------
    async def keep_open(self, info: TableInfo) -> None:
        """Before a post in a table's thread: reopen it if Discord archived it. A thread locked
        while the bot lacks Manage Threads raises :class:`~bot.adapter.posting.stuck.ThreadLocked`
        (reopening it would be refused, as would the post); a deleted one ``NotFound``."""
        if not info.in_thread or info.waits_for_thread:
            return
        guild = self.client.get_guild(info.guild_id) if info.guild_id else None
        if guild is not None and guild.get_thread(info.channel_id) is not None:
            return  # cached threads are the active ones (discord.py drops archived ones)
        thread = await self.client.fetch_channel(info.channel_id)
        if isinstance(thread, discord.Thread) and thread.archived:
            if thread.locked and not _manages(thread):
                raise ThreadLocked(info.channel_id)
            try:
                await self._unarchive(thread)
            except discord.HTTPException as exc:  # the post may still reopen it (a member's)
                log.debug("could not reopen the thread %s: %s", thread.id, exc)

    async def _unarchive(self, thread: discord.Thread) -> None:
        await thread.edit(archived=False, auto_archive_duration=LONGEST_ARCHIVE)
        log.info("reopened the archived thread %s of a live table", thread.id)

    async def reopen(self, thread_id: int) -> None:
        try:
            thread = await self.client.fetch_channel(thread_id)
            if isinstance(thread, discord.Thread) and thread.archived:
                if thread.locked and not _manages(thread):
                    return  # a moderator's lock: the table is stuck until it is lifted
                await self._unarchive(thread)
        except discord.HTTPException as exc:
            log.warning("could not reopen the thread %s: %s", thread_id, exc)

    async def archived(self, payload: discord.RawThreadUpdateEvent) -> None:
        """THREAD_UPDATE: a live table's thread archived by Discord is reopened at once; one
        reopened or unlocked while its table could not post tries that post again now
        (:mod:`bot.adapter.posting.stuck`)."""
        metadata = payload.data.get("thread_metadata", {})
        stuck = tablee(self.client).poster.stuck
        if not metadata.get("archived"):
            if not metadata.get("locked") and payload.thread_id in stuck:
                stuck.reopened(payload.thread_id)
            return
        try:
            table = await self._service.views.table(payload.thread_id)
        except Exception:
            log.warning("could not read the table of thread %s", payload.thread_id, exc_info=True)
            return
        if table is not None and table.in_thread:
            await self.reopen(payload.thread_id)

    async def tell_stuck(self, info: TableInfo, kind: str | None) -> None:
        """A table whose post Discord refuses (:mod:`bot.adapter.posting.stuck`; ``kind`` as
        :func:`~bot.adapter.posting.stuck.refused` says): its players learn it once, in the parent
        channel when it plays in a thread, else (or when that fails too) by DM. Never raises."""
        people = [s.user_id for s in info.seats if s.user_id is not None]
        try:
            if info.parent_id is not None:
                async with in_public(self.client, info.guild_id):
                    text = stuck_notice(info, kind)
                try:
                    await send.send(self.client.get_partial_messageable(info.parent_id),
                                    " ".join(f"<@{u}>" for u in people) + " " + text,
                                    ping=people, silent=True)
                    return
                except discord.HTTPException as exc:
                    log.warning("could not tell the players of table %s in channel %s (%s): "
                                "by DM instead", info.channel_id, info.parent_id, exc)
            for user_id in people:
                with language(await dm_language(self.client, user_id)):
                    text = stuck_notice(info, kind)
                await send_dm(self.client, user_id, text)
        except Exception:
            log.exception("telling the players of table %s failed", info.channel_id)

    async def deleted(self, thread_id: int) -> None:
        """THREAD_DELETE (or a post answered 10003, the event missed while the bot was away):
        the table of that thread leaves it. A game moves back to its channel, where its summary
        was, and plays on there (its moves, clock and seats kept: a moderator tidying threads
        should not cost the players their game); when that channel already has a table of its
        own (only one table plays in a channel itself), it ends as abandoned, as a host's
        /abandon would, its clock stopped. A rematch lobby opened in the thread closes. The
        players are told once, in the channel; the summary says what happened. Never raises."""
        if thread_id in self._leaving:
            return  # THREAD_DELETE and a post's 10003 at once: one of them moves the table
        self._leaving.add(thread_id)
        try:
            info = await self._service.views.table(thread_id)
            if info is None or not info.in_thread or info.waits_for_thread:
                return
            self._forget_summary(thread_id)
            moved: TableInfo | None = None
            if info.status == "playing":
                try:
                    moved = await self._service.lobbies.move_to_channel(thread_id)
                except TableExists:
                    moved = None
            if moved is None:
                await self._service.lobbies.abandon(thread_id, info.host_id, is_admin=True)
            await tablee(self.client).poster.left(thread_id, ended=moved is None)
            log.info("the thread %s was deleted: its table %s", thread_id,
                     f"plays on in channel {moved.channel_id}" if moved else "ended")
            if info.status == "playing":
                await self._said_deleted(info, moved is not None)
            if moved is not None:
                context = self._service.context
                context.left_behind(moved.channel_id, repost=True, at=context.now())
        except HostError as exc:  # it ended or moved meanwhile: nothing left to do
            log.info("the table of the deleted thread %s: %s", thread_id, exc)
        except Exception:
            log.exception("the table of the deleted thread %s could not leave it", thread_id)
        finally:
            self._leaving.discard(thread_id)

    async def _said_deleted(self, info: TableInfo, moved: bool) -> None:
        """The summary, and one message pinging the players, say where the game went."""
        assert info.parent_id is not None
        people = [s.user_id for s in info.seats if s.user_id is not None]
        async with in_public(self.client, info.guild_id):
            text = deleted_text(info, moved=moved)
        await self.edit_summary(info, text, None)
        try:
            await send.send(self.client.get_partial_messageable(info.parent_id),
                            " ".join(f"<@{u}>" for u in people) + " " + text, ping=people,
                            silent=True)
        except discord.HTTPException as exc:
            log.warning("could not tell the players of table %s that its thread was deleted: "
                        "%s", info.channel_id, exc)

    async def posted(self, outcome: Outcome, via: discord.Interaction | None = None) -> None:
        """After a table post in a thread: the summary in the channel, when the turn changed and
        at most once in :data:`SUMMARY_EVERY` (a newer turn waits, then shows); at the end the
        result with Rematch at once, and the thread archived after the rematch window. ``via``:
        the interaction of the change, which edits the summary itself when it was pressed on it
        (Start). The post is out whatever happens here: a failure is logged."""
        try:
            await self._summarise(outcome, via)
        except Exception:
            log.exception("could not update the summary of table %s", outcome.table.channel_id)

    async def _summarise(self, outcome: Outcome, via: discord.Interaction | None = None) -> None:
        info, post = outcome.table, outcome.post
        if not info.in_thread or post is None or info.parent_id is None:
            return
        table = info.channel_id
        turn = tuple(post.to_move_user_ids)
        if not post.finished and self._summarised.get(table) == turn:
            return
        if not post.finished and not still_editable(table, self._service.clock_now()):
            return  # an old summary waits for the end (see the module doc)
        now = asyncio.get_running_loop().time()
        due = self._summary_due.get(table, now)
        if not post.finished and now < due:
            if table not in self._timers:  # a timer, not a sleeping task per table
                self._timers[table] = asyncio.get_running_loop().call_later(
                    due - now, self._summary_due_now, table)
            self._pending[table] = outcome
            return
        self._pending.pop(table, None)
        self._summarised[table] = turn
        self._summary_due[table] = now + SUMMARY_EVERY
        view = None
        with language(post.language):
            if post.finished:  # the last post's buttons (Rematch, Analysis) on the summary too
                self._forget_summary(table)
                view = self.layout.table_post_view(table, post, info)
                self._later(self._archive_after_rematch(info))
            text = summary_text(info, post)
        await self.edit_summary(info, text, view, via)

    def _summary_due_now(self, table: int) -> None:
        """The newest turn a summary waited to say, once its time came (unless the game ended
        or left its thread meanwhile)."""
        self._timers.pop(table, None)
        outcome = self._pending.pop(table, None)
        if outcome is not None:
            self._later(self.posted(outcome))

    def _forget_summary(self, table: int) -> None:
        self._summarised.pop(table, None)
        self._summary_due.pop(table, None)
        self._pending.pop(table, None)
        timer = self._timers.pop(table, None)
        if timer is not None:
            timer.cancel()

    async def ended(self, info: TableInfo) -> None:
        """A table in a thread ended without a result (abandoned): the summary says so and
        the thread is archived."""
        if not info.in_thread or info.parent_id is None:
            return
        self._forget_summary(info.channel_id)
        threaded = info.post_channel == info.channel_id  # else a lobby closed before its thread
        try:
            async with in_public(self.client, info.guild_id):
                text = summary_text(info, None, threaded=threaded)
            await self.edit_summary(info, text, None)
        except Exception:
            log.exception("could not update the summary of table %s", info.channel_id)
        if threaded:
            self._later(self._archive_after_rematch(info, wait=False))

    async def edit_summary(self, info: TableInfo, text: str, view: discord.ui.View | None,
                           via: discord.Interaction | None = None) -> None:
        """Edit the table's summary (its lobby post in the channel): with ``via``'s token when
        that interaction was pressed on it and is still valid (its "original" is that post),
        else with the bot's. Refused as too old (30046), the text goes out as a new message in
        the channel instead (see the module doc)."""
        assert info.parent_id is not None
        if (via is not None and via.message is not None and via.message.id == info.channel_id
                and not via.is_expired()):
            try:
                await send.edit_original(via, content=text, view=view)
                return
            except discord.HTTPException as exc:
                log.info("the summary of table %s goes with the bot's token: %s",
                         info.channel_id, exc)
        message = self.client.get_partial_messageable(info.parent_id).get_partial_message(
            info.channel_id)
        try:
            await send.edit(message, content=text, view=view)
        except discord.HTTPException as exc:
            if exc.code != EDIT_LIMIT_OLD:
                log.warning("could not update the summary of table %s", info.channel_id,
                            exc_info=True)
                return
            log.info("the summary of table %s is too old to edit (Discord's limit): a new "
                     "message says it", info.channel_id)
            try:
                await send.send(self.client.get_partial_messageable(info.parent_id), text,
                                view=view, silent=True)
            except discord.HTTPException:
                log.warning("could not post the summary of table %s anew", info.channel_id,
                            exc_info=True)

    def _later(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _archive_after_rematch(self, info: TableInfo, *, wait: bool = True) -> None:
        """Archive a finished table's thread once no rematch lobby opened in it in time."""
        try:
            thread = await self.client.fetch_channel(info.channel_id)
            if not isinstance(thread, discord.Thread):
                return
            await thread.edit(auto_archive_duration=AFTER_END_ARCHIVE)
            if wait:
                await asyncio.sleep(self._rematch_seconds)
            if await self._service.views.table(info.channel_id) is None:
                await thread.edit(archived=True)
        except discord.HTTPException:
            log.warning("could not archive the thread %s", info.channel_id, exc_info=True)
        except Exception:
            log.exception("archiving the thread %s failed", info.channel_id)

    async def close(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()
        for task in list(self._tasks):
            task.cancel()


def _manages(thread: discord.Thread) -> bool:
    """Whether the bot has Manage Threads there (True when its permissions are not known: then
    Discord says)."""
    me = thread.guild.me if thread.guild is not None else None
    if me is None:
        return True
    return thread.permissions_for(me).manage_threads
