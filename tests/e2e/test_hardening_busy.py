"""Commands answer in time whatever the database does (issue 17, item 2): with another process
holding the write lock, /play, /abandon and /dms say "busy, try again" within Discord's three
seconds (the emulator fails any later acknowledgement) and change nothing, /stats still answers;
and a lobby whose post never went out is removed, so the channel is not blocked by a lobby
nobody can see."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.storage.errors import BUSY
from tests.bot.storage.test_database import write_lock_held
from tests.e2e.test_play_helpers import running_tablee, slash_with_user_option


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path) as app:
        yield app


async def test_a_busy_database_gets_busy_sentences_in_time(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    with write_lock_held(tablee.db):
        refused = await sim.slash(alice, "play master-islands")
        assert refused.ephemeral and refused.content == BUSY
        assert await tablee.bot.service.views.table(sim.general.id) is None  # no invisible lobby
        dms = await sim.slash(alice, "dms", enabled=False)
        assert dms.ephemeral and dms.content == BUSY
        stats = await slash_with_user_option(sim, alice, "stats")
        assert stats.ephemeral and BUSY not in stats.content  # reads are not held up
    lobby = await sim.slash(alice, "play master-islands")
    assert not lobby.ephemeral and "Join" in lobby.labels
    with write_lock_held(tablee.db):
        refused = await sim.slash(alice, "abandon")
        assert refused.ephemeral and refused.content == BUSY
        assert await tablee.bot.service.views.table(sim.general.id) is not None
    done = await sim.slash(alice, "abandon")
    assert "abandoned" in done.content
    assert not sim.violations


async def test_a_lobby_whose_post_failed_is_removed(discord_sim: Any, tablee: Any) -> None:
    """/play is acknowledged at once, then the lobby is written once the database answers (it
    was held a moment); by then Discord no longer takes the answer (the interaction's token ran
    out, as after 15 minutes), so the post is refused: the lobby must not stay behind,
    invisible, blocking the channel."""
    sim = discord_sim
    alice = sim.user("alice")
    other = sqlite3.connect(tablee.db, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    data = sim.payloads.command_data("play master-islands", {}, focused=None)
    interaction = sim.payloads.interaction(2, alice, sim.general, data, "/play master-islands")
    before = asyncio.all_tasks()
    sim.settle_timeout = 1.0
    running = asyncio.ensure_future(sim._run(interaction))
    while not interaction.acknowledged:
        await asyncio.sleep(0.005)
    sim.expire(interaction)
    other.execute("ROLLBACK")
    other.close()
    with pytest.raises(AssertionError, match="never answered"):
        await running
    await sim.wait_idle(since=before)  # until the bot's handler is done
    assert await tablee.bot.service.views.table(sim.general.id) is None
    lobby = await sim.slash(alice, "play master-islands")  # the channel is free
    assert not lobby.ephemeral and "Join" in lobby.labels


async def test_a_lobby_stored_but_never_posted_is_posted_at_restart(
    discord_sim: Any, tablee: Any
) -> None:
    """The bot stopped between storing a lobby and posting it: the restart posts it."""
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    await tablee.bot.service.lobbies.create_lobby(sim.general.id, sim.world.guild_id, "master-islands", {},
                                       alice.id, "Alice")
    assert not sim.public()
    await tablee.restart()
    [post] = sim.public()
    assert "Join" in post.labels and "hosted by Alice" in post.content
    assert (await tablee.bot.service.views.table(sim.general.id)).post_message_id == post.id
    await sim.click(bob, post, label="Join")
    assert "2. Bob" in post.content
