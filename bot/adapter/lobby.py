"""The lobby post: game, options and seats, with Join / Leave / Start / Cancel and, on a second
row, Add computer / Remove computer.

Every press answers by editing the lobby post in place (one interaction response, no extra
message), so everybody sees the seats change. Refusals go privately to the presser.
"""

from __future__ import annotations

import discord

from bot.host.results import TableInfo

from .checks import require_post_permissions
from .errors import guarded
from .i18n import _
from .items import ActionIdItem
from .texts import options_text

LOBBY_ID = r"tl:(?P<action>join|leave|bot|unbot|start|cancel):(?P<channel>\d+):(?P<version>\d+)"
BUTTONS = (  # (action, label, style, row): at most 5 buttons a row, seats first, computers below
    ("join", "Join", discord.ButtonStyle.success, 0),
    ("leave", "Leave", discord.ButtonStyle.secondary, 0),
    ("start", "Start", discord.ButtonStyle.primary, 0),
    ("cancel", "Cancel", discord.ButtonStyle.danger, 0),
    ("bot", "Add computer", discord.ButtonStyle.secondary, 1),
    ("unbot", "Remove computer", discord.ButtonStyle.secondary, 1),
)


def lobby_text(info: TableInfo) -> str:
    host_name = next((s.name for s in info.seats if s.user_id == info.host_id), "?")
    lines = [
        _("**{game}**: a table hosted by {host}", game=info.game_name, host=host_name),
        _("Options: {opts}", opts=options_text(info.options)),
        _(
            "Seats ({n}/{hi}, {lo} needed to start):",
            n=len(info.seats),
            lo=info.min_players,
            hi=info.max_players,
        ),
    ]
    for seat in info.seats:
        mark = _(" (host)") if seat.user_id is not None and seat.user_id == info.host_id else ""
        lines.append(f"{seat.seat}. {seat.name}{mark}")
    lines.append(_("Press **Join** to sit down; the host presses **Start**."))
    return "\n".join(lines)[:2000]


def started_text(info: TableInfo) -> str:
    names = ", ".join(s.name for s in info.seats)
    return _(
        "**{game}** started with {names}. The table post follows.", game=info.game_name, names=names
    )


class LobbyButton(ActionIdItem, discord.ui.DynamicItem[discord.ui.Button], template=LOBBY_ID):
    def __init__(self, action: str, channel_id: int, version: int) -> None:
        label, style, row = next((lbl, st, r) for a, lbl, st, r in BUTTONS if a == action)
        super().__init__(
            discord.ui.Button(
                label=_(label), style=style, custom_id=f"tl:{action}:{channel_id}:{version}",
                row=row,
            )
        )
        self.action = action
        self.channel_id = channel_id

    async def callback(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, f"lobby {self.action}"):
            await self._act(interaction)

    async def _act(self, interaction: discord.Interaction) -> None:
        host = interaction.client.host  # type: ignore[attr-defined]
        user = interaction.user
        channel_id = self.channel_id
        if self.action == "start":
            require_post_permissions(interaction)
        # Acknowledge first (a deferred update), then edit the lobby post in place.
        await interaction.response.defer()
        if self.action == "start":
            outcome = await host.start(channel_id, user.id)
            await interaction.edit_original_response(content=started_text(outcome.table), view=None)
            await interaction.client.poster.publish(channel_id, outcome, actor=None)  # type: ignore[attr-defined]
            return
        if self.action == "join":
            info = await host.join(channel_id, user.id, user.display_name)
        elif self.action == "leave":
            info = await host.leave(channel_id, user.id)
        elif self.action == "bot":
            info = await host.add_computer(channel_id, user.id)
        elif self.action == "unbot":
            info = await host.remove_computer(channel_id, user.id)
        else:
            admin = bool(interaction.permissions.manage_channels)
            info = await host.cancel(channel_id, user.id, is_admin=admin)
            await interaction.edit_original_response(
                content=_(
                    "The {game} table was cancelled by {name}.",
                    game=info.game_name,
                    name=user.display_name,
                ),
                view=None,
            )
            return
        if info.status != "lobby":
            await interaction.edit_original_response(
                content=_("The {game} table closed: nobody is left.", game=info.game_name),
                view=None,
            )
            return
        await interaction.edit_original_response(content=lobby_text(info), view=lobby_view(info))


def lobby_view(info: TableInfo) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action, *_rest in BUTTONS:
        view.add_item(LobbyButton(action, info.channel_id, info.version))
    return view
