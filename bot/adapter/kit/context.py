"""Typed access to what the adapter's cogs, commands and components need of the bot: the table
service, the poster and the layout of components. The rest of the adapter reaches the bot
through this protocol; the bot class (:mod:`bot.adapter.client`) imports the rooms' layout
(:mod:`bot.adapter.rooms`), whose modules import this one, so they cannot import that class."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol, runtime_checkable

import discord

from bot.config import Config
from bot.service import Services

from ..posting.poster import Poster
from .components import Layout


@runtime_checkable
class Tablee(Protocol):
    """The Tablée bot as the adapter sees it (:class:`bot.adapter.client.TableeBot`)."""

    config: Config
    service: Services
    poster: Poster
    # A seated player's personal link to the table's page (table, user) -> address; None when
    # the web server does not run (bot.adapter.live.live). The app passes it; a refusal is a
    # HostError with its sentence.
    issue_link: Callable[[int, int], Awaitable[str]] | None
    # The table page's Watch live address (table) -> URL, when the web server runs (None: not).
    watch_link: Callable[[int], str] | None
    layout: Layout  # where the rooms' components appear (bot.adapter.rooms.LAYOUT)


def tablee(client: discord.Client) -> Tablee:
    """The client as the Tablée bot; TypeError for any other client (a wiring mistake)."""
    if not isinstance(client, Tablee):
        raise TypeError(f"{type(client).__name__} is not the Tablée bot (no service or poster)")
    return client
