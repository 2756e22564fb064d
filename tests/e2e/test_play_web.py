"""The live table's buttons in Discord (issue 27), with the real discord.py client on the
emulator and the real web server beside it: Watch live (a link to the table's page, with its
watch token) and Play in
browser are on the table post only when ``[web] public_url`` is set; Play in browser answers a
seated player privately with a personal link the web server accepts (a move made with it is
posted in the channel), pressing it again revokes the old link, and a spectator gets a
sentence."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.adapter.client import TableeBot
from bot.config import Config, WebConfig
from bot.service import Outcome, Services
from bot.web.links import REVOKED, LinkRefused
from bot.web.server import WebServer
from tests.e2e.test_play_helpers import Tablee, last_private, lobby_of, running_tablee, table_post

PUBLIC = "https://tables.example.org"
LINK = re.compile(re.escape(PUBLIC) + r"/t/(\d+)#k=([A-Za-z0-9_.-]+)")
SPECTATOR = ("Only the players of this table get a personal link; Watch live shows the table "
             "to everyone.")


class WebTablee(Tablee):
    """The bot with the live table's server beside it, wired as the app wires them."""

    web: WebServer | None = None

    async def _make(self) -> TableeBot:
        if self.web is not None:
            await self.web.close()
        config = Config(database_path=str(self.db), computer_delay=0,
                        web=WebConfig("127.0.0.1:0", PUBLIC, 12.0), **self.settings)
        host = await Services.open(str(self.db), computer_delay=0, clock=self.now,
                                       clock_config=config.clock)
        self.hosts.append(host)

        async def publish(outcome: Outcome) -> None:
            await bot.poster.publish(outcome)

        self.web = WebServer(config.web, host, publish=publish, activity=None, bot_token=None)
        await self.web.start()
        bot = TableeBot(config, host, issue_link=self.web.personal_link,
                        watch_link=self.web.watch_url)
        return bot

    async def close(self) -> None:
        if self.web is not None:
            await self.web.close()
        await super().close()


@pytest.fixture
async def web_tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[WebTablee]:
    app = WebTablee(discord_sim, tmp_path / "tablee.db")
    await app.start()
    try:
        yield app
    finally:
        await app.close()


def button(message: Any, label: str) -> dict[str, Any]:
    [found] = [b for b in message.buttons() if b.get("label") == label]
    return found


async def test_play_in_browser_gives_a_link_the_server_accepts(
        discord_sim: Any, web_tablee: WebTablee) -> None:
    sim = discord_sim
    alice, bob, zoe = sim.user("alice"), sim.user("bob"), sim.user("zoe")
    await lobby_of(sim, alice, [bob], game="master-islands")
    post = table_post(sim)
    watch = button(post, "Watch live")
    assert watch["style"] == 5 and watch["url"].startswith(f"{PUBLIC}/t/{sim.general.id}#w=")
    assert "custom_id" not in watch
    service, web = web_tablee.bot.service, web_tablee.web
    assert web is not None
    # Watch live carries the table's watch token (in the fragment): it lets watch this table
    # only (the server's socket and board take it: tests/bot/web/test_server.py).
    seen = watch["url"].split("#w=", 1)[1]
    assert await web.links.may_watch(seen, sim.general.id)
    assert not await web.links.may_watch(seen, sim.general.id + 1)
    movers = [u for u in (alice, bob) if (await service.views.menu(sim.general.id, u.id))[1]]
    mover = movers[0]

    said = await sim.click(mover, post, label="Play in browser")
    said = said if said is not None and said.ephemeral else last_private(sim, mover)
    assert said.ephemeral and said.visible_only_to is mover
    table, token = LINK.search(said.content).groups()  # type: ignore[union-attr]
    assert int(table) == sim.general.id and "works for 12 hours" in said.content
    assert await web.links.check(token, sim.general.id) == mover.id

    version, entries = await service.views.menu(sim.general.id, mover.id)
    shown_before = table_post(sim).content
    async with aiohttp.ClientSession() as http:
        async with http.post(f"http://127.0.0.1:{web.port}/t/{table}/move",
                             json={"move": entries[0].move, "version": version},
                             headers={"Origin": PUBLIC,
                                      "Authorization": f"Bearer {token}"}) as answer:
            assert answer.status == 200, await answer.text()
            assert await answer.json() == {"ok": True, "version": version + 1}
    await sim.wait_idle()
    # Posted in the channel as a click's move is (the mover's post extended while they move on).
    assert table_post(sim).content != shown_before
    assert (await service.views.require_table(sim.general.id)).version > version

    # Pressing again gives a new link; the old one stops working.
    again = await sim.click(mover, table_post(sim), label="Play in browser")
    again = again if again is not None and again.ephemeral else last_private(sim, mover)
    newer = LINK.search(again.content).group(2)  # type: ignore[union-attr]
    assert newer != token and await web.links.check(newer, sim.general.id) == mover.id
    with pytest.raises(LinkRefused) as refused:
        await web.links.check(token, sim.general.id)
    assert str(refused.value) == str(REVOKED)

    # Someone who does not play gets a sentence, no link.
    spectator = await sim.click(zoe, table_post(sim), label="Play in browser")
    spectator = spectator if spectator is not None and spectator.ephemeral \
        else last_private(sim, zoe)
    assert spectator.content == SPECTATOR and not LINK.search(spectator.content)


async def test_no_live_buttons_without_a_public_url(discord_sim: Any, tmp_path: Path) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    async with running_tablee(sim, tmp_path):
        await lobby_of(sim, alice, [bob], game="master-islands")
        labels = table_post(sim).labels
        assert "My hand / Play" in labels
        assert "Watch live" not in labels and "Play in browser" not in labels
