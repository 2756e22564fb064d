"""The **Rematch** button on a finished game's last table post.

Its custom id names the channel and the finished game (``tm:rematch:<channel>:<game row>``), so it
keeps working after a restart and after later games in the channel. The first press opens the
rematch lobby as a new public post that pings the other players of that game; their own press
(or Join on the lobby) keeps their seat, answered privately while the lobby post is redrawn.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.service.results import TableInfo

from . import send
from .checks import require_guild, require_post_permissions
from .context import tablee
from .errors import guarded
from .i18n import _
from .languages import in_public
from .limits import MAX_CONTENT
from .lobby import drop_lobby, host_name, lobby_text, lobby_view, refresh_lobby_post

REMATCH_ID = r"tm:rematch:(?P<channel>\d+):(?P<game>\d+)"


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=REMATCH_ID):
    def __init__(self, channel_id: int, game_row: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Rematch"), style=discord.ButtonStyle.success,
                custom_id=f"tm:rematch:{channel_id}:{game_row}",
            )
        )
        self.channel_id = channel_id
        self.game_row = game_row

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(int(match["channel"]), int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, "rematch"):
            require_guild(interaction)
            require_post_permissions(interaction)
            await press(interaction, self.channel_id, self.game_row)


def final_view(table: TableInfo) -> discord.ui.View | None:
    """The last post's buttons: Rematch, when the game is in history (it always is once
    finished)."""
    if table.game_row is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(table.channel_id, table.game_row))
    return view


def invitation(info: TableInfo) -> str:
    """The rematch lobby's first post: who asked, a ping for the others, then the lobby."""
    waiting = [s.user_id for s in info.seats if s.pending_until is not None]
    head = _("**{name}** wants a rematch!", name=host_name(info))
    if waiting:
        head += " " + _("{people}: press **Join** to keep your seat.",
                        people=", ".join(f"<@{u}>" for u in waiting))
    return f"{head}\n{lobby_text(info)}"[:MAX_CONTENT]


async def press(interaction: discord.Interaction, channel_id: int, game_row: int) -> None:
    bot = tablee(interaction.client)
    user = interaction.user
    info = await bot.host.rematch(channel_id, user.id, user.display_name, game_row=game_row)
    if info.post_message_id is None:  # a new lobby: its post
        pinged = [s.user_id for s in info.seats
                  if s.pending_until is not None and s.user_id is not None]
        async with in_public(interaction.client, info.guild_id, interaction):
            text, view = invitation(info), lobby_view(info)
        try:
            await send.respond(interaction, text, view=view, ping=pinged)
        except BaseException:
            await drop_lobby(interaction, channel_id)
            raise
        message = await interaction.original_response()
        await bot.host.set_post(channel_id, message.id, info.version)
        return
    seat = info.seat_of(user.id)
    await send.respond(
        interaction, _("You're in for the rematch (seat {seat}).", seat=seat), ephemeral=True
    )
    await refresh_lobby_post(interaction.client, info)
