"""Each REST endpoint the bot needs, exercised by the tiny bot through real discord.py."""

import asyncio

import aiohttp
import discord
import pytest

from render.emojis import seat_png
from tests.e2e.emulator import validate
from tests.e2e.emulator.tinybot import TinyBot


@pytest.fixture
async def bot(discord_sim):
    return await discord_sim.start_bot(TinyBot())


def routes(sim):
    return [(r.method, r.route, r.status) for r in sim.requests]


async def test_login_and_global_command_sync(discord_sim, bot):
    assert routes(discord_sim)[:3] == [
        ("GET", "/users/@me", 200),
        ("GET", "/oauth2/applications/@me", 200),
        ("PUT", "/applications/{application_id}/commands", 200),
    ]
    names = {c["name"] for c in discord_sim.commands()}
    assert {"hello", "play", "table", "board"} <= names
    assert bot.application_id == discord_sim.world.application_id


async def test_guild_command_sync_shadows_nothing_and_works(discord_sim):
    await discord_sim.start_bot(TinyBot(guild_commands=True))
    await discord_sim.wait_idle()
    guild_route = "/applications/{application_id}/guilds/{guild_id}/commands"
    assert ("PUT", guild_route, 200) in routes(discord_sim)
    assert discord_sim.world.global_commands == []
    reply = await discord_sim.slash(discord_sim.user("alice"), "secret")
    assert reply.content == "only you see this"


async def test_slash_options_users_resolved_and_integers(discord_sim, bot):
    alice, bob = discord_sim.user("alice"), discord_sim.user("bob")
    reply = await discord_sim.slash(alice, "hello", who=bob, times=3)
    assert reply.content == f"hello <@{bob.id}> x3"
    assert reply.interaction is discord_sim.last_interaction
    data = discord_sim.last_interaction.payload["data"]
    assert data["resolved"]["users"][str(bob.id)]["username"] == "bob"


async def test_subcommand_in_a_group(discord_sim, bot):
    reply = await discord_sim.slash(discord_sim.user("alice"), "table abandon", reason="bored")
    assert reply.content == "abandoned (bored)"


async def test_helpers_refuse_what_the_discord_client_would_not_send(discord_sim, bot):
    alice = discord_sim.user("alice")
    with pytest.raises(LookupError, match="not a synced command"):
        await discord_sim.slash(alice, "nope")
    with pytest.raises(LookupError, match="no option 'colour'"):
        await discord_sim.slash(alice, "play", colour="red")
    with pytest.raises(AssertionError, match=r"needs \['game'\]"):
        await discord_sim.slash(alice, "play")


async def test_defer_then_followup_edits_the_loading_message(discord_sim, bot):
    reply = await discord_sim.slash(discord_sim.user("alice"), "think")
    assert reply.content == "thought about it" and not reply.loading
    assert discord_sim.last_interaction.response_type == 5
    assert discord_sim.last_interaction.followups == []


async def test_attachments_reply_followup_and_edit(discord_sim, bot):
    alice = discord_sim.user("alice")
    reply = await discord_sim.slash(alice, "board")
    assert reply.content == "board v2"
    assert [a.filename for a in reply.attachments] == ["board-80x40.png"]
    assert reply.attachments[0].image().size == (80, 40)
    (second,) = discord_sim.last_interaction.followups
    assert second.content == "second" and second.attachments[0].image().size == (10, 10)
    first_version = reply.history[0]
    assert first_version["attachments"][0]["filename"] == "board-64x32.png"
    multipart = [r for r in discord_sim.requests if r.content_type.startswith("multipart/")]
    assert len(multipart) == 3 and all(r.body is not None and not r.problems for r in multipart)


async def test_attachment_bytes_are_served_back(discord_sim, discord_env, bot):
    reply = await discord_sim.slash(discord_sim.user("alice"), "board")
    attachment = reply.attachments[0]
    async with aiohttp.ClientSession() as session, session.get(attachment.url) as response:
        assert await response.read() == attachment.data


async def test_channel_messages_fetches_and_original(discord_sim, bot):
    alice = discord_sim.user("alice")
    reply = await discord_sim.slash(alice, "post")
    table = next(m for m in discord_sim.public() if m.content == "table v2")
    assert reply.content == f"table v2 in {discord_sim.world.guild_name}, original {reply.id}"
    assert reply.ephemeral
    assert table.labels == ["Join", "Leave", "Hand"] and table.attachments[0].image().size == (
        30,
        30,
    )
    assert [m.content for m in discord_sim.public()] == ["table v2"]  # "scratch" was deleted
    seen = {(m, r) for m, r, _ in routes(discord_sim)}
    for needed in [
        ("GET", "/channels/{channel_id}"),
        ("POST", "/channels/{channel_id}/messages"),
        ("PATCH", "/channels/{channel_id}/messages/{message_id}"),
        ("GET", "/channels/{channel_id}/messages/{message_id}"),
        ("DELETE", "/channels/{channel_id}/messages/{message_id}"),
        ("GET", "/guilds/{guild_id}"),
        ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
        ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
    ]:
        assert needed in seen
    # The table post's buttons work like any other.
    await discord_sim.click(alice, table, label="Join")
    assert table.content == "Players: alice"


async def test_modal_is_recorded(discord_sim, bot):
    assert await discord_sim.slash(discord_sim.user("alice"), "form") is None
    modal = discord_sim.last_interaction.modal
    assert discord_sim.last_interaction.response_type == 9 and modal["title"] == "Your name"


async def test_select_checks_the_options_offered(discord_sim, bot):
    alice = discord_sim.user("alice")
    lobby = await discord_sim.slash(alice, "play", game="x")
    with pytest.raises(AssertionError, match="not among the options"):
        await discord_sim.select(alice, lobby, values=["purple"])
    with pytest.raises(AssertionError, match="takes 1..2 values"):
        await discord_sim.select(alice, lobby, values=["red", "green", "blue"])


async def test_dm_channel_is_opened_and_reused(discord_sim, bot):
    alice, bob = discord_sim.user("alice"), discord_sim.user("bob")
    await discord_sim.slash(alice, "poke", who=bob)
    await discord_sim.slash(alice, "poke", who=bob)
    assert [m.content for m in discord_sim.dms(bob)] == ["poke from alice"] * 2
    assert [m.content for m in discord_sim.dms(alice)] == []


async def test_followup_edit_fetch_delete_and_original_delete(discord_sim, bot):
    alice, bob = discord_sim.user("alice"), discord_sim.user("bob")
    original = await discord_sim.slash(alice, "undo")
    assert original.deleted and original not in discord_sim.visible_to(alice)
    note, extra, last = discord_sim.last_interaction.followups
    assert note.content == "note v2" and note.ephemeral and note not in discord_sim.visible_to(bob)
    assert extra.deleted
    assert last.content == "fetched note v2"
    assert [m.content for m in discord_sim.public()] == ["fetched note v2"]
    seen = {(r.method, r.route) for r in discord_sim.requests}
    assert ("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original") in seen
    assert ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}") in seen
    assert ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}") in seen


async def test_unknown_endpoint_is_a_violation(discord_sim, discord_env, bot):
    headers = {"Authorization": f"Bot {discord_env.world.token}"}
    url = f"{discord_env.base_url}/api/v10/voice/regions"
    async with aiohttp.ClientSession() as session, session.get(url, headers=headers) as response:
        assert response.status == 404
    assert discord_sim.take_violations() == [
        "GET /voice/regions: emulator: no such endpoint (unknown to the emulator)"
    ]


async def test_buttons_in_a_dm_work_and_only_the_recipient_sees_them(discord_sim, bot):
    alice, bob = discord_sim.user("alice"), discord_sim.user("bob")
    await discord_sim.slash(alice, "poke", who=bob)
    (dm,) = discord_sim.dms(bob)
    with pytest.raises(AssertionError, match="alice cannot see"):
        await discord_sim.click(alice, dm, label="Join")
    await discord_sim.click(bob, dm, label="Join")
    assert dm.content == "Players: bob"
    assert "user" in discord_sim.last_interaction.payload  # a DM carries user, not member


async def test_helpers_wait_for_silent_work_after_the_answer(discord_sim, bot):
    reply = await discord_sim.slash(discord_sim.user("alice"), "render")
    assert reply.content == "rendering"
    assert [m.content for m in discord_sim.last_interaction.followups] == ["rendered"]


async def test_options_named_like_the_helpers_own_arguments(discord_sim, bot):
    alice, bob = discord_sim.user("alice"), discord_sim.user("bob")
    reply = await discord_sim.slash(alice, "greet", user=bob, name="Bobby")
    assert reply.content == f"greetings <@{bob.id}> alias Bobby"
    reply = await discord_sim.slash(alice, "greet", opts={"user": bob, "name": "B"})
    assert reply.content == f"greetings <@{bob.id}> alias B"


async def test_read_endpoints_guild_roles_member_user_commands_history_typing(discord_sim, bot):
    alice = discord_sim.user("alice")
    await discord_sim.slash(alice, "hello", who=alice)
    reply = await discord_sim.slash(alice, "inspect", who=alice)
    count = len(discord_sim.commands())
    assert reply.content == (
        f"1 channels, 2 roles, member alice, user alice, {count} commands, "
        f"history ['', 'hello <@{alice.id}> x1']"  # '' is this command's own "thinking…"
    )
    seen = {(r.method, r.route) for r in discord_sim.requests}
    for needed in [
        ("GET", "/guilds/{guild_id}/channels"),
        ("GET", "/guilds/{guild_id}/roles"),
        ("GET", "/guilds/{guild_id}/members/{user_id}"),
        ("GET", "/users/{user_id}"),
        ("GET", "/applications/{application_id}/commands"),
        ("GET", "/channels/{channel_id}/messages"),
        ("POST", "/channels/{channel_id}/typing"),
    ]:
        assert needed in seen


async def test_concurrent_clicks_each_wait_for_their_own_answer(discord_sim, bot):
    alice, bob, carol = (discord_sim.user(n) for n in ("alice", "bob", "carol"))
    lobby = await discord_sim.slash(alice, "play", game="x")
    results = await asyncio.gather(
        *(discord_sim.click(u, lobby, label="Join") for u in (alice, bob, carol))
    )
    assert results == [lobby] * 3
    assert sorted(lobby.content.removeprefix("Players: ").split(", ")) == ["alice", "bob", "carol"]
    acks = [i for i in discord_sim.world.interactions.values() if i.type == 3]
    assert len(acks) == 3 and all(i.response_type == 7 for i in acks)


async def test_application_emojis_listed_created_fetched_and_deleted(discord_sim, bot):
    """The application's own emojis, as discord.py reaches them, with Discord's refusals: a
    name taken or not made of word characters, an image that is no data URI (400 50035)."""
    assert await bot.fetch_application_emojis() == []
    made = await bot.create_application_emoji(name="tablee_seat1", image=seat_png(1))
    assert made.name == "tablee_seat1" and made.is_application_owned()
    assert [e.id for e in await bot.fetch_application_emojis()] == [made.id]
    assert (await bot.fetch_application_emoji(made.id)).name == "tablee_seat1"
    assert discord_sim.world.app_emojis[made.id].image == seat_png(1)
    for name, image in (("tablee_seat1", seat_png(1)), ("bad-name", seat_png(1))):
        with pytest.raises(discord.HTTPException) as refused:
            await bot.create_application_emoji(name=name, image=image)
        assert (refused.value.status, refused.value.code) == (400, 50035)
    with pytest.raises(discord.HTTPException) as refused:
        await bot.http.create_application_emoji(bot.application_id, "tablee_x", "not a uri")
    assert refused.value.code == 50035
    await made.delete()
    assert await bot.fetch_application_emojis() == []
    with pytest.raises(discord.NotFound):
        await bot.fetch_application_emoji(made.id)
    for r in discord_sim.requests:
        assert validate.validate_response(r.method, r.route, r.status, r.response) == [], r
