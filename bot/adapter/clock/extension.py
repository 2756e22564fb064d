"""The clock room as a discord.py extension (:data:`bot.adapter.rooms.EXTENSIONS`): :func:`setup`
adds what the room offers to the bot; the code is in the modules beside this one."""

from __future__ import annotations

from discord.ext import commands

from .absence import LeaveCommands
from .clock import ClockButton
from .substitutes import SeatAnswer, SeatButton


async def setup(bot: commands.Bot) -> None:
    bot.add_dynamic_items(ClockButton, SeatButton, SeatAnswer)
    await bot.add_cog(LeaveCommands(bot))
