"""Shared helpers for the play e2e tests: start (and restart) the real Tablée bot on the
emulator with a fresh SQLite file, and find the messages people look at."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.adapter.client import TableeBot
from bot.config import Config
from bot.host import TableHost


class Tablee:
    """The bot under test plus what it needs; ``restart()`` is a process restart."""

    def __init__(self, sim: Any, db: Path) -> None:
        self.sim = sim
        self.db = db
        self.hosts: list[TableHost] = []
        self.bot: TableeBot | None = None

    async def _make(self) -> TableeBot:
        host = await TableHost.open(str(self.db), bot_delay=0)
        self.hosts.append(host)
        return TableeBot(Config(database_path=str(self.db), computer_delay=0), host)

    async def start(self) -> TableeBot:
        self.bot = await self.sim.start_bot(await self._make())
        return self.bot

    async def restart(self) -> TableeBot:
        old_host = self.bot.host if self.bot else None
        new = await self._make()
        await self.sim.stop_bot()
        if old_host is not None:
            await old_host.close()
            self.hosts.remove(old_host)
        self.bot = await self.sim.start_bot(new)
        await self.sim.wait_idle()
        return self.bot

    async def close(self) -> None:
        await self.sim.stop_bot()
        for host in self.hosts:
            await host.close()


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Tablee]:
    app = Tablee(discord_sim, tmp_path / "tablee.db")
    await app.start()
    try:
        yield app
    finally:
        await app.close()


def table_post(sim: Any) -> Any:
    """The current table post: the last public message with a My hand / Play button."""
    posts = [m for m in sim.public() if "My hand / Play" in m.labels]
    assert posts, "no table post with buttons"
    return posts[-1]
