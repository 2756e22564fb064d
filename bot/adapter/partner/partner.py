"""/partner: talking to one's partner in a game that has a partner channel (the bot registers
this command only when some registered game offers one). The service decides the mode; this
delivers.

"secret": a DM to the partner only; "aloud": a channel message everyone reads; "gestures": the
emoji in the channel. The sender always hears privately what happened. Player text never pings
anyone (no mentions are allowed on these messages), and the channel message is silent
(SUPPRESS_NOTIFICATIONS): table talk is read at the table, nobody's phone buzzes for it.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.service.rules.partner import MAX_LENGTH, PartnerMessage

from ..kit import send
from ..kit.cog import ServiceCog
from ..kit.errors import guarded
from ..kit.i18n import _, language
from ..kit.languages import dm_language, in_public
from ..posting.places import table_channel

log = logging.getLogger("tablee.adapter.partner")


def public_text(msg: PartnerMessage) -> str:
    """What the channel reads for "aloud" and "gestures"."""
    if msg.reach == "aloud":
        return _("🗣️ {name} says to {partner}: {text}", name=msg.name, partner=msg.partner_name,
                 text=msg.text)
    return _("🤚 {name} gestures to {partner}: {text}", name=msg.name, partner=msg.partner_name,
             text=msg.text)


async def whisper(client: discord.Client, msg: PartnerMessage, jump_url: str) -> str:
    """DM the partner; the sentence for the sender saying whether it arrived."""
    if msg.partner_user_id is None:
        return _("{partner} is a computer player: nobody reads whispers there.",
                 partner=msg.partner_name)
    with language(await dm_language(client, msg.partner_user_id)):
        text = _("🤫 {name} (your partner) whispers: {text}\n-# {url}", name=msg.name,
                 text=msg.text, url=jump_url)
    try:
        channel = await client.create_dm(discord.Object(id=msg.partner_user_id))
        await send.send(channel, text)
    except discord.HTTPException as exc:  # 50007: DMs closed; anything else: not delivered
        log.info("partner DM to %s failed: %s", msg.partner_user_id, exc)
        return _("I couldn't DM {partner} (their DMs are closed): your whisper was not delivered.",
                 partner=msg.partner_name)
    return _("You whispered to {partner}: {text}", partner=msg.partner_name, text=msg.text)


class PartnerCommands(ServiceCog):

    @app_commands.command(
        name="partner",
        description=_("Talk to your partner as the game's table-talk rule allows now"),
    )
    @app_commands.describe(
        message=_("What to say: the game decides if it goes as a secret DM, aloud or as emoji")
    )
    async def partner(
        self, interaction: discord.Interaction,
        message: app_commands.Range[str, 1, MAX_LENGTH],
    ) -> None:
        async with guarded(interaction, "/partner"):
            # Acknowledged before any read, privately: whether the table hears it is the
            # game's to say, and a whisper must not show even a public "thinking…".
            await send.defer_private(interaction)
            channel_id = await table_channel(interaction, self.service)
            msg = await self.service.views.partner_message(channel_id, interaction.user.id, message)
            if msg.reach == "secret":
                url = f"https://discord.com/channels/{interaction.guild_id}/{channel_id}"
                await send.followup(interaction, await whisper(self.bot, msg, url), ephemeral=True)
                return
            note = (
                _("Said aloud: the game's rule let the whole table hear it.")
                if msg.reach == "aloud"
                else _("Only gestures reach your partner now: the whole table saw it.")
            )
            await send.edit_original(interaction, content=note)
            async with in_public(interaction.client, interaction.guild_id, interaction):
                text = public_text(msg)
            await send.followup(interaction, text, silent=True)
