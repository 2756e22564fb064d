"""Discord's rate limits in the emulator: global, per channel, per interaction token; counts;
edits of messages older than an hour (30046)."""

import asyncio
import time

import aiohttp
import pytest

from tests.e2e.emulator.limits import HOUR, Limit
from tests.e2e.emulator.tinybot import TinyBot

MESSAGES = "/channels/{channel_id}/messages"


@pytest.fixture
async def bot(discord_sim):
    return await discord_sim.start_bot(TinyBot())


async def _send(env, method, path, body=None, *, token=True):
    """One raw request, as a client that ignores the headers would send it."""
    headers = {"Authorization": f"Bot {env.world.token}"} if token else {}
    async with aiohttp.ClientSession() as session:
        async with session.request(method, f"{env.base_url}/api/v10{path}", json=body,
                                   headers=headers) as response:
            data = await response.json() if response.content_type == "application/json" else None
            return response.status, dict(response.headers), data


async def test_over_50_requests_a_second_is_a_global_429_in_the_docs_shape(discord_sim,
                                                                           discord_env):
    answers = await asyncio.gather(*(_send(discord_env, "GET", "/users/@me") for _ in range(60)))
    statuses = [status for status, _, _ in answers]
    assert statuses.count(200) == 50 and statuses.count(429) == 10
    status, headers, body = next(a for a in answers if a[0] == 429)
    assert body["global"] is True and body["message"] == "You are being rate limited."
    assert 0 < body["retry_after"] <= 1.0 and isinstance(body["retry_after"], float)
    assert headers["Retry-After"] == "1" and headers["X-RateLimit-Global"] == "true"
    assert headers["X-RateLimit-Scope"] == "global" and headers["Via"]
    assert [(h.method, h.route, h.scope) for h in discord_sim.rate_limited] == [
        ("GET", "/users/@me", "global")] * 10
    await asyncio.sleep(body["retry_after"] + 0.05)  # a slot frees when retry_after says
    assert (await _send(discord_env, "GET", "/users/@me"))[0] == 200


async def test_interaction_endpoints_are_exempt_from_the_global_limit(discord_sim,
                                                                      discord_env, bot):
    await discord_sim.slash(discord_sim.user("alice"), "later")
    token = discord_sim.last_interaction.token
    app = discord_env.world.application_id
    discord_sim.limits.global_limit = Limit(3, 2.0)
    discord_sim.limits.person_acts()  # 5 s later for the windows: the bot's start is out
    discord_sim.limits.interaction_webhook = Limit(50, 2.0)
    gets = [await _send(discord_env, "GET", "/users/@me") for _ in range(4)]
    assert [s for s, _, _ in gets] == [200, 200, 200, 429]
    hooks = [await _send(discord_env, "GET", f"/webhooks/{app}/{token}/messages/@original")
             for _ in range(5)]
    assert [s for s, _, _ in hooks] == [200] * 5


async def test_a_channel_takes_5_posts_in_5_seconds_with_the_real_headers(discord_sim,
                                                                          discord_env):
    path = f"/channels/{discord_sim.general.id}/messages"
    answers = [await _send(discord_env, "POST", path, {"content": f"m{i}"}) for i in range(6)]
    assert [s for s, _, _ in answers] == [200] * 5 + [429]
    assert [h["X-RateLimit-Remaining"] for _, h, _ in answers[:5]] == ["4", "3", "2", "1", "0"]
    first = answers[0][1]
    assert first["X-RateLimit-Limit"] == "5" and 4.5 < float(first["X-RateLimit-Reset-After"]) <= 5
    assert len({h["X-RateLimit-Bucket"] for _, h, _ in answers}) == 1
    status, headers, body = answers[5]
    assert body["global"] is False and 4 < body["retry_after"] <= 5
    assert headers["X-RateLimit-Scope"] == "user" and headers["X-RateLimit-Remaining"] == "0"
    assert headers["Retry-After"] == "5" and "X-RateLimit-Global" not in headers
    assert [(h.method, h.route, h.scope) for h in discord_sim.rate_limited] == [
        ("POST", MESSAGES, "user")]
    assert len(discord_sim.public()) == 5
    other = discord_sim.channel("other")  # per channel: another one has its own bucket
    assert (await _send(discord_env, "POST", f"/channels/{other.id}/messages",
                        {"content": "x"}))[0] == 200


async def test_edits_and_deletes_share_a_bucket_of_their_own(discord_sim, discord_env):
    discord_sim.limits.messages = Limit(50, 5.0)
    path = f"/channels/{discord_sim.general.id}/messages"
    ids = [(await _send(discord_env, "POST", path, {"content": f"m{i}"}))[2]["id"]
           for i in range(7)]
    edits = [await _send(discord_env, "PATCH", f"{path}/{i}", {"content": "e"}) for i in ids[:3]]
    deletes = [await _send(discord_env, "DELETE", f"{path}/{i}") for i in ids[3:6]]
    assert [s for s, _, _ in edits + deletes] == [200, 200, 200, 204, 204, 429]
    assert edits[0][1]["X-RateLimit-Bucket"] == deletes[0][1]["X-RateLimit-Bucket"]
    post_bucket = (await _send(discord_env, "POST", path, {"content": "x"}))[1]
    assert post_bucket["X-RateLimit-Bucket"] != edits[0][1]["X-RateLimit-Bucket"]
    assert discord_sim.rate_limited[-1].route == "/channels/{channel_id}/messages/{message_id}"


async def test_an_interaction_token_takes_5_webhook_requests_in_2_seconds(discord_sim,
                                                                          discord_env, bot):
    alice = discord_sim.user("alice")
    await discord_sim.slash(alice, "later")
    first = discord_sim.last_interaction.token
    await discord_sim.slash(alice, "later")
    second = discord_sim.last_interaction.token
    app = discord_env.world.application_id
    answers = [await _send(discord_env, "POST", f"/webhooks/{app}/{first}", {"content": "f"})
               for _ in range(6)]
    assert [s for s, _, _ in answers] == [200] * 5 + [429]
    assert answers[0][1]["X-RateLimit-Limit"] == "5"
    assert 1.5 < answers[5][2]["retry_after"] <= 2.0
    assert discord_sim.rate_limited[-1].scope == "user"
    other = await _send(discord_env, "POST", f"/webhooks/{app}/{second}", {"content": "s"})
    assert other[0] == 200  # per token


async def test_discord_py_paces_itself_on_the_headers_without_a_429(discord_sim, bot):
    discord_sim.limits.messages = Limit(2, 0.5)
    loop = asyncio.get_running_loop()
    start = loop.time()
    reply = await discord_sim.slash(discord_sim.user("alice"), "burst", count=5)
    assert reply.content == "posted 5"
    assert [m.content for m in discord_sim.public()] == [f"post {i}" for i in range(5)]
    assert discord_sim.rate_limited == []  # it waited for the resets, as with Discord
    assert loop.time() - start >= 1.0  # two windows of 0.5 s waited out


async def test_the_helper_waits_for_posts_paced_past_background_after(discord_sim, bot):
    discord_sim.limits.messages = Limit(1, 2.3)  # longer than background_after (2 s)
    reply = await discord_sim.slash(discord_sim.user("alice"), "spread", count=2)
    assert reply.content == "spreading"  # answered at once; the posts come after
    # the second post waited 2.3 s for the window: the helper waited with discord.py
    assert [m.content for m in discord_sim.public()] == ["post 0", "post 1"]


async def test_limits_off(discord_sim, discord_env):
    discord_sim.limits.off()
    path = f"/channels/{discord_sim.general.id}/messages"
    answers = [await _send(discord_env, "POST", path, {"content": "m"}) for _ in range(8)]
    assert [s for s, _, _ in answers] == [200] * 8 and discord_sim.rate_limited == []
    answers = await asyncio.gather(*(_send(discord_env, "GET", "/users/@me") for _ in range(60)))
    assert {s for s, _, _ in answers} == {200}


async def test_request_counts_by_route_since_an_index(discord_sim, bot):
    alice = discord_sim.user("alice")
    await discord_sim.slash(alice, "secret")
    before = len(discord_sim.requests)
    await discord_sim.slash(alice, "post")
    counts = discord_sim.request_counts(since=before)
    assert counts.bot["POST /channels/{channel_id}/messages"] == 2
    assert counts.bot["PATCH /channels/{channel_id}/messages/{message_id}"] == 1
    assert counts.bot["DELETE /channels/{channel_id}/messages/{message_id}"] == 1
    assert counts.interaction == {
        "POST /interactions/{interaction_id}/{interaction_token}/callback": 1,
        "GET /webhooks/{webhook_id}/{webhook_token}/messages/@original": 1,
        "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original": 1,
    }
    assert counts.bot_total == sum(counts.bot.values()) and counts.interaction_total == 3
    line = str(counts)
    assert line.startswith(f"bot {counts.bot_total} (") and "; interaction 3 (" in line
    assert "\n" not in line
    everything = discord_sim.request_counts()
    assert everything.interaction_total == 4  # /secret's callback too


@pytest.mark.parametrize("pace, exhausted", [(5.0, 0), (0.0, 1)])
async def test_each_action_comes_a_persons_pace_after_the_last(discord_sim, bot, pace,
                                                               exhausted):
    discord_sim.limits.person_pace = pace
    discord_sim.limits.messages = Limit(5, 0.6)
    alice = discord_sim.user("alice")
    for _ in range(2):  # 3 posts each: 6 in one window unless a person's pace passed between
        assert (await discord_sim.slash(alice, "burst", count=3)).content == "posted 3"
    assert sum(discord_sim.limits.exhausted.values()) == exhausted
    assert len(discord_sim.public()) == 6 and discord_sim.rate_limited == []


async def test_edits_of_messages_older_than_an_hour_answer_30046_past_3_a_channel_an_hour(
        discord_sim, discord_env):
    discord_sim.limits.messages = discord_sim.limits.message_edits = Limit(50, 5.0)
    general, other = discord_sim.general, discord_sim.channel("other")
    start = time.time()
    discord_sim.world.clock = lambda: start

    async def post(channel):
        path = f"/channels/{channel.id}/messages"
        return path, (await _send(discord_env, "POST", path, {"content": "v1"}))[2]["id"]

    old = [await post(general) for _ in range(5)] + [await post(other)]
    discord_sim.world.clock = lambda: start + 2 * HOUR
    fresh = await post(general)
    edits = [await _send(discord_env, "PATCH", f"{path}/{i}", {"content": "v2"})
             for path, i in [fresh, *old[:4], old[5]]]
    assert [s for s, _, _ in edits] == [200, 200, 200, 200, 400, 200]
    assert edits[4][2] == {"code": 30046, "message": "Maximum number of edits to messages older "
                           "than 1 hour reached. Try again later"}
    assert discord_sim.world.messages[int(old[3][1])].content == "v1"  # refused: unchanged
    old_edits = discord_sim.limits.old_edits
    assert (old_edits.allowed, old_edits.refused) == (4, 1)  # the fresh one is not counted
    discord_sim.world.clock = lambda: start + 3 * HOUR + 1  # the first three left the hour
    path, message = old[3]
    assert (await _send(discord_env, "PATCH", f"{path}/{message}", {"content": "v2"}))[0] == 200
    assert (old_edits.allowed, old_edits.refused) == (5, 1)


async def test_30046_on_the_interaction_webhook_and_forced_on_a_recent_message(discord_sim, bot):
    alice = discord_sim.user("alice")
    kept = await discord_sim.slash(alice, "later")
    discord_sim.limits.old_edits.allowance = Limit(0, HOUR)
    start = time.time()
    discord_sim.world.clock = lambda: start + 2 * HOUR  # the kept answer is two hours old
    # ...and so is its token: Discord's clock expires it after 15 minutes, before any old edit
    assert (await discord_sim.slash(alice, "amend")).content == "401 50027"
    assert discord_sim.limits.old_edits.refused == 0
    discord_sim.world.clock = time.time
    assert kept.content == "kept" and kept.history == []  # refused: nothing changed
    discord_sim.limits.old_edits.refuse.add(kept.id)  # Discord's limit met anyway
    assert (await discord_sim.slash(alice, "amend")).content == "400 30046"
    assert kept.content == "kept" and kept.history == []  # the 30046 changed nothing
    assert (await discord_sim.slash(alice, "amend")).content == "amended"
    assert discord_sim.limits.old_edits.refused == 0  # a forced refusal is no old edit


async def test_old_edits_are_counted_with_the_limits_off(discord_sim, discord_env):
    discord_sim.limits.off()
    path = f"/channels/{discord_sim.general.id}/messages"
    ids = [(await _send(discord_env, "POST", path, {"content": "m"}))[2]["id"] for _ in range(5)]
    start = time.time()
    discord_sim.world.clock = lambda: start + 2 * HOUR
    edits = [await _send(discord_env, "PATCH", f"{path}/{i}", {"content": "e"}) for i in ids]
    assert [s for s, _, _ in edits] == [200] * 5
    assert (discord_sim.limits.old_edits.allowed, discord_sim.limits.old_edits.refused) == (5, 0)
