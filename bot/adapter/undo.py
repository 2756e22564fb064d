"""Undo (BGA's rule, :mod:`bot.service.undo`): the **Undo** button in the mover's private menu,
shown when the host offers it, and ``/undo``. The host decides and says why not; this takes the
move back, posts the table and shows the mover their menu again."""

from __future__ import annotations

import re
from typing import Any, Self

import discord
from discord import app_commands

from . import private_play
from .checks import require_guild
from .cog import HostCog
from .context import tablee
from .errors import guarded
from .i18n import _

UNDO_ID = r"tu:undo:(?P<channel>\d+):(?P<version>\d+)"
UNDO_ROW = 4  # the menu's navigation row (its first level has no Back)


class UndoButton(discord.ui.DynamicItem[discord.ui.Button], template=UNDO_ID):
    """Undo in a private menu, for the table version that menu showed (an older one is stale)."""

    def __init__(self, channel_id: int, version: int) -> None:
        super().__init__(discord.ui.Button(
            label=_("Undo"), style=discord.ButtonStyle.secondary,
            custom_id=f"tu:undo:{channel_id}:{version}",
        ), row=UNDO_ROW)
        self.channel_id = channel_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(int(match["channel"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await take_back(interaction, self.channel_id, self.version)


async def take_back(interaction: discord.Interaction, channel_id: int | None,
                    version: int | None) -> None:
    """Undo for the presser (``channel_id`` None: this channel, from /undo): the host takes the
    move back, the table is posted, and the private message shows the menu again."""
    async with guarded(interaction, "undo"):
        channel_id = channel_id or require_guild(interaction)
        await private_play.defer_change(interaction)
        bot = tablee(interaction.client)
        user_id = interaction.user.id
        outcome = await bot.host.undo(channel_id, user_id, version=version)
        await bot.poster.publish(channel_id, outcome, actor=user_id,
                                 previous=[outcome.table.post_message_id])
        said = _("You took back your last move.")
        await private_play.show_after(interaction, channel_id, outcome, said)


class UndoCommands(HostCog):
    """/undo, and the Undo button registered with it (so old menus work after a restart)."""

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(UndoButton)

    @app_commands.guild_only()
    @app_commands.command(
        name="undo", description=_("Take back your last move while it is still your turn")
    )
    async def undo(self, interaction: discord.Interaction) -> None:
        await take_back(interaction, None, None)
