"""Open table: the table post's button that opens the live table inside Discord, as an Activity.

Offered only when the owner configured the Activity (``[activity]`` with ``[web]``): the bot
sets :func:`offer` from its config at start-up (the adapter knows nothing of the web server).
Pressing it answers with LAUNCH_ACTIVITY: Discord opens the Activity in this channel (the
table's channel, or its thread), whose page then finds the table from the channel it was
launched in (and signs the person in: bot/web/activity.py).

Turning Activities on in the developer portal makes Discord create the application's Entry Point
command ("Launch", type 4), and Discord refuses a global bulk update of the commands that leaves
it out (error 50240): :func:`sync_global` carries it through, so the bot's command sync keeps
working (Activity configured here or not).
"""

from __future__ import annotations

import logging
from typing import Any, ClassVar

import discord
from discord import app_commands

from bot.service.results import PublicPost, TableInfo

from ..kit.components import Component, Item
from ..kit.errors import guarded
from ..kit.i18n import N_, _
from ..kit.send import reply_private

log = logging.getLogger("tablee.adapter")

OPEN_TABLE = N_("Open table")
ENTRY_POINT = 4  # PRIMARY_ENTRY_POINT: an Activity's "Launch" command
ENTRY_POINT_KEYS = ("id", "type", "name", "name_localizations", "description",
                    "description_localizations", "contexts", "integration_types", "handler",
                    "default_member_permissions")
"""What of a registered Entry Point command a bulk update sends back (the update's fields)."""


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
                    "Discord would not open the table here. If it keeps happening, the bot's "
                    "owner may need to turn on Activities for this application in Discord's "
                    "developer portal."))


def offer(configured: bool) -> None:
    """Whether table posts from now on carry Open table (the bot's config says)."""
    OpenTableButton.offered = configured


def open_table_button(channel_id: int, post: PublicPost, table: TableInfo) -> list[Item]:
    if post.finished or not OpenTableButton.offered:
        return []
    return [OpenTableButton(channel_id)]


async def sync_global(tree: app_commands.CommandTree) -> list[app_commands.AppCommand]:
    """``tree.sync()`` for the global commands, carrying the application's Entry Point commands
    (read back from Discord) in the bulk update, as Discord requires once Activities are on."""
    client = tree.client
    if client.application_id is None:  # not logged in: tree.sync() says so (MissingApplicationID)
        return await tree.sync()
    found = await client.http.get_global_commands(client.application_id)
    kept = [{k: c[k] for k in ENTRY_POINT_KEYS if c.get(k) is not None}  # type: ignore[literal-required]
            for c in found if c.get("type") == ENTRY_POINT]
    if not kept:
        return await tree.sync()
    # discord.py's CommandTree.sync, with the kept commands added to its payload.
    commands = tree._get_all_commands(guild=None)
    translator = tree.translator
    payload: list[Any] = ([await c.get_translated_payload(tree, translator) for c in commands]
                          if translator else [c.to_dict(tree) for c in commands])
    try:
        data = await client.http.bulk_upsert_global_commands(client.application_id,
                                                             payload=[*payload, *kept])
    except discord.HTTPException as exc:
        if exc.status == 400 and exc.code == 50035:
            raise app_commands.CommandSyncFailure(exc, commands) from None
        raise
    log.info("kept the Activity's Entry Point command %s in the sync",
             ", ".join(str(c.get("name")) for c in kept))
    return [app_commands.AppCommand(data=d, state=tree._state) for d in data]
