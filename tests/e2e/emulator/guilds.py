"""More than one guild, and Discord's sharding (Gateway docs, "Sharding").

The world starts with one guild (``World.guild_id``); a sharding test adds others with
``add_guild``, choosing the shard each lands on. Every user is a member of every guild and the
guilds share the bot's roles; each guild has its own @everyone role (whose id is the guild's)
and its own channels.

Discord routes a guild's events to shard ``(guild_id >> 22) % num_shards`` and events outside
a guild (DMs) to shard 0; a connection that identified without ``shard`` gets everything. This
is the emulator's own copy of the rule (the bot's is in bot/shards.py), so a mistake in one is
not hidden by the other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

    from .state import Channel, Role

SHARD_BITS = 22


def shard_of(guild_id: int | None, num_shards: int) -> int:
    """The shard Discord sends a guild's events to; no guild is shard 0."""
    return ((guild_id or 0) >> SHARD_BITS) % num_shards


def receives(shard: tuple[int, int] | None, guild_id: int | None) -> bool:
    """Whether a connection identified with ``shard`` ([id, count], None: unsharded) gets an
    event of ``guild_id`` (None: a DM or an event outside guilds)."""
    if shard is None:
        return True
    shard_id, count = shard
    return shard_of(guild_id, count) == shard_id


def event_guild(data: dict[str, Any]) -> int | None:
    """The guild an event is about: its ``guild_id`` (a CHANNEL_CREATE's channel carries one)."""
    value = data.get("guild_id")
    return int(value) if value else None


class Guilds:
    """The guild bookkeeping of :class:`~tests.e2e.emulator.state.World` (a mixin)."""

    new_id: Callable[[], int]
    guild_id: int
    guild_name: str
    everyone: Role
    roles: list[Role]
    channels: dict[int, Channel]
    recommended_shards: int = 1  # what GET /gateway/bot answers as "shards"

    def _init_guilds(self) -> None:
        self.guild_names: dict[int, str] = {self.guild_id: self.guild_name}
        self.everyones: dict[int, Role] = {self.guild_id: self.everyone}
        # Guilds that never added the bot (the app is at most user-installed there): no
        # GUILD_CREATE, no events, the bot's token refused on them (403 50001).
        self.without_bot: set[int] = set()

    @property
    def guild_ids(self) -> list[int]:
        """Every guild the bot is in, the first one first."""
        return [g for g in self.guild_names if g not in self.without_bot]

    def add_guild(self, name: str, *, shard: tuple[int, int] | None = None,
                  bot_member: bool = True, external_apps: bool = True) -> int:
        """A new guild (every user in it, the bot too unless ``bot_member`` is False: a
        server that never added the app), with a #general channel; ``shard`` ([id, count])
        picks an id whose events Discord routes to that shard; ``external_apps`` False takes
        USE_EXTERNAL_APPS from its @everyone (user-installed apps then answer ephemerally)."""
        from .state import USE_EXTERNAL_APPS, Role

        guild_id = self.new_id()
        if shard is not None:
            shard_id, count = shard
            step = (shard_of(guild_id, count) - shard_id) % count
            guild_id -= step << SHARD_BITS  # a few milliseconds earlier: the wanted shard
        self.guild_names[guild_id] = name
        everyone = self.everyone.permissions
        if not external_apps:
            everyone &= ~USE_EXTERNAL_APPS
        self.everyones[guild_id] = Role(guild_id, "@everyone", everyone)
        if not bot_member:
            self.without_bot.add(guild_id)
        self.add_channel("general", guild_id=guild_id)  # type: ignore[attr-defined]
        return guild_id

    def guilds_of_shard(self, shard: tuple[int, int] | None) -> list[int]:
        """The guilds a connection identified with ``shard`` receives."""
        return [g for g in self.guild_ids if receives(shard, g)]

    def roles_of(self, guild_id: int) -> list[Role]:
        """The guild's roles: its own @everyone, then the roles the guilds share."""
        return [self.everyones[guild_id], *self.roles[1:]]

    def channels_of(self, guild_id: int) -> list[Channel]:
        """The guild's channels, not its threads (GUILD_CREATE lists those apart)."""
        return [
            c for c in self.channels.values()
            if c.type not in (1, 10, 11, 12) and c.guild_id == guild_id
        ]

    def general_of(self, guild_id: int) -> Channel:
        """The guild's first channel (its system channel)."""
        return self.channels_of(guild_id)[0]
