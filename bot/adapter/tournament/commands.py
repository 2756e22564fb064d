"""``/tournament create | show | join | leave | start | cancel`` and what the room hears: a
table's end, the start-up, and the clock's tournament moments (a start time, a slow round's
deadline).

``/tournament create`` (in a server; server admins, or the role the admins named with
``/settings tournaments``): the game (autocompleted over the registered games, as ``/rules``),
the format, the rounds (Swiss), the seats per table (within the game's range), the speed (live
or daily; a daily one's rounds last ``days``, 7 by default), the start ("in 30 minutes", "20:00", "2026-12-24 20:00", or none: when the organiser
presses Start), rated or not, what fills an incomplete table, and the game's options as
``name=value`` pairs (the game's defaults otherwise). The tournament post goes in the channel
(a forum's new post when the command ran in a forum's post); the organiser is answered
privately with a link.

The other commands act on the tournament of this channel (the newest one signing up or running
here, or the one chosen in their ``tournament`` option); ``/tournament show`` answers privately
with the standings image and text, at any time.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import catalog
from bot.service.rules.speed import SPEED_TEXTS
from bot.service.rules.tournament import (
    FORMAT_NAMES,
    MAX_ROUNDS,
    ROUND_DAYS,
    SEATS,
    SPEED_CHOICES,
    STATUS_NAMES,
)
from bot.service.rules.tournament_model import BYE, FILLS, FORMATS, SWISS
from bot.service.scheduler import TournamentDue

from ..kit import send
from ..kit.checks import require_guild
from ..kit.cog import ServiceCog
from ..kit.errors import Refusal, guarded
from ..kit.files import png_file
from ..kit.i18n import _, language, shown
from ..kit.installs import servers_only
from ..kit.languages import in_public, reader
from ..kit.limits import MAX_CHOICES, MAX_DESCRIPTION, clip
from ..kit.translator import text
from ..posting.dms import jump_url
from ..posting.places import LONGEST_ARCHIVE, THREAD_TYPES, missing_thread_permissions
from . import runner, texts
from .post import STANDINGS_FILE, post_parts, standings_png

log = logging.getLogger("tablee.adapter.tournament")

EVERY = ("signup", "running", "finished", "cancelled")
"""Every status a tournament may have: /tournament show finds the finished ones too."""


def game_name(game_id: str) -> str:
    """A game's name as the reader reads it (its id when the game is gone)."""
    found = next((g.game for g in catalog.table_games() if g.game.id == game_id), None)
    return shown(found.name) if found is not None else game_id


def format_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=_(FORMAT_NAMES[f]), value=f) for f in FORMATS]


def fill_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=_(texts.FILL_CHOICES[f]), value=f) for f in FILLS]


def speed_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=text(SPEED_TEXTS[s]), value=s) for s in SPEED_CHOICES]


async def home_of(interaction: discord.Interaction) -> tuple[int, discord.abc.GuildChannel]:
    """Where a tournament created here lives: this channel, or the channel (or forum) of the
    thread the command ran in."""
    channel = interaction.channel
    if getattr(channel, "type", None) in THREAD_TYPES and channel.parent_id:  # type: ignore[union-attr]
        parent_id: int = channel.parent_id  # type: ignore[union-attr]
        home = (interaction.client.get_channel(parent_id)
                or await interaction.client.fetch_channel(parent_id))
        return parent_id, home  # type: ignore[return-value]
    assert interaction.channel_id is not None
    return interaction.channel_id, channel  # type: ignore[return-value]


class TournamentCommands(ServiceCog):
    tournament = servers_only(user_install=False)(app_commands.Group(
        name="tournament", description=_("Tournaments: create one, join it, see the standings")))

    # -- create ---------------------------------------------------------------------------------
    @tournament.command(name="create",
                        description=_("Create a tournament in this channel (server admins or "
                                      "the organisers' role)"))
    @app_commands.describe(
        game=_("Which game"),
        fmt=_("Swiss (default), round robin or knock-out"),
        rounds=_("Swiss: how many rounds (default: enough for the players)"),
        seats=_("Players at each table (default: the game's fewest)"),
        speed=_("Live (a few minutes a move, default) or daily"),
        start=_("“in 30 minutes”, “20:00”, “2026-12-24 20:00”; none: when you press Start"),
        rated=_("Whether the games count for the ratings (default: yes)"),
        fill=_("What fills an incomplete table: a bye (default) or a computer seat"),
        options=_("The game's options as name=value pairs, e.g. rounds=1 (default: its own)"),
        days=_("Daily tournaments: the days each round lasts (default 7)"))
    @app_commands.choices(fmt=format_choices(), fill=fill_choices(), speed=speed_choices())
    @app_commands.rename(fmt="format")
    async def create(self, interaction: discord.Interaction, game: str,
                     fmt: str = SWISS, rounds: app_commands.Range[int, 1, MAX_ROUNDS] | None
                     = None, seats: app_commands.Range[int, SEATS[0], SEATS[1]] | None = None,
                     speed: str = "live", start: str | None = None, rated: bool = True,
                     fill: str = BYE, options: str | None = None,
                     days: app_commands.Range[int, ROUND_DAYS[0], ROUND_DAYS[1]] | None = None
                     ) -> None:
        async with guarded(interaction, "/tournament create"):
            require_guild(interaction)
            found = next((g.game for g in catalog.table_games() if g.game.id == game), None)
            if found is None:
                raise Refusal(_("I don't know the game '{game}'. Games here: {known}.",
                                game=clip(game, texts.TYPED_ECHO), known=", ".join(
                                    g.game.name for g in catalog.table_games())))
            game_options = texts.parse_options(found, options)  # before any wait: no read
            await send.defer_private(interaction)
            if not await runner.may_organise(interaction):
                raise Refusal(_("Only server admins (Manage Server) or the tournament "
                                "organisers' role chosen with /settings tournaments can create "
                                "a tournament."))
            missing = missing_thread_permissions(interaction)
            if missing:  # its tables could never open: said now, not at the start
                raise Refusal(_("Each table of a tournament plays in a thread of its own here, "
                                "and I'm missing {perms} in this channel. A server admin can "
                                "grant them in the channel settings.",
                                perms=", ".join(missing)))
            start_at = None
            if start:
                prefs = await self.service.notices.prefs(interaction.user.id)
                start_at = texts.parse_start(start, self.service.clock_now(), prefs.zone)
            home_id, home = await home_of(interaction)
            user = interaction.user
            info = await self.service.tournaments.create(
                guild_id=interaction.guild_id, channel_id=home_id, owner_id=user.id,
                owner_name=user.display_name, game_id=found.id, options=game_options,
                fmt=fmt, rounds=rounds, seats=seats or max(2, found.min_players),
                speed=speed, start_at=start_at, rated=rated, fill=fill, round_days=days)
            try:
                info = await self.publish(home, info)
            except BaseException:  # nobody could see it or join it: it goes
                await self.service.tournaments.cancel(info.id, user.id, True)
                raise
            await runner.start_event(interaction.client, info)
            link = jump_url(info.guild_id, info.post_channel_id, info.post_message_id)
            await send.followup(interaction, _("Your tournament is posted: {link}", link=link)
                                + "\n" + texts.start_help(), ephemeral=True)

    async def publish(self, home: Any, info: Any) -> Any:
        """The tournament post, in ``home`` (a forum: a new post of its own); stored."""
        async with in_public(self.bot, info.guild_id):
            parts = await asyncio.to_thread(post_parts, info)  # draws the standings
            view = runner.post_view(info)
            title = _("{game} tournament", game=shown(info.game_name))
        content, files = parts["content"], parts["attachments"]
        if isinstance(home, discord.ForumChannel):
            made = await home.create_thread(name=clip(title, 100), content=content, files=files,
                                            view=view, allowed_mentions=send.allowed(),
                                            auto_archive_duration=LONGEST_ARCHIVE)
            channel_id, message_id = made.thread.id, made.message.id
        else:
            message = await send.send(home, content, files=files, view=view, silent=True)
            channel_id, message_id = message.channel.id, message.id
        await self.service.tournaments.posted(info.id, channel_id, message_id)
        return await self.service.tournaments.show(info.id)

    @create.autocomplete("game")
    async def game_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        typed = current.strip().lower()
        return [app_commands.Choice(name=clip(g.game.name, MAX_DESCRIPTION), value=g.game.id)
                for g in catalog.table_games()
                if typed in g.game.name.lower() or typed in g.game.id][:MAX_CHOICES]

    @create.autocomplete("options")
    async def options_autocomplete(self, interaction: discord.Interaction,
                                   current: str) -> list[app_commands.Choice[str]]:
        game_id = getattr(interaction.namespace, "game", None)
        found = next((g.game for g in catalog.table_games() if g.game.id == game_id), None)
        if found is None:
            return []
        return [app_commands.Choice(name=clip(text, MAX_DESCRIPTION), value=text)
                for text in texts.option_suggestions(found, current)
                if len(text) <= MAX_DESCRIPTION][:MAX_CHOICES]

    # -- the tournament of this channel ---------------------------------------------------------
    async def chosen(self, interaction: discord.Interaction, tournament: str | None) -> Any:
        """The tournament a command acts on (its stored row): the one in its option, else this
        channel's newest one signing up or running, else this channel's newest."""
        guild_id = interaction.guild_id
        assert guild_id is not None
        found = await self.service.store.tournaments.in_guild(guild_id, EVERY)
        if tournament is not None:
            match = next((t for t in found if str(t.id) == tournament), None)
            if match is None:
                raise Refusal(_("That is not one of this server's tournaments: pick one from "
                                "the list the tournament option offers."))
            return match
        home_id, _home = await home_of(interaction)
        here = [t for t in found if home_id in (t.channel_id, t.post_channel_id)]
        live = [t for t in here if t.status in ("signup", "running")]
        if not (live or here):
            raise Refusal(_("There is no tournament in this channel: "
                            "/tournament create makes one."))
        return (live or here)[0]  # the newest first

    async def tournament_choices(self, interaction: discord.Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        try:
            found = await self.service.store.tournaments.in_guild(interaction.guild_id, EVERY)
        except Exception:  # autocomplete can only answer with choices
            return []
        typed = current.strip().lower()
        with language(reader(interaction)):
            named = [(_("{game} tournament #{id} ({status})", game=game_name(t.game_id),
                        id=t.id, status=_(STATUS_NAMES.get(t.status, t.status))), t)
                     for t in found]
        return [app_commands.Choice(name=clip(name, MAX_DESCRIPTION), value=str(t.id))
                for name, t in named if typed in name.lower()][:MAX_CHOICES]

    async def acted(self, interaction: discord.Interaction, action: str,
                    tournament: str | None, what: str) -> None:
        async with guarded(interaction, f"/tournament {action}"):
            require_guild(interaction)
            await send.defer_private(interaction)
            info = await runner.act(interaction, action,
                                    (await self.chosen(interaction, tournament)).id)
            link = jump_url(info.guild_id, info.post_channel_id, info.post_message_id)
            await send.followup(interaction, f"{what} {link}", ephemeral=True)

    @tournament.command(name="join", description=_("Sign up for this channel's tournament"))
    @app_commands.describe(tournament=_("Which tournament (default: this channel's)"))
    async def join(self, interaction: discord.Interaction, tournament: str | None = None) -> None:
        await self.acted(interaction, "join", tournament, _("You are signed up."))

    @tournament.command(name="leave",
                        description=_("Leave this channel's tournament (withdraw once it runs)"))
    @app_commands.describe(tournament=_("Which tournament (default: this channel's)"))
    async def leave(self, interaction: discord.Interaction,
                    tournament: str | None = None) -> None:
        await self.acted(interaction, "leave", tournament, _("You left the tournament."))

    @tournament.command(name="start", description=_("Start this channel's tournament now "
                                                    "(its organiser)"))
    @app_commands.describe(tournament=_("Which tournament (default: this channel's)"))
    async def start(self, interaction: discord.Interaction,
                    tournament: str | None = None) -> None:
        await self.acted(interaction, "start", tournament, _("The tournament started."))

    @tournament.command(name="cancel", description=_("Cancel this channel's tournament (its "
                                                     "organiser)"))
    @app_commands.describe(tournament=_("Which tournament (default: this channel's)"))
    async def cancel(self, interaction: discord.Interaction,
                     tournament: str | None = None) -> None:
        await self.acted(interaction, "cancel", tournament, _("The tournament was cancelled."))

    @tournament.command(name="show",
                        description=_("A tournament's standings, privately, at any time"))
    @app_commands.describe(tournament=_("Which tournament (default: this channel's)"))
    async def show(self, interaction: discord.Interaction, tournament: str | None = None) -> None:
        async with guarded(interaction, "/tournament show"):
            require_guild(interaction)
            await send.defer_private(interaction)
            info = await self.service.tournaments.show(
                (await self.chosen(interaction, tournament)).id)
            file = png_file(await asyncio.to_thread(standings_png, info), STANDINGS_FILE)
            words = texts.tournament_text(info)
            await send.followup(interaction, words, ephemeral=True,
                                **({"file": file} if file is not None else {}))

    join.autocomplete("tournament")(tournament_choices)
    leave.autocomplete("tournament")(tournament_choices)
    start.autocomplete("tournament")(tournament_choices)
    cancel.autocomplete("tournament")(tournament_choices)
    show.autocomplete("tournament")(tournament_choices)

    # -- what the room hears --------------------------------------------------------------------
    @commands.Cog.listener()
    async def on_table_ended(self, channel_id: int) -> None:
        """A table ended (the poster): a tournament's goes on to the next round or the end."""
        try:
            found = await self.service.tournaments.table_of(channel_id)
        except Exception:
            log.exception("could not read the tournament of table %s", channel_id)
            return
        if found is not None:
            await runner.advance(self.bot, found[0])

    @commands.Cog.listener()
    async def on_tournament_due(self, event: TournamentDue) -> None:
        """The clock's tournament moment (:func:`bot.adapter.clock.absence.start_clock`)."""
        await runner.due(self.bot, event)

    @commands.Cog.listener()
    async def on_guild_role_update(self, _before: discord.Role, after: discord.Role) -> None:
        """A role's permissions may be back: tables that could not open try again."""
        await runner.unblock(self.bot, after.guild.id)

    @commands.Cog.listener()
    async def on_guild_channel_update(self, _before: discord.abc.GuildChannel,
                                      after: discord.abc.GuildChannel) -> None:
        """A channel's permissions may be back: tables that could not open try again."""
        await runner.unblock(self.bot, after.guild.id)

    @commands.Cog.listener()
    async def on_tables_resumed(self) -> None:
        """Start-up: every running tournament picks up where it stopped."""
        await runner.resume(self.bot)
