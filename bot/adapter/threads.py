"""A thread per table: the lobby post in the channel, the game in a thread made from it.

``/play`` posts the lobby in the channel; the table is keyed by that post's id from the first
moment (:meth:`TableService.create_lobby` with ``parent_id``), because a thread made from a
message takes the message's id: on Start the thread is made from the lobby post (named after
the game and its players) and the table plays in it, keyed by the same id. The lobby post stays
in the channel as the table's one-line summary, edited once a turn ("In progress · Bob (seat 2)
to move · open the table"), and at the end shows the result with Rematch. Rematch opens the new
lobby in the same thread (the channel only sees the summary change).

When no thread can be made (a missing permission, the server's cap of active threads: Discord's
160006), the lobby moves to the channel itself (:meth:`TableService.move_to_channel`) and the
host gets one sentence saying why. A server may choose the channel for every table
(``/settings tables``; the bot's default is ``[tables] place``); a ``/play`` typed inside a thread
plays in that thread.

Discord archives idle threads, and nobody can use buttons or commands in an archived thread, so
the bot keeps a live table's thread open: made with the longest auto-archive duration, reopened
when Discord archives it (THREAD_UPDATE) and before each post. A finished table's thread is
archived once the rematch window has passed with no rematch in it (and set to archive itself
after an hour, should the bot restart before).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

import discord

from bot.service import TableService
from bot.service.results import Outcome, TableInfo

from . import send
from .components import table_post_view
from .i18n import language
from .languages import in_public
from .places import LONGEST_ARCHIVE, summary_text

log = logging.getLogger("tablee.adapter.threads")

AFTER_END_ARCHIVE = 60  # minutes: a finished table's thread archives itself within the hour


class TableThreads:
    """Makes tables' threads, keeps live ones open, keeps their summaries and archives them."""

    def __init__(self, client: discord.Client, service: TableService, *,
                 rematch_seconds: float) -> None:
        self.client = client
        self._service = service
        self._rematch_seconds = rematch_seconds
        self._summarised: dict[int, tuple[int, ...]] = {}  # table -> whose turn its summary says
        self._tasks: set[asyncio.Task[None]] = set()

    # -- while it plays -------------------------------------------------------------------------
    async def keep_open(self, info: TableInfo) -> None:
        """Before a post in a table's thread: reopen it if Discord archived it."""
        if not info.in_thread or info.waits_for_thread:
            return
        guild = self.client.get_guild(info.guild_id) if info.guild_id else None
        if guild is not None and guild.get_thread(info.channel_id) is not None:
            return  # cached threads are the active ones (discord.py drops archived ones)
        await self.reopen(info.channel_id)

    async def reopen(self, thread_id: int) -> None:
        try:
            thread = await self.client.fetch_channel(thread_id)
            if isinstance(thread, discord.Thread) and thread.archived:
                await thread.edit(archived=False, auto_archive_duration=LONGEST_ARCHIVE)
                log.info("reopened the archived thread %s of a live table", thread_id)
        except discord.HTTPException:
            log.warning("could not reopen the thread %s", thread_id, exc_info=True)

    async def archived(self, payload: discord.RawThreadUpdateEvent) -> None:
        """THREAD_UPDATE: a live table's thread archived by Discord is reopened at once."""
        if not payload.data.get("thread_metadata", {}).get("archived"):
            return
        try:
            table = await self._service.table(payload.thread_id)
        except Exception:
            log.warning("could not read the table of thread %s", payload.thread_id, exc_info=True)
            return
        if table is not None and table.in_thread:
            await self.reopen(payload.thread_id)

    async def posted(self, outcome: Outcome) -> None:
        """After a table post in a thread: the summary in the channel, at most once a turn; at
        the end the result with Rematch, and the thread archived after the rematch window. The
        post is out whatever happens here: a failure is logged."""
        try:
            await self._summarise(outcome)
        except Exception:
            log.exception("could not update the summary of table %s", outcome.table.channel_id)

    async def _summarise(self, outcome: Outcome) -> None:
        info, post = outcome.table, outcome.post
        if not info.in_thread or post is None or info.parent_id is None:
            return
        turn = tuple(post.to_move_user_ids)
        if not post.finished and self._summarised.get(info.channel_id) == turn:
            return
        self._summarised[info.channel_id] = turn
        view = None
        with language(post.language):
            if post.finished:  # the last post's buttons (Rematch, Analysis) on the summary too
                self._summarised.pop(info.channel_id, None)
                view = table_post_view(info.channel_id, post, info)
                self._later(self._archive_after_rematch(info))
            text = summary_text(info, post)
        await self.edit_summary(info, text, view)

    async def ended(self, info: TableInfo) -> None:
        """A table in a thread ended without a result (abandoned): the summary says so and
        the thread is archived."""
        if not info.in_thread or info.parent_id is None:
            return
        self._summarised.pop(info.channel_id, None)
        threaded = info.post_channel == info.channel_id  # else a lobby closed before its thread
        try:
            async with in_public(self.client, info.guild_id):
                text = summary_text(info, None, threaded=threaded)
            await self.edit_summary(info, text, None)
        except Exception:
            log.exception("could not update the summary of table %s", info.channel_id)
        if threaded:
            self._later(self._archive_after_rematch(info, wait=False))

    async def edit_summary(self, info: TableInfo, text: str, view: discord.ui.View | None) -> None:
        assert info.parent_id is not None
        message = self.client.get_partial_messageable(info.parent_id).get_partial_message(
            info.channel_id)
        try:
            await send.edit(message, content=text, view=view)
        except discord.HTTPException:
            log.warning("could not update the summary of table %s", info.channel_id,
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
            if await self._service.table(info.channel_id) is None:
                await thread.edit(archived=True)
        except discord.HTTPException:
            log.warning("could not archive the thread %s", info.channel_id, exc_info=True)
        except Exception:
            log.exception("archiving the thread %s failed", info.channel_id)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
