"""Threads in the emulator, driven by a real discord.py client: started from a message (same
id) or without one, forum posts (a thread and its first message, same id), posts and edits in
them, commands and buttons from inside, archiving, members, the cap on active threads and the
thread permissions; every request and answer valid against the spec."""

from __future__ import annotations

import discord
import pytest
from discord.http import Route

from tests.e2e.emulator import validate
from tests.e2e.emulator.state import (
    ALL_PERMISSIONS,
    CREATE_PUBLIC_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    Thread,
)
from tests.e2e.emulator.tinybot import Lobby, TinyBot, png

ADMINISTRATOR = 1 << 3


class ThreadBot(TinyBot):
    """The tiny bot and two commands: /spawn starts a table thread, /where says where it is."""

    def __init__(self) -> None:
        super().__init__(members=True)
        self.events: list[tuple[str, int]] = []
        tree = self.tree

        @tree.command(description="A table in a thread")
        async def spawn(interaction: discord.Interaction, name: str) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            lobby = await channel.send(f"lobby {name}")
            thread = await lobby.create_thread(name=name, auto_archive_duration=10080)
            post = await thread.send("turn 1", view=Lobby())
            await post.edit(content="turn 1 (edited)")
            await interaction.followup.send(f"thread {thread.id} from {lobby.id} post {post.id}")

        @tree.command(description="Where am I?")
        async def where(interaction: discord.Interaction) -> None:
            channel = interaction.channel
            kind = type(channel).__name__
            parent = getattr(channel, "parent_id", None)
            await interaction.response.send_message(f"{kind} {channel.id} parent {parent}")

    async def on_thread_create(self, thread: discord.Thread) -> None:
        self.events.append(("create", thread.id))

    async def on_thread_update(self, before: discord.Thread, after: discord.Thread) -> None:
        self.events.append(("archived" if after.archived else "update", after.id))

    async def on_thread_join(self, thread: discord.Thread) -> None:
        self.events.append(("join", thread.id))

    async def on_thread_member_join(self, member: discord.ThreadMember) -> None:
        self.events.append(("member", member.id))


@pytest.fixture
async def bot(discord_sim) -> ThreadBot:
    return await discord_sim.start_bot(ThreadBot())


def the_thread(sim, thread_id: int) -> Thread:
    thread = sim.world.channels[thread_id]
    assert isinstance(thread, Thread)
    return thread


def assert_valid(sim) -> None:
    assert sim.problems() == []
    for r in sim.requests:
        assert not r.problems, r
        if r.response is not None and r.status < 300:
            assert validate.validate_response(r.method, r.route, r.status, r.response) == [], r


async def spawn(sim, user, name: str = "Table") -> tuple[Thread, int, int]:
    reply = await sim.slash(user, "spawn", name=name)
    _, thread_id, _, lobby_id, _, post_id = reply.content.split()
    return the_thread(sim, int(thread_id)), int(lobby_id), int(post_id)


async def test_a_thread_from_a_message_takes_its_id_and_holds_posts(discord_sim, bot):
    sim = discord_sim
    alice = sim.user("alice")
    thread, lobby_id, post_id = await spawn(sim, alice)
    assert thread.id == lobby_id and thread.type == 11 and thread.parent is sim.general
    assert thread.auto_archive_duration == 10080 and thread.owner is sim.world.bot
    lobby = sim.world.messages[lobby_id]
    assert sim.thread_of(lobby) is thread and sim.threads() == [thread]
    assert lobby.thread is thread and lobby.to_json()["thread"]["id"] == str(thread.id)
    assert [m.content for m in sim.public(thread)] == ["turn 1 (edited)"]
    assert [m.content for m in sim.public()] == ["lobby Table"]  # the channel keeps the lobby
    assert sim.visible_to(alice, thread)[0].id == post_id
    assert thread.message_count == 1 and sim.world.bot.id in thread.members

    cached = bot.get_channel(thread.id)  # THREAD_CREATE reached the client's cache
    assert isinstance(cached, discord.Thread)
    assert cached.parent_id == sim.general.id and cached.owner_id == sim.world.bot.id
    assert bot.events[:2] == [("create", thread.id), ("join", thread.id)]  # THREAD_MEMBERS_UPDATE
    assert [m.content async for m in cached.history()] == ["turn 1 (edited)"]
    assert [r.route for r in sim.requests if "thread" in r.route] == [
        "/channels/{channel_id}/messages/{message_id}/threads"
    ]
    created = next(r for r in sim.requests if r.route.endswith("/threads"))
    assert created.status == 201 and created.response["id"] == str(lobby_id)
    assert_valid(sim)


async def test_commands_and_buttons_from_inside_a_thread(discord_sim, bot):
    sim = discord_sim
    alice = sim.user("alice")
    thread, _, post_id = await spawn(sim, alice)
    here = await sim.slash(alice, "where", channel=thread)
    assert here.content == f"Thread {thread.id} parent {sim.general.id}"
    assert here.channel is thread and here in sim.public(thread)
    payload = sim.last_interaction.payload["channel"]
    assert payload["type"] == 11 and payload["parent_id"] == str(sim.general.id)

    post = sim.world.messages[post_id]
    assert await sim.click(alice, post, label="Join") is post
    assert post.content == "Players: alice" and post.channel is thread
    hand = await sim.click(alice, post, label="Hand")
    assert hand.ephemeral and hand.channel is thread and hand in sim.visible_to(alice, thread)
    assert hand not in sim.public(thread) and thread.message_count == 2  # post, /where
    assert_valid(sim)


async def test_archived_thread_refuses_interactions_and_a_post_reopens_it(discord_sim, bot):
    sim = discord_sim
    alice = sim.user("alice")
    thread, _, post_id = await spawn(sim, alice)
    await sim.archive(thread)  # as Discord does after inactivity
    assert ("archived", thread.id) in bot.events
    assert bot.get_channel(thread.id) is None  # discord.py drops archived threads

    with pytest.raises(AssertionError, match="archived"):
        await sim.slash(alice, "where", channel=thread)
    with pytest.raises(AssertionError, match="archived"):
        await sim.click(alice, sim.world.messages[post_id], label="Join")

    stale = bot.get_partial_messageable(thread.id)
    with pytest.raises(discord.HTTPException) as edit_refused:
        await stale.get_partial_message(post_id).edit(content="nope")
    assert edit_refused.value.code == 50083

    await stale.send("your turn, alice")  # a post unarchives
    assert not thread.archived and [m.content for m in sim.public(thread)][-1] == (
        "your turn, alice"
    )
    reopened = bot.get_channel(thread.id)
    assert isinstance(reopened, discord.Thread) and not reopened.archived
    assert (await sim.slash(alice, "where", channel=thread)).channel is thread
    await sim.archive(thread)
    await sim.unarchive(thread)  # a person reopens it
    assert isinstance(bot.get_channel(thread.id), discord.Thread)
    assert (await sim.slash(alice, "where", channel=thread)).channel is thread

    await sim.archive(thread, locked=True)
    sim.world.bot_role.permissions = ALL_PERMISSIONS & ~ADMINISTRATOR & ~(1 << 34)
    with pytest.raises(discord.HTTPException) as locked:
        await stale.send("locked out")
    assert locked.value.code == 160005 and thread.archived
    assert_valid(sim)


async def test_modify_thread_and_members(discord_sim, bot):
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    thread, _, _ = await spawn(sim, alice)
    live = bot.get_channel(thread.id)
    assert isinstance(live, discord.Thread)
    renamed = await live.edit(name="Table · Alice", auto_archive_duration=1440)
    assert renamed.name == thread.name == "Table · Alice" and thread.auto_archive_duration == 1440
    await live.add_user(alice)
    await sim.wait_idle()  # the events reach the client
    assert alice.id in thread.members and ("member", alice.id) in bot.events
    members = await live.fetch_members()
    assert {m.id for m in members} == {sim.world.bot.id, alice.id}
    await live.remove_user(alice)
    assert alice.id not in thread.members
    await sim.join_thread(bob, thread)
    assert ("member", bob.id) in bot.events
    await live.leave()
    assert sim.world.bot.id not in thread.members
    await live.join()
    assert sim.world.bot.id in thread.members

    archived = await live.edit(archived=True)
    assert archived.archived and thread.archived
    with pytest.raises(discord.HTTPException) as refused:
        await archived.edit(name="renamed while archived")
    assert refused.value.code == 50083
    await archived.edit(archived=False)
    assert not thread.archived

    other = bot.get_channel(sim.general.id)
    assert isinstance(other, discord.TextChannel)
    private = await other.create_thread(name="secret", type=discord.ChannelType.private_thread)
    assert the_thread(sim, private.id).type == 12 and private.is_private()
    active = await other.guild.active_threads()
    assert {t.id for t in active} == {thread.id, private.id}
    assert_valid(sim)


async def test_the_cap_on_active_threads(discord_sim, bot):
    sim = discord_sim
    alice = sim.user("alice")
    sim.max_active_threads = 2
    first, _, _ = await spawn(sim, alice, "One")
    await spawn(sim, alice, "Two")
    channel = bot.get_channel(sim.general.id)
    assert isinstance(channel, discord.TextChannel)
    lobby = await channel.send("lobby three")
    with pytest.raises(discord.HTTPException) as full:
        await lobby.create_thread(name="Three")
    assert full.value.status == 400 and full.value.code == 160006
    assert "Maximum number of active threads reached" in full.value.text

    await sim.archive(first)
    assert sim.threads() != sim.threads(active=False) and first not in sim.threads()
    third = await lobby.create_thread(name="Three")  # room again
    assert third.id == lobby.id
    with pytest.raises(discord.HTTPException) as reopen:  # unarchiving needs room too
        await bot.get_partial_messageable(first.id).send("back")
    assert reopen.value.code == 160006 and first.archived
    assert_valid(sim)


async def test_missing_thread_permissions(discord_sim, bot):
    sim = discord_sim
    alice = sim.user("alice")
    thread, _, _ = await spawn(sim, alice)
    channel = bot.get_channel(sim.general.id)
    assert isinstance(channel, discord.TextChannel)
    lobby = await channel.send("lobby")
    role = sim.world.bot_role
    role.permissions = ALL_PERMISSIONS & ~ADMINISTRATOR & ~CREATE_PUBLIC_THREADS
    with pytest.raises(discord.Forbidden) as no_create:
        await lobby.create_thread(name="nope")
    assert no_create.value.code == 50013 and lobby.id not in sim.world.channels

    role.permissions = ALL_PERMISSIONS & ~ADMINISTRATOR & ~SEND_MESSAGES_IN_THREADS
    live = bot.get_channel(thread.id)
    assert isinstance(live, discord.Thread)
    with pytest.raises(discord.Forbidden) as no_send:
        await live.send("nope")
    assert no_send.value.code == 50013
    await channel.send("the channel still works")  # SEND_MESSAGES is another permission
    here = await sim.slash(alice, "where", channel=thread)  # interaction replies need none
    assert here.channel is thread
    role.permissions = ALL_PERMISSIONS
    assert_valid(sim)


async def test_guild_create_lists_active_threads_after_a_restart(discord_sim, bot):
    sim = discord_sim
    alice = sim.user("alice")
    kept, _, _ = await spawn(sim, alice, "Kept")
    gone, _, _ = await spawn(sim, alice, "Gone")
    await sim.archive(gone)
    person = await sim.thread(alice, "Chat")
    assert person.owner is alice and ("create", person.id) in bot.events
    restarted = await sim.restart_bot(ThreadBot())
    assert {t.id for t in restarted.guilds[0].threads} == {kept.id, person.id}
    me = restarted.get_channel(kept.id)
    assert isinstance(me, discord.Thread) and me.me is not None
    assert_valid(sim)


async def test_a_forum_post_is_a_thread_whose_first_message_has_its_id(discord_sim, bot):
    sim = discord_sim
    alice = sim.user("alice")
    forum = sim.channel("tournaments", kind=15, tags=("Swiss", "Knock-out"))
    await sim.wait_idle()
    live = bot.get_channel(forum.id)
    assert isinstance(live, discord.ForumChannel)
    swiss = next(t for t in live.available_tags if t.name == "Swiss")
    made = await live.create_thread(
        name="Saturday Swiss", content="8 players, 3 rounds", applied_tags=[swiss],
        embed=discord.Embed(title="Standings"), file=png(40, 20), view=Lobby())
    thread = the_thread(sim, made.thread.id)
    assert thread.parent is forum and thread.type == 11 and thread.owner is sim.world.bot
    assert made.message.id == thread.id and made.message.channel.id == thread.id
    starter = sim.world.messages[thread.id]
    assert starter.channel is thread and starter.content == "8 players, 3 rounds"
    assert starter.embeds[0]["title"] == "Standings" and starter.attachments[0].image().size == (
        40, 20)
    assert thread.applied_tags == [swiss.id] and made.thread.applied_tags == [swiss]
    assert sim.threads(forum) == [thread] and sim.public(forum) == []
    assert thread.message_count == 1 and sim.world.bot.id in thread.members
    await sim.wait_idle()
    cached = bot.get_channel(thread.id)  # THREAD_CREATE
    assert isinstance(cached, discord.Thread) and cached.parent_id == forum.id
    assert await sim.click(alice, starter, label="Join") is starter  # its buttons work
    assert starter.content == "Players: alice"
    here = await sim.slash(alice, "where", channel=thread)
    assert here.content == f"Thread {thread.id} parent {forum.id}"
    await cached.send("round 1 paired")  # a post's thread takes messages as any thread
    assert [m.content for m in sim.public(thread)][-1] == "round 1 paired"
    created = next(r for r in sim.requests if r.route == "/channels/{channel_id}/threads")
    assert created.status == 201 and created.response["message"]["id"] == str(thread.id)
    assert created.body["message"]["content"] == "8 players, 3 rounds" and created.files
    assert_valid(sim)


async def test_what_a_forum_refuses(discord_sim, bot):
    sim = discord_sim
    forum = sim.channel("tournaments", kind=15, tags=("Swiss",))
    await sim.wait_idle()
    with pytest.raises(discord.HTTPException) as direct:  # no messages of its own
        await bot.get_partial_messageable(forum.id).send("hello")
    assert direct.value.status == 400 and direct.value.code == 50008
    route = Route("POST", "/channels/{channel_id}/threads", channel_id=forum.id)
    refused = [
        ({"name": "no message"}, 50035, "message"),
        ({"name": "empty", "message": {"content": ""}}, 50006, "empty"),
        ({"name": "tagged", "message": {"content": "hi"}, "applied_tags": ["123"]}, 50035,
         "applied_tags"),
    ]
    for body, code, reason in refused:
        with pytest.raises(discord.HTTPException) as error:
            await bot.http.request(route, json=body)
        assert error.value.code == code and reason in error.value.text, error.value.text
    assert sim.threads(forum) == [] and sim.problems() == []
    with pytest.raises(discord.HTTPException):  # over Discord's limits: a violation too
        await bot.http.request(route, json={"name": "long", "message": {"content": "x" * 2001}})
    assert sim.take_violations() == [
        "POST /channels/{channel_id}/threads: $.message.content: 2001 characters > 2000"]

    live = bot.get_channel(forum.id)
    assert isinstance(live, discord.ForumChannel)
    sim.world.bot_role.permissions = ALL_PERMISSIONS & ~ADMINISTRATOR & ~SEND_MESSAGES
    sim.world.everyone.permissions &= ~SEND_MESSAGES  # @everyone's count too
    with pytest.raises(discord.Forbidden) as no_send:  # CREATE_PUBLIC_THREADS is not it
        await live.create_thread(name="nope", content="hi")
    assert no_send.value.code == 50013 and sim.threads(forum) == []
    sim.world.everyone.permissions |= SEND_MESSAGES
    sim.world.bot_role.permissions = ALL_PERMISSIONS & ~ADMINISTRATOR & ~CREATE_PUBLIC_THREADS
    assert (await live.create_thread(name="yes", content="hi")).thread.id in sim.world.channels
    assert sim.problems() == []  # the one violation was taken above


async def test_threads_without_a_starter_message_in_a_text_channel(discord_sim, bot):
    sim = discord_sim
    channel = bot.get_channel(sim.general.id)
    assert isinstance(channel, discord.TextChannel)
    public = await channel.create_thread(name="Round 1 · Table 1",
                                         type=discord.ChannelType.public_thread)
    thread = the_thread(sim, public.id)
    assert thread.type == 11 and thread.parent is sim.general and thread.id not in (
        sim.world.messages)
    assert sim.public() == [] and thread.message_count == 0  # no message anywhere
    await public.send("table opened")
    assert [m.content for m in sim.public(thread)] == ["table opened"]
    route = Route("POST", "/channels/{channel_id}/threads", channel_id=sim.general.id)
    with pytest.raises(discord.HTTPException) as with_message:  # a forum's body, not here
        await bot.http.request(route, json={"name": "x", "message": {"content": "hi"}})
    assert with_message.value.code == 50024
    sim.world.bot_role.permissions = ALL_PERMISSIONS & ~ADMINISTRATOR & ~CREATE_PUBLIC_THREADS
    with pytest.raises(discord.Forbidden):
        await channel.create_thread(name="nope", type=discord.ChannelType.public_thread)
    private = await channel.create_thread(name="Secret", type=discord.ChannelType.private_thread)
    assert the_thread(sim, private.id).type == 12
    assert_valid(sim)
