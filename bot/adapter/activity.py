"""Open table: the table post's button that opens the live table inside Discord, as an Activity.

Offered only when the owner configured the Activity (``[activity]`` with ``[web]``): the bot
sets :func:`offer` from its config at start-up (the adapter knows nothing of the web server).
Pressing it answers with LAUNCH_ACTIVITY: Discord opens the Activity in this channel (the
table's channel, or its thread), whose page then finds the table from the channel it was
launched in (and signs the person in: bot/web/activity.py).
"""

from __future__ import annotations

import logging
from typing import ClassVar

import discord

from bot.service.results import PublicPost, TableInfo

from .components import Component, Item, on_table_post
from .errors import guarded
from .i18n import N_, _
from .send import reply_private

log = logging.getLogger("tablee.adapter")

OPEN_TABLE = N_("Open table")


class OpenTableButton(Component, discord.ui.DynamicItem[discord.ui.Button], namespace="to:",
                      template=r"open:(?P<channel_id>\d+)", id_format="open:{channel_id}"):
    """Open table (the Activity) for the table of ``channel_id``."""

    offered: ClassVar[bool] = False
    """Whether table posts carry the button (the Activity is configured)."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(discord.ui.Button(
            label=_(OPEN_TABLE), style=discord.ButtonStyle.secondary,
            custom_id=self.make_id(channel_id=channel_id)))
        self.channel_id = channel_id

    async def callback(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, "open table"):
            try:
                await interaction.response.launch_activity()
            except discord.HTTPException as exc:
                log.warning("Discord would not launch the Activity for table %s: %s",
                            self.channel_id, exc)
                await reply_private(interaction, _(
                    "Discord could not open the table here. The bot's owner needs to turn on "
                    "Activities for this application in Discord's developer portal."))


def offer(configured: bool) -> None:
    """Whether table posts from now on carry Open table (the bot's config says)."""
    OpenTableButton.offered = configured


@on_table_post(place=5)
def open_table_button(channel_id: int, post: PublicPost, table: TableInfo) -> list[Item]:
    if post.finished or not OpenTableButton.offered:
        return []
    return [OpenTableButton(channel_id)]
