"""``/settings language`` (Manage Server): the language of this server's public posts and
images — English, Français (any language with a catalog, :data:`i18n.LANGUAGES`), or "follow
the server's language" (its preferred locale in Server Settings > Overview; the default).
Private answers keep following each person's own Discord language.

``/settings tables`` (Manage Server): where the server's new tables play, each in a thread made
from its lobby post or in the channel itself (until an admin chooses, the bot's configured
``[tables] place``); tables already open stay where they are.

``/settings vacation`` (Manage Server): how many days of vacation each person may take on this
server each calendar year (:mod:`bot.service.rules.vacation`; 21 until an admin chooses).

``/settings tournaments`` (Manage Server): the role whose members may create tournaments beside
the server's admins (none: admins only; :mod:`bot.adapter.tournament`)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.service.rules.vacation import MOST_DAYS

from ..kit import send
from ..kit.checks import require_guild
from ..kit.cog import ServiceCog
from ..kit.errors import Refusal, guarded
from ..kit.i18n import LANGUAGES, N_, _, _n
from ..kit.installs import servers_only
from ..kit.languages import server_language

FOLLOW = "auto"
"""The choice value for "follow the server's language"."""
PLACES = (
    ("threads", N_("In a thread of its own for each table")),
    ("channel", N_("In the channel itself, one table at a time")),
)
"""``/settings tables``' choices: the value the service takes, and its label."""


def language_choices() -> list[app_commands.Choice[str]]:
    """Each language under its own name, then "follow the server's language"."""
    return [*(app_commands.Choice(name=name, value=code) for code, name in LANGUAGES.items()),
            app_commands.Choice(name=_("Follow the server's language"), value=FOLLOW)]


def place_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=_(label), value=place) for place, label in PLACES]


def place_sentence(place: str) -> str:
    """What ``/settings tables`` answers once the choice is stored."""
    if place == "channel":
        return _("New tables on this server will play in the channel where /play is typed, one "
                 "at a time; tables already open stay where they are.")
    return _("New tables on this server will each play in a thread made from their lobby post; "
             "tables already open stay where they are.")



async def managers_only(interaction: discord.Interaction, refusal: str) -> None:
    """A server setting: in a server, by someone with Manage Server (else ``refusal``); the
    answer, private, is deferred."""
    require_guild(interaction)
    if not interaction.permissions.manage_guild:
        raise Refusal(refusal)
    await interaction.response.defer(ephemeral=True, thinking=True)

class ServerSettings(ServiceCog):
    settings = servers_only(user_install=False)(app_commands.Group(
        name="settings", description=_("Tablée's settings for this server (admins)"),
        default_permissions=discord.Permissions(manage_guild=True),
    ))

    @settings.command(name="language",
                      description=_("The language of this server's tables, posts and images"))
    @app_commands.describe(language=_("A language, or follow the server's language (Server "
                                      "Settings > Overview)"))
    @app_commands.choices(language=language_choices())
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        async with guarded(interaction, "/settings language"):
            await managers_only(interaction, _("Only people with the Manage Server permission "
                                               "can change the server's language."))
            await self.service.languages.set_guild_language(interaction.guild_id,
                                               None if language == FOLLOW else language)
            now = await server_language(interaction.client, interaction.guild_id, interaction)
            name = LANGUAGES.get(now, now)
            text = (_("Tables and posts in this server now follow the server's language: {name}.",
                      name=name) if language == FOLLOW else
                    _("Tables and posts in this server are now in {name}. Private answers stay "
                      "in each person's own Discord language.", name=name))
            await send.respond(interaction, text, ephemeral=True)

    @settings.command(name="tables",
                      description=_("Where this server's new tables play: a thread each, or the "
                                    "channel"))
    @app_commands.describe(where=_("A thread made from each lobby post, or the channel itself"))
    @app_commands.choices(where=place_choices())
    async def tables(self, interaction: discord.Interaction, where: str) -> None:
        async with guarded(interaction, "/settings tables"):
            await managers_only(interaction, _("Only people with the Manage Server permission "
                                               "can choose where the server's tables play."))
            assert interaction.guild_id is not None
            await self.service.server_tables.set_place(interaction.guild_id, where)
            await send.respond(interaction, place_sentence(where), ephemeral=True)

    @settings.command(name="vacation",
                      description=_("How many days of vacation each person may take here each "
                                    "year"))
    @app_commands.describe(days=_("Days a calendar year (0: no vacation on this server)"))
    async def vacation(self, interaction: discord.Interaction,
                       days: app_commands.Range[int, 0, MOST_DAYS]) -> None:
        async with guarded(interaction, "/settings vacation"):
            await managers_only(interaction, _("Only people with the Manage Server permission "
                                               "can set the server's vacation days."))
            assert interaction.guild_id is not None
            await self.service.store.servers.set_vacation_days(interaction.guild_id, days)
            text = _n("Each person may now take {n} day of vacation a calendar year on this "
                      "server (/vacation): their clock waits at its daily tables. Vacations "
                      "running now keep their end.",
                      "Each person may now take {n} days of vacation a calendar year on this "
                      "server (/vacation): their clock waits at its daily tables. Vacations "
                      "running now keep their end.", days)
            await send.respond(interaction, text, ephemeral=True)

    @settings.command(name="tournaments",
                      description=_("Who may create tournaments here: admins, and a role you "
                                    "name"))
    @app_commands.describe(role=_("The organisers' role (leave it out: server admins only)"))
    async def tournaments(self, interaction: discord.Interaction,
                          role: discord.Role | None = None) -> None:
        async with guarded(interaction, "/settings tournaments"):
            await managers_only(interaction, _("Only people with the Manage Server permission "
                                               "can choose who creates tournaments."))
            assert interaction.guild_id is not None
            await self.service.store.servers.set_tournament_role(
                interaction.guild_id, role.id if role is not None else None)
            text = (_("Server admins and the members of {role} may now create tournaments "
                      "(/tournament create).", role=role.mention) if role is not None else
                    _("Only server admins (Manage Server) may now create tournaments "
                      "(/tournament create)."))
            await send.respond(interaction, text, ephemeral=True)
