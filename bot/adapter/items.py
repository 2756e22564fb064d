"""How the adapter's persistent components come back from a custom id after a restart.

discord.py rebuilds a ``DynamicItem`` from its custom id with ``from_custom_id``; these mixins
(listed before ``DynamicItem`` in the bases) hold the two ways our ids are read.
"""

from __future__ import annotations

import re
from typing import Any, Self

import discord


class ActionIdItem:
    """Ids like ``tt:hand:<channel>:<version>``: the template names action, channel, version."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match["action"], int(match["channel"]), int(match["version"]))  # type: ignore[call-arg]


class WholeIdItem:
    """Menu ids that the callback parses itself: the item is rebuilt from the whole id."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        return cls(match.string)  # type: ignore[call-arg]
