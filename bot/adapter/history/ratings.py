"""``/leaderboard game`` and ``/stats [game] [user]``: ratings as people read them.

/leaderboard is public: a server's ranking is meant to be seen (and argued about); names are
mentions that ping nobody. /stats stays private like before: it is one person asking.
"""

from __future__ import annotations

import asyncio
import io
import re
import time
from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands

from bot.service.ratings import Leaderboard
from bot.service.rules.wording import FORMER_PLAYER
from bot.storage.rows import Standing
from bot.storage.seasons import SeasonRow
from render.standings import StandingsView, draw_standings

from ... import catalog
from ..kit import send
from ..kit.checks import require_guild
from ..kit.cog import ServiceCog
from ..kit.context import tablee
from ..kit.errors import Refusal, guarded
from ..kit.i18n import N_, _, _n, translate
from ..kit.installs import servers_only
from ..kit.languages import in_public
from ..kit.limits import MAX_CHOICES, MAX_CONTENT, MAX_DESCRIPTION, clip
from ..kit.suggest import SUGGESTION_SECONDS, within

COMPUTERS = {"easy": N_("Computer (easy)"), "medium": N_("Computer (medium)"),
             "hard": N_("Computer (hard)")}


def game_names() -> dict[str, str]:
    """The games offered here, id -> name."""
    return {t.game.id: t.game.name for t in catalog.table_games()}


def who(player: str) -> str:
    """A rated identity (a ratings key) as a leaderboard line names it: a mention for a person
    (it pings nobody)."""
    if player.startswith("u:"):
        return f"<@{player[2:]}>"
    if player.startswith("f:"):  # a person forgotten by python -m bot forget-user
        return translate(FORMER_PLAYER)
    level = player[2:]
    if level in COMPUTERS:
        return _(COMPUTERS[level])
    return _("Computer ({level})", level=level)


def board_line(standing: Standing) -> str:
    r = standing.rating
    return _("{rank}. {who} · {rating} · {games} played, {wins} won", rank=standing.rank,
             who=who(standing.player), rating=r.shown, games=r.games, wins=r.wins)


def season_heading(board: Leaderboard, season: SeasonRow) -> str:
    """The first line of a season's leaderboard: which season, and when."""
    if season.open:
        return _("🏆 **Season {number} of {game}** on this server, ends <t:{end}:R> (rating · "
                 "finished games):", number=season.number, game=board.game_name,
                 end=int(season.ends_at))
    return _("🏆 **Season {number} of {game}** on this server, <t:{start}:D> to <t:{end}:D> "
             "(rating · finished games):", number=season.number, game=board.game_name,
             start=int(season.started_at), end=int(season.ended_at or season.ends_at))


def leaderboard_text(board: Leaderboard, caller: int, season: SeasonRow | None = None) -> str:
    """The top lines, then the caller's own line when they are not among them; a season's
    (``season``) or the server's of all time."""
    if not board.top and season is None:
        return _("Nobody has a {game} rating on this server yet: finish a game to start the "
                 "leaderboard.", game=board.game_name)
    if not board.top:
        return _("Nobody has finished a rated game in season {number} of {game} yet.",
                 number=season.number, game=board.game_name)
    lines = [_("🏆 **{game}** on this server (rating · finished games):", game=board.game_name)
             if season is None else season_heading(board, season)]
    lines += [board_line(s) for s in board.top]
    if board.caller is not None:
        r = board.caller.rating
        lines.append(_("You: #{rank} of {of} · {rating} · {games} played, {wins} won",
                       rank=board.caller.rank, of=board.caller.of, rating=r.shown,
                       games=r.games, wins=r.wins))
    elif all(s.user_id != caller for s in board.top) and season is None:
        lines.append(_("You have no {game} rating yet: finish a game to get one.",
                       game=board.game_name))
    elif all(s.user_id != caller for s in board.top):
        lines.append(_("You have no rating in this season."))
    return "\n".join(lines)[:MAX_CONTENT]


def shown_name(standing: Standing, names: Mapping[int, str]) -> str:
    """A rated identity as the image names it (no mentions in an image): the name the person
    last played under here."""
    if standing.user_id is not None:
        return names.get(standing.user_id) or _("a player")
    return who(standing.player)


def leaderboard_view(board: Leaderboard, caller: int | None, season: SeasonRow | None = None,
                     *, podium: bool = False) -> StandingsView:
    """The leaderboard as the image shows it: the top (and the caller's line, framed), a
    season's dates; ``podium``: its first three on a podium (a season's end)."""
    lines = [*board.top, *([board.caller] if board.caller is not None else [])]
    rows = tuple((str(s.rank), shown_name(s, board.names), str(s.rating.shown),
                  str(s.rating.games), str(s.rating.wins)) for s in lines)
    mine = tuple(i for i, s in enumerate(lines) if caller is not None and s.user_id == caller)
    if season is None:
        title, subtitle = board.game_name, _("This server's leaderboard")
    else:
        title = _("Season {number} of {game}", number=season.number, game=board.game_name)
        subtitle = _("From {start} to {end}", start=day(season.started_at),
                     end=day(season.ended_at or season.ends_at))
    top3 = board.top[:3] if podium else []
    return StandingsView(
        title, subtitle, (_("#"), _("Player"), _("Rating"), _("Games"), _("Wins")), rows,
        highlight=mine, podium=tuple(shown_name(s, board.names) for s in top3) or None,
        podium_places=tuple(s.rank for s in top3))


async def leaderboard_image(view: StandingsView) -> discord.File:
    """The image of a leaderboard (drawn in a worker thread: Pillow)."""
    png = await asyncio.to_thread(draw_standings, view)
    return discord.File(io.BytesIO(png), "tablee-leaderboard.png")


def stats_text(name: str, played: dict[str, Any], standings: list[Standing],
               server_games: int, only: str | None, *, in_server: bool = True) -> str:
    """One person's finished games, wins and rating per game, then the server's total
    (``in_server`` False: of the games played outside servers, in DMs and group DMs)."""
    names = game_names()
    per_game = played.get("per_game", {})
    rated = {s.game_id: s for s in standings}
    games = sorted({*per_game, *rated} if only is None else {only}, key=lambda g: names.get(g, g))
    total = sum(per_game.get(g, {}).get("played", 0) for g in games)
    lines = [_n("**{name}** on this server: {n} finished game.",
                "**{name}** on this server: {n} finished games.", total, name=name)
             if in_server else
             _n("**{name}** in DMs and group DMs: {n} finished game.",
                "**{name}** in DMs and group DMs: {n} finished games.", total, name=name)]
    for game_id in games:
        row = per_game.get(game_id, {})
        line = _("• {game}: {played} played, {wins} won", game=names.get(game_id, game_id),
                 played=row.get("played", 0), wins=row.get("wins", 0))
        standing = rated.get(game_id)
        if standing is not None:
            line += " · " + _("rating {rating} (#{rank} of {of})", rating=standing.rating.shown,
                              rank=standing.rank, of=standing.of)
        lines.append(line)
    lines.append(_n("This server: {n} finished game in all.",
                    "This server: {n} finished games in all.", server_games) if in_server else
                 _n("DMs and group DMs: {n} finished game in all.",
                    "DMs and group DMs: {n} finished games in all.", server_games))
    return "\n".join(lines)[:MAX_CONTENT]


def game_id_of(typed: str) -> str:
    """A game the bot offers, by id or name; a sentence naming the games otherwise."""
    names = game_names()
    for game_id, name in names.items():
        if typed.strip().lower() in (game_id, name.lower()):
            return game_id
    raise Refusal(_("I don't know the game '{game}'. Games here: {known}.", game=typed,
                    known=", ".join(sorted(names.values()))))


async def suggest_games(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    typed = current.strip().lower()
    return [app_commands.Choice(name=clip(name, MAX_DESCRIPTION), value=game_id)
            for game_id, name in sorted(game_names().items(), key=lambda kv: kv[1])
            if typed in name.lower() or typed in game_id][:MAX_CHOICES]


CURRENT = "current"
"""The ``season`` option's value for the running season."""


def season_number(typed: str) -> int | None:
    """The season an option names: None for the running one, else its number (the first
    number typed: "2", "Season 2 · …")."""
    text = typed.strip().lower()
    if text in (CURRENT, _("Current season").lower()):
        return None
    found = re.search(r"\d+", text)
    if found is None:
        raise Refusal(_("Choose a season from the list: the current one, or a season's "
                        "number."))
    return int(found.group())


def day(moment: float) -> str:
    """A date as autocomplete shows it (no Discord timestamps there): 2026-12-07 (UTC)."""
    return time.strftime("%Y-%m-%d", time.gmtime(moment))


def season_choice(season: SeasonRow) -> app_commands.Choice[str]:
    if season.open:
        return app_commands.Choice(name=clip(_("Current season ({number}, from {start})",
                                               number=season.number,
                                               start=day(season.started_at)), MAX_DESCRIPTION),
                                   value=CURRENT)
    return app_commands.Choice(name=clip(_("Season {number} · {start} to {end}",
                                           number=season.number, start=day(season.started_at),
                                           end=day(season.ended_at or season.ends_at)),
                                         MAX_DESCRIPTION), value=str(season.number))


class RatingCommands(ServiceCog):
    @servers_only(user_install=True)
    @app_commands.command(name="leaderboard",
                          description=_("The best players of a game on this server"))
    @app_commands.describe(game=_("Which game"),
                           season=_("A season: the current one or a past one (default: all "
                                    "time)"))
    @app_commands.autocomplete(game=suggest_games)
    async def leaderboard(self, interaction: discord.Interaction, game: str,
                          season: str | None = None) -> None:
        async with guarded(interaction, "/leaderboard"):
            require_guild(interaction)
            await send.defer_public(interaction)  # before the read: Discord waits 3 s
            game_id, user = game_id_of(game), interaction.user.id
            if season is None:
                board, which = await self.service.ratings.leaderboard(
                    interaction.guild_id, game_id, user), None
            else:
                found = await self.service.seasons.board(interaction.guild_id, game_id, user,
                                                         season_number(season))
                board, which = found.board, found.season
            async with in_public(interaction.client, interaction.guild_id, interaction):
                text = leaderboard_text(board, user, which)
                view = leaderboard_view(board, user, which) if board.top else None
            files = [await leaderboard_image(view)] if view is not None else []
            await send.respond(interaction, text, files=files)

    @leaderboard.autocomplete("season")
    async def suggest_seasons(self, interaction: discord.Interaction, current: str
                              ) -> list[app_commands.Choice[str]]:
        """The current season first, then the past ones, newest first (of the game typed)."""
        typed = str(getattr(interaction.namespace, "game", "") or "")
        if interaction.guild_id is None or not typed:
            return []
        try:
            game_id = game_id_of(typed)
        except Refusal:
            return []
        try:  # in time, as every suggestion: Discord waits 3 s, a database may take longer
            in_time, seasons = await within(
                SUGGESTION_SECONDS, self.service.seasons.seasons(interaction.guild_id, game_id))
        except Exception:  # autocomplete can only answer with choices: none is the honest answer
            return []
        if not in_time or seasons is None:
            return []
        choices = [season_choice(s) for s in seasons]
        wanted = current.strip().lower()
        return [c for c in choices if wanted in c.name.lower() or wanted == c.value][
            :MAX_CHOICES]

    @servers_only(user_install=True)
    @app_commands.command(name="stats",
                          description=_("Finished games, wins and ratings (privately)"))
    @app_commands.describe(game=_("Only this game (default: every game)"),
                           user=_("Whose stats (default: yours)"))
    @app_commands.autocomplete(game=suggest_games)
    async def stats(self, interaction: discord.Interaction, game: str | None = None,
                    user: discord.User | None = None) -> None:
        async with guarded(interaction, "/stats"):
            require_guild(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)  # answered in time
            only = game_id_of(game) if game else None
            text = await person_stats(interaction, user or interaction.user, only)
            await send.respond(interaction, text, ephemeral=True)


async def person_stats(interaction: discord.Interaction, person: discord.abc.User,
                       only: str | None) -> str:
    """``person``'s stats here (/stats): of this server, or outside servers those of the games
    played in DMs and group DMs (stored without a server)."""
    ratings = tablee(interaction.client).service.ratings
    guild = interaction.guild_id
    played = await ratings.stats(guild, person.id)
    standings = await ratings.standings(guild, person.id, only)
    server = (await ratings.stats(guild))["games"]
    return stats_text(person.display_name, played, standings, server, only,
                      in_server=guild is not None)
