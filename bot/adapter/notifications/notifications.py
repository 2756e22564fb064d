"""``/notifications`` (everywhere, DMs too): each person's choices of how and when "your turn"
reaches them, in a private panel (:mod:`bot.adapter.notifications.panel`), stored at once for
every server; its options ``zone`` (autocompleted), ``quiet_from`` and ``quiet_to`` set the time
zone and any minute of quiet hours. ``/dms enabled`` (the older command, kept as an alias) adds
a DM to how "your turn" reaches them, or takes it away.

Every save also keeps the older ``dm_prefs`` answer in step (whether the choices include a DM),
then calls :func:`choices_changed`, where what was held back for the person is scheduled anew.
"""

from __future__ import annotations

import logging
import time

import discord
from discord import app_commands

from bot.storage.rows import NotifyPrefs

from ..kit import send
from ..kit.cog import ServiceCog
from ..kit.components import Component
from ..kit.context import Tablee, tablee
from ..kit.errors import guarded
from ..kit.i18n import _, language
from ..kit.languages import reader
from ..kit.send import reply_private
from . import panel

log = logging.getLogger("tablee.adapter.notifications")


async def current_prefs(bot: Tablee, user_id: int) -> NotifyPrefs:
    """The person's choices (the owner's defaults, or their /dms answer, for what they never
    chose)."""
    return await bot.service.notices.prefs(user_id)


async def save(bot: Tablee, user_id: int, prefs: NotifyPrefs) -> None:
    """Store the person's choices, keep their /dms answer in step, then :func:`choices_changed`."""
    await bot.service.store.prefs.set_notify_prefs(user_id, prefs)
    await bot.service.store.prefs.set_dm_enabled(user_id, prefs.dms)
    await choices_changed(bot, user_id)


async def choices_changed(bot: Tablee, user_id: int) -> None:
    """Called after every save of ``user_id``'s choices: the notifications held back for them
    (quiet hours, a digest) are scheduled anew by their new choices
    (:meth:`bot.service.notices.TurnNotices.rescheduled`)."""
    await bot.service.notices.rescheduled(user_id)


def panel_view(prefs: NotifyPrefs, user_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for field in panel.FIELDS:
        view.add_item(NotifySelect(field, user_id, panel.placeholder(prefs, field),
                                   panel.options_of(prefs, field)))
    return view


class NotifySelect(Component, discord.ui.DynamicItem[discord.ui.Select], namespace="tn:",
                   template=r"(?P<field>how|live|slow|from|to):(?P<user>\d+)",
                   id_format="{field}:{user}"):
    """One select of a person's /notifications panel; only that person may use it."""

    def __init__(self, field: str, user: int, placeholder: str = "…",
                 options: list[discord.SelectOption] | None = None) -> None:
        options = options or [discord.SelectOption(label="…", value="…")]
        super().__init__(discord.ui.Select(custom_id=self.make_id(field=field, user=user),
                                           placeholder=placeholder, options=options))
        self.field = field
        self.user = user

    async def allowed(self, interaction: discord.Interaction, /) -> bool:
        if interaction.user.id == self.user:
            return True
        log.warning("user %s pressed the notifications panel of user %s", interaction.user.id,
                    self.user)
        with language(reader(interaction)):
            text = _("This panel is someone else's: open your own with /notifications.")
        await reply_private(interaction, text)
        return False

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list(self.item.values)
        async with guarded(interaction, "notifications panel"):
            await interaction.response.defer()  # a deferred update of the panel
            bot = tablee(interaction.client)
            prefs = await current_prefs(bot, self.user)
            changed = panel.chosen(prefs, self.field, values[0] if values else "")
            if changed is None:
                note = "⚠️ " + _("That choice is not offered any more: here are your choices as "
                                 "they are now.")
            else:
                await save(bot, self.user, changed)
                prefs, note = changed, "✅ " + _("Saved.")
            await send.edit_original(interaction, content=panel.panel_text(prefs, time.time(),
                                                                           note),
                                     view=panel_view(prefs, self.user))


class NotificationCommands(ServiceCog):

    @app_commands.command(
        name="notifications",
        description=_("How and when I tell you it is your turn, quiet hours (privately)"))
    @app_commands.describe(
        zone=_("Your time zone: start typing your city, e.g. Paris"),
        quiet_from=_("When your quiet hours start, your time, e.g. 22:00"),
        quiet_to=_("When your quiet hours end, your time, e.g. 07:00"))
    async def notifications(self, interaction: discord.Interaction, zone: str | None = None,
                            quiet_from: str | None = None, quiet_to: str | None = None) -> None:
        async with guarded(interaction, "/notifications"):
            await send.defer_private(interaction)  # answered in time: Discord waits 3 s
            user_id = interaction.user.id
            prefs = await current_prefs(self.tablee, user_id)
            note = ""
            if (zone, quiet_from, quiet_to) != (None, None, None):
                prefs = panel.with_options(prefs, zone, quiet_from, quiet_to)
                await save(self.tablee, user_id, prefs)
                note = "✅ " + _("Saved.")
            await send.followup(interaction, panel.panel_text(prefs, time.time(), note),
                                view=panel_view(prefs, user_id), ephemeral=True)

    @notifications.autocomplete("zone")
    async def zone_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        now = time.time()
        with language(reader(interaction)):
            return [app_commands.Choice(name=panel.zone_choice(zone, now), value=zone)
                    for zone in panel.zone_suggestions(current)]

    @app_commands.command(
        name="dms", description=_("Turn on or off the DM with your hand when your turn starts")
    )
    @app_commands.describe(enabled=_("True: send me my hand by DM on my turn; False: don't"))
    async def dms(self, interaction: discord.Interaction, enabled: bool) -> None:
        async with guarded(interaction, "/dms"):
            await send.defer_private(interaction)  # answered in time: Discord waits 3 s
            prefs = await current_prefs(self.tablee, interaction.user.id)
            await save(self.tablee, interaction.user.id, panel.with_dms(prefs, enabled))
            text = (
                _("On your turn I'll DM you your hand and a link to the table.")
                if enabled
                else _("No more turn DMs: your hand is always under **My hand / Play**.")
            )
            more = _("More choices (when, quiet hours, your time zone): /notifications.")
            await send.respond(interaction, f"{text}\n{more}", ephemeral=True)
