"""Which guilds this process serves: Discord's shard rule, in one place.

A bot in thousands of servers runs several processes, each connected to some of Discord's
shards (``shard_ids`` out of ``shard_count``). Discord sends a guild's events to shard
``(guild_id >> 22) % shard_count`` and everything outside a guild (DMs) to shard 0, so a
process owns exactly the tables of those guilds: it resumes them, keeps their clocks and
posts for them, and leaves the others to the process that receives their clicks.
"""

from __future__ import annotations

from dataclasses import dataclass


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard Discord routes ``guild_id``'s events to; no guild (a DM) is shard 0."""
    return ((guild_id or 0) >> 22) % count


@dataclass(frozen=True)
class Shards:
    """The shards this process serves: ``ids`` out of ``count`` (None: every shard)."""

    count: int = 1
    ids: tuple[int, ...] | None = None

    @property
    def served(self) -> tuple[int, ...]:
        """The shard ids this process connects to."""
        return tuple(range(self.count)) if self.ids is None else self.ids

    @property
    def everything(self) -> bool:
        """Whether this process serves every guild (one process, sharded or not)."""
        return set(self.served) == set(range(self.count))

    def owns(self, guild_id: int | None) -> bool:
        """Whether the tables of ``guild_id`` (None: a DM table) belong to this process."""
        return self.everything or shard_of(guild_id, self.count) in self.served


ALL = Shards()  # one unsharded process: every table is its own
