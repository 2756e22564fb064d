"""The emulator's Activity side: OAuth2 code exchange, the bearer routes, the Activity Instance
API and the LAUNCH_ACTIVITY callback, as an Activity's backend and discord.py use them."""

import aiohttp
import pytest

from tests.e2e.emulator import validate
from tests.e2e.emulator.tinybot import TinyBot

FORM = {"Content-Type": "application/x-www-form-urlencoded"}


@pytest.fixture
async def http():
    async with aiohttp.ClientSession() as session:
        yield session


def api(sim, path):
    return f"{sim.emulator.base_url}/api/v10{path}"


async def exchange(sim, http, code, *, client_id=None, secret=None):
    form = {"client_id": str(client_id or sim.world.application_id),
            "client_secret": secret or sim.client_secret,
            "grant_type": "authorization_code", "code": code}
    async with http.post(api(sim, "/oauth2/token"), data=form, headers=FORM) as response:
        return response.status, await response.json()


async def get(sim, http, path, auth):
    async with http.get(api(sim, path), headers={"Authorization": auth}) as response:
        return response.status, await response.json()


async def test_a_code_becomes_a_token_for_that_user_and_application_once(discord_sim, http):
    alice = discord_sim.user("alice")
    code = discord_sim.authorization_code(alice)
    status, body = await exchange(discord_sim, http, code)
    assert status == 200 and body["token_type"] == "Bearer" and body["scope"] == "identify"
    bearer = f"Bearer {body['access_token']}"
    status, me = await get(discord_sim, http, "/users/@me", bearer)
    assert status == 200 and me["id"] == str(alice.id) and me["username"] == "alice"
    status, auth = await get(discord_sim, http, "/oauth2/@me", bearer)
    assert status == 200
    assert auth["application"]["id"] == str(discord_sim.world.application_id)
    assert auth["user"]["id"] == str(alice.id) and auth["scopes"] == ["identify"]
    assert await exchange(discord_sim, http, code) == (
        400, {"error": "invalid_grant", "error_description": 'Invalid "code" in request.'})
    for r in discord_sim.requests:
        if r.status == 200 and r.route != "/oauth2/token":
            assert validate.validate_response(r.method, r.route, r.status, r.response) == [], r


async def test_codes_of_another_application_and_wrong_secrets_are_refused(discord_sim, http):
    alice = discord_sim.user("alice")
    other = discord_sim.application("Someone else's game")
    foreign = discord_sim.authorization_code(alice, other)
    assert (await exchange(discord_sim, http, foreign))[1]["error"] == "invalid_grant"
    own = discord_sim.authorization_code(alice)
    assert await exchange(discord_sim, http, own, secret="guessed") == (
        401, {"error": "invalid_client"})
    # The other application, with its own secret, gets its own token: /oauth2/@me says whose.
    status, body = await exchange(discord_sim, http, discord_sim.authorization_code(alice, other),
                                  client_id=other.id, secret=other.secret)
    assert status == 200
    status, auth = await get(discord_sim, http, "/oauth2/@me", f"Bearer {body['access_token']}")
    assert auth["application"]["id"] == str(other.id)
    assert (await get(discord_sim, http, "/users/@me", "Bearer forged"))[0] == 401
    assert discord_sim.violations == []


async def test_activity_instances_need_the_bot_token_and_name_their_users(discord_sim, http):
    alice, bob = discord_sim.user("alice"), discord_sim.user("bob")
    instance = discord_sim.start_activity([alice], custom_id="table:42")
    path = (f"/applications/{discord_sim.world.application_id}/activity-instances/"
            f"{instance.instance_id}")
    bot = f"Bot {discord_sim.world.token}"
    status, body = await get(discord_sim, http, path, bot)
    assert status == 200 and body["users"] == [str(alice.id)]
    assert body["location"]["channel_id"] == str(discord_sim.general.id)
    discord_sim.join_activity(bob, instance)
    assert (await get(discord_sim, http, path, bot))[1]["users"] == [str(alice.id), str(bob.id)]
    assert (await get(discord_sim, http, path + "x", bot)) == (
        404, {"message": "404: Not Found", "code": 0})
    code = discord_sim.authorization_code(alice)
    token = (await exchange(discord_sim, http, code))[1]["access_token"]
    assert (await get(discord_sim, http, path, f"Bearer {token}"))[0] == 401
    assert instance.query()["custom_id"] == "table:42"
    assert {"frame_id", "instance_id", "platform"} <= set(instance.query())
    for r in discord_sim.requests:
        assert validate.validate_response(r.method, r.route, r.status, r.response) == [], r


async def test_launch_activity_puts_the_presser_in_the_channel_instance(discord_sim):
    bot = await discord_sim.start_bot(TinyBot())
    discord_sim.enable_activities()  # after TinyBot's plain sync, which would now be refused
    alice, bob = discord_sim.user("alice"), discord_sim.user("bob")
    await discord_sim.slash(alice, "launch")
    first = discord_sim.last_interaction
    assert first.response_type == 12 and first.original is None
    await discord_sim.slash(bob, "launch")
    assert discord_sim.last_interaction.activity is first.activity
    assert first.activity.users == [alice, bob]
    assert bot.launched == [first.activity.instance_id] * 2
    callbacks = [r for r in discord_sim.requests if r.route.endswith("/callback")]
    assert [r.body for r in callbacks] == [{"type": 12}] * 2
    for r in callbacks:
        assert validate.validate_response(r.method, r.route, r.status, r.response) == [], r


async def test_a_bulk_update_must_keep_the_entry_point_command(discord_sim, http):
    """Once Activities are on, Discord refuses a global bulk update leaving out the Entry Point
    command (50240); one that carries it back keeps it."""
    launch = discord_sim.enable_activities()
    path = api(discord_sim, f"/applications/{discord_sim.world.application_id}/commands")
    headers = {"Authorization": f"Bot {discord_sim.world.token}"}
    mine = {"name": "ping", "description": "Ping", "type": 1}
    async with http.put(path, json=[mine], headers=headers) as response:
        assert response.status == 400 and (await response.json())["code"] == 50240
    kept = {k: launch[k] for k in ("id", "type", "name", "description", "handler")}
    async with http.put(path, json=[mine, kept], headers=headers) as response:
        assert response.status == 200
        answer = await response.json()
    assert [(c["name"], c["type"], c["id"]) for c in answer] == [
        ("ping", 1, answer[0]["id"]), ("launch", 4, launch["id"])]
    assert answer[1]["handler"] == 2
    assert discord_sim.violations == []
