"""The partner room as a discord.py extension (:data:`bot.adapter.rooms.EXTENSIONS`): :func:`setup`
adds what the room offers to the bot; the code is in the modules beside this one."""

from __future__ import annotations

from discord.ext import commands

from ... import catalog
from .partner import PartnerCommands


async def setup(bot: commands.Bot) -> None:
    if any(table_game.game.offers_partner_talk for table_game in catalog.table_games()):
        await bot.add_cog(PartnerCommands(bot))
