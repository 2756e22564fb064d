"""``/season start game weeks`` and ``/season end game`` (Manage Server), ``/season list game``:
a game's seasons on this server (:mod:`bot.service.seasons`), and the champion's announcement
when one ends, in the channel where it was started (image and text), whether its time is up
(the clock's scheduler hands over a :class:`~bot.service.seasons.SeasonOver`) or an admin ended
it. A season's leaderboard is ``/leaderboard game season`` (:mod:`bot.adapter.history.ratings`).

The start is public (the server hears that a season begins); the list and an admin's end answer
privately (the end's announcement is public, where the season was started)."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.service.ratings import Leaderboard
from bot.service.seasons import MOST_WEEKS, SeasonOver
from bot.storage.seasons import SeasonRow

from ..help.help import command_name
from ..history.ratings import (
    board_line,
    game_id_of,
    game_names,
    leaderboard_image,
    leaderboard_view,
    suggest_games,
    who,
)
from ..kit import send
from ..kit.checks import require_guild
from ..kit.cog import ServiceCog
from ..kit.context import Tablee
from ..kit.errors import Refusal, guarded
from ..kit.i18n import _, current
from ..kit.installs import servers_only
from ..kit.languages import in_public
from ..kit.limits import MAX_CONTENT
from ..kit.translator import NAMES, localised_name

log = logging.getLogger(__name__)


def season_command(sub: str) -> str:
    """``/season start`` as the reader's Discord shows it (``/saison lancer``)."""
    code = current()
    return f"{command_name('season', code)} {localised_name(sub, NAMES[sub], code) or sub}"


def start_text(season: SeasonRow, game: str) -> str:
    """The public answer to /season start."""
    return _("📅 **Season {number} of {game}** starts now on this server and ends <t:{end}:f>: "
             "every rated game of {game} finished here until then counts for it, with "
             "ratings starting fresh. `{leaderboard}` with its season option shows the season's "
             "leaderboard; the champion is named here when it ends.", number=season.number,
             game=game, end=int(season.ends_at), leaderboard=command_name("leaderboard",
                                                                          current()))


def champion_text(board: Leaderboard, season: SeasonRow) -> str:
    """A season's end: its champion, then its final leaderboard."""
    first = next((s for s in board.top if s.player == season.champion), None)
    if first is None or season.champion is None:
        return _("🏁 **Season {number} of {game} is over**: nobody finished a rated game in it, "
                 "so there is no champion.", number=season.number, game=board.game_name)
    lines = [_("🎉 **Season {number} of {game} is over**: the champion is {who}, with a rating "
               "of {rating} ({games} played, {wins} won)!", number=season.number,
               game=board.game_name, who=who(season.champion), rating=first.rating.shown,
               games=first.rating.games, wins=first.rating.wins),
             _("The final leaderboard:")]
    lines += [board_line(s) for s in board.top]
    return "\n".join(lines)[:MAX_CONTENT]


def list_text(seasons: list[SeasonRow], game: str) -> str:
    """/season list: every season of a game here, the newest first."""
    if not seasons:
        return _("No season of {game} on this server yet: an admin starts one with "
                 "`{command}`.", game=game, command=season_command("start"))
    lines = [_("**Seasons of {game}** on this server:", game=game)]
    for s in seasons:
        start, end = int(s.started_at), int(s.ended_at or s.ends_at)
        if s.open:
            lines.append(_("• Season {number}: since <t:{start}:D>, ends <t:{end}:R> (running)",
                           number=s.number, start=start, end=end))
        elif s.champion is not None:
            lines.append(_("• Season {number}: <t:{start}:D> to <t:{end}:D> · champion: {who}",
                           number=s.number, start=start, end=end, who=who(s.champion)))
        else:
            lines.append(_("• Season {number}: <t:{start}:D> to <t:{end}:D> · no champion",
                           number=s.number, start=start, end=end))
    lines.append(_("`{leaderboard}` with its season option shows a season's leaderboard.",
                   leaderboard=command_name("leaderboard", current())))
    return "\n".join(lines)[:MAX_CONTENT]


async def announce(bot: Tablee, over: SeasonOver) -> None:
    """The champion's post (image and text) in the channel where the season was started, in
    the server's language. Pings nobody: the champion's name is a mention for reading."""
    season, board = over.ended.season, over.ended.board
    client = bot.poster.client
    async with in_public(client, season.guild_id):
        text = champion_text(board, season)
        view = leaderboard_view(board, None, season, podium=True) if board.top else None
    files = [await leaderboard_image(view)] if view is not None else []
    channel = client.get_partial_messageable(season.channel_id, guild_id=season.guild_id)
    await send.send(channel, text, files=files)


def admins_only(interaction: discord.Interaction) -> None:
    """Starting and ending a season: people with Manage Server."""
    if not interaction.permissions.manage_guild:
        raise Refusal(_("Only people with the Manage Server permission can start or end a "
                        "season."))


class SeasonCommands(ServiceCog):
    season = servers_only(user_install=False)(app_commands.Group(
        name="season", description=_("A game's seasons on this server: a leaderboard of their "
                                     "own for some weeks")))

    @season.command(name="start", description=_("Start a season of a game: its own "
                                                 "leaderboard for some weeks (admins)"))
    @app_commands.describe(game=_("Which game"), weeks=_("How many weeks it lasts (1 to 52)"))
    @app_commands.autocomplete(game=suggest_games)
    async def start(self, interaction: discord.Interaction, game: str,
                    weeks: app_commands.Range[int, 1, MOST_WEEKS]) -> None:
        async with guarded(interaction, "/season start"):
            channel = require_guild(interaction)
            admins_only(interaction)
            await send.defer_public(interaction)  # before the read: Discord waits 3 s
            game_id = game_id_of(game)
            started = await self.service.seasons.start(interaction.guild_id, channel, game_id,
                                                       weeks)
            async with in_public(interaction.client, interaction.guild_id, interaction):
                text = start_text(started, game_names()[game_id])
            await send.respond(interaction, text)

    @season.command(name="end", description=_("End a game's season now and name its champion "
                                               "(admins)"))
    @app_commands.describe(game=_("Which game"))
    @app_commands.autocomplete(game=suggest_games)
    async def end(self, interaction: discord.Interaction, game: str) -> None:
        async with guarded(interaction, "/season end"):
            require_guild(interaction)
            admins_only(interaction)
            await send.defer_private(interaction)
            over = await self.service.seasons.end(interaction.guild_id, game_id_of(game))
            season, board = over.ended.season, over.ended.board
            try:
                await announce(self.tablee, over)
                text = _("Season {number} of {game} is over: its champion is announced in "
                         "<#{channel}>.", number=season.number, game=board.game_name,
                         channel=season.channel_id)
            except discord.HTTPException as exc:  # the channel is gone, or closed to the bot
                log.warning("announcing season %s in %s failed: %s", season.id,
                            season.channel_id, exc)
                text = _("The season is over, but I could not post in <#{channel}> where it "
                         "started. Here is the announcement:", channel=season.channel_id)
                text += "\n" + champion_text(board, season)
            await send.respond(interaction, text, ephemeral=True)

    @season.command(name="list", description=_("A game's seasons on this server, past and "
                                                "running (privately)"))
    @app_commands.describe(game=_("Which game"))
    @app_commands.autocomplete(game=suggest_games)
    async def list_(self, interaction: discord.Interaction, game: str) -> None:
        async with guarded(interaction, "/season list"):
            require_guild(interaction)
            await send.defer_private(interaction)
            game_id = game_id_of(game)
            seasons = await self.service.seasons.seasons(interaction.guild_id, game_id)
            await send.respond(interaction, list_text(seasons, game_names()[game_id]),
                               ephemeral=True)
