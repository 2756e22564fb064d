"""The emulator's clock: a test moves Discord's "now" (ids, timestamps, edits)."""

import time

import discord

from tests.e2e.emulator.state import snowflake_time
from tests.e2e.emulator.tinybot import TinyBot

DAY = 86400.0


async def test_messages_carry_the_clock_s_time_in_their_ids_and_timestamps(discord_sim):
    await discord_sim.start_bot(TinyBot())
    later = time.time() + DAY
    discord_sim.world.clock = lambda: later
    await discord_sim.slash(discord_sim.user("alice"), "post")
    table = next(m for m in discord_sim.public() if m.content == "table v2")
    assert abs(table.created - later) < 0.01
    assert discord.utils.snowflake_time(table.id).timestamp() == table.created
    data = table.to_json()
    assert discord.utils.parse_time(data["timestamp"]).timestamp() == table.created
    assert abs(discord.utils.parse_time(data["edited_timestamp"]).timestamp() - later) < 0.01


async def test_ids_keep_increasing_when_the_clock_goes_back(discord_sim):
    world = discord_sim.world
    world.clock = lambda: time.time() + DAY
    ahead = world.new_id()
    world.clock = lambda: time.time() - DAY
    behind = world.new_id()
    assert behind > ahead
    assert snowflake_time(behind) == snowflake_time(ahead)  # held at the latest time given


async def test_the_real_time_by_default(discord_sim):
    before = time.time()
    assert before - 0.01 <= snowflake_time(discord_sim.world.new_id()) <= time.time()
