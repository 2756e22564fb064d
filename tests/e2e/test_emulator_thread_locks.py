"""The emulator's locked and deleted threads (issue 38 item 2), driven by a real discord.py
client: a locked thread refuses the bot's posts and edits without Manage Threads (160005) and
takes them with it; deleting a thread answers the thread object, sends THREAD_DELETE (the
client drops it from its cache) and leaves 10003 behind; every request and answer valid."""

from __future__ import annotations

import discord
import pytest

from tests.e2e.emulator.state import ALL_PERMISSIONS, MANAGE_THREADS
from tests.e2e.test_emulator_threads import ThreadBot, assert_valid, spawn

ADMINISTRATOR = 1 << 3


class DeleteBot(ThreadBot):
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        self.events.append(("delete", payload.thread_id))


@pytest.fixture
async def bot(discord_sim) -> DeleteBot:
    return await discord_sim.start_bot(DeleteBot())


async def test_a_locked_thread_refuses_the_bot_without_manage_threads(discord_sim, bot):
    sim = discord_sim
    alice = sim.user("alice")
    thread, _, post_id = await spawn(sim, alice)
    await sim.set_permissions(sim.world.bot_role, ALL_PERMISSIONS & ~ADMINISTRATOR
                              & ~MANAGE_THREADS)
    await sim.lock(thread)
    cached = bot.get_channel(thread.id)
    assert isinstance(cached, discord.Thread) and cached.locked and not cached.archived
    assert not cached.permissions_for(cached.guild.me).manage_threads  # GUILD_ROLE_UPDATE
    with pytest.raises(discord.HTTPException) as posted:
        await cached.send("turn 2")
    assert posted.value.status == 400 and posted.value.code == 160005
    with pytest.raises(discord.HTTPException) as edited:
        await cached.get_partial_message(post_id).edit(content="changed")
    assert edited.value.code == 160005 and sim.world.messages[post_id].content == "turn 1 (edited)"
    await sim.set_permissions(sim.world.bot_role, ALL_PERMISSIONS & ~ADMINISTRATOR)
    await cached.send("a moderator's post")  # with Manage Threads it goes through
    await sim.lock(thread, locked=False)
    assert not bot.get_channel(thread.id).locked
    await cached.send("turn 2")
    assert [m.content for m in sim.public(thread)][-2:] == ["a moderator's post", "turn 2"]
    assert_valid(sim)


async def test_deleting_a_thread(discord_sim, bot):
    sim = discord_sim
    alice = sim.user("alice")
    thread, lobby_id, post_id = await spawn(sim, alice)
    other, _, _ = await spawn(sim, alice, "Other")
    await sim.delete_thread(thread)  # a moderator
    assert ("delete", thread.id) in bot.events and bot.get_channel(thread.id) is None
    assert sim.world.messages[post_id].deleted and sim.world.messages[lobby_id].thread is None
    assert thread.id not in sim.world.channels and sim.threads() == [other]
    with pytest.raises(discord.NotFound) as gone:
        await bot.get_partial_messageable(thread.id).send("turn 2")
    assert gone.value.code == 10003
    await bot.get_channel(other.id).delete()  # the bot (Manage Threads): DELETE /channels/{id}
    await sim.wait_idle()
    deleted = [r for r in sim.requests
               if r.method == "DELETE" and r.route == "/channels/{channel_id}"]
    assert deleted[-1].status == 200 and deleted[-1].response["id"] == str(other.id)
    assert ("delete", other.id) in bot.events
    await sim.set_permissions(sim.world.bot_role, ALL_PERMISSIONS & ~ADMINISTRATOR
                              & ~MANAGE_THREADS)
    with pytest.raises(discord.Forbidden):
        await bot.http.delete_channel(sim.general.id)  # a channel: not emulated, refused
    assert_valid(sim)
