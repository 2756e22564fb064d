"""The base of the adapter's command cogs: they reach the table host through the bot."""

from __future__ import annotations

from discord.ext import commands

from bot.host import TableHost


class HostCog(commands.Cog):
    """A cog whose commands ask the table host (``bot.host``, set by the client)."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def host(self) -> TableHost:
        return self.bot.host  # type: ignore[attr-defined]
