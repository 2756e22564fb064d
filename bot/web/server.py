"""The live table's web server (aiohttp, in the bot's own process; off unless ``[web] listen``
is set).

Routes: ``GET /t/{table}`` the page; ``GET /t/{table}/board/{version}.png`` the public board
(``Authorization: Bearer <watch or personal token>``);
``GET /t/{table}/hand/{version}.png`` the caller's hand (``Authorization: Bearer <token>``);
``GET /t/{table}/ws`` the WebSocket; ``POST /t/{table}/move`` a move; ``/static/`` the page's
script and style (``bot/web/static``); the Activity's routes come in ``extra_routes``.

Security: the WebSocket and every POST must come from the page's own origin (``public_url``'s,
or the listen address's), else 403. A player is known only by the personal token they send in
the ``Authorization`` header (never a cookie), so another site cannot make their browser act
for them. Moves and link requests are rate-limited per person; request bodies are small; the
access log shows neither headers nor tokens (a token is in the address's fragment, which
browsers never send).

Who may watch: a table's state (WebSocket) and board image need either a personal link token
(a seated player's) or the table's watch token (:meth:`~bot.web.links.Links.watch`), which the
table post's Watch live link carries in its fragment (``#w=``) and the Activity hands its
spectators: knowing a table's id is not enough, one must have seen its post. The page itself
(``GET /t/{table}``) holds nothing of the table, not even its game's name.

Limits (:mod:`bot.web.gate`): a request head within 10 s, a body within 10 s, connections
capped below the process's descriptor limit and per address, requests in progress and
WebSockets per client address; a socket may say hello 5 times in 10 s (more are ignored), and a
hello is answered from the hub's last state when the hub has one (no read of the table).

The hub: one task per table watched by at least one socket waits on
:attr:`~bot.service.services.Services.changes` and sends each socket the new State as soon as a
commit rings it (a move made in Discord as well as here).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

import i18n
from games.text import Text, say

from ..config import ActivityConfig, WebConfig
from ..service import Outcome, Services
from ..service.errors import HostError, NotSeated, Unavailable
from ..service.live import LiveTable
from .activity import activity_routes
from .addresses import client_address
from .gate import (
    BODY_SECONDS,
    HEAD_SECONDS,
    LINGER_SECONDS,
    AcceptErrors,
    Gate,
    connection_cap,
)
from .limits import RateLimit
from .links import NOT_WATCHING, LinkRefused, Links
from .page import WORDS, page_html
from .state import LANGS, closed_state, page_lang, public_state, you_state

log = logging.getLogger("tablee.web")

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY = 16 * 1024  # bytes of a request body (a move is a few dozen)
MAX_FRAME = 4 * 1024  # bytes of a WebSocket frame from a page (a hello)
HELLO_SECONDS = 20.0  # a socket must say hello this soon
WAIT_SECONDS = 25.0  # a hub reads its table again at least this often (other processes' moves)
SEND_SECONDS = 10.0  # a socket that takes longer to take a frame is dropped
BOARD_CACHE = 64  # board PNGs kept, keyed by (table, version, language)
MOVES = (10, 10.0)  # a person may make 10 moves in 10 seconds
LINKS = (5, 60.0)  # and ask for 5 personal links a minute
HANDS = (30, 10.0)  # and fetch their hand 30 times in 10 seconds (each fetch reads the table)
HELLOS = (5, 10.0)  # a socket may say hello 5 times in 10 seconds (more are ignored)
REFUSED = 4403  # the WebSocket close code of a page that may not watch (it stops reconnecting)
ACCESS_LOG = '%a "%r" %s %b %Tf'  # no headers: no Authorization, no Referer

TOO_FAST = say("Too many moves at once; wait a few seconds and try again.")
TOO_MANY_LINKS = say("Too many links asked for at once; wait a minute and try again.")
NO_TOKEN = say("Open your personal link (Play in browser on the table post) to play here.")
BAD_ORIGIN = say("This page may not send moves to this table.")
BAD_REQUEST = say("That request could not be read; reload the page and try again.")
FAILED = say("Sorry, something went wrong on my side. It has been logged; please try again.")
OLD_IMAGE = say("This image is out of date; reload the page.")
BUSY = say("Too many pages are open from your address just now; close some and try again.")
SLOW = say("The request took too long to arrive; try again.")


@dataclass(eq=False)
class Client:
    """One connected page: its socket, language, person (None: a spectator) and the stamp of
    the state it was last sent (:func:`~bot.web.state.stamp`)."""

    ws: web.WebSocketResponse
    lang: str
    user_id: int | None
    stamp: str | None = None
    read: int = -1  # which read of the table that was (an older read is never sent after it)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


@dataclass
class Read:
    """The hub's last read of a table in one language: what a new socket is sent from."""

    read: int
    live: LiveTable | None
    public: dict[str, Any]
    spectators: str  # the frame every spectator gets


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}".lower()


def _table(request: web.Request) -> int:
    """The table id of the address (a Discord snowflake: 404 for a number none can be)."""
    table = int(request.match_info["table"])  # ASCII digits: the route's [0-9]
    if table >= 2 ** 63:
        raise web.HTTPNotFound()
    return table


def _bearer(request: web.Request) -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


class WebServer:
    def __init__(self, config: WebConfig, service: Services, *,
                 publish: Callable[[Outcome], Awaitable[Any]],
                 activity: ActivityConfig | None,
                 discord_api: str = "https://discord.com/api/v10", bot_token: str | None,
                 extra_routes: Sequence[web.RouteDef] = (), head_seconds: float = HEAD_SECONDS,
                 connections: int | None = None) -> None:
        """``head_seconds``: how long a connection has to send a request head;
        ``connections``: how many may be open at once (None: :func:`~bot.web.gate.
        connection_cap`, from the descriptor limit)."""
        self.config = config
        self.service = service
        self.publish = publish
        self.activity = activity
        self.discord_api = discord_api
        self.bot_token = bot_token
        self.links = Links(service.store, config.link_hours)
        self.port: int | None = None
        self.origins: set[str] = set()
        self.listen_origin = f"http://{config.listen}"  # with the bound port once started
        self._extra = list(extra_routes)
        self._runner: web.AppRunner | None = None
        self._clients: dict[int, set[Client]] = {}
        self._hubs: dict[int, asyncio.Task[None]] = {}
        self._last: dict[tuple[int, str], dict[str, Any]] = {}  # the last public State sent
        self._reads: dict[tuple[int, str], Read] = {}  # the hub's last read, per language
        # board PNGs by (table, game, version, language)
        self._boards: OrderedDict[tuple[int, int, int, str], bytes] = OrderedDict()
        self._moves = RateLimit(*MOVES)
        self._link_asks = RateLimit(*LINKS)
        self._hands = RateLimit(*HANDS)
        self._tasks: set[asyncio.Task[Any]] = set()
        self._count = itertools.count()  # numbers each read of a table for the sockets
        self.head_seconds = head_seconds
        self.gate = Gate(connections if connections is not None else connection_cap(),
                         config.trusted_proxies)
        self._server: asyncio.Server | None = None
        self._accept_errors: AcceptErrors | None = None
        self.app = self._make_app()

    # -- the application --------------------------------------------------------------------
    def _make_app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self._limits])
        table = r"{table:[0-9]{1,19}}"
        app.add_routes([
            web.get(f"/t/{table}", self._page),
            web.get(f"/t/{table}/board/{{version:[0-9]{{1,12}}}}.png", self._board),
            web.get(f"/t/{table}/hand/{{version:[0-9]{{1,12}}}}.png", self._hand),
            web.get(f"/t/{table}/ws", self._socket),
            web.post(f"/t/{table}/move", self._move),
            *self._extra,
        ])
        if self.activity is not None and self.bot_token:
            app.add_routes(activity_routes(
                self.activity, self.links, service=self.service, origin_ok=self._origin_ok,
                discord_api=self.discord_api, bot_token=self.bot_token,
                trusted_proxies=self.config.trusted_proxies))
        if STATIC.is_dir():
            app.router.add_static("/static", STATIC, follow_symlinks=False)
        return app

    async def start(self) -> int:
        """Serve at ``[web] listen``; the port bound (a free one for port 0)."""
        # A page that goes away mid-move does not cancel the move: it is stored and posted.
        # The keep-alive timeout closes a connection whose request head is not all in within
        # head_seconds of its opening or of its last answer (a slowloris, an idle one).
        self._runner = web.AppRunner(self.app, access_log_format=ACCESS_LOG,
                                     handler_cancellation=False,
                                     keepalive_timeout=self.head_seconds,
                                     lingering_time=LINGER_SECONDS)
        await self._runner.setup()
        await self.links.load()  # the table posts' Watch live links are signed with it
        loop = asyncio.get_running_loop()
        self._accept_errors = AcceptErrors(loop)
        self._accept_errors.install()
        server = self._runner.server
        assert server is not None
        self._server = await loop.create_server(
            self.gate.factory(server), self.config.host or None, self.config.port,
            reuse_address=True, backlog=128)
        self.port = int(self._server.sockets[0].getsockname()[1])
        host = self.config.host
        shown = f"[{host}]" if ":" in host else host
        self.listen_origin = f"http://{shown}:{self.port}".lower()
        self.origins = {self.listen_origin}
        if host in ("0.0.0.0", "::", ""):
            self.origins |= {f"http://localhost:{self.port}", f"http://127.0.0.1:{self.port}"}
        if self.config.public_url:
            self.origins.add(origin_of(self.config.public_url))
        if self.activity is not None:  # the Activity's page, proxied by Discord
            self.origins.add(f"https://{self.activity.client_id}.discordsays.com")
        log.info("the live table pages are served at %s (port %d)",
                 self.config.public_url or self.listen_origin, self.port)
        return self.port

    async def close(self) -> None:
        if self._server is not None:  # no new connections
            self._server.close()
            self._server = None
        for hub in list(self._hubs.values()):
            hub.cancel()
        for clients in list(self._clients.values()):
            for client in list(clients):
                with contextlib.suppress(Exception):
                    await client.ws.close(code=1001, message=b"server stopping")
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._hubs.values(), *self._tasks, return_exceptions=True)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None
        if self._accept_errors is not None:
            self._accept_errors.remove()
            self._accept_errors = None

    # -- personal links -----------------------------------------------------------------------
    async def personal_link(self, table: int, user_id: int) -> str:
        """The address of a new personal link for ``user_id`` at ``table`` (their previous one
        stops working); a refusal (:class:`~bot.service.errors.HostError`) with a sentence for
        a person who does not play there or asks too often."""
        info = await self.service.views.require_table(table)
        if info.seat_of(user_id) is None:
            raise NotSeated(say("Only the players of this table get a personal link; Watch "
                                "live shows the table to everyone."))
        if not self._link_asks.allow(user_id):
            raise LinkRefused(TOO_MANY_LINKS)
        token = await self.links.issue(table, user_id)
        base = self.config.public_url or self.listen_origin
        return f"{base}/t/{table}#k={token}&w={self.links.watch(table)}"

    def watch_url(self, table: int) -> str:
        """The address the table post's Watch live button opens: the page with the table's
        watch token in the fragment (the server is started: it loaded the key)."""
        base = self.config.public_url or self.listen_origin
        return f"{base}/t/{table}#w={self.links.watch(table)}"

    # -- helpers ------------------------------------------------------------------------------
    def _origin_ok(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        return origin is not None and origin.lower() in self.origins

    @staticmethod
    def _refusal(text: Text | str, lang: str, status: int) -> web.Response:
        return web.json_response({"error": i18n.translate(text, lang)}, status=status)

    def _spawn(self, job: Awaitable[Any], what: str) -> None:
        async def run() -> None:
            try:
                await job
            except Exception:
                log.exception("%s failed", what)

        task = asyncio.get_running_loop().create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _user(self, token: str | None, table: int) -> int:
        if token is None:
            raise LinkRefused(NO_TOKEN)
        return await self.links.check(token, table)

    async def _may_watch(self, token: str | None, table: int) -> bool:
        """Whether ``token`` (a watch token, or a personal one) lets its holder watch."""
        if token is None:
            return False
        if await self.links.may_watch(token, table):
            return True
        try:
            await self.links.check(token, table)
        except LinkRefused:
            return False
        return True

    # -- limits -------------------------------------------------------------------------------
    @web.middleware
    async def _limits(self, request: web.Request,
                      handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                      ) -> web.StreamResponse:
        """Requests in progress per client address (WebSockets count in :meth:`_socket`), and
        a request body read within BODY_SECONDS (before the handler, which then has it)."""
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return await handler(request)
        client = client_address(request, self.config.trusted_proxies)
        lang = page_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        if not self.gate.start(request.protocol, client):
            return self._refusal(BUSY, lang, 503)
        try:
            if request.body_exists:
                try:
                    async with asyncio.timeout(BODY_SECONDS):
                        await request.read()
                except TimeoutError:
                    response = self._refusal(SLOW, lang, 408)
                    response.force_close()
                    return response
            return await handler(request)
        finally:
            self.gate.end(request.protocol, client)

    # -- the page and its images --------------------------------------------------------------
    async def _page(self, request: web.Request) -> web.Response:
        table = _table(request)
        lang = page_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        title = f"{i18n.translate(WORDS['title'], lang)} · Tablée"  # nothing of the table's
        # Inside Discord (its frame_id and instance_id), the Activity's script starts the page.
        inside = "frame_id" in request.query and "instance_id" in request.query
        client_id = self.activity.client_id if self.activity is not None else None
        html = page_html(table, lang, title, activity=inside and client_id is not None,
                         client_id=client_id)
        return web.Response(text=html, content_type="text/html",
                            headers={"Cache-Control": "no-cache",
                                     "Referrer-Policy": "no-referrer",
                                     "X-Content-Type-Options": "nosniff"})

    def _keep_board(self, key: tuple[int, int, int, str], png: bytes) -> None:
        self._boards[key] = png
        self._boards.move_to_end(key)
        while len(self._boards) > BOARD_CACHE:
            self._boards.popitem(last=False)

    async def _board(self, request: web.Request) -> web.Response:
        table, version = _table(request), int(request.match_info["version"])
        lang = page_lang(request.query.get("lang"), None)
        asked = request.query.get("g", "0")
        game = int(asked) if asked.isdigit() and len(asked) < 20 else -1  # -1: no game's
        if not await self._may_watch(_bearer(request), table):
            return self._refusal(NOT_WATCHING, lang, 403)
        key = (table, game, version, lang)
        png = self._boards.get(key)
        if png is None:
            live = await self.service.live.live(table, language=lang)
            if (live is not None and live.post is not None and live.post.image_png is not None
                    and live.post.version == version and (live.table.game_row or 0) == game):
                png = live.post.image_png
                self._keep_board(key, png)
        if png is None:
            return self._refusal(OLD_IMAGE, lang, 404)
        return web.Response(body=png, content_type="image/png", headers={
            "Cache-Control": "private, max-age=31536000, immutable"})

    async def _hand(self, request: web.Request) -> web.Response:
        table, version = _table(request), int(request.match_info["version"])
        lang = page_lang(request.query.get("lang"), None)
        try:
            user = await self._user(_bearer(request), table)
            if not self._hands.allow(user):
                return self._refusal(TOO_FAST, lang, 429)
            hand = await self.service.views.hand(table, user, language=lang)
        except HostError as exc:
            return self._refusal(exc.text, lang, 403)
        if hand.version != version:
            return self._refusal(OLD_IMAGE, lang, 404)
        return web.Response(body=hand.png, content_type="image/png",
                            headers={"Cache-Control": "private, no-store"})

    # -- moves --------------------------------------------------------------------------------
    async def _move(self, request: web.Request) -> web.Response:
        table = _table(request)
        lang = page_lang(request.query.get("lang"), request.headers.get("Accept-Language"))
        if not self._origin_ok(request):
            return self._refusal(BAD_ORIGIN, lang, 403)
        if request.content_type != "application/json":
            return self._refusal(BAD_REQUEST, lang, 415)
        try:
            user = await self._user(_bearer(request), table)
        except LinkRefused as exc:
            return self._refusal(exc.text, lang, 403)
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError, RecursionError):  # deep brackets too
            return self._refusal(BAD_REQUEST, lang, 400)
        move, version = (body.get("move"), body.get("version")) if isinstance(body, dict) \
            else (None, None)
        if isinstance(body, dict) and body.get("lang") in LANGS:  # the page's own language
            lang = body["lang"]
        if (not isinstance(move, str) or not 0 < len(move) <= 200
                or not isinstance(version, int) or isinstance(version, bool)):
            return self._refusal(BAD_REQUEST, lang, 400)
        if not self._moves.allow(user):
            return self._refusal(TOO_FAST, lang, 429)
        try:
            outcome = await self.service.moves.play(table, user, move, version=version)
        except Unavailable as exc:
            log.warning("table %s: a move from the page: storage unavailable: %s", table,
                        exc.message)
            return self._refusal(exc.text, lang, 503)
        except HostError as exc:
            log.info("table %s: a move from the page refused: %s", table, exc.message[:300])
            return self._refusal(exc.text, lang, 409)
        except Exception:
            log.exception("table %s: a move from the page failed", table)
            return self._refusal(FAILED, lang, 500)
        self._spawn(self.publish(outcome), f"table {table}: posting a move from the page")
        return web.json_response({"ok": True, "version": outcome.table.version})

    # -- the WebSocket and its hub ------------------------------------------------------------
    async def _socket(self, request: web.Request) -> web.StreamResponse:
        table = _table(request)
        if not self._origin_ok(request):
            return web.Response(status=403, text="This page may not watch this table.")
        client_at = client_address(request, self.config.trusted_proxies)
        if not self.gate.start(request.protocol, client_at, socket=True):
            lang = page_lang(None, request.headers.get("Accept-Language"))
            return web.Response(status=503, text=i18n.translate(BUSY, lang))
        try:
            ws = web.WebSocketResponse(heartbeat=30.0, max_msg_size=MAX_FRAME)
            await ws.prepare(request)
            await self._converse(ws, table)
            return ws
        finally:
            self.gate.end(request.protocol, client_at, socket=True)

    async def _converse(self, ws: web.WebSocketResponse, table: int) -> None:
        """A socket's frames: hellos (HELLOS per socket at most; other frames are ignored)."""
        client: Client | None = None
        hellos = RateLimit(*HELLOS)
        try:
            while True:
                try:  # a page says hello at once; a socket that does not is closed
                    msg = await ws.receive(timeout=None if client else HELLO_SECONDS)
                except TimeoutError:
                    await ws.close(code=1008, message=b"no hello")
                    break
                if msg.type != WSMsgType.TEXT:
                    break
                try:
                    hello = json.loads(msg.data)
                except (ValueError, RecursionError):  # deep brackets: not a hello
                    hello = None
                if (not isinstance(hello, dict) or hello.get("type") != "hello"
                        or not hellos.allow(None)):
                    continue
                # The new one first: dropping the socket's only client would stop the hub.
                new = await self._hello(ws, table, hello)
                if client is not None:
                    self._drop(table, client)
                client = new
                if client is None:  # may not watch: said why, and closed
                    break
        finally:
            if client is not None:
                self._drop(table, client)

    async def _hello(self, ws: web.WebSocketResponse, table: int,
                     hello: dict[str, Any]) -> Client | None:
        lang = hello.get("lang") if hello.get("lang") in LANGS else "en"
        known = hello.get("stamp")
        user = None
        token, watch = hello.get("token"), hello.get("watch")
        refusal: Text = NOT_WATCHING
        if isinstance(token, str) and token:
            try:
                user = await self.links.check(token, table)
            except LinkRefused as exc:
                refusal = exc.text
                await ws.send_json({"type": "error", "text": i18n.translate(exc.text, lang)})
        if user is None and not await self.links.may_watch(
                watch if isinstance(watch, str) else None, table):
            if refusal is NOT_WATCHING:
                await ws.send_json({"type": "error", "text": i18n.translate(refusal, lang)})
            await ws.close(code=REFUSED, message=b"may not watch")
            return None
        # No stamp: the page has no state yet (it gets the table's now).
        client = Client(ws, str(lang), user,
                        known if isinstance(known, str) and len(known) <= 64 else None)
        self._clients.setdefault(table, set()).add(client)
        if table not in self._hubs or self._hubs[table].done():
            self._hubs[table] = asyncio.get_running_loop().create_task(self._watch(table))
        cached = self._reads.get((table, client.lang))
        if cached is not None:  # the hub's last read: the hub sends anything newer
            await self._send(table, client, cached)
        else:
            await self._push(table, [client])
        return client

    def _drop(self, table: int, client: Client) -> None:
        clients = self._clients.get(table)
        if clients is not None:
            clients.discard(client)
            if not clients:
                del self._clients[table]
                hub = self._hubs.pop(table, None)
                if hub is not None:
                    hub.cancel()
                for key in [k for k in self._last if k[0] == table]:
                    del self._last[key]
                for key in [k for k in self._reads if k[0] == table]:
                    del self._reads[key]

    async def _watch(self, table: int) -> None:
        """The hub of one table: each time a commit rings (or every WAIT_SECONDS, for what
        another process stored), every socket gets the State if it is newer than theirs."""
        # The version known before each push: a commit landing while a push reads the table
        # makes the next wait return at once, so no version is missed.
        seen = self.service.changes.newest(table) or 0
        while self._clients.get(table):
            try:
                await self._push(table, list(self._clients.get(table, ())))
            except Exception:
                log.exception("table %s: sending the live state failed", table)
            seen = await self.service.changes.wait(table, seen, WAIT_SECONDS)

    async def _push(self, table: int, clients: list[Client]) -> None:
        """Read the table (once per language) and send each of ``clients`` its State unless
        they have its version."""
        read = next(self._count)
        reads: dict[str, Read] = {}
        for lang in {c.lang for c in clients}:
            live = await self.service.live.live(table, language=lang)
            if live is None:
                last = self._last.get((table, lang))
                gone = self.service.changes.newest(table)
                version = gone if gone is not None else (last["version"] + 1 if last else 0)
                public = closed_state(last, version, lang)
            else:
                public = public_state(table, live)
                if live.post is not None and live.post.image_png is not None:
                    self._keep_board((table, live.table.game_row or 0, live.post.version,
                                      lang), live.post.image_png)
            self._last[(table, lang)] = public
            reads[lang] = Read(read, live, public,
                               json.dumps({"type": "state", **public, "you": None}))
            kept = self._reads.get((table, lang))
            if table in self._clients and (kept is None or kept.read < read):
                self._reads[(table, lang)] = reads[lang]
        await asyncio.gather(*(self._send(table, c, reads[c.lang]) for c in clients))

    async def _send(self, table: int, client: Client, got: Read) -> None:
        """Send ``client`` the State of read ``got`` unless it has it or a newer read."""
        state = got.public
        async with client.lock:
            if client.stamp == state["stamp"] or client.read > got.read:
                return  # it has this one, or a newer read was sent meanwhile
            you = None
            if client.user_id is not None and got.live is not None:
                try:
                    you = await you_state(self.service, table, got.live, client.user_id)
                except HostError:
                    you = None
            frame = (got.spectators if you is None
                     else json.dumps({"type": "state", **state, "you": you}))
            try:
                async with asyncio.timeout(SEND_SECONDS):
                    await client.ws.send_str(frame)
                client.stamp, client.read = state["stamp"], got.read
            except (TimeoutError, ConnectionError, RuntimeError):
                await client.ws.close()
