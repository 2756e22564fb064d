"""The web server's limits (issue 38, item 3) on real sockets: a connection that never sends a
whole request head is closed after the head timeout; one address over its cap is turned away
while another is served; and a crowd of connections against a process with a low descriptor
limit (tests/bot/web/crowd_server.py, a process of its own) leaves new visitors served, moves
played and the log short."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import json
import logging
import resource
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.config import WebConfig
from bot.service import Outcome, Services
from bot.web.gate import ACCEPT_ERROR, PER_ADDRESS, PER_CLIENT_SOCKETS, AcceptErrors
from bot.web.server import WebServer

ROOT = Path(__file__).resolve().parents[3]
TABLE, GUILD, ALICE, BOB = 4242, 7, 11, 12
SECONDS = 30.0


def open_socket(port: int, source: str = "127.0.0.1") -> socket.socket:
    """A TCP connection from ``source`` (any 127.x address is this machine's) that sends half a
    request head, as a slowloris does."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.settimeout(5.0)
    sock.connect(("127.0.0.1", port))
    with contextlib.suppress(OSError):
        sock.sendall(b"GET /static/table.js HTTP/1.1\r\nHost: x\r\n")
    sock.setblocking(False)
    return sock


def is_open(sock: socket.socket) -> bool:
    """Whether the server still holds ``sock`` (a closed one reads as end of file or a reset)."""
    try:
        return sock.recv(1) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


@dataclass
class Crowd:
    """What a crowd did to a server process: connections it still held at the end, how many
    of the visitors' requests were served, its log's length, the moves it played meanwhile."""

    held: int
    served: int
    visits: int
    log_lines: int
    moves: int
    failures: int
    seconds: float


async def visit(base: str, table: int, watch: str | None) -> bool:
    """A new visitor: the page, its script and the table's state over the WebSocket."""
    timeout = aiohttp.ClientTimeout(total=10)
    try:
        async with aiohttp.ClientSession(timeout=timeout) as http:
            async with http.get(f"{base}/t/{table}") as got:
                if got.status != 200:
                    return False
            async with http.get(f"{base}/static/table.js") as got:
                if got.status != 200:
                    return False
            async with http.ws_connect(f"{base}/t/{table}/ws", origin=base) as ws:
                await ws.send_json({"type": "hello", "stamp": None, "token": None,
                                    "watch": watch, "lang": "en"})
                frame = await ws.receive_json(timeout=10)
                return bool(frame.get("type") == "state")
    except (aiohttp.ClientError, OSError, TimeoutError, ValueError):
        return False


async def crowd(tmp_path: Path, limit: int, connections: int, addresses: int,
                cap: int | None = None) -> Crowd:
    """Start the crowd server with descriptor limit ``limit`` (and connection cap ``cap``, None:
    its own), open ``connections`` slow connections from ``addresses`` loopback addresses, then
    have 5 new visitors come."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < connections + 200:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, connections + 500), hard))
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.bot.web.crowd_server", str(limit), str(tmp_path),
         *([str(cap)] if cap is not None else [])],
        cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    socks: list[socket.socket] = []
    try:
        assert child.stdout is not None and child.stdin is not None
        ready = json.loads(await asyncio.to_thread(child.stdout.readline))
        base, start = f"http://127.0.0.1:{ready['port']}", time.monotonic()
        for k in range(connections):
            try:
                socks.append(open_socket(ready["port"], f"127.0.0.{2 + k % addresses}"))
            except OSError:
                pass  # refused or timed out: the server did not take it
            if k % 50 == 0:
                await asyncio.sleep(0)
        await asyncio.sleep(1.0)
        results = [await visit(base, ready["table"], ready["watch"]) for _ in range(5)]
        held = sum(is_open(s) for s in socks)
        seconds = time.monotonic() - start
        child.stdin.close()
        summary = json.loads(await asyncio.to_thread(child.stdout.readline))
    finally:
        for sock in socks:
            sock.close()
        if child.poll() is None:
            child.kill()
        child.wait()
    lines = (tmp_path / "server.log").read_text().splitlines()
    return Crowd(held, sum(results), len(results), len(lines), summary["moves"],
                 summary["failures"], seconds)


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[Services]:
    opened = await Services.open(str(tmp_path / "tablee.db"))
    await opened.lobbies.create_lobby(TABLE, GUILD, "master-islands", {}, ALICE, "Alice", seed=8)
    await opened.lobbies.join(TABLE, BOB, "Bob")
    await opened.lobbies.start(TABLE, ALICE)
    yield opened
    await opened.close()


@contextlib.asynccontextmanager
async def serving(service: Services, **options: Any) -> AsyncIterator[WebServer]:
    proxies = options.pop("trusted_proxies", ())
    config = WebConfig("127.0.0.1:0", None, 12.0, trusted_proxies=proxies)

    async def publish(outcome: Outcome) -> None:
        return None

    server = WebServer(config, service, publish=publish, activity=None, bot_token=None,
                       **options)
    await server.start()
    try:
        yield server
    finally:
        await server.close()


async def until_closed(socks: list[socket.socket], seconds: float) -> int:
    """How many of ``socks`` are still open after at most ``seconds`` (as soon as none is)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and any(is_open(s) for s in socks):
        await asyncio.sleep(0.05)
    return sum(is_open(s) for s in socks)


async def test_slow_request_heads_are_closed_after_the_head_timeout(
        service: Services) -> None:
    async with serving(service, head_seconds=0.5) as server:
        assert server.port is not None
        slow = [open_socket(server.port) for _ in range(20)]
        idle = socket.create_connection(("127.0.0.1", server.port))  # sends nothing at all
        idle.setblocking(False)
        assert sum(is_open(s) for s in slow) == 20
        assert await until_closed([*slow, idle], SECONDS) == 0
        # A whole request in time is answered, and its idle connection closed after it.
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(b"GET /static/table.css HTTP/1.1\r\nHost: x\r\n\r\n")
        assert (await reader.readline()).startswith(b"HTTP/1.1 200")
        started = time.monotonic()
        while await asyncio.wait_for(reader.read(65536), SECONDS):
            pass  # the body, then the end when the server closes the idle connection
        assert time.monotonic() - started < 5.0
        writer.close()
        for sock in [*slow, idle]:
            sock.close()


async def test_a_body_that_does_not_arrive_in_time_is_refused(
        service: Services, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("bot.web.server.BODY_SECONDS", 0.3)
    async with serving(service) as server:
        token = await server.links.issue(TABLE, ALICE)  # a request the handler would read
        reader, writer = await asyncio.open_connection("127.0.0.1", server.port)
        writer.write(f"POST /t/{TABLE}/move HTTP/1.1\r\nHost: x\r\nOrigin: "
                     f"{server.listen_origin}\r\nAuthorization: Bearer {token}\r\n"
                     "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
                     '{"move": '.encode())  # and then nothing
        started = time.monotonic()
        status = await asyncio.wait_for(reader.readline(), SECONDS)
        assert status.startswith(b"HTTP/1.1 408")
        while await asyncio.wait_for(reader.read(65536), SECONDS):
            pass  # then the connection is closed
        assert time.monotonic() - started < 5.0
        writer.close()


async def test_one_address_over_its_cap_is_turned_away_while_another_is_served(
        service: Services) -> None:
    async with serving(service) as server:
        assert server.port is not None
        crowd = [open_socket(server.port, "127.0.0.2") for _ in range(PER_ADDRESS)]
        extra = open_socket(server.port, "127.0.0.2")
        assert await until_closed([extra], SECONDS) == 0  # refused at once
        assert sum(is_open(s) for s in crowd) == PER_ADDRESS
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{server.port}/t/{TABLE}") as got:
                assert got.status == 200  # another address is served
        for sock in [*crowd, extra]:
            sock.close()


async def test_websockets_are_capped_per_client_even_behind_a_trusted_proxy(
        service: Services) -> None:
    """Behind a trusted proxy every connection comes from it: each visitor is counted by the
    address the proxy reports, so one cannot take the others' share."""
    proxy = ipaddress.ip_network("127.0.0.1/32")
    async with serving(service, trusted_proxies=(proxy,)) as server:
        base = f"http://127.0.0.1:{server.port}"
        watch = server.links.watch(TABLE)
        async with aiohttp.ClientSession() as http:
            async def socket_of(visitor: str) -> aiohttp.ClientWebSocketResponse:
                ws = await http.ws_connect(f"{base}/t/{TABLE}/ws", origin=base,
                                           headers={"X-Forwarded-For": visitor})
                await ws.send_json({"type": "hello", "watch": watch, "lang": "en"})
                assert (await ws.receive_json(timeout=SECONDS))["type"] == "state"
                return ws

            held = [await socket_of("203.0.113.5") for _ in range(PER_CLIENT_SOCKETS)]
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await socket_of("203.0.113.5")
            assert refused.value.status == 503
            held.append(await socket_of("203.0.113.6"))  # another visitor: served
            for ws in held:
                await ws.close()
            await socket_of("203.0.113.5")  # a closed socket frees its place


async def test_accept_errors_are_logged_once_a_minute(caplog: pytest.LogCaptureFixture) -> None:
    loop = asyncio.get_running_loop()
    others: list[dict[str, Any]] = []
    before = loop.get_exception_handler()
    loop.set_exception_handler(lambda _loop, context: others.append(context))
    now = [0.0]
    errors = AcceptErrors(loop, clock=lambda: now[0])
    errors.install()
    try:
        failure = OSError(errno.EMFILE, "Too many open files")
        with caplog.at_level(logging.INFO):
            for k in range(3000):
                now[0] = k * 0.05  # 150 s of a failing accept, 20 a second
                loop.call_exception_handler({"message": ACCEPT_ERROR, "exception": failure})
        loop.call_exception_handler({"message": "something else"})
    finally:
        errors.remove()
        loop.set_exception_handler(before)
    assert len(caplog.records) == 3 and all(not r.exc_info for r in caplog.records)
    assert [c["message"] for c in others] == ["something else"]


def check_crowd(found: Crowd, limit: int) -> None:
    print(found)  # the numbers, for the report (pytest -s)
    assert found.served == found.visits, found
    assert found.log_lines < 100, found
    assert found.moves > 0 and found.failures == 0, found
    assert found.held < limit, found


async def test_a_crowd_over_the_descriptor_limit_leaves_visitors_and_play_working(
        tmp_path: Path) -> None:
    check_crowd(await crowd(tmp_path, 256, 300, 10), 256)


@pytest.mark.slow
async def test_1100_connections_against_1024_descriptors(tmp_path: Path) -> None:
    check_crowd(await crowd(tmp_path, 1024, 1100, 20), 1024)


@pytest.mark.slow
async def test_when_descriptors_run_out_all_the_same_accept_errors_are_logged_once(
        tmp_path: Path) -> None:
    """A cap set above the descriptor limit (as if other files took them): asyncio's failed
    accepts (283,568 tracebacks in 55 s before) are logged once a minute, one line."""
    found = await crowd(tmp_path, 256, 400, 10, cap=1000)
    print(found)
    log = (tmp_path / "server.log").read_text()
    assert log.count("cannot accept connections") == 1 and "ERROR asyncio" not in log
