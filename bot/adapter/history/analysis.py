"""Post-game analysis on Discord: the **Analysis** button on a finished game's last table post
and ``/analysis game:<number>`` (in :mod:`bot.adapter.history.history`, beside /replay, whose game
autocomplete it shares).

Both answer in the channel with one message in the server's language: it says how far the
analysis is ("Analysing… turn 40 of 120", edited at most every ``PROGRESS_SECONDS``) while the
worker processes compute it, then becomes the chart and the three biggest swings. An analysis
is stored: asking again answers at once. A game this server did not finish gets a private
sentence; an analysis that fails takes its "Analysing…" message away and says why privately.
"""

from __future__ import annotations

import contextlib
import io
import time

import discord

from bot.service.analysis import GameAnalysis
from bot.service.history import HistoryEntry
from bot.service.results import PublicPost, TableInfo

from ..kit import send
from ..kit.components import Component, Item
from ..kit.context import tablee
from ..kit.errors import guarded
from ..kit.i18n import _, shown
from ..kit.languages import in_public

PROGRESS_SECONDS = 2.0
"""The shortest time between two progress edits of the answer (Discord's rate limits)."""


class AnalysisButton(Component, discord.ui.DynamicItem[discord.ui.Button], namespace="ta:",
                     template=r"(?P<channel_id>\d+):(?P<game_row>\d+)",
                     id_format="{channel_id}:{game_row}"):
    """Analysis, on a finished game's last post: the id names its channel and game."""

    def __init__(self, channel_id: int, game_row: int) -> None:
        super().__init__(discord.ui.Button(
            label=_("Analysis"), style=discord.ButtonStyle.secondary,
            custom_id=self.make_id(channel_id=channel_id, game_row=game_row)))
        self.channel_id = channel_id
        self.game_row = game_row

    async def callback(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, "analysis"):
            await post_analysis(interaction, self.game_row)


def analysis_button(channel_id: int, post: PublicPost, table: TableInfo) -> list[Item]:
    """The last post's Analysis button, once the game is in history."""
    if not post.finished or table.game_row is None:
        return []
    return [AnalysisButton(table.channel_id, table.game_row)]


async def post_analysis(interaction: discord.Interaction, game_row: int) -> None:
    """Answer with the analysis of game ``game_row`` of this server (outside servers: of no
    server; see the module doc)."""
    await send.defer_public(interaction)  # before any read; a refusal is still private
    service = tablee(interaction.client).service
    entry = await service.game_history.finished_entry(interaction.guild_id, game_row,
                                                       here=interaction.channel_id)
    async with in_public(interaction.client, interaction.guild_id, interaction) as code:
        await send.respond(interaction, _("Analysing game #{n}…", n=game_row))
        shown_at = time.monotonic()

        async def progress(done: int, total: int) -> None:
            nonlocal shown_at
            if time.monotonic() - shown_at < PROGRESS_SECONDS:
                return
            shown_at = time.monotonic()
            await send.edit_original(interaction, content=_(
                "Analysing… turn {n} of {total}", n=done, total=total))

        try:
            made = await service.analyses.analysis(interaction.guild_id, game_row,
                                                   progress=progress, language=code)
        except BaseException:
            # No "Analysing…" left behind: the answer goes, the person gets the sentence.
            with contextlib.suppress(discord.HTTPException):
                await interaction.delete_original_response()
            raise
        text = analysis_text(entry, made)
    await send.edit_original(interaction, content=text, attachments=[
        discord.File(io.BytesIO(made.chart), made.chart_name)])


def analysis_text(entry: HistoryEntry, made: GameAnalysis) -> str:
    """The answer: which game, how the chances were estimated, the three biggest swings."""
    players = ", ".join(shown(p.name) for p in entry.players)
    head = _("**Analysis of game #{n}, {game}** ({players}): each player's chance to win after "
             "every turn, estimated by the hard computer's playouts with every card revealed.",
             n=entry.game_row, game=entry.game_name, players=players)
    if not made.swings:
        return head
    return "\n".join([head, _("The biggest swings:"), *(f"• {s}" for s in made.swings)])
