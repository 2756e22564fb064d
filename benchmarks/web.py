"""The live table's numbers (issue 27), printed, never asserted: ``python -m benchmarks.web``
(also ``python -m benchmarks --web``).

A child process serves one table the way the bot does (the table service on a fresh SQLite
file, :class:`bot.web.server.WebServer` on a loopback port, computers answering moves as the
Discord poster does); this process drives a headless Chromium (Debian's ``chromium`` through
Playwright's ``executable_path``; ``TABLEE_CHROMIUM`` names another) and plain WebSocket
clients against it:

1. **move to board shown**: a move is sent as a page sends it (POST ``/t/{table}/move``); the
   time from the request to the new board image decoded and swapped in by a spectator's page
   (p50/p95 over ``--moves`` moves, default 30; target p95 <= 300 ms on loopback). It holds the
   commit, the WebSocket push, the board's PNG fetched and decoded: an upper bound of commit to
   board shown.
2. **first paint** of a table page (a fresh browser context each time): first contentful paint,
   and the board shown.
3. **memory per 100 spectators**: the serving process's resident memory (VmRSS) before and after
   100, then 200 spectator WebSockets connected and sent their first state.

``--screenshots DIR`` writes the pictures of docs/web-table-and-activity.md instead
(``web-{spectator,player}-{390,1280}-{en,fr}.png``: a three-seat table a few moves in, on a phone
and on a desktop, in English and French).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
from playwright.async_api import Browser, Page, async_playwright

from bot.config import WebConfig
from bot.service import Outcome, Services
from bot.web.server import WebServer
from games import get_game

from . import load

CHROMIUM_FLAGS = ("--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update",
                  "--disable-sync")
"""Headless Chromium as the tests and the bench run it: no sandbox (root in a container), no
GPU, nothing fetched from the network by the browser itself."""
CHANNEL = 27_000_000_000_000_001  # a snowflake-sized id, as Discord's (past JavaScript's 2**53)
PACE = 1.2  # seconds between two moves of one person (the server allows 10 in 10 s)
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SHOWN = """
window.__shown = [];
new MutationObserver((records) => {
  for (const record of records) {
    window.__shown.push([record.target.dataset.shown, Date.now(), performance.now()]);
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-shown"]});
"""
"""An init script: each board swapped in, with the wall clock and the page's own clock."""


def chromium_path() -> str | None:
    """Debian's chromium (``TABLEE_CHROMIUM`` names another build); None without one."""
    named = os.environ.get("TABLEE_CHROMIUM", "").strip()
    if named:
        return named if os.access(named, os.X_OK) else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


# -- the serving child ------------------------------------------------------------------------
async def serve(game_id: str, humans: int, computers: int, moves: int, seed: int,
                folder: str) -> None:
    """One table of ``game_id`` served on a loopback port, ``moves`` people's moves in; prints
    ``{"port", "table", "tokens", "watch"}`` (a personal token per person, the table's watch
    token) and serves until its
    standard input closes."""
    host = await Services.open(str(Path(folder) / "web.db"), computer_delay=0)
    t = load.Table(CHANNEL, get_game(game_id), humans, random.Random(seed))
    levels = ["easy"] * computers
    await load.open_table(host, t, levels)
    for _ in range(moves):
        await load.click(host, t, load.Counters(), levels, double=False)

    async def publish(table: int, outcome: Outcome) -> None:  # the computers answer
        await load._follow(host, t, outcome)

    server = WebServer(WebConfig(listen="127.0.0.1:0"), host, publish=publish, activity=None,
                       bot_token=None)
    port = await server.start()
    tokens = [await server.links.issue(CHANNEL, user) for user in load.USERS[:humans]]
    print(json.dumps({"port": port, "table": str(CHANNEL), "tokens": tokens,
                      "watch": server.links.watch(CHANNEL)}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.read)
    await server.close()
    await host.close()


class Served:
    """The serving child: its address, table, tokens and pid."""

    def __init__(self, process: asyncio.subprocess.Process, info: dict[str, Any]) -> None:
        self.process = process
        self.base = f"http://127.0.0.1:{info['port']}"
        self.table = info["table"]
        self.tokens: list[str] = info["tokens"]
        self.watch: str = info["watch"]

    def url(self, lang: str = "en", token: str | None = None) -> str:
        """A player's page (their ``token``) or a spectator's (the Watch live link's)."""
        return f"{self.base}/t/{self.table}?lang={lang}" + (f"#k={token}" if token
                                                              else f"#w={self.watch}")

    def rss_kb(self) -> int:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise RuntimeError("no VmRSS")


@contextlib.asynccontextmanager
async def served(game_id: str, humans: int, computers: int, moves: int,
                 seed: int = 27) -> AsyncIterator[Served]:
    with tempfile.TemporaryDirectory(prefix="tablee-web-") as folder:
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "benchmarks.web", "--serve", game_id, "--humans", str(humans),
            "--computers", str(computers), "--moves", str(moves), "--seed", str(seed),
            "--folder", folder, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
        assert process.stdout is not None and process.stdin is not None
        line = await asyncio.wait_for(process.stdout.readline(), 120)
        if not line:
            raise RuntimeError("the serving process did not start")
        try:
            yield Served(process, json.loads(line))
        finally:
            process.stdin.close()
            try:
                await asyncio.wait_for(process.wait(), 30)
            except TimeoutError:
                process.kill()
                await process.wait()


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Browser]:
    path = chromium_path()
    if path is None:
        raise SystemExit("no chromium: install Debian's package (apt-get install chromium)")
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=path, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            await browser.close()


async def open_table(browser: Browser, url: str, viewport: dict[str, int],
                     locale: str = "en-US") -> Page:
    """A page of its own (a fresh context) at ``url``, back once its board is shown."""
    context = await browser.new_context(viewport=viewport, locale=locale)
    page = await context.new_page()
    await page.add_init_script(SHOWN)
    await page.goto(url)
    await page.wait_for_function("window.__shown && window.__shown.length > 0", timeout=60_000)
    return page


# -- the numbers ------------------------------------------------------------------------------
class Player:
    """A person's page stand-in: a WebSocket with their token, the newest State it got."""

    def __init__(self, served_: Served, token: str) -> None:
        self.served = served_
        self.token = token
        self.state: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.task: asyncio.Task[None] | None = None
        self.last = 0.0  # when they last moved (time.monotonic)

    async def connect(self, session: aiohttp.ClientSession) -> None:
        self.ws = await session.ws_connect(f"{self.served.base}/t/{self.served.table}/ws",
                                           origin=self.served.base)
        await self.ws.send_json({"type": "hello", "stamp": None, "token": self.token,
                                 "lang": "en"})
        self.task = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.ws is not None
        async for message in self.ws:
            frame = json.loads(message.data)
            if frame.get("type") == "state":
                self.state = frame
                self.changed.set()

    async def at_least(self, version: int) -> dict[str, Any]:
        while self.state is None or self.state["version"] < version:
            self.changed.clear()
            await asyncio.wait_for(self.changed.wait(), 30)
        return self.state


def ms(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"p50_ms": round(statistics.median(ordered), 1),
            "p95_ms": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1),
            "max_ms": round(ordered[-1], 1), "count": len(ordered)}


async def move_to_shown(served_: Served, browser: Browser, moves: int) -> dict[str, Any]:
    """Moves sent as a page sends them; when a spectator's page shows each new board."""
    rng = random.Random(7)
    page = await open_table(browser, served_.url(), DESKTOP)
    async with aiohttp.ClientSession() as session:
        players = [Player(served_, token) for token in served_.tokens]
        for player in players:
            await player.connect(session)
        times: list[float] = []
        version = 0
        for player in players:
            version = max(version, (await player.at_least(1))["version"])
        for _ in range(moves):
            states = [await p.at_least(version) for p in players]
            movers = [(p, s) for p, s in zip(players, states, strict=True)
                      if s["you"] and s["you"]["to_move"]]
            if not movers or states[0]["status"] != "playing":
                break  # the game is over
            player, state = movers[0]
            move = rng.choice(state["you"]["menu"])["move"]
            # paced under the per-person limit (10 moves in 10 s), as a person plays
            await asyncio.sleep(max(0.0, PACE - (time.monotonic() - player.last)))
            player.last = time.monotonic()
            sent = time.time() * 1000
            async with session.post(
                    f"{served_.base}/t/{served_.table}/move",
                    json={"move": move, "version": state["version"]},
                    headers={"Authorization": f"Bearer {player.token}",
                             "Origin": served_.base}) as response:
                answer = await response.json()
            if not answer.get("ok"):
                raise RuntimeError(f"move refused: {answer}")
            version = answer["version"]
            await player.at_least(version)  # the computers' answers are in too
            version = max(version, (await player.at_least(version))["version"])
            shown = await page.wait_for_function(
                """v => window.__shown.find(s => s[0].includes(`/board/${v}.png`))""",
                arg=(await player.at_least(version))["version"], timeout=30_000)
            at = (await shown.json_value())[1]
            times.append(at - sent)
            version = (await player.at_least(version))["version"]
        for player in players:
            assert player.ws is not None
            await player.ws.close()
    await page.context.close()
    return ms(times) if times else {"count": 0}


async def first_paint(served_: Served, browser: Browser, loads: int) -> dict[str, Any]:
    paints, boards = [], []
    for _ in range(loads):
        page = await open_table(browser, served_.url(), DESKTOP)
        fcp = await page.evaluate(
            "performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null")
        if fcp is not None:
            paints.append(fcp)
        boards.append(await page.evaluate("window.__shown[0][2]"))
        await page.context.close()
    return {"first_contentful_paint": ms(paints), "board_shown": ms(boards)}


async def memory(served_: Served, counts: tuple[int, ...] = (100, 200)) -> dict[str, Any]:
    """The serving process's RSS with ``counts`` spectator sockets connected."""
    out: dict[str, Any] = {"rss_mb_before": round(served_.rss_kb() / 1024, 1)}
    # Ten spectators per loopback address: the server takes 32 WebSockets from one address.
    sessions = [aiohttp.ClientSession(connector=aiohttp.TCPConnector(
        limit=0, local_addr=(f"127.0.0.{2 + k}", 0))) for k in range(max(counts) // 10 + 1)]
    async with contextlib.AsyncExitStack() as stack:
        for session in sessions:
            await stack.enter_async_context(session)
        sockets: list[aiohttp.ClientWebSocketResponse] = []
        before = served_.rss_kb()
        for count in counts:
            while len(sockets) < count:
                session = sessions[len(sockets) // 10]
                ws = await session.ws_connect(f"{served_.base}/t/{served_.table}/ws",
                                              origin=served_.base)
                await ws.send_json({"type": "hello", "stamp": None, "token": None,
                                    "watch": served_.watch, "lang": "en"})
                await asyncio.wait_for(ws.receive(), 30)  # its first state
                sockets.append(ws)
            out[f"rss_mb_{count}"] = round(served_.rss_kb() / 1024, 1)
        per_100 = (served_.rss_kb() - before) / 1024 / (counts[-1] / 100)
        out["mb_per_100_spectators"] = round(per_100, 2)
        for ws in sockets:
            await ws.close()
    return out


async def numbers(moves: int, loads: int) -> dict[str, Any]:
    async with chromium() as browser, served("master-islands", 2, 0, 0) as table:
        latency = await move_to_shown(table, browser, moves)
        paint = await first_paint(table, browser, loads)
        mem = await memory(table)
    return {"move_to_board_shown": latency, "first_paint": paint, "memory": mem}


def print_numbers(n: dict[str, Any]) -> None:
    lat, paint, mem = n["move_to_board_shown"], n["first_paint"], n["memory"]
    print(f"move sent -> new board shown in a spectator's page: p50 {lat.get('p50_ms')} ms, "
          f"p95 {lat.get('p95_ms')} ms (target <= 300), max {lat.get('max_ms')} ms over "
          f"{lat['count']} moves (loopback)")
    fcp, board = paint["first_contentful_paint"], paint["board_shown"]
    print(f"table page: first contentful paint p50 {fcp.get('p50_ms')} ms, board shown p50 "
          f"{board.get('p50_ms')} ms (p95 {board.get('p95_ms')} ms) after navigation starts")
    print(f"memory: the serving process {mem['rss_mb_before']} MB, with 100 spectators "
          f"{mem['rss_mb_100']} MB, with 200 {mem['rss_mb_200']} MB: "
          f"{mem['mb_per_100_spectators']} MB per 100 spectator WebSockets")


# -- the web page's pictures (docs/web-table-and-activity.md) --------------------------------
async def screenshots(folder: Path) -> list[Path]:
    """The page for a spectator and for the player to move, 390 and 1280 px wide, in English
    and French, of a three-seat table a few moves in."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    async with chromium() as browser, served("master-islands", 2, 1, 6, seed=11) as table:
        async with aiohttp.ClientSession() as session:
            players = [Player(table, token) for token in table.tokens]
            for player in players:
                await player.connect(session)
            states = [await p.at_least(1) for p in players]
            mover = next((p for p, s in zip(players, states, strict=True)
                          if s["you"] and s["you"]["to_move"]), players[0])
            for player in players:
                assert player.ws is not None
                await player.ws.close()
        for who, token in (("spectator", None), ("player", mover.token)):
            for width, viewport in ((390, PHONE), (1280, DESKTOP)):
                for lang, locale in (("en", "en-US"), ("fr", "fr-FR")):
                    page = await open_table(browser, table.url(lang, token), viewport, locale)
                    if token:
                        await page.locator("#hand-image[src]").wait_for(timeout=30_000)
                        await page.wait_for_function(
                            "document.getElementById('hand-image').complete")
                        await to_regions(page)
                    path = folder / f"web-{who}-{width}-{lang}.png"
                    await page.screenshot(path=str(path))
                    written.append(path)
                    await page.context.close()
    return written


async def to_regions(page: Page, steps: int = 3) -> None:
    """Pick the first choice of the player's menu until the board's clickable regions show (a
    step whose choices are places on the board), at most ``steps`` times."""
    for _ in range(steps):
        if await page.locator(".region").count():
            return
        choice = page.locator("#menu .choice")
        if not await choice.count():
            return
        await choice.first.click()


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m benchmarks.web", description=__doc__.split(
        "\n\n")[0])
    p.add_argument("--moves", type=int, default=30, help="moves timed (default 30)")
    p.add_argument("--loads", type=int, default=10, help="page loads timed (default 10)")
    p.add_argument("--screenshots", type=Path, metavar="DIR",
                   help="write the pictures of the page in docs/web-table-and-activity.md into DIR instead")
    p.add_argument("--serve", metavar="GAME", help=argparse.SUPPRESS)  # the child
    p.add_argument("--humans", type=int, default=2, help=argparse.SUPPRESS)
    p.add_argument("--computers", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--seed", type=int, default=27, help=argparse.SUPPRESS)
    p.add_argument("--folder", help=argparse.SUPPRESS)
    return p.parse_args(argv)


def main(args: argparse.Namespace) -> int:
    if args.serve:
        asyncio.run(serve(args.serve, args.humans, args.computers, args.moves, args.seed,
                          args.folder))
        return 0
    if args.screenshots:
        for path in asyncio.run(screenshots(args.screenshots)):
            print(path)
        return 0
    n = asyncio.run(numbers(args.moves, args.loads))
    print(json.dumps(n, indent=2))
    print_numbers(n)
    return 0


if __name__ == "__main__":
    sys.exit(main(parse()))
