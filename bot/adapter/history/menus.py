"""The history room's right-click commands: **Tablée stats** on a person (their ratings and
recent games, privately) and **Replay** / **Analysis** on a message (a table post or a game's
summary: the same answer as ``/replay <n>`` and ``/analysis <n>`` of the game it shows, found
by :mod:`bot.service.rules.posted`'s rule).

In a server they read that server's games; outside servers (DMs, group DMs) the games played
outside servers, and Replay / Analysis only the games of the conversation they are used in.
"""

from __future__ import annotations

import discord

from bot.service.history import HistoryEntry
from bot.service.rules.posted import NOT_A_GAME, NotAGamePost

from ..kit import send
from ..kit.context import tablee
from ..kit.errors import guarded
from ..kit.i18n import N_, _, say
from ..kit.limits import MAX_CONTENT
from ..kit.menus import context_menu
from .analysis import post_analysis
from .history import post_replay
from .ratings import person_stats

STATS = N_("Tablée stats")
REPLAY = N_("Replay")
ANALYSIS = N_("Analysis")


def recent_line(entry: HistoryEntry, won: bool) -> str:
    """"• #42 · Toy Rounds · <date> · won"."""
    return _("• #{n} · {game} · <t:{at}:d> · {result}", n=entry.game_row, game=entry.game_name,
             at=int(entry.ended_at), result=_("won") if won else _("lost"))


async def stats(interaction: discord.Interaction,
                person: discord.Member | discord.User) -> None:
    """Tablée stats, on a person: /stats of them and their last finished games, privately."""
    async with guarded(interaction, "stats menu"):
        await send.defer_private(interaction)  # before any read: Discord waits 3 s
        text = await person_stats(interaction, person, None)
        recent = await tablee(interaction.client).service.game_history.recent_games(
            interaction.guild_id, person.id)
        if recent:
            text += "\n" + "\n".join([_("Last games:"), *(recent_line(e, w) for e, w in recent)])
        await send.respond(interaction, text[:MAX_CONTENT], ephemeral=True)


async def shown_game(interaction: discord.Interaction, message: discord.Message) -> int:
    """The number of the finished game ``message`` shows; its sentence otherwise."""
    me = interaction.client.user
    if me is None or message.author.id != me.id or interaction.channel_id is None:
        raise NotAGamePost(say(NOT_A_GAME))
    entry = await tablee(interaction.client).service.game_history.posted_game(
        interaction.guild_id, interaction.channel_id, message.id, message.created_at.timestamp())
    return entry.game_row


async def replay(interaction: discord.Interaction, message: discord.Message) -> None:
    """Replay, on a message: /replay of the game it shows."""
    async with guarded(interaction, "replay menu"):
        await send.defer_public(interaction)  # before any read; a refusal is still private
        await post_replay(interaction, await shown_game(interaction, message))


async def analysis(interaction: discord.Interaction, message: discord.Message) -> None:
    """Analysis, on a message: /analysis of the game it shows."""
    async with guarded(interaction, "analysis menu"):
        await send.defer_public(interaction)
        await post_analysis(interaction, await shown_game(interaction, message))


def history_menus() -> list[discord.app_commands.ContextMenu]:
    return [context_menu(STATS, stats), context_menu(REPLAY, replay),
            context_menu(ANALYSIS, analysis)]
