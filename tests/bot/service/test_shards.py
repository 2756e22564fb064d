"""Sharded processes share one database: each host resumes, times and re-posts only the tables
of the guilds its shards serve (Discord's rule, ``(guild_id >> 22) % shard_count``; DMs are
shard 0). Two host objects on one real SQLite file stand for the two processes."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.config import ClockConfig
from bot.service import Outcome, Services
from bot.shards import ALL, Shards, shard_of
from tests.bot.conftest import ALICE, BOB
from tests.bot.drive import FakeTime, play_first_legal
from tests.bot.toy import TOY_ID

GUILD_A = (1000 << 22) | 17  # shard 0 of 2
GUILD_B = (1001 << 22) | 17  # shard 1 of 2
CHANNEL_A, CHANNEL_B = 100, 200
SHARD_0, SHARD_1 = Shards(2, (0,)), Shards(2, (1,))


def test_shard_of_is_discords_rule() -> None:
    guild = 175928847299117063  # a real-sized snowflake
    assert guild >> 22 == 41944705796
    assert [shard_of(guild, n) for n in (1, 2, 3, 5)] == [0, 0, 2, 1]
    assert shard_of(GUILD_A, 2) == 0 and shard_of(GUILD_B, 2) == 1
    assert shard_of(None, 4) == 0  # DMs go to shard 0


def test_a_process_owns_its_shards_guilds_and_dms_belong_to_shard_zero() -> None:
    assert SHARD_0.owns(GUILD_A) and not SHARD_0.owns(GUILD_B) and SHARD_0.owns(None)
    assert SHARD_1.owns(GUILD_B) and not SHARD_1.owns(GUILD_A) and not SHARD_1.owns(None)
    assert ALL.everything and ALL.owns(GUILD_B)
    both = Shards(2)  # one process running every shard
    assert both.served == (0, 1) and both.everything and both.owns(GUILD_A)
    assert not Shards(3, (0, 2)).everything and Shards(3, (2, 0, 1)).everything


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture
async def hosts(db_path: str, clock: FakeTime) -> AsyncIterator[tuple[Services, Services]]:
    """The two processes: shard 0 and shard 1 of two, on one database file."""
    first = await Services.open(db_path, clock=clock, clock_config=ClockConfig(),
                                 shards=SHARD_0)
    second = await Services.open(db_path, clock=clock, clock_config=ClockConfig(),
                                  shards=SHARD_1)
    yield first, second
    await second.close()
    await first.close()


async def _game(host: Services, channel: int, guild: int) -> Outcome:
    await host.lobbies.create_lobby(channel, guild, TOY_ID, {}, ALICE, "Alice", seed=3)
    await host.lobbies.join(channel, BOB, "Bob")
    return await host.lobbies.start(channel, ALICE)


async def test_each_process_sees_and_resumes_only_its_guilds_tables(
    hosts: tuple[Services, Services],
) -> None:
    first, second = hosts
    await _game(first, CHANNEL_A, GUILD_A)
    await _game(second, CHANNEL_B, GUILD_B)
    assert [t.channel_id for t in await first.views.active_tables()] == [CHANNEL_A]
    assert [t.channel_id for t in await second.views.active_tables()] == [CHANNEL_B]
    # A move in each game, never posted (the post's version stays behind): a restart posts it.
    await play_first_legal(first, CHANNEL_A)
    await play_first_legal(second, CHANNEL_B)
    [mine] = await first.moves.resume()
    assert mine.table.channel_id == CHANNEL_A
    [theirs] = await second.moves.resume()
    assert theirs.table.channel_id == CHANNEL_B
    # An unsharded process (the default) still resumes everything.
    everyone = Services(first.store, computer_delay=0)
    assert sorted(o.table.channel_id for o in await everyone.moves.resume()) == [CHANNEL_A, CHANNEL_B]


async def test_each_process_wakes_only_for_its_guilds_clocks(
    hosts: tuple[Services, Services], clock: FakeTime
) -> None:
    first, second = hosts
    await _game(first, CHANNEL_A, GUILD_A)
    clock.t += 60  # guild B's game starts later: its clock is due later
    await _game(second, CHANNEL_B, GUILD_B)
    due_a, due_b = await first.clock_next_due(), await second.clock_next_due()
    assert due_a is not None and due_b is not None and due_a < due_b
    assert await first.store.clocks.next_due() == due_a  # the whole database: guild A's comes first
    later = due_b + 1
    [reminder_a] = await first.clock_due(later)
    assert reminder_a.channel_id == CHANNEL_A
    [reminder_b] = await second.clock_due(later)
    assert reminder_b.channel_id == CHANNEL_B
    assert await first.clock_due(later) == [] and await second.clock_due(later) == []
    # Next, each process sleeps until its own table's deadline (a live bank: 330 s).
    assert await first.clock_next_due() == clock.START + 330
    assert await second.clock_next_due() == clock.START + 60 + 330


async def test_a_dm_table_belongs_to_shard_zero(
    hosts: tuple[Services, Services],
) -> None:
    first, second = hosts
    await _game(first, CHANNEL_A, None)  # a table outside any guild
    assert [t.channel_id for t in await first.views.active_tables()] == [CHANNEL_A]
    assert await second.views.active_tables() == []
    assert await second.clock_next_due() is None and await first.clock_next_due() is not None


async def test_the_client_is_sharded_only_when_the_config_says(
    hosts: tuple[Services, Services],
) -> None:
    from bot.adapter.client import ShardedTableeBot, TableeBot, make_bot
    from bot.config import Config

    plain = make_bot(Config(), hosts[0])
    assert type(plain) is TableeBot and plain.shard_count is None
    sharded = make_bot(Config(shard_count=2, shard_ids=(1,)), hosts[1])
    assert isinstance(sharded, ShardedTableeBot)
    assert (sharded.shard_count, sharded.shard_ids) == (2, [1])
    every = make_bot(Config(shard_count=3), hosts[0])
    assert (every.shard_count, every.shard_ids) == (3, None)
    # Never started, so nothing to close (an AutoShardedClient's close needs a started queue).


async def test_commands_are_synced_by_the_process_whose_shard_gets_them(
    hosts: tuple[Services, Services],
) -> None:
    """A guild's commands by the process of that guild's shard, global ones by shard 0's: the
    others return before any request (an unstarted client would fail to make one)."""
    import discord

    from bot.adapter.client import make_bot
    from bot.config import Config

    dev = dict(sync="guild", dev_guild_id=GUILD_B, shard_count=2)
    await make_bot(Config(**dev, shard_ids=(0,)), hosts[0]).sync_commands()  # not B's shard
    await make_bot(Config(shard_count=2, shard_ids=(1,)), hosts[1]).sync_commands()  # not 0
    for config in (Config(**dev, shard_ids=(1,)), Config(shard_count=2, shard_ids=(0,))):
        with pytest.raises(discord.DiscordException):  # it syncs: no login here, so it fails
            await make_bot(config, hosts[0]).sync_commands()
