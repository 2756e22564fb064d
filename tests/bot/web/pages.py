"""Helpers for the browser tests: open a table page in its own browser context (its own
sessionStorage, as another person's phone), read what it shows, play through its menus, and get
personal links the way players do (the table post's "Play in browser") and the Watch live link
the way everyone does (the table post's button)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from playwright.async_api import Browser, BrowserContext, Page, WebSocket

from benchmarks.web import PHONE
from tests.e2e.emulator import DiscordSim
from tests.e2e.test_play_helpers import EN, last_private, table_post

TIMEOUT_MS = 20_000  # a loaded machine: generous, never a synchronisation


@dataclass
class TablePage:
    """A page and everything it received: WebSocket frames (text), frames it sent, and the
    bodies of the images it loaded (URL -> bytes)."""

    context: BrowserContext
    page: Page
    received: list[str] = field(default_factory=list)
    sent: list[str] = field(default_factory=list)
    images: dict[str, bytes] = field(default_factory=dict)
    requests: list[str] = field(default_factory=list)

    def states(self) -> list[dict[str, Any]]:
        frames = [json.loads(text) for text in self.received]
        return [f for f in frames if f.get("type") == "state"]

    async def version(self) -> int:
        return int(await self.page.evaluate("document.body.dataset.version || '0'"))

    async def reaches(self, version: int) -> None:
        """Until the page shows ``version`` or a newer one, its board image swapped in."""
        await self.page.wait_for_function(
            """v => Number(document.body.dataset.version || 0) >= v
                 && document.getElementById("board").dataset.shown
                    === document.body.dataset.boardUrl""",
            arg=version, timeout=TIMEOUT_MS)

    async def play_first_choices(self, since: int | None = None) -> int:
        """Walk the menu by its first choice at each step until the move is sent and the page
        shows the position after it; the new version. ``since``: the version the move started
        from, when the caller already made part of it (read now, a position that came in
        meanwhile would be taken for the start, and its menu played as a second move)."""
        before = await self.version() if since is None else since
        for _ in range(12):
            await self.page.wait_for_function(
                """v => Number(document.body.dataset.version) > v
                     || document.querySelector("#menu .choice:not([disabled])")""",
                arg=before, timeout=TIMEOUT_MS)
            if await self.version() > before:
                return await self.version()
            await self.page.locator("#menu .choice:not([disabled])").first.click()
        raise AssertionError("the menu never ended in a move")

    async def notice(self) -> str:
        """The sentence the page shows (a refusal), once there is one."""
        box = self.page.locator("#notice")
        await box.wait_for(state="visible", timeout=TIMEOUT_MS)
        return (await box.text_content() or "").strip()

    async def close(self) -> None:
        await self.context.close()


async def open_page(browser: Browser, url: str, *, viewport: dict[str, int] | None = None,
                    locale: str = "en-US") -> TablePage:
    """``url`` in a fresh context (a person of their own), recording what it receives."""
    context = await browser.new_context(viewport=viewport or PHONE, locale=locale)
    page = await context.new_page()
    seen = TablePage(context, page)

    def on_socket(socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: seen.received.append(_text(payload)))
        socket.on("framesent", lambda payload: seen.sent.append(_text(payload)))

    async def on_response(response: Any) -> None:
        if (response.request.resource_type == "image"
                or urlsplit(response.url).path.endswith(".png")):  # the board: a fetch
            try:
                seen.images[response.url] = await response.body()
            except Exception:  # noqa: BLE001 - a body the page dropped (navigated away)
                return

    page.on("websocket", on_socket)
    page.on("response", on_response)
    page.on("request", lambda request: seen.requests.append(request.url))
    await page.goto(url)
    return seen


def _text(payload: str | bytes) -> str:
    return payload if isinstance(payload, str) else payload.decode()


def watch_link(sim: DiscordSim, channel: Any = None) -> str:
    """The table post's Watch live address (it carries the table's watch token)."""
    post = table_post(sim, channel)
    [url] = [b["url"] for b in post.buttons() if b.get("label") == EN("Watch live")]
    return str(url)


async def personal_link(sim: DiscordSim, user: Any, channel: Any = None) -> str:
    """Press "Play in browser" on the table post as ``user``; the link their ephemeral answer
    carries."""
    post = table_post(sim, channel)
    answer = await sim.click(user, post, label=EN("Play in browser"))
    if answer is None or not answer.ephemeral:
        answer = last_private(sim, user, channel)
    links = [b["url"] for b in answer.buttons() if "#k=" in (b.get("url") or "")]
    links += re.findall(r"https?://\S+#k=[\w.&=-]+", answer.content)
    assert links, f"no personal link in {answer.content!r}"
    return links[0]
