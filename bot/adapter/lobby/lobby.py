"""The lobby post: game, options in force and seats, with Join / Leave / Start / Cancel, a menu
to add a computer player (easy, medium or hard), Remove computer / Settings; and the owner's
settings panel.

Every press answers by editing the lobby post in place (one interaction response, no extra
message), so everybody sees the seats change. Refusals go privately to the presser.

**Settings** opens a private panel for the table's owner (anyone else gets a sentence): one select
per option that applies now (:mod:`bot.adapter.lobby.settings`). A choice goes to the service
(``set_option``), then the lobby post is edited in place and the panel is redrawn with the
settings as they now are (a mode's own options appear or go). A panel built for an older lobby
version changes nothing: it is redrawn as the lobby now is, saying so.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.service.errors import LOBBY_CHANGED, HostError
from bot.service.results import TableInfo
from bot.service.rules.lobby import DEFAULT_LEVEL
from bot.service.rules.reach import INTERACTIONS

from ..kit import send
from ..kit.checks import require_post_permissions
from ..kit.components import Component
from ..kit.context import tablee
from ..kit.errors import guarded, said
from ..kit.i18n import N_, _, shown, translate
from ..kit.languages import in_public
from ..kit.limits import MAX_CONTENT
from ..kit.pace import Unreachable
from ..posting.places import make_thread
from . import settings as st

log = logging.getLogger("tablee.adapter.lobby")

# (action, label, style, row): at most 5 buttons a row, seats first, the owner's below. The ids
# say "bot" / "unbot" for adding / removing a computer player (posted buttons carry them).
BUTTONS = (
    ("join", N_("Join"), discord.ButtonStyle.success, 0),
    ("leave", N_("Leave"), discord.ButtonStyle.secondary, 0),
    ("start", N_("Start"), discord.ButtonStyle.primary, 0),
    ("cancel", N_("Cancel"), discord.ButtonStyle.danger, 0),
    # Not drawn any more (the level menu took its place): a lobby post from before the levels
    # keeps a working Add computer button, which adds a medium player.
    ("bot", N_("Add computer"), discord.ButtonStyle.secondary, 2),
    ("unbot", N_("Remove computer"), discord.ButtonStyle.secondary, 2),
    ("settings", N_("Settings"), discord.ButtonStyle.secondary, 2),
)
LEVELS = (  # (level, label, description) in the Add a computer player menu, weakest first
    ("easy", N_("Easy"), N_("A gentle opponent for learning the game.")),
    ("medium", N_("Medium"), N_("Plays sensible moves: a fair game.")),
    ("hard", N_("Hard"), N_("Thinks ahead for about a second a move.")),
)


def level_name(level: str) -> str:
    """A computer level as people read it ("Easy"), in the current language."""
    return next((_(label) for code, label, _text in LEVELS if code == level), level)


def owner_name(info: TableInfo) -> str:
    return shown(next((s.name for s in info.seats if s.user_id == info.host_id), "?"))


def seat_line(info: TableInfo, seat: Any) -> str:
    """"2. Bob (host)": a seat of the lobby, with what people need to know about it."""
    n, name = seat.seat, shown(seat.name)
    if seat.pending_until is not None:
        return _("{n}. {name} (not confirmed yet)", n=n, name=name)
    if seat.is_computer and seat.bot_level and "(" not in name:  # a seat stored before names had it
        return _("{n}. {name} ({level})", n=n, name=name, level=level_name(seat.bot_level))
    if seat.user_id is not None and seat.user_id == info.host_id:
        return _("{n}. {name} (host)", n=n, name=name)
    return f"{n}. {name}"


def lobby_text(info: TableInfo) -> str:
    shown = [_("{label}: {value}", label=label, value=value) for label, value in info.option_texts]
    lines = [
        _("**{game}**: a table hosted by {host}", game=info.game_name, host=owner_name(info)),
        _("Options: {opts}", opts=" · ".join(shown) if shown else _("none")),
        _(
            "Seats ({n}/{hi}, {lo} needed to start):",
            n=len(info.seats),
            lo=info.min_players,
            hi=info.max_players,
        ),
    ]
    lines += [seat_line(info, seat) for seat in info.seats]
    waiting = [s.pending_until for s in info.seats if s.pending_until is not None]
    challenged = [str(s.name) for s in info.seats if s.challenged]  # people: no Text
    if challenged:
        lines.append(_("{name}'s seat is kept until <t:{at}:t> (<t:{at}:R>): press **Join** to "
                       "accept the challenge.", name=", ".join(challenged), at=int(max(waiting))))
    elif waiting:
        lines.append(_("Players of the last game keep their seats until <t:{at}:t> (<t:{at}:R>) "
                       "unless they press **Join**.", at=int(max(waiting))))
    if info.settings:
        lines.append(_("Press **Join** to sit down; the host may change the options with "
                       "**Settings**, then presses **Start**."))
    else:
        lines.append(_("Press **Join** to sit down; the host presses **Start**."))
    if info.reach == INTERACTIONS:
        lines.append(reach_note())
    return "\n".join(lines)[:MAX_CONTENT]


def reach_note() -> str:
    """What players of a table reached only through interactions should know, in small print."""
    return "-# " + _("Here Tablée can only post when one of you presses a button or uses a "
                     "command: if the table seems to wait, press **Board**. To hear of your "
                     "turn by DM, ask for it with /notifications.")


def started_sentence() -> str:
    """What a settings panel says once the game is under way."""
    return _("The game has started: its settings can't change any more.")


def started_text(info: TableInfo) -> str:
    names = ", ".join(shown(s.name) for s in info.seats)
    return _(
        "**{game}** started with {names}. The table post follows.", game=info.game_name, names=names
    )


class LobbyButton(Component, discord.ui.DynamicItem[discord.ui.Button], namespace="tl:",
                  template=r"(?P<action>join|leave|bot|unbot|start|cancel|settings)"
                           r":(?P<channel_id>\d+):(?P<version>\d+)",
                  id_format="{action}:{channel_id}:{version}"):
    def __init__(self, action: str, channel_id: int, version: int) -> None:
        label, style, row = next((lbl, st, r) for a, lbl, st, r in BUTTONS if a == action)
        super().__init__(
            discord.ui.Button(
                label=_(label), style=style, row=row,
                custom_id=self.make_id(action=action, channel_id=channel_id, version=version),
            )
        )
        self.action = action
        self.channel_id = channel_id

    async def callback(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, f"lobby {self.action}"):
            if self.action == "settings":
                await open_settings(interaction, self.channel_id)
            else:
                await self._act(interaction)

    async def _act(self, interaction: discord.Interaction) -> None:
        bot = tablee(interaction.client)
        service = bot.service
        user = interaction.user
        channel_id = self.channel_id
        if self.action == "start":
            require_post_permissions(interaction)
        # Acknowledge first (a deferred update), then edit the lobby post in place.
        await interaction.response.defer()
        if self.action == "start":
            await start(interaction, channel_id)
            return
        if self.action == "join":
            info = await service.lobbies.join(channel_id, user.id, user.display_name)
        elif self.action == "leave":
            info = await service.lobbies.leave(channel_id, user.id)
        elif self.action == "bot":
            info = await service.lobbies.add_computer(channel_id, user.id)
        elif self.action == "unbot":
            info = await service.lobbies.remove_computer(channel_id, user.id)
        else:
            admin = bool(interaction.permissions.manage_channels)
            info = await service.lobbies.cancel(channel_id, user.id, is_admin=admin)
            async with in_public(interaction.client, info.guild_id, interaction, host=info.host_id):
                text = _("The {game} table was cancelled by {name}.", game=info.game_name,
                         name=user.display_name)
            await send.edit_original(interaction, content=text, view=None)
            return
        if info.status != "lobby":
            async with in_public(interaction.client, info.guild_id, interaction, host=info.host_id):
                text = _("The {game} table closed: nobody is left.", game=info.game_name)
            await send.edit_original(interaction, content=text, view=None)
            return
        await show_lobby(interaction, info)


async def start(interaction: discord.Interaction, channel_id: int) -> None:
    """Start (deferred): a lobby waiting for its thread gets it first (or moves to the channel,
    the host told why), then the game starts and its first post goes where it plays."""
    bot = tablee(interaction.client)
    user = interaction.user
    why = None
    waiting = await bot.service.lobbies.check_start(channel_id, user.id)
    if waiting.waits_for_thread:
        channel_id, why = await make_thread(interaction, bot.service, waiting)
    outcome = await bot.service.lobbies.start(channel_id, user.id)
    if not (outcome.table.in_thread and interaction.channel_id == outcome.table.parent_id):
        async with in_public(interaction.client, outcome.table.guild_id, interaction,
                             host=outcome.table.host_id):
            text = started_text(outcome.table)
        await send.edit_original(interaction, content=text, view=None)
    # else the lobby post becomes the table's summary once its first post is out (the poster)
    await bot.poster.publish(outcome, via=interaction)  # a deferred update: a followup posts
    if why is not None:
        await send.followup(interaction, why, ephemeral=True)


class AddComputerSelect(Component, discord.ui.DynamicItem[discord.ui.Select],
                        namespace="tl:level:", template=r"(?P<channel_id>\d+):(?P<version>\d+)",
                        id_format="{channel_id}:{version}"):
    """The owner picks a level and a computer player of that level sits down (the service
    tells anyone else, privately, that only the host can; the lobby post stays as it is).
    Acknowledged before the service is asked: Discord waits 3 s, a database may take longer."""

    def __init__(self, channel_id: int, version: int) -> None:
        options = [discord.SelectOption(label=_(label), value=level, description=_(text))
                   for level, label, text in LEVELS]
        super().__init__(discord.ui.Select(
            custom_id=self.make_id(channel_id=channel_id, version=version),
            placeholder=_("Add a computer player…"),
            options=options, row=1,
        ))
        self.channel_id = channel_id

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list(self.item.values)
        async with guarded(interaction, "lobby add computer"):
            await interaction.response.defer()
            info = await tablee(interaction.client).service.lobbies.add_computer(
                self.channel_id, interaction.user.id, values[0] if values else DEFAULT_LEVEL
            )
            await show_lobby(interaction, info)


async def show_lobby(interaction: discord.Interaction, info: TableInfo) -> None:
    """Edit the lobby post this interaction came from (deferred) to show ``info``, in the
    server's language."""
    async with in_public(interaction.client, info.guild_id, interaction, host=info.host_id):
        text, view = lobby_text(info), lobby_view(info)
    await send.edit_original(interaction, content=text, view=view)


def lobby_view(info: TableInfo) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action, *_rest in BUTTONS:
        if action == "settings" and not info.settings:
            continue
        if action == "bot":
            view.add_item(AddComputerSelect(info.channel_id, info.version))
            continue
        view.add_item(LobbyButton(action, info.channel_id, info.version))
    return view


# -- the settings panel -------------------------------------------------------------------------
class SettingsSelect(Component, discord.ui.DynamicItem[discord.ui.Select],
                     namespace=st.SELECT_NAMESPACE, template=st.SELECT_FIELDS):
    """One option's select on the owner's settings panel."""

    def __init__(self, custom_id: str, placeholder: str = "…",
                 options: list[discord.SelectOption] | None = None) -> None:
        options = options or [discord.SelectOption(label=_("…"), value=st.VALUE_MARK)]
        super().__init__(discord.ui.Select(custom_id=custom_id, placeholder=placeholder,
                                           options=options))

    async def callback(self, interaction: discord.Interaction) -> None:
        match = self.template.fullmatch(self.custom_id)
        assert match is not None
        values = list(self.item.values)
        async with guarded(interaction, "settings"):
            await on_setting(interaction, match, values[0] if values else "")


class SettingsPage(Component, discord.ui.DynamicItem[discord.ui.Button],
                   namespace=st.PAGE_NAMESPACE,
                   template=r"(?P<channel_id>\d+):(?P<version>\d+):(?P<page>\d+)",
                   id_format="{channel_id}:{version}:{page}"):
    """Previous / Next on a settings panel with more than five options."""

    def __init__(self, channel_id: int, version: int, page: int, label: str = "…") -> None:
        custom_id = self.make_id(channel_id=channel_id, version=version, page=page)
        super().__init__(discord.ui.Button(label=label, custom_id=custom_id,
                                           style=discord.ButtonStyle.secondary))
        self.channel_id = channel_id
        self.page = page

    async def callback(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, "settings page"):
            await interaction.response.defer()
            info = await tablee(interaction.client).service.views.require_table(self.channel_id)
            await show_panel(interaction, info, self.page)


def panel_view(page: st.PanelPage, info: TableInfo) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for spec in page.selects:
        options = [discord.SelectOption(label=label, value=value, default=current)
                   for label, value, current in spec.options]
        view.add_item(SettingsSelect(spec.custom_id, spec.placeholder, options))
    if page.page > 0:
        view.add_item(SettingsPage(info.channel_id, info.version, page.page - 1, _("Previous")))
    if page.page < page.pages - 1:
        view.add_item(SettingsPage(info.channel_id, info.version, page.page + 1, _("Next")))
    return view


async def show_panel(
    interaction: discord.Interaction, info: TableInfo, page: int = 0, note: str = ""
) -> None:
    """Redraw the panel this interaction came from (already deferred) as the lobby now is."""
    if info.status != "lobby":
        await send.edit_original(interaction, content=started_sentence(), view=None)
        return
    screen = st.panel_page(info, page, note)
    await send.edit_original(interaction, content=screen.text, view=panel_view(screen, info))


async def open_settings(interaction: discord.Interaction, channel_id: int) -> None:
    """Settings on the lobby post: the panel for the owner, a sentence for anyone else."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    info = await tablee(interaction.client).service.views.require_table(channel_id)
    if info.status != "lobby":
        text = started_sentence()
    elif interaction.user.id != info.host_id:
        text = _("Only the host ({name}) can change the settings.", name=owner_name(info))
    else:
        screen = st.panel_page(info)
        await send.followup(interaction, screen.text, view=panel_view(screen, info), ephemeral=True)
        return
    await send.followup(interaction, text, ephemeral=True)


async def on_setting(interaction: discord.Interaction, match: re.Match[str], value: str) -> None:
    """A choice on the panel: set the option, edit the lobby post, redraw the panel."""
    await interaction.response.defer()  # a deferred update of the panel
    bot = tablee(interaction.client)
    channel_id, version, page = int(match["channel"]), int(match["version"]), int(match["page"])
    info = await bot.service.views.require_table(channel_id)
    if info.status != "lobby":
        await show_panel(interaction, info, page)
        return
    setting = st.setting_named(info.settings, match["name"]) if info.version == version else None
    decoded = st.decode_value(value)
    if setting is None or decoded is None:
        await show_panel(interaction, info, page, "⚠️ " + translate(LOBBY_CHANGED))
        return
    try:
        info = await bot.service.lobbies.set_option(channel_id, interaction.user.id,
                                                    setting.name, decoded, version=version)
    except HostError as exc:
        log.info("setting %s refused for user %s: %s", setting.name, interaction.user.id,
                 exc.message)
        info = await bot.service.views.require_table(channel_id)  # as it is now, after the refusal
        await show_panel(interaction, info, page, "⚠️ " + said(exc))
        return
    shown_now = await refresh_lobby_post(interaction.client, info)
    now = next((s for s in info.settings if s.name == setting.name), None)
    note = _("✅ {label}: {value}.", label=setting.label,
             value=now.value_text if now else setting.value_text)
    if not shown_now:
        note += " " + _("The lobby post shows it at the next press on it.")
    await show_panel(interaction, info, page, note)


async def refresh_lobby_post(client: discord.Client, info: TableInfo) -> bool:
    """Edit the lobby post (the table's stored post) to show ``info``: with the token of the
    command that posted it while it is valid, else the bot's. False when it could not (where
    only interactions post, that token expired: the next press on it shows the lobby)."""
    if info.post_message_id is None:
        return True
    message = client.get_partial_messageable(info.post_channel).get_partial_message(
        info.post_message_id
    )
    async with in_public(client, info.guild_id, host=info.host_id):
        text, view = lobby_text(info), lobby_view(info)
    try:
        await tablee(client).poster.carriers.edit(info.post_channel, message, content=text,
                                                  view=view)
    except Unreachable:
        return False
    except discord.HTTPException:
        log.warning("could not update lobby post %s in %s", info.post_message_id,
                    info.channel_id, exc_info=True)
    return True


async def drop_lobby(interaction: discord.Interaction, channel_id: int) -> None:
    """The lobby post never went out (e.g. Discord took the answer as late): nobody can see or
    cancel that lobby, and it would block the channel, so it goes."""
    try:
        await tablee(interaction.client).service.lobbies.cancel(channel_id, interaction.user.id)
    except Exception:
        log.exception("could not remove the unposted lobby in channel %s", channel_id)
    else:
        log.warning("the lobby post in channel %s failed: the lobby was removed", channel_id)


async def unpost_lobby(interaction: discord.Interaction, key: int) -> None:
    """A thread lobby whose post could not be finished: the lobby goes if it was stored, and
    the post (without buttons, nobody could use it) too."""
    try:
        if await tablee(interaction.client).service.views.table(key) is not None:
            await drop_lobby(interaction, key)
        await interaction.delete_original_response()
    except Exception:
        log.warning("could not take back the unfinished lobby post %s", key, exc_info=True)


async def post_unposted_lobbies(client: discord.Client) -> None:
    """After a restart: a lobby stored but never posted (the bot stopped between the two) gets
    its post now, so no lobby blocks a channel unseen."""
    bot = tablee(client)
    for info in await bot.service.views.active_tables():
        if info.status != "lobby" or info.post_message_id is not None:
            continue
        try:
            # its post (the key) never got its buttons, or only an interaction could post it
            if info.waits_for_thread or info.reach == INTERACTIONS:
                await bot.service.lobbies.cancel(info.channel_id, info.host_id)
                continue
            channel = client.get_partial_messageable(info.channel_id)
            async with in_public(client, info.guild_id, host=info.host_id):
                text, view = lobby_text(info), lobby_view(info)
            message = await send.send(channel, text, view=view)
            await bot.service.ledger.set_post(info.channel_id, message.id, info.version)
        except Exception:
            log.exception("could not post the lobby in channel %s", info.channel_id)
