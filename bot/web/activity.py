"""The Activity's backend: the entry redirect, the OAuth2 code exchange and the table session.

Inside Discord the page runs in an iframe at ``https://<client id>.discordsays.com``, which
Discord proxies to ``public_url`` (the developer portal's URL mapping). Discord opens the mapping's
root with its query (``frame_id``, ``instance_id``, ``platform``, ``channel_id``...); then, in the
page, the Embedded App SDK (``static/activity.js``) asks Discord for an authorization code and
comes here:

- ``GET /`` with Discord's query: a redirect to the page of the table in the channel (or
  thread) the Activity was launched in, query kept. Only a choice of page: nothing is trusted
  from it.
- ``POST /api/token`` ``{"code"}``: the code for an access token at Discord's
  ``/oauth2/token`` (the client id and secret never leave the server), kept only if Discord's
  ``/oauth2/@me`` says it belongs to our application; who it belongs to (that answer's user)
  is kept here, in memory, for :data:`SIGN_IN_SECONDS` (at most :data:`MAX_SIGN_INS` of them,
  the oldest dropped), under a random sign-in id of our own. Answers ``{"access_token",
  "session"}``: the token for the SDK's AUTHENTICATE, the sign-in id for the session.
- ``POST /api/activity/session`` ``{"session", "instance_id"}``: the person of that sign-in
  (so only a code exchanged here, for our application, opens a session: an access token, ours
  or another application's, is not accepted), checked with the bot token against the Activity
  instance (``/applications/{client id}/activity-instances/{id}``: they must be among its
  users). The table is the instance's own channel (its ``location.channel_id``), in the
  instance's server: anything else the page sends (a ``custom_id`` naming another table) is
  ignored. A seated player gets a personal token (:class:`Links`, the same as "Play in browser"
  gives), anyone else ``"token": null`` (the spectator's page); everyone gets the table's
  watch token (``"watch"``: without one the page shows no table, :mod:`bot.web.server`). A
  sign-in opens one session (a refusal does not use it up). Answers ``{"table", "token",
  "watch", "url"}``; ``table`` is a string (ids do not fit a JavaScript number).

Every POST must come from the page (``Origin``: the server's rule, which lets in the Activity's
discordsays.com origin; JSON only, so a cross-site form cannot send it), within rate limits:
failed code exchanges per client address (:func:`~bot.web.addresses.client_address`: behind a
proxy named in ``[web] trusted_proxies``, the address it forwards), so a flood of bogus codes
costs only its sender; sign-ins and sessions per person. Refusals are sentences in the reader's
language; no code, token or secret is ever logged or answered back.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any
from urllib.parse import quote

from aiohttp import ClientError, ClientSession, ClientTimeout, web

import i18n
from games.text import Text, say

from ..config import ActivityConfig, IPNetwork
from ..service import Services
from .addresses import client_address
from .limits import RateLimit, Tickets
from .links import Links
from .state import page_lang

log = logging.getLogger("tablee.web")

INSTANCE_ID = re.compile(r"[A-Za-z0-9_.:-]{1,200}")
DISCORD_TIMEOUT = ClientTimeout(total=10)
MAX_CODE = 200
FAILED_EXCHANGES = (10, 60.0)  # code exchanges refused a minute, per client address
SIGN_INS = (10, 60.0)  # sign-ins of one person a minute
SESSIONS = (10, 60.0)  # table sessions a person may ask for a minute
SIGN_IN_SECONDS = 600.0  # how long a sign-in may wait for its session
MAX_SIGN_INS = 10_000  # sign-ins kept waiting (the oldest dropped)

NO_CODE = say("The sign-in from Discord is missing; close the Activity and open it again.")
CODE_REFUSED = say("Discord did not accept this sign-in; close the Activity and open it again.")
OTHER_APPLICATION = say("This sign-in was made for another application, so Tablée refuses it.")
NO_INSTANCE = say("This Activity did not say which game it shows; close it and open it again.")
SIGNED_OUT = say("Your Discord sign-in has expired; close the Activity and open it again.")
NOT_IN_INSTANCE = say("You are not in this Activity, so it cannot show you a table; open it "
                      "again from the table's post.")
NO_TABLE = say("There is no table here any more.")
BAD_ORIGIN = say("This request did not come from Tablée's page, so it is refused.")
BAD_REQUEST = say("This request is not one Tablée's page sends.")
TOO_MANY = say("Too many tries at once; wait a minute and try again.")
UNREACHABLE = say("Discord could not be reached; try again in a moment.")


class Refused(Exception):
    """A request answered with ``{"error": sentence}`` and ``status``."""

    def __init__(self, status: int, text: Text) -> None:
        super().__init__(text.template)
        self.status, self.text = status, text


class ActivityApi:
    """The routes' handlers (see the module doc)."""

    def __init__(self, config: ActivityConfig, links: Links, service: Services, *,
                 origin_ok: Callable[[web.Request], bool], discord_api: str,
                 bot_token: str, trusted_proxies: Sequence[IPNetwork]) -> None:
        self.config = config
        self.links = links
        self.service = service
        self.origin_ok = origin_ok
        self.discord_api = discord_api.rstrip("/")
        self.bot_token = bot_token
        self.trusted_proxies = tuple(trusted_proxies)
        self.failures = RateLimit(*FAILED_EXCHANGES)  # per client address
        self.sign_ins = RateLimit(*SIGN_INS)  # per person
        self.sessions = RateLimit(*SESSIONS)  # per person
        self.signed: Tickets[int] = Tickets(SIGN_IN_SECONDS, MAX_SIGN_INS)  # -> the person

    # -- routes ---------------------------------------------------------------------------
    async def entry(self, request: web.Request) -> web.StreamResponse:
        query = request.query
        if "frame_id" not in query or "instance_id" not in query:
            raise web.HTTPNotFound(text="Tablée: open a table from Discord.")
        table = query.get("channel_id", "")
        if not table.isdigit() or len(table) > 20:
            raise web.HTTPNotFound(text="Tablée: open a table from Discord.")
        raise web.HTTPFound(f"/t/{table}?{request.query_string}")

    async def token(self, request: web.Request) -> web.StreamResponse:
        return await self._answer(request, self._token)

    async def session(self, request: web.Request) -> web.StreamResponse:
        return await self._answer(request, self._session)

    # -- the work -------------------------------------------------------------------------
    async def _token(self, request: web.Request, body: dict[str, Any]) -> dict[str, Any]:
        # Counted as a failure up front (so many at once are bounded too), taken back when
        # the exchange succeeds: only refused codes spend a client's budget.
        address = ("address", client_address(request, self.trusted_proxies))
        self._limit(self.failures, address)
        code = body.get("code")
        if not isinstance(code, str) or not 0 < len(code) <= MAX_CODE:
            raise Refused(400, NO_CODE)
        async with ClientSession(timeout=DISCORD_TIMEOUT) as http:
            form = {"client_id": str(self.config.client_id),
                    "client_secret": self.config.client_secret,
                    "grant_type": "authorization_code", "code": code}
            status, answer = await self._call(http, "POST", "/oauth2/token", data=form)
            access = answer.get("access_token") if status == 200 else None
            if not isinstance(access, str) or not access:
                log.warning("activity: Discord refused a sign-in code (HTTP %s, %s)", status,
                            str(answer.get("error", "?"))[:40])
                raise Refused(400, CODE_REFUSED)
            status, grant = await self._call(http, "GET", "/oauth2/@me", bearer=access)
        application = grant.get("application") if status == 200 else None
        app_id = application.get("id") if isinstance(application, dict) else None
        if app_id != str(self.config.client_id):
            log.warning("activity: refused a sign-in made for another application (%s)",
                        str(app_id)[:24])
            raise Refused(403, OTHER_APPLICATION)
        user = grant.get("user")
        user_id = _snowflake(user.get("id")) if isinstance(user, dict) else None
        if user_id is None:  # no identify scope: we cannot tell who it is
            log.warning("activity: a sign-in without the person (HTTP %s)", status)
            raise Refused(400, CODE_REFUSED)
        self.failures.refund(address)
        self._limit(self.sign_ins, ("user", user_id))
        return {"access_token": access, "session": self.signed.add(user_id)}

    async def _session(self, request: web.Request, body: dict[str, Any]) -> dict[str, Any]:
        signed, instance_id = body.get("session"), body.get("instance_id")
        if not isinstance(instance_id, str) or not INSTANCE_ID.fullmatch(instance_id):
            raise Refused(400, NO_INSTANCE)
        user_id = self.signed.get(signed)
        if user_id is None:
            raise Refused(401, SIGNED_OUT)
        self._limit(self.sessions, ("user", user_id))
        path = (f"/applications/{self.config.client_id}/activity-instances/"
                f"{quote(instance_id, safe='')}")
        async with ClientSession(timeout=DISCORD_TIMEOUT) as http:
            status, instance = await self._call(http, "GET", path, bot=True)
        users = instance.get("users") if status == 200 else None
        if not isinstance(users, list) or str(user_id) not in {str(u) for u in users}:
            log.warning("activity: user %s is not in instance %s (HTTP %s)", user_id,
                        instance_id[:80], status)
            raise Refused(403, NOT_IN_INSTANCE)
        # The table: the instance's own channel, in its own server (never one the page names).
        location = instance.get("location")
        location = location if isinstance(location, dict) else {}
        table_id = _snowflake(location.get("channel_id"))
        table = await self.service.views.table(table_id) if table_id is not None else None
        if (table is None or table_id is None
                or table.guild_id != _snowflake(location.get("guild_id"))):
            raise Refused(404, NO_TABLE)
        self.signed.discard(str(signed))  # one session per sign-in
        seated = table.seat_of(user_id) is not None
        token = await self.links.issue(table_id, user_id) if seated else None
        log.info("activity: user %s opens table %s as %s", user_id, table_id,
                 "a player" if seated else "a spectator")
        await self.links.load()  # the watch token: the page may show the table (server.py)
        return {"table": str(table_id), "token": token, "watch": self.links.watch(table_id),
                "url": f"/t/{table_id}"}

    # -- plumbing -------------------------------------------------------------------------
    async def _answer(
        self, request: web.Request,
        work: Callable[[web.Request, dict[str, Any]], Awaitable[dict[str, Any]]],
    ) -> web.StreamResponse:
        body: Any = None
        if request.content_type == "application/json":
            try:
                body = await request.json()
            except (ValueError, UnicodeDecodeError):
                body = None
        asked = body.get("lang") if isinstance(body, dict) else None
        lang = page_lang(asked if isinstance(asked, str) else None,
                         request.headers.get("Accept-Language"))
        try:
            if not self.origin_ok(request):
                raise Refused(403, BAD_ORIGIN)
            if not isinstance(body, dict):
                raise Refused(400, BAD_REQUEST)
            return web.json_response(await work(request, body))
        except Refused as refused:
            return web.json_response({"error": i18n.translate(refused.text, lang)},
                                     status=refused.status)

    @staticmethod
    def _limit(limiter: RateLimit, key: object) -> None:
        if not limiter.allow(key):
            raise Refused(429, TOO_MANY)

    async def _call(self, http: ClientSession, method: str, path: str, *,
                    bearer: str | None = None, bot: bool = False,
                    data: dict[str, str] | None = None) -> tuple[int, dict[str, Any]]:
        """Discord's status and JSON object (``{}`` when it sent none)."""
        headers: dict[str, str] = {}
        if bearer:
            headers["Authorization"] = f"Bearer {bearer}"
        elif bot:
            headers["Authorization"] = f"Bot {self.bot_token}"
        try:
            async with http.request(method, self.discord_api + path, headers=headers,
                                    data=data) as response:
                try:
                    answer = await response.json(content_type=None)
                except ValueError:
                    answer = None
                return response.status, answer if isinstance(answer, dict) else {}
        except (ClientError, TimeoutError) as exc:
            log.warning("activity: cannot reach Discord (%s)", type(exc).__name__)
            raise Refused(502, UNREACHABLE) from None


def _snowflake(value: Any) -> int | None:
    text = str(value) if isinstance(value, (str, int)) else ""
    return int(text) if text.isdigit() and 0 < len(text) <= 20 else None


def activity_routes(config: ActivityConfig, links: Links, *, service: Services,
                    origin_ok: Callable[[web.Request], bool], discord_api: str,
                    bot_token: str, trusted_proxies: Sequence[IPNetwork]) -> list[web.RouteDef]:
    """The Activity's routes (see the module doc), for the web server's application;
    ``origin_ok``: the server's rule for where a POST may come from; ``trusted_proxies``:
    ``[web] trusted_proxies``, whose forwarded address the limits are keyed on."""
    api = ActivityApi(config, links, service, origin_ok=origin_ok, discord_api=discord_api,
                      bot_token=bot_token, trusted_proxies=trusted_proxies)
    return [web.get("/", api.entry), web.post("/api/token", api.token),
            web.post("/api/activity/session", api.session)]
