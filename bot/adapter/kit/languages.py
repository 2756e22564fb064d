"""Which language each message is in: what only one person sees speaks their Discord language;
what the channel sees speaks the server's; a DM speaks its reader's remembered language.

- private (ephemeral answers, refusals, menus): ``interaction.locale``, set for the whole handler
  by :func:`bot.adapter.kit.errors.guarded` (:func:`reader`);
- public (lobby posts, announcements, the leaderboard): the server's language, chosen
  with ``/settings language`` or else its preferred locale, else English
  (:func:`server_language`, :func:`in_public`); a table post comes written in it
  (``PublicPost.language``, which the poster uses);
- DMs (clock reminders, whispers): the locale of the person's last interaction
  (:func:`dm_language`), which :func:`remember` stores; a turn reminder comes with its note,
  written in its reader's language (``PrivateNote.language``).

The service keeps the choices (:mod:`bot.storage.languages`); this module is the adapter's only
caller of that part of the service.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import discord

from .context import tablee
from .i18n import current, language, language_of

log = logging.getLogger("tablee.adapter.languages")


def reader(interaction: discord.Interaction) -> str:
    """The language of the person who acted (their Discord client's)."""
    return language_of(interaction.locale)


def preferred_locale(
    client: discord.Client, guild_id: int | None, interaction: discord.Interaction | None = None
) -> str | None:
    """The server's preferred locale as Discord says it now (None when unknown)."""
    if interaction is not None and interaction.guild_id == guild_id and interaction.guild_locale:
        return str(interaction.guild_locale)
    guild = client.get_guild(guild_id) if guild_id is not None else None
    return str(guild.preferred_locale) if guild is not None and guild.preferred_locale else None


async def server_language(
    client: discord.Client, guild_id: int | None, interaction: discord.Interaction | None = None,
    *, host: int | None = None,
) -> str:
    """The language of a server's public posts. Outside a server: the language of the table's
    ``host`` (the person who opened it, as the service writes its posts), else the current one."""
    if guild_id is None:
        if host is not None:
            return await tablee(client).service.languages.user_language(host)
        return current()
    return await tablee(client).service.languages.guild_language(
        guild_id, preferred_locale(client, guild_id, interaction))


@asynccontextmanager
async def in_public(
    client: discord.Client, guild_id: int | None, interaction: discord.Interaction | None = None,
    *, host: int | None = None,
) -> AsyncIterator[str]:
    """``async with in_public(client, guild_id):`` texts built inside speak the server's
    language (the private language comes back afterwards); outside a server, the language of
    the table's ``host`` when given (:func:`server_language`)."""
    with language(await server_language(client, guild_id, interaction, host=host)) as code:
        yield code


async def dm_language(client: discord.Client, user_id: int) -> str:
    """The language to DM someone in: their last interaction's."""
    return await tablee(client).service.languages.user_language(user_id)


async def remember(interaction: discord.Interaction) -> None:
    """Keep the person's locale for later DMs (a failure only costs the DM's language)."""
    try:
        await tablee(interaction.client).service.languages.remember_locale(
            interaction.user.id, str(interaction.locale))
    except Exception:  # noqa: BLE001 - never let bookkeeping fail an answer
        log.warning("could not remember the locale of %s", interaction.user.id, exc_info=True)

