"""The turn clock's buttons on the table post (Skip, Computer plays for …, I'm back, End the
game); its sentences are :func:`bot.adapter.posting.post_text.clock_lines`. /leave, reminders and
the scheduler task: :mod:`bot.adapter.clock.absence`.

The service decides everything (:mod:`bot.service.rules.absence`, :mod:`bot.service.clock`); this
module draws it. The mover's remaining time is Discord's relative timestamp (``<t:UNIX:R>``), which counts
down by itself: the post is never edited to show the time passing.
"""

from __future__ import annotations

import logging

import discord

from bot.service.results import PrivateNote, PublicPost, TableInfo

from ..kit import send
from ..kit.checks import require_post_permissions
from ..kit.components import Component, Item
from ..kit.context import Tablee, tablee
from ..kit.errors import guarded
from ..kit.i18n import N_, _, shown
from ..kit.languages import in_public
from ..kit.limits import MAX_BUTTON_LABEL, MAX_CONTENT, clip
from ..kit.pace import Unreachable

log = logging.getLogger("tablee.adapter.clock")

BACK_TEXT = N_("A computer is playing for you now. Press **I'm back** to play again.")


# -- the table post -----------------------------------------------------------------------------
def clock_buttons(channel_id: int, post: PublicPost, table: TableInfo) -> list[Item]:
    """The clock's buttons on a table post, on their own row (its sentences:
    :func:`bot.adapter.posting.post_text.clock_lines`)."""
    clock, version = post.clock, post.version
    if clock is None or post.finished:
        return []
    items: list[Item] = []
    if clock.timed_out and clock.name:
        if clock.can_skip:
            items.append(ClockButton("skip", channel_id, version))
        items.append(ClockButton("take", channel_id, version, name=shown(clock.name)))
    if clock.replaced:
        items.append(ClockButton("back", channel_id, version))
    if clock.end_offer:
        items.append(ClockButton("end", channel_id, version))
    return items


def back_screen(channel_id: int, note: PrivateNote) -> tuple[str, discord.ui.View]:
    """My hand for someone a computer plays for: the note and an I'm back button."""
    view = discord.ui.View(timeout=None)
    view.add_item(ClockButton("back", channel_id, note.version))
    return f"{shown(note.text)}\n{_(BACK_TEXT)}"[:MAX_CONTENT], view


class ClockButton(Component, discord.ui.DynamicItem[discord.ui.Button], namespace="tc:",
                  template=r"(?P<action>skip|take|back|end):(?P<channel_id>\d+):(?P<version>\d+)",
                  id_format="{action}:{channel_id}:{version}"):
    """Skip / Computer plays for … (version-checked by the service), I'm back, End the game."""

    STYLES = {"skip": discord.ButtonStyle.secondary, "take": discord.ButtonStyle.secondary,
              "back": discord.ButtonStyle.success, "end": discord.ButtonStyle.danger}

    def __init__(self, action: str, channel_id: int, version: int, *, name: str = "") -> None:
        labels = {"skip": _("Skip"), "back": _("I'm back"), "end": _("End the game"),
                  "take": _("Computer plays for {name}", name=name) if name
                  else _("Computer plays")}
        super().__init__(discord.ui.Button(
            label=clip(labels[action], MAX_BUTTON_LABEL), style=self.STYLES[action], row=1,
            custom_id=self.make_id(action=action, channel_id=channel_id, version=version),
        ))
        self.action = action
        self.channel_id = channel_id
        self.version = version

    async def callback(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, f"clock {self.action}"):
            require_post_permissions(interaction)
            await interaction.response.defer()
            bot = tablee(interaction.client)
            user = interaction.user.id
            if self.action == "end":
                info = await bot.service.absence.end_game(self.channel_id, user)
                bot.poster.carriers.offer(self.channel_id, interaction)  # it can carry the words
                async with in_public(interaction.client, interaction.guild_id, interaction):
                    await said(bot, self.channel_id, _(
                        "{name} ended the {game} game: no result is kept. The channel is free "
                        "for /play.", name=interaction.user.display_name, game=info.game_name))
                await bot.poster.close_table(self.channel_id, [info.post_message_id], info)
                return
            if self.action == "skip":
                outcome = await bot.service.absence.skip(self.channel_id, user,
                                                         version=self.version)
            elif self.action == "take":
                outcome = await bot.service.absence.take_over(self.channel_id, user,
                                                              version=self.version)
            else:
                outcome = await bot.service.absence.come_back(self.channel_id, user)
            await bot.poster.publish(outcome, via=interaction)  # deferred update: it can carry
            if self.action == "back" and interaction.message is not None \
                    and interaction.message.flags.ephemeral:
                await send.edit_original(
                    interaction, content=_("Welcome back: you play your seat again."), view=None)


async def said(bot: Tablee, channel_id: int, text: str) -> None:
    """A plain sentence in the channel, pinging nobody, silent (SUPPRESS_NOTIFICATIONS): carried
    by a recent interaction there (:mod:`bot.adapter.posting.carriers`), else with the bot's
    token; where only interactions post and none can, it is not said (logged)."""
    channel = bot.poster.client.get_partial_messageable(channel_id)
    try:
        await bot.poster.carriers.send(channel_id, channel, text, ping=[])
    except Unreachable:
        log.info("a sentence for channel %s found no interaction to carry it", channel_id)
