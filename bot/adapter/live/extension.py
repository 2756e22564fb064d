"""The live room as a discord.py extension (:data:`bot.adapter.rooms.EXTENSIONS`): :func:`setup`
adds what the room offers to the bot; the code is in the modules beside this one."""

from __future__ import annotations

from discord.ext import commands

from ..kit.context import tablee
from .activity import OpenTableButton
from .activity import offer as offer_activity
from .live import PlayInBrowserButton
from .live import offer as offer_live


async def setup(bot: commands.Bot) -> None:
    tablee_bot = tablee(bot)
    config = tablee_bot.config
    public = config.web is not None and config.web.public_url is not None
    offer_live(tablee_bot.watch_link if public and tablee_bot.issue_link is not None else None)
    # Open table needs the page at a public address (the Activity's URL mapping).
    offer_activity(config.activity is not None and public)
    bot.add_dynamic_items(PlayInBrowserButton, OpenTableButton)
