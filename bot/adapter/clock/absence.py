"""/leave, the reminders and the one scheduler task of the turn clock (see
:mod:`bot.service.clock`); the table post's clock buttons are in :mod:`bot.adapter.clock.clock`."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands

from bot.service.followup import tolerated
from bot.service.results import Outcome
from bot.service.rules.held import TurnNotice
from bot.service.scheduler import ClockEvent, HeldDue, Reminder, Scheduler, TournamentDue
from bot.service.seasons import SeasonOver
from bot.storage.rows import HeldTurn

from ..kit import send
from ..kit.checks import require_channel, require_post_permissions
from ..kit.cog import ServiceCog
from ..kit.context import Tablee
from ..kit.errors import guarded
from ..kit.i18n import _, language
from ..kit.languages import dm_language, in_public
from ..kit.pace import Unreachable
from ..lobby.lobby import refresh_lobby_post
from ..posting.dms import jump_url, send_dm
from ..posting.places import TABLE_OPTION, table_channel, table_choices
from ..seasons.seasons import announce
from .clock import said

log = logging.getLogger("tablee.adapter.clock")


# -- /leave -------------------------------------------------------------------------------------
class LeaveCommands(ServiceCog):

    @app_commands.command(
        name="leave", description=_("Leave this channel's lobby, or hand your seat in the game to "
                                    "a computer")
    )
    @app_commands.describe(table=_(TABLE_OPTION))
    async def leave(self, interaction: discord.Interaction, table: str | None = None) -> None:
        async with guarded(interaction, "/leave"):
            require_channel(interaction)
            await send.defer_private(interaction)  # before any read: Discord waits 3 s
            channel_id = await table_channel(interaction, self.service)
            before = await self.service.views.require_table(channel_id)
            if before.status == "playing":
                require_post_permissions(interaction)
            result = await self.service.absence.leave_game(channel_id, interaction.user.id)
            if isinstance(result, Outcome):
                await self.tablee.poster.publish(result)
                text = _("You left the game: a computer plays your seat. Press **I'm back** on "
                         "the table post to play again.")
            elif result.status == "abandoned" and before.status == "playing":
                async with in_public(interaction.client, interaction.guild_id, interaction):
                    await said(self.tablee, channel_id, _(
                        "{name} left the {game} game and nobody else was playing, so it ended "
                        "without a result. The channel is free for /play.",
                        name=interaction.user.display_name, game=result.game_name))
                await self.poster.close_table(channel_id, [before.post_message_id], result)
                text = _("You left; the game ended without a result.")
            elif result.status == "abandoned":
                async with in_public(interaction.client, interaction.guild_id, interaction):
                    await said(self.tablee, channel_id, _(
                        "The {game} lobby closed: nobody is left.", game=result.game_name))
                await self.poster.close_table(channel_id, [before.post_message_id])
                text = _("You left the lobby.")
            else:
                await refresh_lobby_post(interaction.client, result)
                text = _("You left the lobby.")
            await send.followup(interaction, text, ephemeral=True)

    leave.autocomplete("table")(table_choices)


# -- reminders and the scheduler ----------------------------------------------------------------
async def remind(bot: Tablee, reminder: Reminder) -> None:
    """Half of the mover's time is gone: a jump link in the channel, mentioning them only when
    they chose mentions and are outside their quiet hours (else silent), and a DM when they
    chose DMs (in their quiet hours it is held for their waiting list instead)."""
    url = jump_url(reminder.guild_id, reminder.channel_id, reminder.post_message_id)
    client = bot.poster.client
    user_id = reminder.user_id
    notice = await tolerated(log, f"reading the notification choices of {user_id}",
                             bot.service.notices.reminder(user_id), TurnNotice(True))
    async with in_public(client, reminder.guild_id):
        text = _("<@{id}>, half of your time in **{game}** is gone: it runs out <t:{when}:R>. "
                 "{url}", id=user_id, game=reminder.game_name,
                 when=int(reminder.deadline), url=url)
    channel = client.get_partial_messageable(reminder.channel_id)
    # Carried by a recent interaction at the table when there is one (no request on the bot's
    # own token: bot.adapter.posting.carriers), else sent with the bot's; silent unless it pings.
    try:
        await bot.poster.carriers.send(reminder.channel_id, channel, text,
                                       ping=[user_id] if notice.ping else [])
    except Unreachable:  # only an interaction posts there, and none can now: the DM tells
        log.info("the reminder in %s waits for nobody: only its DM goes", reminder.channel_id)
    if notice.held_until is not None:
        await bot.service.notices.hold(HeldTurn(
            user_id, reminder.channel_id, reminder.guild_id, reminder.game_id,
            reminder.post_message_id, bot.service.clock_now(), notice.held_until))
    elif notice.dm_at is not None:
        with language(await dm_language(client, user_id)):
            dm = _("Your time in **{game}** runs out <t:{when}:R>: {url}\n-# Turn these "
                   "messages off or change them with /notifications.", game=reminder.game_name,
                   when=int(reminder.deadline), url=url)
        await send_dm(client, user_id, dm)


def start_clock(bot: Tablee, **timing: Any) -> asyncio.Task[None]:
    """The one scheduler task for every table (``timing``: ``now``/``sleep`` for tests)."""

    async def handle(event: ClockEvent) -> None:
        if isinstance(event, Reminder):
            await remind(bot, event)
        elif isinstance(event, HeldDue):
            await bot.poster.waiting.release(event.user_id)
        elif isinstance(event, TournamentDue):  # the tournament room's (bot.adapter.tournament)
            bot.poster.client.dispatch("tournament_due", event)
        elif isinstance(event, SeasonOver):
            await announce(bot, event)
        else:
            await bot.poster.publish(event)

    scheduler = Scheduler(bot.service, handle, **timing)
    return asyncio.create_task(scheduler.run(), name="tablee-clock")
