"""Issue 41, item 1: where Discord offers each command, read from the payloads the bot syncs.
Every command is offered to servers that added the bot and to people who installed the app, in
servers, DMs and group DMs; the server-only ones are named here (the table and the reasons:
docs/playing.md, "Commands")."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.adapter.client import TableeBot
from bot.config import Config
from bot.service import Services

GUILD_INSTALL, USER_INSTALL = 0, 1
GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2

ADDED_SERVERS = {"settings", "tournament", "season", "tables", "vacation"}
"""Only in a server that added the bot: its settings, tournaments, seasons, open tables and the
vacation allowance its admins set."""
ANY_SERVER = {"history", "replay", "analysis", "stats", "leaderboard"}
"""In any server, also one that never added the bot (a member's own install): they read that
server's finished games and ratings, which a DM does not have."""


async def synced(host: Services, db_path: str) -> dict[str, dict[str, Any]]:
    """The global commands' payloads as ``sync`` sends them (translated), by English name."""
    bot = TableeBot(Config(database_path=db_path, sync="off"), host)
    try:
        await bot.setup_hook()
        tree = bot.tree
        commands = tree._get_all_commands(guild=None)
        assert tree.translator is not None
        return {c.name: await c.get_translated_payload(tree, tree.translator) for c in commands}
    finally:
        await bot.close()


@pytest.mark.sqlite_only  # the database plays no part
async def test_every_command_is_offered_everywhere_but_the_server_only_ones_in_any_language(
        host: Services, db_path: str) -> None:
    found = await synced(host, db_path)
    assert ADDED_SERVERS | ANY_SERVER <= set(found)
    for name, payload in found.items():
        where = (payload["integration_types"], payload["contexts"], payload["dm_permission"])
        if name in ADDED_SERVERS:
            assert where == ([GUILD_INSTALL], [GUILD], False), name
        elif name in ANY_SERVER:
            assert where == ([GUILD_INSTALL, USER_INSTALL], [GUILD], False), name
        else:
            assert where == ([GUILD_INSTALL, USER_INSTALL], [GUILD, BOT_DM, PRIVATE_CHANNEL],
                             True), name
    everywhere = set(found) - ADDED_SERVERS - ANY_SERVER
    assert {"play", "rules", "help", "move", "hand", "board", "undo", "leave", "abandon",
            "partner", "notifications", "dms"} <= everywhere

    # French clients keep their names (the translator's), wherever the command is offered
    french = discord.Locale.french.value
    assert found["play"]["name_localizations"][french] == "jouer"
    assert found["settings"]["name_localizations"][french] == "réglages"
    assert found["history"]["name_localizations"][french] == "historique"
    assert found["play"]["contexts"] == [GUILD, BOT_DM, PRIVATE_CHANNEL]
