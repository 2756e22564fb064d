"""The seasons room as a discord.py extension (:data:`bot.adapter.rooms.EXTENSIONS`): :func:`setup`
adds what the room offers to the bot; the code is in the modules beside this one."""

from __future__ import annotations

from discord.ext import commands

from .seasons import SeasonCommands


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(SeasonCommands(bot))
