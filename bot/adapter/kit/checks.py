"""Preconditions checked before the host is asked anything: a server channel, and the bot's
right to post the table there (so a move is never applied that nobody can see)."""

from __future__ import annotations

import discord

from bot.service.rules.reach import BOT, INTERACTIONS

from .errors import Refusal
from .i18n import N_, _

# What posting a table needs (the invite asks for a little more: README, "2. Invite the bot").
NEEDED = ("view_channel", "send_messages", "attach_files")
NAMES = {  # as Discord's permission settings name them (French: Discord's French names)
    "view_channel": N_("View Channel"),
    "send_messages": N_("Send Messages"),
    "send_messages_in_threads": N_("Send Messages in Threads"),
    "attach_files": N_("Attach Files"),
    "embed_links": N_("Embed Links"),
    "read_message_history": N_("Read Message History"),
}


def require_guild(interaction: discord.Interaction) -> int:
    """The channel id of a server channel; refuses commands sent in DMs."""
    if interaction.guild_id is None or interaction.channel_id is None:
        raise Refusal(
            _("Tablée games live in server channels: use this command in a channel of your server.")
        )
    return interaction.channel_id


def reach_of(interaction: discord.Interaction) -> str:
    """Who can post a table opened here: the bot (a server that added it: Discord names that
    server among the interaction's authorizing owners; or the bot's own DM with the person) or
    only interactions (a DM or group DM between people, a server where Tablée is only someone's
    installed app)."""
    if interaction.is_guild_integration():
        return BOT
    if interaction.guild_id is None and interaction.context.dm_channel:
        return BOT
    return INTERACTIONS


def require_channel(interaction: discord.Interaction) -> int:
    """The conversation a command was used in (a server channel, a thread, a DM, a group DM)."""
    if interaction.channel_id is None:
        raise Refusal(_("I can't tell which conversation this is: use the command in a channel, "
                        "a DM or a group DM."))
    return interaction.channel_id


def bot_permissions(interaction: discord.Interaction) -> discord.Permissions:
    """The bot's permissions in the interaction's channel: the ``app_permissions`` Discord sends
    with every interaction (always current, threads included), else computed from the cache."""
    if interaction.app_permissions.value:
        return interaction.app_permissions
    guild = interaction.guild
    channel = interaction.channel
    me = guild.me if guild is not None else None
    if me is not None and channel is not None and hasattr(channel, "permissions_for"):
        return channel.permissions_for(me)  # type: ignore[union-attr]
    return interaction.app_permissions


def missing_permissions(interaction: discord.Interaction) -> list[str]:
    """What the bot lacks to post a table here; nothing where only interactions post (its
    permissions there say nothing of what an interaction's answers may do)."""
    if interaction.guild_id is None or reach_of(interaction) == INTERACTIONS:
        return []  # a DM: the bot's own, where it may post, or one where it never does
    perms = bot_permissions(interaction)
    needed = list(NEEDED)
    if isinstance(interaction.channel, discord.Thread):
        needed[needed.index("send_messages")] = "send_messages_in_threads"
    return [_(NAMES[name]) for name in needed if not getattr(perms, name)]


def require_post_permissions(interaction: discord.Interaction) -> None:
    missing = missing_permissions(interaction)
    if missing:
        raise Refusal(
            _(
                "I can't post the table here: I'm missing {perms} in this channel. "
                "A server admin can grant them in the channel settings.",
                perms=", ".join(missing),
            )
        )
