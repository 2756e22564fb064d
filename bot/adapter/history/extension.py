"""The history room as a discord.py extension (:data:`bot.adapter.rooms.EXTENSIONS`): :func:`setup`
adds what the room offers to the bot; the code is in the modules beside this one."""

from __future__ import annotations

from discord.ext import commands

from .analysis import AnalysisButton
from .history import HistoryButton, HistoryCommands
from .menus import history_menus
from .ratings import RatingCommands


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(HistoryButton, AnalysisButton)
    await bot.add_cog(RatingCommands(bot))
    await bot.add_cog(HistoryCommands(bot))
    for menu in history_menus():
        bot.tree.add_command(menu)
