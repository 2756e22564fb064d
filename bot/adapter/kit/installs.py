"""Where the commands are offered. Discord knows two ways to have Tablée: a server added the bot
(guild install), or a person added the app to their account (user install) and uses it in DMs,
group DMs and servers that never added the bot. The command tree's default
(:data:`EVERY_INSTALL`, :data:`EVERY_CONTEXT`) offers a command everywhere; the few that only
make sense in servers say so with :func:`servers_only` (the table of which and why:
docs/playing.md, "Commands")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from discord import app_commands

T = TypeVar("T")

EVERY_INSTALL = app_commands.AppInstallationType(guild=True, user=True)
"""A command of a server that added the bot, and of a person who installed the app."""
EVERY_CONTEXT = app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=True)
"""A command in servers, in DMs with the bot or between people, and in group DMs."""


def servers_only(*, user_install: bool) -> Callable[[T], T]:
    """Offer a command (or a group) in servers only, never in DMs or group DMs.
    ``user_install``: also in a server that never added the bot, through a member's own install
    (what it reads is that server's); False: only where the server added the bot (its settings,
    its tournaments, its seasons...)."""

    def declared(command: T) -> T:
        command = app_commands.allowed_contexts(guilds=True, dms=False,
                                                private_channels=False)(command)
        command = app_commands.allowed_installs(guilds=True, users=user_install)(command)
        return app_commands.guild_only(command)  # last: allowed_contexts resets it

    return declared
