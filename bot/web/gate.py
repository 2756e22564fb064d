"""The web server's limits on connections, so that no crowd of sockets can take the descriptors
the rest of the bot needs (its database, Discord, its computer workers).

- **Request head**: a connection must send a whole request head within :data:`HEAD_SECONDS` of
  opening, and of the end of its last answer (aiohttp's keep-alive timeout, which closes a
  connection whose next request has not been fully read by then; so it is also the idle
  timeout). A request body must arrive within :data:`BODY_SECONDS`; after an answer that did not
  read it all, what is left is read for :data:`LINGER_SECONDS` at most, then the connection is
  closed.
- **Connections**: at most :func:`connection_cap` open at once, well below the process's
  descriptor limit (``RLIMIT_NOFILE``, less :data:`SPARE_DESCRIPTORS`), and :data:`PER_ADDRESS` from one
  address. At the total cap a new connection closes the oldest one doing nothing (no request in
  progress, no WebSocket) or, when none is idle, is closed at once. The per-address count at this
  level is by the connection's own address, before any header: a trusted reverse proxy
  (``[web] trusted_proxies``) is not held to it, its clients are counted by request instead.
- **Requests and WebSockets**: at most :data:`PER_CLIENT_REQUESTS` requests in progress and
  :data:`PER_CLIENT_SOCKETS` WebSockets per client address
  (:func:`~bot.web.addresses.client_address`: behind a trusted proxy, the visitor's own), and
  WebSockets at most half of all connections.
- **Accept errors** (no descriptor left anyway, say another process's fault): asyncio reports
  each failed accept to the loop's exception handler, with a traceback, many times a second;
  :class:`AcceptErrors` logs them at most once a minute, one line, and passes everything else on.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import resource
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from ..config import IPNetwork

log = logging.getLogger("tablee.web")

HEAD_SECONDS = 10.0  # a whole request head within this long of opening (or of the last answer)
BODY_SECONDS = 10.0  # a request body within this long
LINGER_SECONDS = 1.0  # the rest of a refused request's body is read (and dropped) this long
SPARE_DESCRIPTORS = 256  # descriptors kept for the rest of the bot (database, Discord, workers, logs)
MAX_CONNECTIONS = 4096  # connections at most, whatever the descriptor limit
PER_ADDRESS = 64  # connections from one address (a trusted proxy: not counted here)
PER_CLIENT_REQUESTS = 32  # requests in progress for one client address
PER_CLIENT_SOCKETS = 32  # WebSockets of one client address (a tab each; people behind one NAT)
ACCEPT_LOG_SECONDS = 60.0  # accept errors logged at most this often
ACCEPT_ERROR = "socket.accept() out of system resource"  # asyncio's message


def connection_cap(limit: int | None = None) -> int:
    """The connections served at once: :data:`MAX_CONNECTIONS`, or fewer so that
    :data:`SPARE_DESCRIPTORS` descriptors stay free under ``limit`` (the process's ``RLIMIT_NOFILE``
    soft limit when None; half of it when it is too low to keep the whole reserve)."""
    if limit is None:
        limit = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        if limit == resource.RLIM_INFINITY:
            limit = 1 << 20
    return max(8, min(MAX_CONNECTIONS, limit - SPARE_DESCRIPTORS if limit >= 2 * SPARE_DESCRIPTORS else limit // 2))


def _trusted(address: str, proxies: Sequence[IPNetwork]) -> bool:
    try:
        found = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(found.version == net.version and found in net for net in proxies)


class Door(asyncio.Protocol):
    """One TCP connection as the gate sees it: let in (everything then goes to aiohttp's
    handler, ``inner``) or closed at once."""

    def __init__(self, gate: Gate, make: Callable[[], asyncio.Protocol]) -> None:
        self.gate = gate
        self.make = make
        self.inner: asyncio.Protocol | None = None
        self.transport: asyncio.Transport | None = None
        self.address = "unknown"

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
        if not self.gate.admit(self):
            transport.abort()
            return
        self.inner = self.make()
        self.inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self.gate.leave(self)
        if self.inner is not None:
            self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()


class Gate:
    """The counts behind the limits of the module doc (``cap``: the total of connections)."""

    def __init__(self, cap: int, proxies: Sequence[IPNetwork] = ()) -> None:
        self.cap = cap
        self.proxies = tuple(proxies)
        self.doors: OrderedDict[Door, None] = OrderedDict()  # open connections, oldest first
        self.by_address: Counter[str] = Counter()
        self.busy: Counter[object] = Counter()  # handlers with a request or WebSocket going on
        self.requests: Counter[str] = Counter()  # requests in progress per client address
        self.sockets: Counter[str] = Counter()  # WebSockets per client address
        self.refused = 0  # connections closed at the door (total or per address)

    def factory(self, make: Callable[[], asyncio.Protocol]) -> Callable[[], Door]:
        """The protocol factory for ``loop.create_server``: ``make`` builds aiohttp's handler."""
        return lambda: Door(self, make)

    def admit(self, door: Door) -> bool:
        counted = not _trusted(door.address, self.proxies)
        if counted and self.by_address[door.address] >= PER_ADDRESS:
            self.refused += 1
            return False
        if len(self.doors) >= self.cap and not self._evict():
            self.refused += 1
            return False
        self.doors[door] = None
        if counted:
            self.by_address[door.address] += 1
        return True

    def _evict(self) -> bool:
        """Close the oldest connection doing nothing; whether there was one."""
        for door in self.doors:
            if door.inner is not None and not self.busy[door.inner] and door.transport:
                self.leave(door)
                door.transport.abort()
                return True
        return False

    def leave(self, door: Door) -> None:
        if self.doors.pop(door, False) is None:  # present (its value is None)
            if not _trusted(door.address, self.proxies):
                self.by_address[door.address] -= 1
                if self.by_address[door.address] <= 0:
                    del self.by_address[door.address]

    # -- requests and WebSockets, by client address ---------------------------------------------
    def start(self, handler: object, client: str, socket: bool = False) -> bool:
        """Count a request (``socket``: a WebSocket) of ``client`` on ``handler``'s connection;
        False (nothing counted) when that client or all WebSockets are at their cap."""
        if socket:
            if (self.sockets[client] >= PER_CLIENT_SOCKETS
                    or sum(self.sockets.values()) >= max(1, self.cap // 2)):
                return False
            self.sockets[client] += 1
        else:
            if self.requests[client] >= PER_CLIENT_REQUESTS:
                return False
            self.requests[client] += 1
        self.busy[handler] += 1
        return True

    def end(self, handler: object, client: str, socket: bool = False) -> None:
        counts = self.sockets if socket else self.requests
        counts[client] -= 1
        if counts[client] <= 0:
            del counts[client]
        self.busy[handler] -= 1
        if self.busy[handler] <= 0:
            del self.busy[handler]


class AcceptErrors:
    """The loop's exception handler while the server runs: an accept that failed for want of a
    descriptor is logged at most once every :data:`ACCEPT_LOG_SECONDS` (one line, how many since
    the last), anything else goes to the handler there was before."""

    def __init__(self, loop: asyncio.AbstractEventLoop,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.loop = loop
        self.before = loop.get_exception_handler()
        self.clock = clock
        self.last: float | None = None
        self.count = 0

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if self._accept_error(context):
            self.count += 1
            now = self.clock()
            if self.last is None or now - self.last >= ACCEPT_LOG_SECONDS:
                log.error("the web server cannot accept connections (%s): %d failed tries "
                          "since the last report", context.get("exception"), self.count)
                self.last, self.count = now, 0
            return
        if self.before is not None:
            self.before(loop, context)
        else:
            loop.default_exception_handler(context)

    @staticmethod
    def _accept_error(context: dict[str, Any]) -> bool:
        if context.get("message") == ACCEPT_ERROR:
            return True
        # asyncio retries such an accept a second later, in a callback that can fail in turn
        # (Python 3.11 schedules one retry per failed try: a storm)
        handle = context.get("handle")
        return handle is not None and "_start_serving" in repr(handle)

    def install(self) -> None:
        self.loop.set_exception_handler(self)

    def remove(self) -> None:
        if self.loop.get_exception_handler() is self:
            self.loop.set_exception_handler(self.before)
