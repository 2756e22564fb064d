"""Start the emulator on 127.0.0.1:0, point discord.py at it, run (and restart) bots on it.

discord.py is not modified: only its two documented globals, `Route.BASE` and
`DiscordWebSocket.DEFAULT_GATEWAY`, are set while the emulator runs and restored afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any, TypeVar

import discord
import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .app import Api
from .gateway import Gateway
from .state import World

GUILD_READY_TIMEOUT = 0.05
IDLE_AFTER_READY = 0.05
ClientT = TypeVar("ClientT", bound=discord.Client)


class Emulator:
    """The emulated Discord: one World, its REST API and its gateway, on one local port."""

    def __init__(self, token: str = "emulator-token") -> None:
        self.world = World(token)
        self.gateway = Gateway(self.world)
        self.api = Api(self.world, self.gateway)
        self.base_url = ""
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL] | None = None
        self.bots: dict[discord.Client, asyncio.Task[None]] = {}

    async def start(self) -> None:
        self._runner = web.AppRunner(self.api.make_app(), handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[union-attr]
        port = server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        self.base_url = f"http://127.0.0.1:{port}"
        self.api.base_url = self.base_url
        self.gateway.base_url = f"ws://127.0.0.1:{port}"
        self._saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        Route.BASE = f"{self.base_url}/api/v10"
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"{self.gateway.base_url}/gateway")

    async def listen(self) -> str:
        """One more local port onto this same emulator, as ``http://127.0.0.1:PORT``: a bot
        process pointed at it is told apart in the request log (``RequestRecord.port``) and
        in the gateway sessions (``Session.base_url``)."""
        assert self._runner is not None, "start the emulator first"
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets  # type: ignore[union-attr]
        return f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}"  # type: ignore[union-attr]

    async def stop(self) -> None:
        for client in list(self.bots):
            await self.stop_bot(client)
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._saved is not None:
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None

    # -- bots -----------------------------------------------------------------------------
    async def start_bot(
        self, client: ClientT, *, token: str | None = None, timeout: float = 10.0
    ) -> ClientT:
        """Run `client.start(token)` as a task and return once `on_ready` has fired.

        The guild-ready wait is shortened (discord.py waits that long after the last
        GUILD_CREATE before READY), which is the only thing changed on the client.
        """
        assert self._saved is not None, "start the emulator first"
        state: Any = client._connection
        state.guild_ready_timeout = min(state.guild_ready_timeout, GUILD_READY_TIMEOUT)
        task = asyncio.create_task(client.start(token or self.world.token), name="emulated-bot")
        self.bots[client] = task
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not client.is_ready():
            if task.done():
                self.bots.pop(client, None)
                if task.exception() is not None:
                    await client.close()  # login failed: release its HTTP session
                task.result()
                raise RuntimeError("the bot stopped before it was ready")
            if loop.time() > deadline:
                await self.stop_bot(client)
                raise TimeoutError(f"the bot was not ready within {timeout} s")
            await asyncio.sleep(0.005)
        await self.api.wait_idle(IDLE_AFTER_READY)  # on_ready work (command sync...) finishes
        return client

    async def stop_bot(self, client: discord.Client) -> None:
        """Close the client (as a process shutdown would) and wait for its task to end."""
        task = self.bots.pop(client, None)
        await client.close()
        if task is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(task, timeout=5.0)
        self.gateway.forget_sessions()

    async def restart_bot(
        self, old: discord.Client, new: ClientT, *, token: str | None = None
    ) -> ClientT:
        """Stop `old` and start `new` on the same emulator: the world (messages, commands,
        channels) survives, like Discord's does across a bot restart."""
        await self.stop_bot(old)
        return await self.start_bot(new, token=token)

    @contextlib.asynccontextmanager
    async def run_bot(self, client: ClientT, *, token: str | None = None) -> AsyncIterator[ClientT]:
        """`async with emulator.run_bot(bot):` start, yield the ready bot, stop."""
        await self.start_bot(client, token=token)
        try:
            yield client
        finally:
            if client in self.bots:
                await self.stop_bot(client)


@contextlib.asynccontextmanager
async def running_emulator(token: str = "emulator-token") -> AsyncIterator[Emulator]:
    """An emulator for the duration of the block, globals restored after."""
    emulator = Emulator(token)
    await emulator.start()
    try:
        yield emulator
    finally:
        await emulator.stop()
