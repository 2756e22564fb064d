"""Sharding as Discord does it (Gateway docs, "Sharding"): IDENTIFY with ``shard: [id, count]``
gets READY and GUILD_CREATE for that shard's guilds only, ``(guild_id >> 22) % count``; a
guild's events go to its shard's connection, DMs to shard 0. Two real AutoShardedClients, one
shard each, on one emulator."""

from __future__ import annotations

from typing import Any

import aiohttp
import discord
from discord import app_commands

from tests.e2e.emulator.gateway import Session


class ShardBot(discord.AutoShardedClient):
    """One command that says which shards answered it."""

    def __init__(self, **shards: Any) -> None:
        super().__init__(intents=discord.Intents.default(), **shards)
        self.tree = app_commands.CommandTree(self)
        self.seen: list[int | None] = []  # the guild of each interaction this client got

        @self.tree.command(description="Which shard answers")
        async def where(interaction: discord.Interaction) -> None:
            self.seen.append(interaction.guild_id)
            await interaction.response.send_message(f"shards {self.shard_ids}")

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.component:
            self.seen.append(interaction.guild_id)


class QuickShards(discord.AutoShardedClient):
    """discord.py waits 5 s between two shards' IDENTIFYs (Discord's max_concurrency of 1);
    the emulator has no such limit, so this client skips the wait (discord.py's hook for it)."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None


def _frames(session: Session, event: str) -> list[dict[str, Any]]:
    return [f["d"] for f in session.sent if f["t"] == event]


async def test_each_shard_gets_its_guilds_and_their_interactions(discord_sim, discord_env):
    world = discord_env.world
    guild_a = world.add_guild("Shard zero", shard=(0, 2))
    guild_b = world.add_guild("Shard one", shard=(1, 2))
    assert ((guild_a >> 22) % 2, (guild_b >> 22) % 2) == (0, 1)
    first = await discord_env.start_bot(ShardBot(shard_count=2, shard_ids=[0]))
    second = await discord_env.start_bot(ShardBot(shard_count=2, shard_ids=[1]))
    on = {s: [g for g in world.guild_ids if (g >> 22) % 2 == s] for s in (0, 1)}
    assert sorted(g.id for g in first.guilds) == sorted(on[0]) and guild_a in on[0]
    assert sorted(g.id for g in second.guilds) == sorted(on[1]) and guild_b in on[1]
    sessions = {s.shard: s for s in discord_env.gateway.sessions.values()}
    assert set(sessions) == {(0, 2), (1, 2)}
    for shard, session in sessions.items():
        [ready] = _frames(session, "READY")
        assert ready["shard"] == list(shard)
        assert [g["id"] for g in ready["guilds"]] == [str(g) for g in on[shard[0]]]
        assert [g["id"] for g in _frames(session, "GUILD_CREATE")] == [
            str(g) for g in on[shard[0]]]

    alice = discord_sim.user("alice")
    in_b = world.general_of(guild_b)
    reply = await discord_sim.slash(alice, "where", channel=in_b)
    assert reply.content == "shards [1]" and second.seen == [guild_b] and first.seen == []
    reply = await discord_sim.slash(alice, "where", channel=world.general_of(guild_a))
    assert reply.content == "shards [0]" and first.seen == [guild_a]
    # Each guild's member event went to its own shard only; a DM's interaction to shard 0.
    for shard, session in sessions.items():
        guilds = {d["guild_id"] for d in _frames(session, "GUILD_MEMBER_ADD")}
        assert guilds == {str(g) for g in on[shard[0]]}
    reply = await discord_sim.slash(alice, "where", channel=world.dm_channel(alice))
    assert reply.content == "shards [0]" and first.seen[-1] is None
    routed = {shard: [d["channel_id"] for d in _frames(s, "INTERACTION_CREATE")]
              for shard, s in sessions.items()}
    assert routed == {(0, 2): [str(world.general_of(guild_a).id), str(world.dm_channel(alice).id)],
                      (1, 2): [str(in_b.id)]}


async def test_an_invalid_shard_is_refused_and_gateway_bot_recommends_a_count(discord_env):
    discord_env.world.recommended_shards = 3
    client = QuickShards(intents=discord.Intents.default())
    await discord_env.start_bot(client)  # no count given: it asks GET /gateway/bot
    assert client.shard_count == 3
    assert sorted(s.shard for s in discord_env.gateway.sessions.values()) == [
        (0, 3), (1, 3), (2, 3)]
    assert len(client.guilds) == 1  # the one guild is on exactly one of the three shards
    await discord_env.stop_bot(client)
    async with aiohttp.ClientSession() as http:
        for shard in ([2, 2], [0], [-1, 2]):
            async with http.ws_connect(f"{discord_env.base_url}/gateway") as ws:
                await ws.receive_json()  # HELLO
                token = discord_env.world.token
                await ws.send_json({"op": 2, "d": {"token": token, "intents": 0, "shard": shard,
                                                   "properties": {}}})
                closing = await ws.receive()
                assert closing.type is aiohttp.WSMsgType.CLOSE and closing.data == 4010, shard
