"""The web server's limits (issue 38, item 3) on real sockets: a connection that never sends a
whole request head is closed after the head timeout; one address over its cap is turned away
while another is served; and a crowd of connections against a process with a low descriptor
limit (tests/web/crowd_server.py, a process of its own) leaves new visitors served, moves
played and the log short."""

from __future__ import annotations

import asyncio
import contextlib
import json
import resource
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import pytest

ROOT = Path(__file__).resolve().parents[2]
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


async def crowd(tmp_path: Path, limit: int, connections: int, addresses: int) -> Crowd:
    """Start the crowd server with descriptor limit ``limit``, open ``connections`` slow
    connections from ``addresses`` loopback addresses, then have 5 new visitors come."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < connections + 200:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, connections + 500), hard))
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.web.crowd_server", str(limit), str(tmp_path)],
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
