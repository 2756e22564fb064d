"""/move suggestions answer within Discord's 3 s while PostgreSQL hangs (issue 30, item 8).

The bot runs against the real PostgreSQL through a TCP proxy that can stop forwarding bytes while
keeping every connection open: the server "stops answering", as in the probe. The emulator fails
any interaction not acknowledged within 3 s, so a suggestion list waiting on the hung database
fails the test; the bounded one answers with no suggestions, and with the moves again once the
database answers."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.e2e.test_play_helpers import Tablee, assert_all_requests_valid, lobby_of, to_move
from tests.pg import URL_ENV, fresh_schema


class FreezingProxy:
    """127.0.0.1:<port> forwarding to PostgreSQL; :meth:`freeze` holds every byte (connections
    stay open, new ones are accepted), :meth:`thaw` lets them through again."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.flowing = asyncio.Event()
        self.flowing.set()
        self.writers: list[asyncio.StreamWriter] = []
        self.tasks: set[asyncio.Task[Any]] = set()
        self.server: asyncio.Server | None = None
        self.port = 0

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        self.port = self.server.sockets[0].getsockname()[1]

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        up_reader, up_writer = await asyncio.open_connection(*self.target)
        self.writers += [writer, up_writer]
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer),
                             return_exceptions=True)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                await self.flowing.wait()
                writer.write(data)
                await writer.drain()
        finally:
            writer.close()

    def freeze(self) -> None:
        self.flowing.clear()

    def thaw(self) -> None:
        self.flowing.set()

    async def close(self) -> None:
        self.thaw()
        if self.server is not None:
            self.server.close()
        for writer in self.writers:
            writer.close()


def through(url: str, port: int) -> str:
    parts = urlsplit(url)
    auth = parts.netloc.rpartition("@")[0]
    return urlunsplit(parts._replace(netloc=f"{auth}@127.0.0.1:{port}" if auth
                                     else f"127.0.0.1:{port}"))


@pytest.fixture
async def proxied(discord_sim: Any) -> AsyncIterator[tuple[Tablee, FreezingProxy]]:
    async with fresh_schema() as url:
        target = urlsplit(os.environ[URL_ENV].strip())
        proxy = FreezingProxy(target.hostname or "localhost", target.port or 5432)
        await proxy.start()
        app = Tablee(discord_sim, through(url, proxy.port))  # type: ignore[arg-type]
        try:
            await app.start()
            yield app, proxy
        finally:
            proxy.thaw()
            with contextlib.suppress(Exception):
                await app.close()
            await proxy.close()
    assert_all_requests_valid(discord_sim)


async def test_move_suggestions_answer_in_time_while_postgresql_hangs(
    discord_sim: Any, proxied: tuple[Tablee, FreezingProxy], caplog: pytest.LogCaptureFixture
) -> None:
    sim = discord_sim
    _app, proxy = proxied
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game="master-islands")
    mover = to_move(sim, users)
    assert await sim.autocomplete(mover, "move", text="")  # suggestions while it answers
    proxy.freeze()
    caplog.set_level(logging.WARNING)
    # sim.autocomplete fails the test if the answer is later than Discord's 3 s.
    assert await sim.autocomplete(mover, "move", text="") == []
    asked = sim.last_interaction
    assert asked.acked_at is not None and asked.acked_at - asked.dispatched_at < 3
    assert any("suggestions" in r.getMessage() for r in caplog.records)
    proxy.thaw()
    assert await sim.autocomplete(mover, "move", text="")  # and again once it answers
