"""Each person's one DM listing the tables waiting for them: turns held by their quiet hours or
gathered for their daily digest (:mod:`bot.service.notices`), told when they come due.

When a person's held turns come due (the clock's scheduler hands over a
:class:`~bot.service.scheduler.HeldDue`), one DM, in their language, lists every table still
waiting for them, each with its game and a link to its table post; a mention held back by quiet
hours comes this way too (a message sent late can only be a DM). That DM is their waiting list:
while the list changes (a turn there is over: struck through; none left: "Nothing is waiting for
you now.") it is edited in place, only while it is recent (:mod:`bot.adapter.kit.recency`:
Discord limits edits of messages older than an hour); past that it is left as it is, and the
next turns due get a new one. Closed DMs: nothing more is sent (the table post shows the turn).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

import discord

from bot.service import Services
from bot.service.followup import tolerated
from bot.service.history import game_name
from bot.storage.rows import Waiting, WaitingDm

from ..kit import send
from ..kit.i18n import _, language, shown
from ..kit.recency import still_editable
from .dms import dm_message, jump_url

log = logging.getLogger("tablee.adapter.dms")


def waiting_text(tables: Iterable[Waiting]) -> str:
    """The waiting list, in the current language: each table's game and a link to its post,
    struck through once that turn is over."""
    tables = list(tables)
    if all(w.over for w in tables):
        return _("Nothing is waiting for you now.")
    lines = [_("Your turn is waiting at these tables:")]
    for w in tables:
        url = jump_url(w.guild_id, w.channel_id, w.post_id)
        name = shown(game_name(w.game_id))
        lines.append(_("- ~~**{game}**~~: your turn there is over.", game=name) if w.over
                     else _("- **{game}**: {url}", game=name, url=url))
    lines.append(_("-# Turn these messages off or change them with /notifications."))
    return "\n".join(lines)


class WaitingLists:
    """Sends and edits the waiting-list DMs (see the module docstring)."""

    def __init__(self, client: discord.Client, service: Services) -> None:
        self.client = client
        self._service = service

    async def release(self, user_id: int) -> None:
        """The person's held turns came due: their waiting list goes out in a new DM (their
        DMs closed: nothing more). Never raises for a send that failed."""
        notices = self._service.notices
        release = await notices.release(user_id)
        if release is None:
            return
        message = None
        try:
            with language(await self._service.languages.user_language(user_id)):
                text = waiting_text(release.tables)
            message = await dm_message(self.client, user_id, text)
        finally:  # told either way: a due turn is never sent twice in a loop
            dm = None if message is None else WaitingDm(
                user_id, message.channel.id, message.id, release.tables)
            await notices.told(release, dm)

    async def changed(self, dms: Iterable[WaitingDm]) -> None:
        """These waiting lists changed (a turn there is over): each edited while recent."""
        now = self._service.clock_now()
        for dm in dms:
            if not still_editable(dm.message_id, now):
                continue
            with language(await tolerated(log, f"reading the language of {dm.user_id}",
                                          self._service.languages.user_language(dm.user_id),
                                          "en")):
                text = waiting_text(dm.tables)
            channel = self.client.get_partial_messageable(dm.channel_id,
                                                          type=discord.ChannelType.private)
            try:
                await send.edit(channel.get_partial_message(dm.message_id), content=text)
            except discord.NotFound:
                pass  # deleted by the person: nothing to correct
            except discord.HTTPException:
                log.warning("could not edit the waiting list %s", dm.message_id, exc_info=True)
