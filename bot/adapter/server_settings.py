"""``/settings language`` (Manage Server): the language of this server's public posts and
images — English, Français (any language with a catalog, :data:`i18n.LANGUAGES`), or "follow
the server's language" (its preferred locale in Server Settings > Overview; the default).
Private answers keep following each person's own Discord language."""

from __future__ import annotations

import discord
from discord import app_commands

from . import send
from .checks import require_guild
from .cog import ServiceCog
from .errors import Refusal, guarded
from .i18n import LANGUAGES, _
from .languages import server_language

FOLLOW = "auto"
"""The choice value for "follow the server's language"."""


def language_choices() -> list[app_commands.Choice[str]]:
    """Each language under its own name, then "follow the server's language"."""
    return [*(app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()),
            app_commands.Choice(name=_("Follow the server's language"), value=FOLLOW)]


class ServerSettings(ServiceCog):
    settings = app_commands.Group(
        name="settings", description=_("Tablée's settings for this server (admins)"),
        guild_only=True, default_permissions=discord.Permissions(manage_guild=True),
    )

    @settings.command(name="language",
                      description=_("The language of this server's tables, posts and images"))
    @app_commands.describe(language=_("A language, or follow the server's language (Server "
                                      "Settings > Overview)"))
    @app_commands.choices(language=language_choices())
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        async with guarded(interaction, "/settings language"):
            require_guild(interaction)
            if not interaction.permissions.manage_guild:
                raise Refusal(_("Only people with the Manage Server permission can change the "
                                "server's language."))
            await interaction.response.defer(ephemeral=True, thinking=True)
            await self.service.set_guild_language(interaction.guild_id,
                                               None if language == FOLLOW else language)
            now = await server_language(interaction.client, interaction.guild_id, interaction)
            name = LANGUAGES.get(now, now)
            text = (_("Tables and posts in this server now follow the server's language: {name}.",
                      name=name) if language == FOLLOW else
                    _("Tables and posts in this server are now in {name}. Private answers stay "
                      "in each person's own Discord language.", name=name))
            await send.respond(interaction, text, ephemeral=True)
