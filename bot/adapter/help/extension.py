"""The help room as a discord.py extension (:data:`bot.adapter.rooms.EXTENSIONS`): :func:`setup`
adds what the room offers to the bot; the code is in the modules beside this one."""

from __future__ import annotations

from discord.ext import commands

from ... import catalog
from ..kit.context import tablee
from .help import help_command


async def setup(bot: commands.Bot) -> None:
    games = [table_game.game for table_game in catalog.table_games()]
    bot.tree.add_command(help_command(games, tablee(bot).config.rules_url))
