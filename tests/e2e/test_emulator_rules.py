"""Discord's rules, enforced by the emulator against the real discord.py client."""

import asyncio

import aiohttp
import pytest

from tests.e2e.emulator.tinybot import TinyBot


@pytest.fixture
async def bot(discord_sim):
    return await discord_sim.start_bot(TinyBot())


async def test_late_acknowledgement_fails_naming_the_interaction(discord_sim, bot):
    discord_sim.ack_deadline = 0.2  # Discord's 3 s, shrunk to keep the suite fast
    alice = discord_sim.user("alice")
    with pytest.raises(AssertionError, match=r"/slow by alice .*acknowledged after \d+\.\d+ s"):
        await discord_sim.slash(alice, "slow", seconds=0.35)
    await discord_sim.wait_idle()
    broken = discord_sim.take_violations()
    assert any("/slow by alice" in v and "acknowledged after" in v for v in broken), broken
    assert not discord_sim.public()  # Discord refused the late answer (10062)


async def test_ack_within_the_deadline_passes(discord_sim, bot):
    discord_sim.ack_deadline = 1.0
    reply = await discord_sim.slash(discord_sim.user("alice"), "slow", seconds=0.05)
    assert reply.content == "finally"


async def test_unanswered_click_fails_the_helper_naming_it(discord_sim, bot):
    alice = discord_sim.user("alice")
    lobby = await discord_sim.slash(alice, "play", game="x")
    discord_sim.ack_deadline = 0.05
    with pytest.raises(AssertionError, match=r"button 'ghost' by alice .* not acknowledged"):
        await discord_sim.press(alice, lobby, "no:handler", name="ghost")
    assert len(discord_sim.take_violations()) == 1


async def test_unanswered_interaction_is_reported_at_teardown(discord_sim, bot):
    alice = discord_sim.user("alice")
    lobby = await discord_sim.slash(alice, "play", game="x")
    discord_sim.ack_deadline = 0.05
    await discord_sim.press(alice, lobby, "no:handler", name="ghost", wait=False)
    await asyncio.sleep(0.1)
    ghost = discord_sim.last_interaction
    assert discord_sim.problems() == [f"{ghost!r} was never acknowledged"]
    discord_sim.world.interactions.pop(ghost.id)  # so this test's own teardown passes


async def _post(url, body):
    async with aiohttp.ClientSession() as session:
        async with session.post(url, json=body) as response:
            return response.status, await response.json()


async def test_second_initial_response_is_40060(discord_sim, discord_env, bot):
    reply = await discord_sim.slash(discord_sim.user("alice"), "secret")
    interaction = discord_sim.last_interaction
    url = (
        f"{discord_env.base_url}/api/v10/interactions/{interaction.id}/{interaction.token}/callback"
    )
    status, body = await _post(url, {"type": 4, "data": {"content": "again"}})
    assert (status, body["code"]) == (400, 40060)
    assert reply.content == "only you see this"
    assert discord_sim.take_violations() == [f"{interaction!r} answered twice (40060)"]


async def test_callback_type_not_allowed_for_the_interaction(discord_sim, discord_env, bot):
    await discord_sim.slash(discord_sim.user("alice"), "later")
    kept = discord_sim.last_interaction
    kept.response_type = None  # pretend it is fresh, then answer a slash command with type 6
    url = f"{discord_env.base_url}/api/v10/interactions/{kept.id}/{kept.token}/callback"
    status, body = await _post(url, {"type": 6})
    assert (status, body["code"]) == (400, 50035)
    assert discord_sim.take_violations() == [
        f"{kept!r}: callback type 6 is not allowed for interaction type 2 (allowed: [4, 5, 9, 12])"
    ]


async def test_unknown_interaction_is_10062(discord_env, bot):
    url = f"{discord_env.base_url}/api/v10/interactions/123/not-a-token/callback"
    status, body = await _post(url, {"type": 4, "data": {"content": "hi"}})
    assert (status, body["code"]) == (404, 10062)


async def test_expired_token_is_50027_for_the_bot(discord_sim, bot):
    alice = discord_sim.user("alice")
    await discord_sim.slash(alice, "later")
    discord_sim.expire(discord_sim.last_interaction)
    outcome = await discord_sim.slash(alice, "finish")
    assert outcome.content == "401 50027"


async def test_kept_token_still_works_before_expiry(discord_sim, bot):
    alice = discord_sim.user("alice")
    await discord_sim.slash(alice, "later")
    assert (await discord_sim.slash(alice, "finish")).content == "sent"


async def test_ephemeral_reply_is_visible_only_to_its_user(discord_sim, bot):
    alice, bob = discord_sim.user("alice"), discord_sim.user("bob")
    secret = await discord_sim.slash(alice, "secret")
    assert secret.ephemeral and secret.flags & 64
    assert secret in discord_sim.visible_to(alice)
    assert secret not in discord_sim.visible_to(bob)
    assert secret not in discord_sim.public()


async def test_closed_dms_give_50007(discord_sim, bot):
    alice, carol = discord_sim.user("alice"), discord_sim.user("carol", dms_open=False)
    reply = await discord_sim.slash(alice, "poke", who=carol)
    assert reply.content == f"<@{carol.id}> has closed DMs (50007)"
    assert discord_sim.dms(carol) == []


async def test_429_with_headers_makes_the_bot_back_off(discord_sim, bot):
    route = "/channels/{channel_id}/messages"
    discord_sim.rate_limit("POST", route, retry_after=0.3)
    reply = await discord_sim.slash(discord_sim.user("alice"), "announce")
    assert reply.content == "announced"
    posts = [r for r in discord_sim.requests if r.method == "POST" and r.route == route]
    assert [r.status for r in posts] == [429, 200]
    assert posts[1].at - posts[0].at >= 0.3
    assert [m.content for m in discord_sim.public()].count("announcement") == 1


async def test_global_429_is_honoured_too(discord_sim, bot):
    route = "/channels/{channel_id}/messages"
    discord_sim.rate_limit("POST", route, retry_after=0.2, is_global=True)
    await discord_sim.slash(discord_sim.user("alice"), "announce")
    posts = [r for r in discord_sim.requests if r.route == route]
    assert [r.status for r in posts] == [429, 200] and posts[1].at - posts[0].at >= 0.2


async def test_rate_limit_headers_on_every_answer(discord_env, bot):
    async with aiohttp.ClientSession() as session:
        headers = {"Authorization": f"Bot {discord_env.world.token}"}
        async with session.get(f"{discord_env.base_url}/api/v10/users/@me", headers=headers) as r:
            assert r.headers["Content-Type"] == "application/json"
            for name in ("Limit", "Remaining", "Reset", "Reset-After", "Bucket"):
                assert f"X-RateLimit-{name}" in r.headers
        async with session.get(f"{discord_env.base_url}/api/v10/users/@me") as r:
            assert r.status == 401


async def test_429_answer_has_discords_shape(discord_sim, discord_env, bot):
    discord_sim.rate_limit("GET", "/users/@me", retry_after=1.5, is_global=True)
    headers = {"Authorization": f"Bot {discord_env.world.token}"}
    async with aiohttp.ClientSession() as session:
        async with session.get(f"{discord_env.base_url}/api/v10/users/@me", headers=headers) as r:
            body = await r.json()
            assert r.status == 429 and r.headers["Content-Type"] == "application/json"
            assert body == {
                "message": "You are being rate limited.",
                "retry_after": 1.5,
                "global": True,
            }
            assert r.headers["Retry-After"] == "2" and r.headers["X-RateLimit-Remaining"] == "0"
            assert r.headers["X-RateLimit-Reset-After"] == "1.500"
            assert r.headers["X-RateLimit-Global"] == "true"
            assert r.headers["X-RateLimit-Scope"] == "global" and r.headers["Via"]
        async with session.get(f"{discord_env.base_url}/api/v10/users/@me", headers=headers) as r:
            assert r.status == 200  # only the planned number of 429s


@pytest.mark.parametrize("kind", [6, 7])
async def test_update_responses_are_only_for_components(discord_sim, discord_env, bot, kind):
    await discord_sim.slash(discord_sim.user("alice"), "later")
    kept = discord_sim.last_interaction
    kept.response_type = None  # pretend it is fresh: a slash command answered with an update
    url = f"{discord_env.base_url}/api/v10/interactions/{kept.id}/{kept.token}/callback"
    body = {"type": kind} | ({"data": {"content": "x"}} if kind == 7 else {})
    status, answer = await _post(url, body)
    assert (status, answer["code"]) == (400, 50035) and not kept.acknowledged
    assert discord_sim.take_violations() == [
        f"{kept!r}: callback type {kind} is not allowed for interaction type 2 "
        "(allowed: [4, 5, 9, 12])"]


async def test_a_webhook_edits_only_the_messages_of_its_own_token(discord_sim, bot):
    alice = discord_sim.user("alice")
    kept = await discord_sim.slash(alice, "later")
    assert (await discord_sim.slash(alice, "meddle")).content == "404 10008"
    assert (await discord_sim.slash(alice, "meddle", channel_post=True)).content == "404 10008"
    assert kept.content == "kept" and not kept.history
    assert [m.content for m in discord_sim.public()].count("a channel post") == 1


async def test_a_token_works_for_15_minutes_and_not_after(discord_sim, bot):
    alice = discord_sim.user("alice")
    kept = await discord_sim.slash(alice, "later")
    interaction = discord_sim.last_interaction
    interaction.dispatched_at -= 15 * 60 - 5  # 14 min 55 s old
    assert (await discord_sim.slash(alice, "amend")).content == "amended"
    assert kept.content == "amended"
    interaction.dispatched_at -= 10  # 15 min 5 s old
    assert (await discord_sim.slash(alice, "amend")).content == "401 50027"
    assert (await discord_sim.slash(alice, "finish")).content == "401 50027"
    assert kept.content == "amended"


async def test_followups_after_an_update_are_new_messages_in_the_channel(discord_sim, bot):
    alice, bob = discord_sim.user("alice"), discord_sim.user("bob")
    notes = await discord_sim.slash(alice, "notes")
    same = await discord_sim.click(bob, notes, label="Note")  # type 6, then two followups
    assert same is notes and notes.content == "notes" and not notes.history
    public = discord_sim.public()
    assert [m.content for m in public] == ["notes", "public note"]
    assert public[1].interaction is discord_sim.last_interaction
    private = discord_sim.last_interaction.followups[1]
    assert private.content == "private note" and private.visible_only_to is bob
    assert private in discord_sim.visible_to(bob) and private not in discord_sim.visible_to(alice)
    await discord_sim.click(bob, notes, label="Swap")  # type 7, then a followup
    assert notes.content == "swapped"
    assert [m.content for m in discord_sim.public()] == ["swapped", "public note",
                                                         "after the swap"]


async def test_after_a_deferral_the_first_followup_edits_the_loading_message(discord_sim, bot):
    reply = await discord_sim.slash(discord_sim.user("alice"), "twice")
    interaction = discord_sim.last_interaction
    assert reply is interaction.original and reply.content == "first" and not reply.loading
    assert [m.content for m in interaction.followups] == ["second"]
    assert [m.content for m in discord_sim.public()] == ["first", "second"]
