"""My hand / Play, Board, Describe and Rules: the buttons of every table post while the game is
on.

Any version works: each shows the table as it is now (the version only keeps ids distinct).
"""

from __future__ import annotations

import discord

from bot.service.results import PublicPost, TableInfo

from ..kit.components import Component, Item
from ..kit.i18n import N_, _
from . import private_play


class TableButton(Component, discord.ui.DynamicItem[discord.ui.Button], namespace="tt:",
                  template=r"(?P<action>hand|board|describe|rules)"
                           r":(?P<channel_id>\d+):(?P<version>\d+)",
                  id_format="{action}:{channel_id}:{version}"):
    """My hand / Play, Board, Describe (the board in words), Rules."""

    LABELS = {"hand": N_("My hand / Play"), "board": N_("Board"), "describe": N_("Describe"),
              "rules": N_("Rules")}
    STYLES = {
        "hand": discord.ButtonStyle.primary,
        "board": discord.ButtonStyle.secondary,
        "describe": discord.ButtonStyle.secondary,
        "rules": discord.ButtonStyle.secondary,
    }

    def __init__(self, action: str, channel_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_(self.LABELS[action]),
                style=self.STYLES[action],
                custom_id=self.make_id(action=action, channel_id=channel_id, version=version),
            )
        )
        self.action = action
        self.channel_id = channel_id
        self.version = version

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.action == "hand":
            await private_play.show_hand(interaction, self.channel_id)
        elif self.action == "board":
            await private_play.show_board(interaction, self.channel_id)
        elif self.action == "describe":
            await private_play.show_words(interaction, self.channel_id)
        else:
            await private_play.show_table_rules(interaction, self.channel_id)


def table_buttons(channel_id: int, post: PublicPost, table: TableInfo) -> list[Item]:
    if post.finished:
        return []
    return [TableButton(action, channel_id, post.version) for action in TableButton.LABELS]
