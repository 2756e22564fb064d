"""The Activity's backend (bot/web/activity.py, in the real web server) against the emulated
Discord: the code exchange, answered with a sign-in of our own; the sign-in checked against the
Activity instance with the bot token, whose own channel is the table; a personal token for a
seated player only; and the refusals (another application's code or token, someone not in the
instance, a foreign page, too many tries, a flood of bogus codes behind a proxy), each a
sentence, with no code, token or secret in any answer or log line."""

from __future__ import annotations

import ipaddress
import logging
from collections.abc import AsyncIterator, Sequence
from typing import Any

import aiohttp
import pytest
from aiohttp import web

from bot.config import ActivityConfig, IPNetwork, WebConfig
from bot.service import Outcome
from bot.web.server import WebServer
from tests.e2e.toy_game import TOY_ID

ORIGIN = "https://tables.example.org"
SIGNED_OUT = "Your Discord sign-in has expired; close the Activity and open it again."


class Backend:
    """The web server with the Activity on a local port, wired to the emulator and the running
    bot's service (moves made through it are recorded in ``published``)."""

    def __init__(self, sim: Any, tablee: Any, *,
                 trusted_proxies: Sequence[IPNetwork] = ()) -> None:
        self.sim = sim
        self.service = tablee.bot.service
        self.config = ActivityConfig(client_id=sim.world.application_id,
                                     client_secret=sim.client_secret)
        self.web_config = WebConfig("127.0.0.1:0", ORIGIN, 12.0,
                                    trusted_proxies=tuple(trusted_proxies))
        self.web: WebServer | None = None
        self.published: list[int] = []
        self.base = ""
        self.http: aiohttp.ClientSession | None = None

    @property
    def links(self) -> Any:
        assert self.web is not None
        return self.web.links

    async def start(self, discord_api: str | None = None) -> None:
        async def publish(outcome: Outcome) -> None:
            self.published.append(outcome.table.channel_id)

        self.web = WebServer(self.web_config, self.service, publish=publish,
                             activity=self.config,
                             discord_api=discord_api or f"{self.sim.emulator.base_url}/api/v10",
                             bot_token=self.sim.world.token)
        self.base = f"http://127.0.0.1:{await self.web.start()}"
        self.http = aiohttp.ClientSession()

    async def close(self) -> None:
        if self.http is not None:
            await self.http.close()
        if self.web is not None:
            await self.web.close()

    async def post(self, path: str, body: Any, *, origin: str | None = ORIGIN,
                   lang: str = "en", token: str | None = None,
                   forwarded_for: str | None = None) -> tuple[int, dict[str, Any]]:
        assert self.http is not None
        headers = {"Accept-Language": lang} | ({"Origin": origin} if origin else {})
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        if forwarded_for is not None:
            headers["X-Forwarded-For"] = forwarded_for
        async with self.http.post(self.base + path, json=body, headers=headers) as response:
            return response.status, await response.json()

    async def sign_in(self, user: Any, application: Any = None,
                      forwarded_for: str | None = None) -> tuple[int, dict[str, Any]]:
        return await self.post("/api/token",
                               {"code": self.sim.authorization_code(user, application)},
                               forwarded_for=forwarded_for)

    async def signed_in(self, user: Any) -> str:
        """The sign-in (our own session id) /api/token gives ``user``."""
        status, answer = await self.sign_in(user)
        assert status == 200, answer
        return str(answer["session"])

    async def session(self, signed: str, instance: Any,
                      **extra: Any) -> tuple[int, dict[str, Any]]:
        return await self.post("/api/activity/session",
                               {"session": signed, "instance_id": instance.instance_id} | extra)


@pytest.fixture
async def backend(discord_sim: Any, toy_tablee: Any) -> AsyncIterator[Backend]:
    b = Backend(discord_sim, toy_tablee)
    await b.start()
    try:
        yield b
    finally:
        await b.close()


async def table_of_two(sim: Any, channel: Any = None, names: tuple[str, str] = ("alice", "bob"),
                       *, start: bool = False) -> tuple[Any, Any]:
    first, second = sim.user(names[0]), sim.user(names[1])
    lobby = await sim.slash(first, f"play {TOY_ID}", channel=channel)
    await sim.click(second, lobby, label="Join")
    if start:
        await sim.click(first, lobby, label="Start")
    return first, second


async def test_a_seated_player_gets_a_personal_token_a_watcher_none(
        discord_sim: Any, backend: Backend, caplog: pytest.LogCaptureFixture) -> None:
    sim = discord_sim
    caplog.set_level(logging.DEBUG)
    alice, bob = await table_of_two(sim)
    carol = sim.user("carol")
    table = sim.general.id
    instance = sim.start_activity([alice, carol])
    status, answer = await backend.sign_in(alice)
    assert status == 200 and sorted(answer) == ["access_token", "session"]
    access, signed = answer["access_token"], answer["session"]
    assert len(signed) >= 40 and signed != access
    before = len(sim.requests)
    status, session = await backend.session(signed, instance)
    assert status == 200
    assert session["table"] == str(table) and session["url"] == f"/t/{table}"
    assert await backend.links.check(session["token"], table) == alice.id
    # The session asked Discord one thing, with the bot token: the instance.
    asked = [(r.method, r.route) for r in sim.requests[before:]]
    assert asked == [("GET", "/applications/{application_id}/activity-instances/{instance_id}")]
    # A sign-in opens one session: used again, it is refused.
    status, again = await backend.session(signed, instance)
    assert (status, again) == (401, {"error": SIGNED_OUT})
    # Carol watches: in the instance, not seated.
    status, watch = await backend.session(await backend.signed_in(carol), instance)
    assert (status, watch) == (200, {"table": str(table), "token": None, "url": f"/t/{table}",
                                     "watch": backend.links.watch(table)})  # issue 38, item 9
    # Bob is seated but not in this instance: refused, whatever he says.
    bob_signed = await backend.signed_in(bob)
    status, refused = await backend.session(bob_signed, instance)
    assert status == 403 and refused == {"error": "You are not in this Activity, so it cannot "
                                         "show you a table; open it again from the table's post."}
    sim.join_activity(bob, instance)  # a refusal does not use the sign-in up
    status, joined = await backend.session(bob_signed, instance)
    assert status == 200 and await backend.links.check(joined["token"], table) == bob.id
    secrets = [sim.client_secret, sim.world.token, access, signed, bob_signed, session["token"]]
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
    signed = await backend.signed_in(alice)
    foreign = sim.api.activities.start(sim.general, [alice], application=other)
    status, answer = await backend.session(signed, foreign)
    assert status == 403 and "not in this Activity" in answer["error"]
    status, answer = await backend.session("forged", sim.start_activity([alice]))
    assert (status, answer) == (401, {"error": SIGNED_OUT})
    # An Activity in a channel with no table.
    elsewhere = sim.start_activity([alice], channel=sim.channel("no-table-here"))
    status, answer = await backend.session(signed, elsewhere)
    assert (status, answer) == (404, {"error": "There is no table here any more."})
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert signed not in logged and sim.client_secret not in logged


async def test_a_token_made_for_another_application_opens_no_session(
        discord_sim: Any, backend: Backend) -> None:
    """Issue 38, item 1: an access token a player gave another site (its application's, from its
    own code exchange) does not get their personal token, plays no move and leaves
    their own browser link working; whatever the page says, only our own sign-in opens a session."""
    sim = discord_sim
    alice, bob = await table_of_two(sim, start=True)
    table = sim.general.id
    [mover] = [u for u in (alice, bob) if (await backend.service.views.menu(table, u.id))[1]]
    link = await backend.links.issue(table, mover.id)  # their Play in browser link
    other = sim.application("Someone else's game")
    foreign = sim.api.activities.access_token(mover, other)
    instance = sim.start_activity([alice, bob])
    before = await backend.service.views.require_table(table)
    answers = [
        await backend.post("/api/activity/session", {  # what the page used to send
            "access_token": foreign, "instance_id": instance.instance_id,
            "custom_id": f"table:{table}"}),
        await backend.session(foreign, instance),  # the token as if it were our sign-in
    ]
    for _status, answer in answers:  # whatever came back, the holder tries to play with it
        token = answer.get("token")
        if token:
            version, entries = await backend.service.views.menu(table, mover.id)
            await backend.post(f"/t/{table}/move", {"move": entries[0].move,
                                                    "version": version}, token=token)
    assert answers == [(401, {"error": SIGNED_OUT})] * 2
    after = await backend.service.views.require_table(table)
    assert after.version == before.version and backend.published == []
    assert await backend.links.check(link, table) == mover.id  # not replaced


async def test_the_table_is_the_instances_own_whatever_the_page_names(
        discord_sim: Any, backend: Backend) -> None:
    """The table is the channel of the instance Discord says the person is in, never one the
    page names (a custom_id naming another of their tables is ignored)."""
    sim = discord_sim
    alice, _bob = await table_of_two(sim)
    side = sim.channel("side-table")
    await table_of_two(sim, side, ("alice", "carol"))
    side_link = await backend.links.issue(side.id, alice.id)
    instance = sim.start_activity([alice])  # in #general
    signed = await backend.signed_in(alice)
    status, answer = await backend.session(signed, instance, custom_id=f"table:{side.id}",
                                           table=str(side.id))
    assert status == 200 and answer["table"] == str(sim.general.id)
    assert await backend.links.check(answer["token"], sim.general.id) == alice.id
    assert await backend.links.check(side_link, side.id) == alice.id  # not replaced
    # An Activity where no table plays opens none, whichever table the page names.
    empty = sim.start_activity([alice], channel=sim.channel("empty"))
    status, answer = await backend.session(await backend.signed_in(alice), empty,
                                           custom_id=f"table:{sim.general.id}")
    assert (status, answer) == (404, {"error": "There is no table here any more."})


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


async def test_bogus_codes_behind_a_trusted_proxy_cost_only_their_sender(
        discord_sim: Any, toy_tablee: Any) -> None:
    """Issue 38, item 4: behind a reverse proxy (every request from 127.0.0.1, the client in
    its X-Forwarded-For), one client's flood of bogus codes spends its own failure budget,
    not the next person's sign-in; the flood reaches Discord only that many times."""
    sim = discord_sim
    b = Backend(sim, toy_tablee, trusted_proxies=[ipaddress.ip_network("127.0.0.1")])
    await b.start()
    try:
        before = len(sim.requests)
        flood = [await b.post("/api/token", {"code": f"bogus-{n}"}, forwarded_for="203.0.113.7")
                 for n in range(62)]
        status, answer = await b.sign_in(sim.user("bob"), forwarded_for="198.51.100.9")
        late = await b.sign_in(sim.user("alice"), forwarded_for="203.0.113.7")
    finally:
        await b.close()
    statuses = [s for s, _ in flood]
    assert statuses == [400] * 10 + [429] * 52, statuses
    assert flood[-1][1] == {"error": "Too many tries at once; wait a minute and try again."}
    assert status == 200 and answer["session"]
    assert late[0] == 429  # the flooding client waits out its minute, even with a good code
    exchanges = [r for r in sim.requests[before:] if r.route == "/oauth2/token"]
    assert len(exchanges) == 11  # ten bogus codes and Bob's


async def test_the_entry_sends_discord_to_the_page_of_the_activitys_channel(
        discord_sim: Any, backend: Backend) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    named = sim.start_activity([alice], custom_id="table:42")  # a launch naming another table
    assert backend.http is not None
    async with backend.http.get(backend.base + "/", params=named.query(),
                                allow_redirects=False) as response:
        assert response.status == 302
        target = response.headers["Location"]
    assert target.startswith(f"/t/{sim.general.id}?")
    assert "frame_id=" in target and "instance_id=" in target
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
    await b.start(discord_api=f"http://127.0.0.1:{port}/api/v10")
    try:
        status, answer = await b.post("/api/token", {"code": "any"})
    finally:
        await b.close()
        await runner.cleanup()
    assert (status, answer) == (403, {"error": "This sign-in was made for another application, "
                                      "so Tablée refuses it."})
