"""The table page inside Discord, as an Activity, in a real browser (headless Chromium): a
stand-in Discord client (tests/bot/web/discord_frame.html) iframes the page with the query Discord
adds and speaks the Embedded App SDK's message protocol; the bot process (with ``[activity]``)
talks to the emulated Discord. The whole chain: HANDSHAKE, READY, AUTHORIZE (a code the emulator
minted), the code exchanged at our /api/token (checked with Discord's /oauth2/@me, answered
with a sign-in of our own), AUTHENTICATE, the session (that sign-in, never an access token)
checked against the emulator's Activity instance with the bot token; the page then shows that
player's hand. A watcher gets the table without a hand; someone not in
the instance, or a code of another application, is refused with a sentence on the page."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
import pytest_asyncio
from playwright.async_api import Browser, Frame

from tests.bot.web.conftest import LiveTable, running_table
from tests.bot.web.pages import PHONE, TIMEOUT_MS
from tests.bot.web.test_live_table import start_table
from tests.e2e.emulator import Emulator
from tests.e2e.emulator.activities import Application, private_user_json
from tests.e2e.test_play_shards import BotProcess
from tests.e2e.toy_game import TOY_ID

pytestmark = pytest.mark.asyncio(loop_scope="session")

STAND_IN = (Path(__file__).parent / "discord_frame.html").read_text(encoding="utf-8")


def activity_bot(emulator: Emulator, folder: Path, base_url: str) -> BotProcess:
    """The bot process serving the web table, with the Activity configured (its secret in the
    environment, as docs/web-table-and-activity.md advises)."""
    listen = base_url.removeprefix("http://")
    extra = (f'[web]\nlisten = "{listen}"\npublic_url = "{base_url}"\n'
             f'[activity]\nclient_id = "{emulator.world.application_id}"\n')
    secret = emulator.api.activities.own.secret
    return BotProcess(emulator, None, str(folder / "tablee.db"), folder, extra=extra,
                      env={"TABLEE_ACTIVITY_SECRET": secret})


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def live(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[LiveTable]:
    async with running_table(tmp_path_factory.mktemp("activity"), activity_bot) as table:
        yield table


class InDiscord:
    """One person's Discord client running the Activity: AUTHORIZE answers with a code the
    emulator minted for them (for ``application``: another one's), AUTHENTICATE with the user
    the emulator knows the access token for."""

    def __init__(self, live: LiveTable, user: Any, application: Application | None = None):
        self.live, self.user, self.application = live, user, application
        self.authenticated: list[str] = []
        self.sessions_asked: list[Any] = []  # the bodies the page POSTed to our session route

    async def authorize(self, args: dict[str, Any]) -> str:
        return self.live.sim.authorization_code(self.user, self.application)

    async def authenticate(self, token: str) -> dict[str, Any] | None:
        grant = self.live.sim.api.activities.tokens.get(token)
        if grant is None:
            return None
        self.authenticated.append(token)
        app = grant.application
        return {"access_token": token, "user": private_user_json(grant.user),
                "scopes": list(grant.scopes), "expires": "2030-01-01T00:00:00+00:00",
                "application": {"id": str(app.id), "name": app.name, "description": ""}}

    async def open(self, browser: Browser, instance: Any) -> tuple[Any, Frame]:
        """The stand-in Discord page with the Activity in its iframe; (page, the iframe)."""
        context = await browser.new_context(viewport=PHONE, locale="en-US")
        await context.expose_function("discordAuthorize", self.authorize)
        await context.expose_function("discordAuthenticate", self.authenticate)
        context.on("request", lambda r: self.sessions_asked.append(r.post_data_json)
                   if r.url.endswith("/api/activity/session") else None)
        base = self.live.base_url
        # Served at the web table's own origin (the SDK accepts messages from its own origin,
        # as from discord.com's): the test answers this address itself.
        await context.route(f"{base}/discord-stand-in*", lambda route: route.fulfill(
            body=STAND_IN, content_type="text/html"))
        page = await context.new_page()
        activity = f"{base}/?{urlencode(instance.query())}"
        await page.goto(f"{base}/discord-stand-in?{urlencode({'activity': activity})}")
        handle = await page.wait_for_selector("iframe#activity", timeout=TIMEOUT_MS)
        frame = await handle.content_frame()
        assert frame is not None
        return page, frame


async def step(frame: Frame, wanted: str) -> None:
    """Until activity.js reached ``wanted`` ("started", "failed")."""
    await frame.wait_for_function(
        "s => window.tableeActivity && window.tableeActivity.step === s", arg=wanted,
        timeout=TIMEOUT_MS)


async def seen(page: Any) -> list[dict[str, Any]]:
    return await page.evaluate("window.seen")


async def test_the_activity_signs_the_player_in_and_shows_their_hand(
        browser: Browser, live: LiveTable) -> None:
    sim = live.sim
    alice, bob = sim.user("alice"), sim.user("bob")
    channel = sim.channel("activity-table")
    await start_table(live, alice, [bob], channel, TOY_ID)
    carol = sim.user("carol")
    instance = sim.start_activity([alice, carol], channel=channel)
    before = len(sim.requests)
    discord = InDiscord(live, alice)
    page, frame = await discord.open(browser, instance)
    await step(frame, "started")
    # The page shows Alice's own seat and hand, fetched with her personal token.
    you = frame.locator("#you-name")
    await you.wait_for(state="visible", timeout=TIMEOUT_MS)
    assert "Alice" in (await you.text_content() or "")
    await frame.wait_for_function(
        """() => { const i = document.getElementById("hand-image");
                   return i && i.src && i.complete && i.naturalWidth > 0; }""",
        timeout=TIMEOUT_MS)
    assert frame.url.startswith(f"{live.base_url}/t/{channel.id}?")
    assert await frame.locator("#notice").is_hidden()
    # What the stand-in Discord saw, in order: the SDK's protocol.
    log = await seen(page)
    ops = [entry["op"] for entry in log]
    assert ops[:4] == ["HANDSHAKE", "READY", "AUTHORIZE", "AUTHENTICATE"], ops
    assert log[0]["payload"]["client_id"] == str(sim.world.application_id)
    assert log[0]["payload"]["frame_id"] == instance.query()["frame_id"]
    assert log[2]["args"] == {"client_id": str(sim.world.application_id),
                              "response_type": "code", "state": "", "prompt": "none",
                              "scope": ["identify"]}
    assert log[3]["args"]["access_token"] == discord.authenticated[0]
    # The session was asked with our own sign-in and the instance: no access token, no table.
    [sent] = discord.sessions_asked
    assert sorted(sent) == ["instance_id", "lang", "session"]
    assert sent["instance_id"] == instance.instance_id
    assert sent["session"] not in discord.authenticated
    # What the bot asked the emulated Discord, in order: the exchange, whose token it is (and
    # who), and the instance with the bot token.
    asked = [(r.method, r.route, r.status) for r in sim.requests[before:]
             if r.route.startswith(("/oauth2", "/users/@me", "/applications/{application_id}/a"))]
    assert asked == [
        ("POST", "/oauth2/token", 200), ("GET", "/oauth2/@me", 200),
        ("GET", "/applications/{application_id}/activity-instances/{instance_id}", 200)]
    html = await frame.content()
    assert live.sim.client_secret not in html and sim.world.token not in html
    await page.context.close()

    # Carol is in the Activity but not seated: the table, no hand, no refusal.
    page, frame = await InDiscord(live, carol).open(browser, instance)
    await step(frame, "started")
    await frame.wait_for_function("() => Number(document.body.dataset.version || 0) > 0",
                                  timeout=TIMEOUT_MS)
    assert await frame.locator("#you").is_hidden()
    assert await frame.locator("#notice").is_hidden()
    await page.context.close()


async def test_strangers_and_other_applications_codes_are_refused_on_the_page(
        browser: Browser, live: LiveTable) -> None:
    sim = live.sim
    erin, frank = sim.user("erin"), sim.user("frank")
    channel = sim.channel("refusals")
    await start_table(live, erin, [frank], channel, TOY_ID)
    instance = sim.start_activity([erin], channel=channel)
    # Frank plays at this table but is not in this Activity: refused, watching only.
    page, frame = await InDiscord(live, frank).open(browser, instance)
    await step(frame, "failed")
    notice = frame.locator("#notice")
    await notice.wait_for(state="visible", timeout=TIMEOUT_MS)
    assert await notice.text_content() == ("You are not in this Activity, so it cannot show you "
                                           "a table; open it again from the table's post.")
    assert await frame.locator("#you").is_hidden()
    await page.context.close()
    # Erin's Discord hands out a code of another application: our /api/token refuses it.
    other = sim.application("Someone else's game")
    page, frame = await InDiscord(live, erin, other).open(browser, instance)
    await step(frame, "failed")
    notice = frame.locator("#notice")
    await notice.wait_for(state="visible", timeout=TIMEOUT_MS)
    text = await notice.text_content()
    assert text == "Discord did not accept this sign-in; close the Activity and open it again."
    assert "AUTHENTICATE" not in [entry["op"] for entry in await seen(page)]
    await page.context.close()
