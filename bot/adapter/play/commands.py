"""Slash commands that do not depend on the registered games: /move (with autocomplete), /hand,
/board (the picture, or with ``text`` the position in words), /abandon. (/play and /rules
are built from the registry at start-up: :mod:`bot.adapter.lobby.game_commands`.)

Each command is a thin call into the service inside :func:`guarded`, so every refusal is a private
sentence. Commands about a channel's table are guild-only (hidden in DMs).
The in-DM refusal stays for clients that still offer them.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.service.results import MenuEntry

from ..kit import send
from ..kit.checks import require_channel
from ..kit.cog import ServiceCog
from ..kit.errors import Refusal, guarded
from ..kit.i18n import _, language, shown
from ..kit.languages import in_public, reader
from ..kit.limits import MAX_CHOICES, MAX_OPTION_LABEL, MAX_OPTION_VALUE, clip
from ..kit.suggest import SUGGESTION_SECONDS, within
from ..posting.places import TABLE_OPTION, table_channel, table_choices
from .private_play import defer_change, play_move, show_board, show_hand, show_words

MAX_MOVE_TEXT = 200
"""Longer /move texts are refused before the rules see them (moves are a few words)."""
log = logging.getLogger("tablee.adapter")
def autocomplete_choices(entries: list[Any], typed: str) -> list[app_commands.Choice[str]]:
    """Up to 25 of the caller's legal moves matching what they typed (label or notation)."""
    needle = typed.strip().lower()
    out = []
    for entry in entries:
        label = shown(entry.label)
        if needle and needle not in entry.move.lower() and needle not in label.lower():
            continue
        name = label if label == entry.move else f"{label} · {entry.move}"
        out.append(
            app_commands.Choice(
                name=clip(name, MAX_OPTION_LABEL), value=entry.move[:MAX_OPTION_VALUE]
            )
        )
        if len(out) == MAX_CHOICES:
            break
    return out


class TableCommands(ServiceCog):

    @app_commands.command(name="move", description=_("Play a move in this channel's game"))
    @app_commands.describe(move=_("Your move, e.g. place B4 1,0 (start typing for suggestions)"),
                           table=_(TABLE_OPTION))
    async def move(self, interaction: discord.Interaction, move: str,
                   table: str | None = None) -> None:
        async with guarded(interaction, "/move"):
            require_channel(interaction)
            if len(move) > MAX_MOVE_TEXT:  # no game's move is this long: never echo it back
                raise Refusal(_(
                    "That is too long to be a move ({n} characters). Start typing after /move for "
                    "suggestions, or press **My hand / Play** to choose from a menu.", n=len(move)
                ))
            await defer_change(interaction)  # acknowledged before any read: Discord waits 3 s
            channel_id = await table_channel(interaction, self.service)
            await play_move(interaction, channel_id, move, version=None)

    @move.autocomplete("move")
    async def move_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        try:
            in_time, entries = await within(SUGGESTION_SECONDS, self._suggestions(interaction))
        except Exception:  # autocomplete can only answer with choices: none is the honest answer
            return []
        if not in_time or entries is None:
            log.warning("no /move suggestions for user %s in channel %s: the service took more "
                        "than %g s", interaction.user.id, interaction.channel_id,
                        SUGGESTION_SECONDS)
            return []
        with language(reader(interaction)):
            return autocomplete_choices(entries, current)

    async def _suggestions(self, interaction: discord.Interaction) -> list[MenuEntry] | None:
        channel_id = await table_channel(interaction, self.service)
        return await self.service.views.legal_moves(channel_id, interaction.user.id,
                                              language=reader(interaction))

    @app_commands.command(
        name="hand", description=_("See your hand (privately) and play on your turn")
    )
    @app_commands.describe(table=_(TABLE_OPTION))
    async def hand(self, interaction: discord.Interaction, table: str | None = None) -> None:
        await show_hand(interaction, None)

    @app_commands.command(name="board", description=_("See the current board (privately)"))
    @app_commands.describe(table=_(TABLE_OPTION),
                           text=_("True: the position in words instead of the picture"))
    async def board(self, interaction: discord.Interaction, table: str | None = None,
                    text: bool = False) -> None:
        if text:
            await show_words(interaction, None)
        else:
            await show_board(interaction, None)

    move.autocomplete("table")(table_choices)
    hand.autocomplete("table")(table_choices)
    board.autocomplete("table")(table_choices)

    @app_commands.command(name="abandon", description=_("End this channel's game without a result"))
    @app_commands.describe(table=_(TABLE_OPTION))
    async def abandon(self, interaction: discord.Interaction, table: str | None = None) -> None:
        async with guarded(interaction, "/abandon"):
            require_channel(interaction)
            await send.defer_public(interaction)  # before any read: Discord waits 3 s
            channel_id = await table_channel(interaction, self.service)
            before = await self.service.views.require_table(channel_id)
            admin = bool(interaction.permissions.manage_channels)
            info = await self.service.lobbies.abandon(channel_id, interaction.user.id,
                                                      is_admin=admin)
            async with in_public(interaction.client, interaction.guild_id, interaction):
                text = _("The {game} table was abandoned by {name}. The channel is free for "
                         "/play.", game=info.game_name, name=interaction.user.display_name)
            await send.respond(interaction, text)
            await self.poster.close_table(channel_id, [before.post_message_id], info)


    abandon.autocomplete("table")(table_choices)
