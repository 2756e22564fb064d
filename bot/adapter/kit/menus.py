"""The right-click commands (Discord's context menus: on a person, on a message), declared in one
way: offered to both installation types (a server that added the bot, a person who installed the
app) in servers, DMs and group DMs. Their names may hold spaces and capitals (1-32 characters);
:mod:`bot.adapter.kit.translator` gives them in the reader's language from the catalogs."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from discord import app_commands

from .installs import EVERY_CONTEXT, EVERY_INSTALL


def context_menu(name: str, callback: Callable[..., Awaitable[None]]) -> app_commands.ContextMenu:
    """A right-click command named ``name`` (English; an ``N_`` msgid) running ``callback``,
    whose second parameter's annotation says on what (a user or member, or a message)."""
    return app_commands.ContextMenu(name=name, callback=callback, allowed_installs=EVERY_INSTALL,
                                    allowed_contexts=EVERY_CONTEXT)
