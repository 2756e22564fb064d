"""Gateway: HELLO/IDENTIFY/READY/GUILD_CREATE, heartbeats, RESUME, restarts, bad tokens."""

import asyncio

import discord
import pytest
from discord.gateway import DiscordWebSocket
from discord.http import Route

from tests.e2e.emulator import running_emulator
from tests.e2e.emulator.tinybot import TinyBot


async def until(predicate, timeout=5.0):
    loop = asyncio.get_running_loop()
    limit = loop.time() + timeout
    while not predicate():
        assert loop.time() < limit, "condition not reached"
        await asyncio.sleep(0.01)


async def test_identify_ready_and_heartbeat_ack(discord_sim, discord_env):
    bot = await discord_sim.start_bot(TinyBot())
    (conn,) = discord_env.gateway.connections
    assert conn.path == "/gateway"
    assert conn.opcodes[:2] == [1, 2]  # discord.py beats at HELLO, then identifies
    assert bot.user.id == discord_sim.world.bot.id
    await until(lambda: bot.latency != float("inf"))  # the heartbeat was ACKed


async def test_guild_create_carries_channels_roles_and_permissions(discord_sim):
    bot = await discord_sim.start_bot(TinyBot())
    (guild,) = bot.guilds
    assert guild.id == discord_sim.world.guild_id
    assert [c.name for c in guild.text_channels] == ["general"]
    assert guild.me.guild_permissions.administrator
    assert guild.default_role.permissions.send_messages
    assert not guild.default_role.permissions.manage_channels
    mod = discord_sim.user("mod", permissions=discord.Permissions(manage_channels=True).value)
    plain = discord_sim.user("plain")
    assert (await discord_sim.slash(mod, "whoami")).content == "mod manage_channels=True"
    assert (await discord_sim.slash(plain, "whoami")).content == "plain manage_channels=False"


async def test_member_chunking_for_bots_with_the_members_intent(discord_sim):
    discord_sim.user("alice")
    bot = await discord_sim.start_bot(TinyBot(members=True))
    (guild,) = bot.guilds
    assert guild.chunked
    assert {"alice", "owner"} <= {m.name for m in guild.members}


async def test_resume_uses_readys_resume_gateway_url_and_replays_missed_events(
    discord_sim, discord_env
):
    bot = await discord_sim.start_bot(TinyBot())
    await discord_env.gateway.drop_connections()
    # Dispatched while the bot is away: delivered on RESUME.
    reply = await discord_sim.slash(discord_sim.user("alice"), "secret")
    assert reply.content == "only you see this"
    first, second = discord_env.gateway.connections
    assert (first.path, second.path) == ("/gateway", "/resume-gateway")
    assert 6 in second.opcodes and 2 not in second.opcodes
    await until(lambda: bot.resumed_count == 1)
    assert bot.ready_count == 1


async def test_bad_token_fails_login(discord_env):
    with pytest.raises(discord.LoginFailure):
        await discord_env.start_bot(TinyBot(), token="not-the-token")


async def test_restart_keeps_the_world_and_persistent_buttons(discord_sim, discord_env):
    first = await discord_sim.start_bot(TinyBot())
    alice = discord_sim.user("alice")
    lobby = await discord_sim.slash(alice, "play", game="x")
    second = await discord_sim.restart_bot(TinyBot())
    assert first.is_closed() and second.is_ready() and discord_sim.bot is second
    assert [c.path for c in discord_env.gateway.connections] == ["/gateway", "/gateway"]
    await discord_sim.click(alice, lobby, label="Join")  # handled by the new process
    assert lobby.content == "Players: alice"


async def test_run_bot_context_and_globals_restored():
    before = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
    async with running_emulator() as emulator:
        assert Route.BASE.startswith("http://127.0.0.1:")
        async with emulator.run_bot(TinyBot()) as bot:
            assert bot.is_ready()
        assert bot.is_closed()
    assert (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY) == before


async def test_auto_sharded_client_connects_too(discord_sim, discord_env):
    client = discord.AutoShardedClient(intents=discord.Intents.default())
    await discord_sim.start_bot(client)
    assert client.shard_count == 1 and len(client.guilds) == 1
    assert ("GET", "/gateway/bot") in {(r.method, r.route) for r in discord_sim.requests}


async def test_channels_and_members_added_later_reach_the_bot(discord_sim):
    bot = await discord_sim.start_bot(TinyBot(members=True))
    tables = discord_sim.channel("tables")
    late = discord_sim.user("late")
    await until(lambda: bot.get_channel(tables.id) is not None)
    await until(lambda: bot.guilds[0].get_member(late.id) is not None)
    reply = await discord_sim.slash(late, "secret", channel=tables)
    assert reply.channel is tables and reply in discord_sim.visible_to(late, tables)
