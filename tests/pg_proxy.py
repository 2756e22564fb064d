"""A TCP proxy in the test's own event loop in front of the test PostgreSQL server, to make the
database fail on purpose without touching the server (it keeps running for the other tests):

- :meth:`Proxy.hang`: it keeps accepting connections and keeps the open ones, but forwards
  nothing (a server that stops answering: a frozen host, a network partition that drops no
  connection); what was held back is forwarded after :meth:`Proxy.resume`, as TCP would;
- :meth:`Proxy.hang_on`: the same, from the moment the bot sends bytes holding a marker
  (``b"COMMIT"``: the server goes silent just as a transaction commits), that message held too;
- :meth:`Proxy.cut`: every connection dropped and new ones refused (a stopped server or a broken
  network, seen from the bot) until :meth:`Proxy.restore`."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlsplit, urlunsplit

from bot.storage import Store, TableRow

from .pg import fresh_schema


class Proxy:
    def __init__(self, host: str, port: int) -> None:
        self._upstream = (host, port)
        self._flowing = asyncio.Event()
        self._flowing.set()
        self.down = False
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._writers: set[asyncio.StreamWriter] = set()
        self._marker: bytes | None = None
        self.port = 0

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    def hang(self) -> None:
        self._flowing.clear()

    def hang_on(self, marker: bytes) -> None:
        """:meth:`hang` as soon as the bot sends a message holding ``marker`` (that one held)."""
        self._marker = marker

    def resume(self) -> None:
        self._marker = None
        self._flowing.set()

    def cut(self) -> None:
        self.down = True
        self._abort_all()

    def restore(self) -> None:
        self.down = False

    def _abort_all(self) -> None:
        for writer in list(self._writers):
            writer.transport.abort()
        self._writers.clear()

    async def _serve(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        if self.down:
            client_w.transport.abort()
            return
        self._writers.add(client_w)
        await self._flowing.wait()  # a silent server accepts, and answers nothing
        try:
            server_r, server_w = await asyncio.open_connection(*self._upstream)
        except OSError:
            client_w.transport.abort()
            return
        self._writers.add(server_w)
        for source, sink, watched in ((client_r, server_w, True), (server_r, client_w, False)):
            task = asyncio.get_running_loop().create_task(self._pump(source, sink, watched))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _pump(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter,
                    watched: bool = False) -> None:
        try:
            while data := await source.read(65536):
                if watched and self._marker is not None and self._marker in data:
                    self._marker = None
                    self._flowing.clear()
                await self._flowing.wait()
                if self.down:
                    break
                sink.write(data)
                await sink.drain()
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            self._writers.discard(sink)
            if self.down:
                sink.transport.abort()
            else:
                sink.close()

    async def close(self) -> None:
        self._flowing.set()
        if self._server is not None:
            self._server.close()
        self._abort_all()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._server is not None:
            with contextlib.suppress(Exception):
                await self._server.wait_closed()


def through(url: str, port: int) -> str:
    """``url`` with its host and port those of the proxy."""
    parts = urlsplit(url)
    credentials = parts.netloc.rpartition("@")[0]
    netloc = f"{credentials}@127.0.0.1:{port}" if credentials else f"127.0.0.1:{port}"
    return urlunsplit(parts._replace(netloc=netloc))


@asynccontextmanager
async def proxied(url: str) -> AsyncIterator[tuple[Proxy, str]]:
    """A proxy to ``url``'s server, and ``url`` through it."""
    parts = urlsplit(url)
    proxy = Proxy(parts.hostname or "localhost", parts.port or 5432)
    await proxy.start()
    try:
        yield proxy, through(url, proxy.port)
    finally:
        await proxy.close()


@asynccontextmanager
async def silent_store() -> AsyncIterator[tuple[Proxy, Store]]:
    """A store on a fresh schema through a :class:`Proxy` (``hang``/``resume`` it to make the
    server fall silent), resumed and closed at the end."""
    async with fresh_schema() as url, proxied(url) as (proxy, via):
        store = await Store.open(via)
        try:
            yield proxy, store
        finally:
            proxy.resume()
            await store.close()


async def toy_table(store: Store, channel: int) -> TableRow:
    """A playing table of the test-only card game, for a store's writes to be tried on."""
    return await store.tables.create_table(TableRow(
        channel_id=channel, guild_id=1, game_id="toy-cards", options={}, status="playing",
        host_id=7, seats=[{"seat": 1, "user_id": 7, "name": "Ann", "bot_level": None}],
        seed=3, state={"n": 0}))
