"""Typed access to what the adapter's cogs, commands and components need of the bot: the table
service and the poster. The rest of the adapter reaches the bot through this protocol; the bot
class (:mod:`bot.adapter.client`) imports every command and component module, which import this
one, so they cannot import that class."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol, runtime_checkable

import discord

from bot.config import Config
from bot.service import Services

from ..posting.poster import Poster


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


def tablee(client: discord.Client) -> Tablee:
    """The client as the Tablée bot; TypeError for any other client (a wiring mistake)."""
    if not isinstance(client, Tablee):
        raise TypeError(f"{type(client).__name__} is not the Tablée bot (no service or poster)")
    return client
