"""The Activity's backend (bot/web/activity.py) against the emulated Discord: the code
exchange, the identity checked against the Activity instance with the bot token, the table the
launch names, a personal token for a seated player only; and the refusals (another
application's code, someone not in the instance, a foreign page, too many tries), each a
sentence, with no code, token or secret in any answer or log line."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from bot.config import ActivityConfig
from bot.web.activity import activity_routes, custom_id_for
from bot.web.links import Links
from tests.e2e.toy_game import TOY_ID

ORIGIN = "https://tables.example.org"


class Backend:
    """The Activity routes on a local port, wired to the emulator and the running bot."""

    def __init__(self, sim: Any, tablee: Any) -> None:
        self.sim = sim
        self.config = ActivityConfig(client_id=sim.world.application_id,
                                     client_secret=sim.client_secret)
        self.links = Links(tablee.bot.service.store, 12.0)  # as the web server's, same database
        self.origins = {ORIGIN, f"https://{sim.world.application_id}.discordsays.com"}
        self.runner: web.AppRunner | None = None
        self.base = ""
        self.http: aiohttp.ClientSession | None = None

    async def start(self, tablee: Any, discord_api: str | None = None) -> None:
        app = web.Application()
        app.add_routes(activity_routes(
            self.config, self.links, service=tablee.bot.service,
            origin_ok=lambda request: request.headers.get("Origin") in self.origins,
            discord_api=discord_api or f"{self.sim.emulator.base_url}/api/v10",
            bot_token=self.sim.world.token))
        self.runner = web.AppRunner(app)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.base = f"http://127.0.0.1:{site._server.sockets[0].getsockname()[1]}"  # type: ignore[union-attr]
        self.http = aiohttp.ClientSession()

    async def close(self) -> None:
        if self.http is not None:
            await self.http.close()
        if self.runner is not None:
            await self.runner.cleanup()

    async def post(self, path: str, body: Any, *, origin: str | None = ORIGIN,
                   lang: str = "en") -> tuple[int, dict[str, Any]]:
        assert self.http is not None
        headers = {"Accept-Language": lang} | ({"Origin": origin} if origin else {})
        async with self.http.post(self.base + path, json=body, headers=headers) as response:
            return response.status, await response.json()

    async def sign_in(self, user: Any, application: Any = None) -> tuple[int, dict[str, Any]]:
        return await self.post("/api/token",
                               {"code": self.sim.authorization_code(user, application)})

    async def session(self, access: str, instance: Any,
                      custom_id: str | None = None) -> tuple[int, dict[str, Any]]:
        return await self.post("/api/activity/session", {
            "access_token": access, "instance_id": instance.instance_id,
            "custom_id": custom_id if custom_id is not None else instance.custom_id})


@pytest.fixture
async def backend(discord_sim: Any, toy_tablee: Any) -> AsyncIterator[Backend]:
    b = Backend(discord_sim, toy_tablee)
    await b.start(toy_tablee)
    try:
        yield b
    finally:
        await b.close()


async def table_of_two(sim: Any) -> tuple[Any, Any]:
    alice, bob = sim.user("alice"), sim.user("bob")
    lobby = await sim.slash(alice, f"play {TOY_ID}")
    await sim.click(bob, lobby, label="Join")
    return alice, bob


async def test_a_seated_player_gets_a_personal_token_a_watcher_none(
        discord_sim: Any, backend: Backend, caplog: pytest.LogCaptureFixture) -> None:
    sim = discord_sim
    caplog.set_level(logging.DEBUG)
    alice, bob = await table_of_two(sim)
    carol = sim.user("carol")
    table = sim.general.id
    instance = sim.start_activity([alice, carol], custom_id=custom_id_for(table))
    status, answer = await backend.sign_in(alice)
    assert status == 200 and list(answer) == ["access_token"]
    access = answer["access_token"]
    status, session = await backend.session(access, instance)
    assert status == 200
    assert session["table"] == str(table) and session["url"] == f"/t/{table}"
    assert await backend.links.check(session["token"], table) == alice.id
    # Carol watches: in the instance, not seated.
    status, watch = await backend.session((await backend.sign_in(carol))[1]["access_token"],
                                          instance)
    assert (status, watch) == (200, {"table": str(table), "token": None, "url": f"/t/{table}",
                                     "watch": backend.links.watch(table)})  # issue 38, item 9
    # Bob is seated but not in this instance: refused, whatever he says.
    bob_access = (await backend.sign_in(bob))[1]["access_token"]
    status, refused = await backend.session(bob_access, instance)
    assert status == 403 and refused == {"error": "You are not in this Activity, so it cannot "
                                         "show you a table; open it again from the table's post."}
    sim.join_activity(bob, instance)
    status, joined = await backend.session(bob_access, instance)
    assert status == 200 and await backend.links.check(joined["token"], table) == bob.id
    # Without a custom_id, the instance's channel is the table.
    plain = sim.start_activity([alice])
    status, here = await backend.session(access, plain)
    assert status == 200 and here["table"] == str(table)
    # Who asked Discord what: the instance with the bot token, the person with theirs.
    asked = [(r.method, r.route) for r in sim.requests if "activity-instances" in r.route
             or r.route in ("/oauth2/token", "/oauth2/@me", "/users/@me")]
    assert ("GET", "/applications/{application_id}/activity-instances/{instance_id}") in asked
    secrets = [sim.client_secret, sim.world.token, access, bob_access, session["token"]]
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert "opens table" in logged
    assert not [s for s in secrets if s in logged]


async def test_codes_for_another_application_and_strangers_are_refused(
        discord_sim: Any, backend: Backend, caplog: pytest.LogCaptureFixture) -> None:
    sim = discord_sim
    caplog.set_level(logging.DEBUG)
    alice, _bob = await table_of_two(sim)
    other = sim.application("Someone else's game")
    status, answer = await backend.sign_in(alice, other)
    assert (status, answer) == (400, {"error": "Discord did not accept this sign-in; close the "
                                      "Activity and open it again."})
    status, answer = await backend.post("/api/token", {"code": "made-up"}, lang="fr")
    assert status == 400 and answer["error"].startswith("Discord n")
    # An instance of someone else's application, or none at all.
    access = (await backend.sign_in(alice))[1]["access_token"]
    foreign = sim.api.activities.start(sim.general, [alice], application=other)
    status, answer = await backend.session(access, foreign)
    assert status == 403 and "not in this Activity" in answer["error"]
    status, answer = await backend.session("forged", sim.start_activity([alice]))
    assert status == 401 and "expired" in answer["error"]
    # A table in no channel of the instance's server, or no table at all.
    for named in ("table:123", "to:open:123"):  # a link's id, or Open table's button's
        status, answer = await backend.session(access, sim.start_activity([alice]),
                                               custom_id=named)
        assert (status, answer) == (404, {"error": "There is no table here any more."})
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert access not in logged and sim.client_secret not in logged


async def test_only_the_page_may_post_and_not_too_often(discord_sim: Any,
                                                        backend: Backend) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    code = sim.authorization_code(alice)
    for origin in (None, "https://evil.example", "null"):
        status, answer = await backend.post("/api/token", {"code": code}, origin=origin)
        assert status == 403 and "did not come from Tablée's page" in answer["error"]
    discordsays = f"https://{sim.world.application_id}.discordsays.com"
    assert (await backend.post("/api/token", {"code": code}, origin=discordsays))[0] == 200
    assert backend.http is not None
    async with backend.http.post(backend.base + "/api/token", data={"code": code},
                                 headers={"Origin": ORIGIN}) as response:  # a form: refused
        assert response.status == 400
    # Alice signed in once above; ten sign-ins a minute, then a sentence (Bob is not held up).
    statuses = [(await backend.sign_in(alice))[0] for _ in range(10)]
    assert statuses == [200] * 9 + [429]
    status, answer = await backend.sign_in(alice)
    assert status == 429 and "wait a minute" in answer["error"]
    assert (await backend.sign_in(sim.user("bob")))[0] == 200


async def test_the_entry_sends_discord_to_the_table_page_with_its_query(
        discord_sim: Any, backend: Backend) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    instance = sim.start_activity([alice], custom_id=custom_id_for(42))
    assert backend.http is not None
    async with backend.http.get(backend.base + "/", params=instance.query(),
                                allow_redirects=False) as response:
        assert response.status == 302
        target = response.headers["Location"]
    assert target.startswith("/t/42?") and "frame_id=" in target and "instance_id=" in target
    plain = sim.start_activity([alice])
    async with backend.http.get(backend.base + "/", params=plain.query(),
                                allow_redirects=False) as response:
        assert response.headers["Location"].startswith(f"/t/{sim.general.id}?")
    async with backend.http.get(backend.base + "/", allow_redirects=False) as response:
        assert response.status == 404


async def test_a_token_discord_says_is_another_applications_is_refused(
        discord_sim: Any, toy_tablee: Any) -> None:
    """Defence in depth: even if Discord exchanged a code into a token of another application
    (a Discord that answers so, standing in front of the emulator), /oauth2/@me says whose
    it is, and the token is refused."""
    sim = discord_sim
    other = sim.application("Someone else's game")

    async def exchange(request: web.Request) -> web.Response:
        return web.json_response({"access_token": "t0ken", "token_type": "Bearer"})

    async def whose(request: web.Request) -> web.Response:
        assert request.headers["Authorization"] == "Bearer t0ken"
        return web.json_response({"application": other.to_json(), "scopes": ["identify"],
                                  "expires": "2030-01-01T00:00:00+00:00"})

    lying = web.Application()
    lying.add_routes([web.post("/api/v10/oauth2/token", exchange),
                      web.get("/api/v10/oauth2/@me", whose)])
    runner = web.AppRunner(lying)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    b = Backend(sim, toy_tablee)
    await b.start(toy_tablee, discord_api=f"http://127.0.0.1:{port}/api/v10")
    try:
        status, answer = await b.post("/api/token", {"code": "any"})
    finally:
        await b.close()
        await runner.cleanup()
    assert (status, answer) == (403, {"error": "This sign-in was made for another application, "
                                      "so Tablée refuses it."})
