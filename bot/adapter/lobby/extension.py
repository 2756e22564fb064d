"""The lobby room as a discord.py extension (:data:`bot.adapter.rooms.EXTENSIONS`): :func:`setup`
adds what the room offers to the bot; the code is in the modules beside this one."""

from __future__ import annotations

from discord.ext import commands

from ... import catalog
from .challenge import ChallengeSelect, challenge_menu
from .game_commands import play_group, rules_command
from .lobby import AddComputerSelect, LobbyButton, SettingsPage, SettingsSelect
from .rematch import RematchButton
from .server_tables import JoinFromList, TablesCommand


async def setup(bot: commands.Bot) -> None:
    games = [table_game.game for table_game in catalog.table_games()]
    bot.add_dynamic_items(LobbyButton, AddComputerSelect, SettingsSelect, SettingsPage,
                          RematchButton, JoinFromList, ChallengeSelect)
    await bot.add_cog(TablesCommand(bot))
    bot.tree.add_command(play_group(games))
    bot.tree.add_command(rules_command(games))
    bot.tree.add_command(challenge_menu())
