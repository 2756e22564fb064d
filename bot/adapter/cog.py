"""The base of the adapter's command cogs: they reach the table host and the poster through the
bot (typed by :func:`bot.adapter.context.tablee`)."""

from __future__ import annotations

from discord.ext import commands

from bot.service import TableService

from .context import Tablee, tablee
from .table_post import Poster


class HostCog(commands.Cog):
    """A cog whose commands ask the table host and post through the poster."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @property
    def tablee(self) -> Tablee:
        return tablee(self.bot)

    @property
    def host(self) -> TableService:
        return self.tablee.host

    @property
    def poster(self) -> Poster:
        return self.tablee.poster
