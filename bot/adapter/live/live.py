"""The live table's buttons on the table post: Watch live (a link to the table's page, for
everyone) and Play in browser (a seated player's personal link, answered privately).

Offered only when the owner set ``[web] public_url`` and the bot runs the web server: the app
hands the bot ``issue_link`` and ``watch_link`` (the web server's
:meth:`~bot.web.server.WebServer.personal_link` and :meth:`~bot.web.server.WebServer.watch_url`)
and the bot sets :func:`offer` at start-up; the adapter never imports the web server. Watch
live's address carries the table's watch token (in its fragment): only who sees the post can
watch. Pressing
Play in browser again gives a new link, and the one before stops working.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

import discord

from bot.service.results import PublicPost, TableInfo

from ..kit.components import Component, Item
from ..kit.context import tablee
from ..kit.errors import Refusal, guarded
from ..kit.i18n import N_, _
from ..kit.send import defer_private, reply_private

WATCH_LIVE = N_("Watch live")
PLAY_IN_BROWSER = N_("Play in browser")


class LiveOffer:
    """The Watch live address of a table (None: no live buttons)."""

    watch_url: ClassVar[Callable[[int], str] | None] = None


def offer(watch_url: Callable[[int], str] | None) -> None:
    """Whether table posts from now on carry the live buttons, and Watch live's address."""
    LiveOffer.watch_url = watch_url


class PlayInBrowserButton(Component, discord.ui.DynamicItem[discord.ui.Button], namespace="tw:",
                          template=r"browser:(?P<channel_id>\d+)",
                          id_format="browser:{channel_id}"):
    """Play in browser at the table of ``channel_id``: a personal link, privately."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(discord.ui.Button(
            label=_(PLAY_IN_BROWSER), style=discord.ButtonStyle.secondary,
            custom_id=self.make_id(channel_id=channel_id)))
        self.channel_id = channel_id

    async def callback(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, "play in browser"):
            bot = tablee(interaction.client)
            if bot.issue_link is None or bot.config.web is None:
                raise Refusal(_("The live table is not running just now; play with **My hand "
                                "/ Play**."))
            await defer_private(interaction)  # before the link is stored: Discord waits 3 s
            url = await bot.issue_link(self.channel_id, interaction.user.id)
            hours = f"{bot.config.web.link_hours:g}"
            await reply_private(interaction, _(
                "Your personal link to play this table in a browser: {url}\n"
                "It is for you alone: whoever opens it plays for you. It works for {hours} "
                "hours; pressing **Play in browser** again gives a new link, and this one "
                "stops working.", url=url, hours=hours))


def live_buttons(channel_id: int, post: PublicPost, table: TableInfo) -> list[Item]:
    if post.finished or LiveOffer.watch_url is None:
        return []
    watch = discord.ui.Button(label=_(WATCH_LIVE), style=discord.ButtonStyle.link,
                              url=LiveOffer.watch_url(channel_id))
    return [watch, PlayInBrowserButton(channel_id)]
