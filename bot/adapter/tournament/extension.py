"""The tournament room as a discord.py extension (:data:`bot.adapter.rooms.EXTENSIONS`):
:func:`setup` adds what the room offers to the bot; the code is in the modules beside this one."""

from __future__ import annotations

from discord.ext import commands

from .commands import TournamentCommands
from .runner import TournamentButton


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(TournamentButton)
    await bot.add_cog(TournamentCommands(bot))
