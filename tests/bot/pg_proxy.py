"""A TCP proxy in front of the test PostgreSQL server that can go silent: it keeps accepting
connections and keeps the open ones, but forwards nothing while :meth:`Proxy.hang` is in force
(a server that stops answering: a frozen host, a network partition that drops no connection).
What was held back is forwarded once :meth:`Proxy.resume` is called, as TCP would."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from urllib.parse import urlsplit, urlunsplit


class Proxy:
    def __init__(self, host: str, port: int) -> None:
        self._upstream = (host, port)
        self._flowing = asyncio.Event()
        self._flowing.set()
        self._server: asyncio.Server | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._writers: list[asyncio.StreamWriter] = []
        self.port = 0

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    def hang(self) -> None:
        self._flowing.clear()

    def resume(self) -> None:
        self._flowing.set()

    async def _serve(self, client_r: asyncio.StreamReader, client_w: asyncio.StreamWriter) -> None:
        self._writers.append(client_w)
        await self._flowing.wait()  # a silent server accepts, and answers nothing
        try:
            server_r, server_w = await asyncio.open_connection(*self._upstream)
        except OSError:
            client_w.close()
            return
        self._writers.append(server_w)
        for source, sink in ((client_r, server_w), (server_r, client_w)):
            task = asyncio.get_running_loop().create_task(self._pump(source, sink))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _pump(self, source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
        try:
            while data := await source.read(65536):
                await self._flowing.wait()
                sink.write(data)
                await sink.drain()
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            sink.close()

    async def close(self) -> None:
        self._flowing.set()
        if self._server is not None:
            self._server.close()
        for writer in self._writers:
            writer.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)


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
