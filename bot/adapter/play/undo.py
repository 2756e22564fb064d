"""Undo (BGA's rule, :mod:`bot.service.undo`): the **Undo** button in the mover's private menu,
shown when the service offers it, and ``/undo``. The service decides and says why not; this takes the
move back, posts the table and shows the mover their menu again."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.service.results import MenuOffers

from ..kit.cog import ServiceCog
from ..kit.components import Component, Item
from ..kit.context import tablee
from ..kit.errors import guarded
from ..kit.i18n import _
from ..posting.places import TABLE_OPTION, table_channel, table_choices
from . import private_play

UNDO_ROW = 4  # the menu's navigation row (its first level has no Back)


class UndoButton(Component, discord.ui.DynamicItem[discord.ui.Button], namespace="tu:undo:",
                 template=r"(?P<channel_id>\d+):(?P<version>\d+)",
                 id_format="{channel_id}:{version}"):
    """Undo in a private menu, for the table version that menu showed (an older one is stale)."""

    def __init__(self, channel_id: int, version: int) -> None:
        super().__init__(discord.ui.Button(
            label=_("Undo"), style=discord.ButtonStyle.secondary,
            custom_id=self.make_id(channel_id=channel_id, version=version),
        ), row=UNDO_ROW)
        self.channel_id = channel_id
        self.version = version

    async def callback(self, interaction: discord.Interaction) -> None:
        await take_back(interaction, self.channel_id, self.version)


def undo_button(channel_id: int, version: int, offers: MenuOffers) -> list[Item]:
    """Undo on the first level of a mover's menu, when the service offers it."""
    return [UndoButton(channel_id, version)] if offers.can_undo else []


async def take_back(interaction: discord.Interaction, channel_id: int | None,
                    version: int | None) -> None:
    """Undo for the presser (``channel_id`` None: this channel, from /undo): the service takes the
    move back, the table is posted, and the private message shows the menu again."""
    async with guarded(interaction, "undo"):
        await private_play.defer_change(interaction)  # before any read: Discord waits 3 s
        channel_id = channel_id or await table_channel(interaction, tablee(interaction.client).service)
        bot = tablee(interaction.client)
        user_id = interaction.user.id
        outcome = await bot.service.moves.undo(channel_id, user_id, version=version)
        await private_play.played(interaction, outcome)


class UndoCommands(ServiceCog):
    """/undo."""

    @app_commands.command(
        name="undo", description=_("Take back your last move while it is still your turn")
    )
    @app_commands.describe(table=_(TABLE_OPTION))
    async def undo(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await take_back(interaction, None, None)

    undo.autocomplete("table")(table_choices)
