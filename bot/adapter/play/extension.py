"""The play room as a discord.py extension (:data:`bot.adapter.rooms.EXTENSIONS`): :func:`setup`
adds what the room offers to the bot; the code is in the modules beside this one."""

from __future__ import annotations

from discord.ext import commands

from .commands import TableCommands
from .hints import HintButton
from .private_play import MenuButton, MenuSelect, WordsPage
from .table_buttons import TableButton
from .undo import UndoButton, UndoCommands


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(TableButton, MenuButton, MenuSelect, WordsPage, UndoButton, HintButton)
    await bot.add_cog(TableCommands(bot))
    await bot.add_cog(UndoCommands(bot))
