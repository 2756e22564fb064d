"""The base of the adapter's command cogs: they reach the table service and the poster through the
bot (typed by :func:`bot.adapter.kit.context.tablee`)."""

from __future__ import annotations

from discord.ext import commands

from bot.service import Services

from ..posting.poster import Poster
from .context import Tablee, tablee


class ServiceCog(commands.Cog):
    """A cog whose commands ask the table service and post through the poster."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def tablee(self) -> Tablee:
        return tablee(self.bot)

    @property
    def service(self) -> Services:
        return self.tablee.service

    @property
    def poster(self) -> Poster:
        return self.tablee.poster
