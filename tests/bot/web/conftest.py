"""Fixtures for the live table's browser tests: ONE headless Chromium per test session (Debian's
``chromium`` package driven by Playwright through its executable path: Playwright never downloads
a browser), and per test module ONE emulated Discord with ONE real bot process serving the web
table (``python -m bot`` with a ``[web]`` table in its config, as tests/e2e/test_play_shards.py
runs it).

Every test of tests/bot/web runs in the session's event loop (the browser lives there):
``pytestmark = pytest.mark.asyncio(loop_scope="session")`` in each module.

Without Chromium the browser tests skip, saying how to install it; in CI (``CI`` set) they fail
instead, since ``.ci/run`` installs it.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest
import pytest_asyncio
from playwright.async_api import Browser

from benchmarks.web import chromium, chromium_path
from tests.e2e.emulator import DiscordSim, Emulator
from tests.e2e.test_play_shards import BotProcess
from tests.e2e.toy_game import register_toy

QUIET = 0.25  # another process: allow for a render between two of its requests
READY_TIMEOUT = 60.0


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def browser() -> AsyncIterator[Browser]:
    """The session's headless Chromium."""
    path = chromium_path()
    if path is None:
        why = ("no Chromium: install Debian's package (apt-get install chromium) to run the "
               "browser tests; .ci/run does")
        if os.environ.get("CI"):
            pytest.fail(why, pytrace=False)
        pytest.skip(why)
    async with chromium() as launched:  # the bench's launcher: Debian's chromium, its flags
        yield launched


def free_port() -> int:
    """A loopback port nobody listens on now. The web table keeps it across a restart (pages
    reconnect to the same address) and it is in the links' public_url."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class LiveTable:
    """The emulated Discord, the person-like helpers on it, the bot process and its web table."""

    emulator: Emulator
    sim: DiscordSim
    bot: BotProcess
    folder: Path
    base_url: str  # http://127.0.0.1:PORT, the web table's public_url and listen address

    def process(self) -> BotProcess:
        """A new bot process with the same config and database (for a restart)."""
        return web_bot(self.emulator, self.folder, self.base_url)

    async def restart(self) -> None:
        """Stop the bot (SIGTERM, as ``docker stop``) and start it again on the same database and
        web address; back once its web table answers."""
        await self.bot.stop()
        self.bot = self.process()
        await self.bot.start()
        await web_ready(self.base_url)
        await self.sim.wait_idle()

    def url(self, table: int, lang: str | None = None) -> str:
        return f"{self.base_url}/t/{table}" + (f"?lang={lang}" if lang else "")


def web_bot(emulator: Emulator, folder: Path, base_url: str) -> BotProcess:
    listen = base_url.removeprefix("http://")
    web = f'[web]\nlisten = "{listen}"\npublic_url = "{base_url}"\n'
    return BotProcess(emulator, None, str(folder / "tablee.db"), folder, extra=web)


async def web_ready(base_url: str, timeout: float = READY_TIMEOUT) -> None:
    """Until the web table answers HTTP (the bot process started it)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    async with aiohttp.ClientSession() as session:
        while True:
            with contextlib.suppress(aiohttp.ClientError, OSError):
                async with session.get(f"{base_url}/static/table.js") as response:
                    if response.status == 200:
                        return
            assert loop.time() < deadline, f"the web table at {base_url} never answered"
            await asyncio.sleep(0.05)


@contextlib.asynccontextmanager
async def running_table(folder: Path,
                        make_bot: Callable[[Emulator, Path, str], BotProcess]
                        ) -> AsyncIterator[LiveTable]:
    """An emulated Discord and a bot process (``make_bot(emulator, folder, base_url)``) with
    its web table on a free port, ready; the emulator checks at the end that the bot broke none
    of Discord's rules."""
    register_toy()  # the sim's /play reads the game's options from the registry
    emulator = Emulator()
    await emulator.start()
    sim = DiscordSim(emulator)
    sim.quiet = QUIET
    base_url = f"http://127.0.0.1:{free_port()}"
    table = LiveTable(emulator, sim, make_bot(emulator, folder, base_url), folder, base_url)
    try:
        await table.bot.start()
        await web_ready(base_url)
        yield table
    finally:
        await table.bot.stop()
        problems = sim.problems()
        sim.take_violations()
        await emulator.stop()
    if problems:
        pytest.fail("the bot broke Discord's rules:\n" + "\n".join(problems), pytrace=False)


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def live(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[LiveTable]:
    """The module's emulated Discord and bot process with its web table (toy game offered)."""
    async with running_table(tmp_path_factory.mktemp("web"), web_bot) as table:
        yield table
