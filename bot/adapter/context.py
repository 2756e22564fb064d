"""Typed access to what the adapter's cogs, commands and components need of the bot: the table
host and the poster. The bot class (:mod:`bot.adapter.client`) imports everything else, so the
rest of the adapter reaches it through this protocol instead of importing the class."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

import discord

if TYPE_CHECKING:
    from bot.config import Config
    from bot.service import TableService

    from .table_post import Poster


@runtime_checkable
class Tablee(Protocol):
    """The Tablée bot as the adapter sees it (:class:`bot.adapter.client.TableeBot`)."""

    config: Config
    host: TableService
    poster: Poster


def tablee(client: discord.Client) -> Tablee:
    """The client as the Tablée bot; TypeError for any other client (a wiring mistake)."""
    if not isinstance(client, Tablee):
        raise TypeError(f"{type(client).__name__} is not the Tablée bot (no host or poster)")
    return client
