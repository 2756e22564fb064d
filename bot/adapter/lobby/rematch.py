"""The **Rematch** button on a finished game's last table post.

Its custom id names the channel and the finished game (``tm:rematch:<channel>:<game row>``), so it
keeps working after a restart and after later games in the channel. The first press opens the
rematch lobby as a new public post that pings the other players of that game; their own press
(or Join on the lobby) keeps their seat, answered privately while the lobby post is redrawn.
"""

from __future__ import annotations

import discord

from bot.service.results import PublicPost, TableInfo

from ..kit import send
from ..kit.checks import require_post_permissions
from ..kit.components import Component, Item
from ..kit.context import tablee
from ..kit.errors import guarded
from ..kit.i18n import _
from ..kit.languages import in_public
from ..kit.limits import MAX_CONTENT
from .lobby import drop_lobby, lobby_text, lobby_view, owner_name, refresh_lobby_post


class RematchButton(Component, discord.ui.DynamicItem[discord.ui.Button], namespace="tm:rematch:",
                    template=r"(?P<channel_id>\d+):(?P<game_row>\d+)",
                    id_format="{channel_id}:{game_row}"):
    def __init__(self, channel_id: int, game_row: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_("Rematch"), style=discord.ButtonStyle.success,
                custom_id=self.make_id(channel_id=channel_id, game_row=game_row),
            )
        )
        self.channel_id = channel_id
        self.game_row = game_row

    async def callback(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, "rematch"):
            require_post_permissions(interaction)
            # Acknowledged before any read, privately: the invitation goes to the channel as a
            # message of its own, whose mentions ping (an edited "thinking…" pings nobody).
            await send.defer_private(interaction)
            await press(interaction, self.channel_id, self.game_row)


def rematch_button(channel_id: int, post: PublicPost, table: TableInfo) -> list[Item]:
    """The last post's button: Rematch, when the game is in history (it always is once
    finished), unless it was a tournament's game (the tournament pairs the next round)."""
    if not post.finished or table.game_row is None or table.tournament is not None:
        return []
    return [RematchButton(table.channel_id, table.game_row)]


def invitation(info: TableInfo) -> str:
    """The rematch lobby's first post: who asked, a ping for the others, then the lobby."""
    waiting = [s.user_id for s in info.seats if s.pending_until is not None]
    head = _("**{name}** wants a rematch!", name=owner_name(info))
    if waiting:
        head += " " + _("{people}: press **Join** to keep your seat.",
                        people=", ".join(f"<@{u}>" for u in waiting))
    return f"{head}\n{lobby_text(info)}"[:MAX_CONTENT]


async def press(interaction: discord.Interaction, channel_id: int, game_row: int) -> None:
    """The press that opened the lobby posts it; any other press (also one made at the same
    moment) keeps its presser's seat privately, and the one lobby post shows it."""
    bot = tablee(interaction.client)
    user = interaction.user
    pressed = await bot.service.lobbies.rematch(channel_id, user.id, user.display_name,
                                                game_row=game_row)
    info = pressed.table
    if pressed.opened:
        pinged = [s.user_id for s in info.seats
                  if s.pending_until is not None and s.user_id is not None]
        async with in_public(interaction.client, info.guild_id, interaction, host=info.host_id):
            text, view = invitation(info), lobby_view(info)
        # The private answer first: the invitation is then a message of its own, carried by
        # this press where it is made in the table's channel (else the bot's token posts it in
        # the thread), whose mentions ping.
        await send.respond(interaction, _("The rematch lobby is open in <#{thread}>.",
                                          thread=channel_id), ephemeral=True)
        carriers = bot.poster.carriers
        carriers.offer(channel_id, interaction)
        try:  # where the table plays: this channel, or (pressed on a summary) its thread
            message = await carriers.send(
                channel_id, interaction.client.get_partial_messageable(channel_id), text,
                view=view, ping=pinged)
        except BaseException:
            await drop_lobby(interaction, channel_id)
            raise
        await bot.service.ledger.set_post(channel_id, message.id, info.version)
    else:
        seat = info.seat_of(user.id)
        await send.respond(
            interaction, _("You're in for the rematch (seat {seat}).", seat=seat), ephemeral=True
        )
    await show_latest(interaction.client, channel_id, info.version if pressed.opened else None)


async def show_latest(client: discord.Client, channel_id: int, posted: int | None) -> None:
    """Redraw the lobby post from the stored lobby: a seat confirmed while the post was on its
    way shows too, whichever press's redraw comes last. ``posted``: the version the opener's post
    already shows (nothing to redraw while it is still the latest)."""
    latest = await tablee(client).service.views.table(channel_id)
    if latest is not None and latest.status == "lobby" and latest.version != posted:
        await refresh_lobby_post(client, latest)
