"""Slash commands: /play, /move (with autocomplete), /hand, /board, /rules, /abandon, /stats, /dms.

Each command is a thin call into the host inside :func:`guarded`, so every refusal is a private
sentence. Commands about a channel's table are guild-only (hidden in DMs); /rules and /dms work
everywhere. The in-DM refusal stays for clients that still offer them. Choices come from the registered games, so a new game shows up by registration.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from games import all_games, get_game

from .checks import require_guild, require_post_permissions
from .cog import HostCog
from .errors import guarded
from .i18n import _
from .lobby import lobby_text, lobby_view
from .private_play import play_move, show_board, show_hand
from .texts import rules_text, stats_text

PLAY_OPTIONS = ("mode", "difficulty", "reserve", "open", "first", "corsair")
MAX_SEATS = max((g.max_players for g in all_games()), default=1)
Seat = app_commands.Range[int, 1, MAX_SEATS]


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=g.name, value=g.id) for g in all_games()]


def option_choices() -> dict[str, list[app_commands.Choice[str]]]:
    """The choices of /play's option parameters: the union over games of each option's values."""
    out: dict[str, list[app_commands.Choice[str]]] = {}
    for name in PLAY_OPTIONS:
        values: list[str] = []
        for game in all_games():
            for opt in game.options:
                if opt.name == name and opt.choices:
                    values += [v for v in opt.choices if v not in values]
        if values:
            out[name] = [app_commands.Choice(name=v, value=v) for v in values[:25]]
    return out


def _with_choices(func: Any) -> Any:
    """Apply the choices known now; parameters without known values stay free text."""
    choices = option_choices()
    games = game_choices()
    if games:
        choices["game"] = games
    return app_commands.choices(**choices)(func) if choices else func


def autocomplete_choices(entries: list[Any], typed: str) -> list[app_commands.Choice[str]]:
    """Up to 25 of the caller's legal moves matching what they typed (label or notation)."""
    needle = typed.strip().lower()
    out = []
    for entry in entries:
        if needle and needle not in entry.move.lower() and needle not in entry.label.lower():
            continue
        name = entry.label if entry.label == entry.move else f"{entry.label} · {entry.move}"
        if len(name) > 100:
            name = name[:99] + "…"
        out.append(app_commands.Choice(name=name, value=entry.move[:100]))
        if len(out) == 25:
            break
    return out


class TableCommands(HostCog):

    @app_commands.guild_only()
    @app_commands.command(name="play", description=_("Open a table for a board game in this channel"))
    @app_commands.describe(
        game=_("Which game"),
        mode=_("Master Islands: standard, coop (4 players) or corsair (3–4 players)"),
        difficulty=_("Master Islands corsair mode: easy (10 rounds), medium (7) or hard (4)"),
        reserve=_("Isis & Osiris: own tiles per player, or one common pile"),
        open=_("Isis & Osiris: show placed tile values (true) or play from memory (false)"),
        first=_("The seat number that moves first (default: drawn at random)"),
        corsair=_("Master Islands corsair mode: the corsair's seat number (default: the last seat)"),
    )
    @_with_choices
    async def play(
        self,
        interaction: discord.Interaction,
        game: str,
        mode: str | None = None,
        difficulty: str | None = None,
        reserve: str | None = None,
        open: str | None = None,  # the option's name in Discord
        first: Seat | None = None,
        corsair: Seat | None = None,
    ) -> None:
        async with guarded(interaction, "/play"):
            channel_id = require_guild(interaction)
            require_post_permissions(interaction)
            # Every option goes to the host, which refuses those this game lacks with the
            # game's own sentence ("Master Islands has no option 'reserve' …").
            given = {"mode": mode, "difficulty": difficulty, "reserve": reserve, "open": open,
                     "first": first, "corsair": corsair}
            options = {k: v for k, v in given.items() if v is not None}
            user = interaction.user
            info = await self.host.create_lobby(
                channel_id, interaction.guild_id, game, options, user.id, user.display_name
            )
            await interaction.response.send_message(lobby_text(info), view=lobby_view(info))
            message = await interaction.original_response()
            await self.host.set_post(channel_id, message.id, info.version)

    @app_commands.guild_only()
    @app_commands.command(name="move", description=_("Play a move in this channel's game"))
    @app_commands.describe(move=_("Your move, e.g. place B4 1,0 (start typing for suggestions)"))
    async def move(self, interaction: discord.Interaction, move: str) -> None:
        async with guarded(interaction, "/move"):
            channel_id = require_guild(interaction)
            await play_move(interaction, channel_id, move, version=None)

    @move.autocomplete("move")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None or interaction.guild_id is None:
            return []
        try:
            entries = await self.host.legal_moves(interaction.channel_id, interaction.user.id)
        except Exception:  # autocomplete can only answer with choices: none is the honest answer
            return []
        return autocomplete_choices(entries, current)

    @app_commands.guild_only()
    @app_commands.command(
        name="hand", description=_("See your hand (privately) and play on your turn")
    )
    async def hand(self, interaction: discord.Interaction) -> None:
        await show_hand(interaction, None)

    @app_commands.guild_only()
    @app_commands.command(name="board", description=_("See the current board (privately)"))
    async def board(self, interaction: discord.Interaction) -> None:
        await show_board(interaction, None)

    @app_commands.command(name="rules", description=_("A short summary of a game's rules (privately)"))
    @app_commands.describe(game=_("Which game"))
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        async with guarded(interaction, "/rules"):
            await interaction.response.send_message(rules_text(get_game(game)), ephemeral=True)

    @app_commands.guild_only()
    @app_commands.command(name="abandon", description=_("End this channel's game without a result"))
    async def abandon(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, "/abandon"):
            channel_id = require_guild(interaction)
            before = await self.host.require_table(channel_id)
            admin = bool(interaction.permissions.manage_channels)
            info = await self.host.abandon(channel_id, interaction.user.id, is_admin=admin)
            await interaction.response.send_message(
                _(
                    "The {game} table was abandoned by {name}. The channel is free for /play.",
                    game=info.game_name,
                    name=interaction.user.display_name,
                )
            )
            await self.bot.poster.close_table(channel_id, [before.post_message_id])  # type: ignore[attr-defined]

    @app_commands.guild_only()
    @app_commands.command(name="stats", description=_("Finished games and wins in this server"))
    @app_commands.describe(user=_("Whose stats (default: the whole server)"))
    async def stats(
        self, interaction: discord.Interaction, user: discord.User | None = None
    ) -> None:
        async with guarded(interaction, "/stats"):
            require_guild(interaction)
            data = await self.host.stats(interaction.guild_id, user.id if user else None)
            who = user.display_name if user else None
            await interaction.response.send_message(stats_text(data, who), ephemeral=True)

    @app_commands.command(
        name="dms", description=_("Turn on or off the DM with your hand when your turn starts")
    )
    @app_commands.describe(enabled=_("True: send me my hand by DM on my turn; False: don't"))
    async def dms(self, interaction: discord.Interaction, enabled: bool) -> None:
        async with guarded(interaction, "/dms"):
            await self.host.set_dm_enabled(interaction.user.id, enabled)
            text = (
                _("On your turn I'll DM you your hand and a link to the table.")
                if enabled
                else _("No more turn DMs: your hand is always under **My hand / Play**.")
            )
            await interaction.response.send_message(text, ephemeral=True)
