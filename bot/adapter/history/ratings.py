"""``/leaderboard game`` and ``/stats [game] [user]``: ratings as people read them.

/leaderboard is public: a server's ranking is meant to be seen (and argued about); names are
mentions that ping nobody. /stats stays private like before: it is one person asking.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.service.ratings import Leaderboard
from bot.service.rules.wording import FORMER_PLAYER
from bot.storage.rows import Standing

from ... import catalog
from ..kit import send
from ..kit.checks import require_guild
from ..kit.cog import ServiceCog
from ..kit.errors import Refusal, guarded
from ..kit.i18n import N_, _, _n, translate
from ..kit.languages import in_public
from ..kit.limits import MAX_CHOICES, MAX_CONTENT, MAX_DESCRIPTION, clip

COMPUTERS = {"easy": N_("Computer (easy)"), "medium": N_("Computer (medium)"),
             "hard": N_("Computer (hard)")}


def game_names() -> dict[str, str]:
    """The games offered here, id -> name."""
    return {t.game.id: t.game.name for t in catalog.table_games()}


def who(standing: Standing) -> str:
    if standing.user_id is not None:
        return f"<@{standing.user_id}>"
    if standing.player.startswith("f:"):  # a person forgotten by python -m bot forget-user
        return translate(FORMER_PLAYER)
    if standing.level in COMPUTERS:
        return _(COMPUTERS[standing.level])
    return _("Computer ({level})", level=standing.level)


def board_line(standing: Standing) -> str:
    r = standing.rating
    return _("{rank}. {who} · {rating} · {games} played, {wins} won", rank=standing.rank,
             who=who(standing), rating=r.shown, games=r.games, wins=r.wins)


def leaderboard_text(board: Leaderboard, caller: int) -> str:
    """The top lines, then the caller's own line when they are not among them."""
    if not board.top:
        return _("Nobody has a {game} rating on this server yet: finish a game to start the "
                 "leaderboard.", game=board.game_name)
    lines = [_("🏆 **{game}** on this server (rating · finished games):", game=board.game_name)]
    lines += [board_line(s) for s in board.top]
    if board.caller is not None:
        r = board.caller.rating
        lines.append(_("You: #{rank} of {of} · {rating} · {games} played, {wins} won",
                       rank=board.caller.rank, of=board.caller.of, rating=r.shown,
                       games=r.games, wins=r.wins))
    elif all(s.user_id != caller for s in board.top):
        lines.append(_("You have no {game} rating yet: finish a game to get one.",
                       game=board.game_name))
    return "\n".join(lines)[:MAX_CONTENT]


def stats_text(name: str, played: dict[str, Any], standings: list[Standing],
               server_games: int, only: str | None) -> str:
    """One person's finished games, wins and rating per game, then the server's total."""
    names = game_names()
    per_game = played.get("per_game", {})
    rated = {s.game_id: s for s in standings}
    games = sorted({*per_game, *rated} if only is None else {only}, key=lambda g: names.get(g, g))
    total = sum(per_game.get(g, {}).get("played", 0) for g in games)
    lines = [_n("**{name}** on this server: {n} finished game.",
                "**{name}** on this server: {n} finished games.", total, name=name)]
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
                    "This server: {n} finished games in all.", server_games))
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


class RatingCommands(ServiceCog):
    @app_commands.guild_only()
    @app_commands.command(name="leaderboard",
                          description=_("The best players of a game on this server"))
    @app_commands.describe(game=_("Which game"))
    @app_commands.autocomplete(game=suggest_games)
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        async with guarded(interaction, "/leaderboard"):
            require_guild(interaction)
            await send.defer_public(interaction)  # before the read: Discord waits 3 s
            board = await self.service.ratings.leaderboard(interaction.guild_id, game_id_of(game),
                                                interaction.user.id)
            async with in_public(interaction.client, interaction.guild_id, interaction):
                text = leaderboard_text(board, interaction.user.id)
            await send.respond(interaction, text)

    @app_commands.guild_only()
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
            person = user or interaction.user
            guild = interaction.guild_id
            played = await self.service.ratings.stats(guild, person.id)
            standings = await self.service.ratings.standings(guild, person.id, only)
            server = (await self.service.ratings.stats(guild))["games"]
            await send.respond(
                interaction, stats_text(person.display_name, played, standings, server, only),
                ephemeral=True,
            )
