"""REST under /api/v10: the routes the bot uses, with Discord's semantics and errors.

Every request is logged (`Api.requests`), its body validated against the OpenAPI spec
(`validate.py`); a violation is answered with Discord's 400 50035 and recorded, so the
fixture fails the test that caused it.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable

from aiohttp import web

from . import validate
from .activities import (
    BEARER_ROUTES,
    GRANT,
    TOKEN_ROUTE,
    Activities,
    ActivityRoutes,
    token_form_problems,
)
from .emojis import EmojiRoutes
from .events import EventRoutes
from .gateway import Gateway
from .interactions import InteractionRoutes
from .limits import Limits, too_many
from .resources import ResourceRoutes
from .state import World
from .wire import (
    API,
    RECORD,
    ApiError,
    InvalidBody,
    RateLimitPlan,
    RequestRecord,
    is_webhook,
    json_response,
    opt_path_id,
    rate_headers,
    read_body,
)

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Api(ResourceRoutes, InteractionRoutes, ActivityRoutes):
    """The REST half of the emulator. Shares the World with the gateway."""

    def __init__(self, world: World, gateway: Gateway) -> None:
        self.world = world
        self.gateway = gateway
        self.activities = Activities(world)
        self.requests: list[RequestRecord] = []
        self.violations: list[str] = []
        self.rate_limits: list[RateLimitPlan] = []  # 429s a test planned (sim.rate_limit)
        self.refused: list[RequestRecord] = []  # bot-token requests where the bot may not act
        self.limits = Limits()  # Discord's own limits (limits.py)
        self.ack_deadline = 3.0
        self.inflight = 0
        self.last_activity = 0.0
        self.base_url = ""

    async def wait_idle(self, quiet: float, timeout: float = 10.0) -> None:
        """Until no request is in flight and none started for `quiet` seconds, counting from
        now: work the bot schedules right now (an on_ready task) gets the chance to start."""
        loop = asyncio.get_running_loop()
        start = loop.time()
        limit = start + timeout
        while self.inflight or loop.time() - max(self.last_activity, start) < quiet:
            if loop.time() > limit:
                raise TimeoutError(f"the bot was still busy after {timeout} s")
            await asyncio.sleep(0.005)

    # -- application ----------------------------------------------------------------------
    def make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._middleware], client_max_size=64 * 1024 * 1024)
        r = self
        app.add_routes(self.gateway.routes())
        app.add_routes(EmojiRoutes(self.world).routes(API))
        app.add_routes(EventRoutes(self.world, self.gateway).routes(API))
        app.add_routes([web.get("/attachments/{attachment_id}/{filename}", self.cdn)])
        app.add_routes(
            [
                web.get(API + "/gateway", r.gateway_url),
                web.get(API + "/gateway/bot", r.gateway_url),
                web.get(API + "/users/@me", r.users_me),
                web.post(API + TOKEN_ROUTE, r.oauth2_token),
                web.get(API + "/oauth2/@me", r.oauth2_me),
                web.get(
                    API + "/applications/{application_id}/activity-instances/{instance_id}",
                    r.activity_instance,
                ),
                web.post(API + "/users/@me/channels", r.open_dm),
                web.get(API + "/users/{user_id}", r.get_user),
                web.get(API + "/oauth2/applications/@me", r.application),
                web.get(API + "/applications/@me", r.application),
                web.get(API + "/applications/{application_id}/commands", r.get_commands),
                web.put(API + "/applications/{application_id}/commands", r.put_commands),
                web.get(
                    API + "/applications/{application_id}/guilds/{guild_id}/commands",
                    r.get_commands,
                ),
                web.put(
                    API + "/applications/{application_id}/guilds/{guild_id}/commands",
                    r.put_commands,
                ),
                web.get(API + "/channels/{channel_id}", r.get_channel),
                web.patch(API + "/channels/{channel_id}", r.modify_channel),
                web.delete(API + "/channels/{channel_id}", r.delete_channel),
                web.post(API + "/channels/{channel_id}/threads", r.start_thread),
                web.post(
                    API + "/channels/{channel_id}/messages/{message_id}/threads",
                    r.start_thread_from_message,
                ),
                web.get(API + "/channels/{channel_id}/thread-members", r.list_thread_members),
                web.put(API + "/channels/{channel_id}/thread-members/@me", r.add_thread_member),
                web.delete(
                    API + "/channels/{channel_id}/thread-members/@me", r.remove_thread_member
                ),
                web.get(
                    API + "/channels/{channel_id}/thread-members/{user_id}", r.get_thread_member
                ),
                web.put(
                    API + "/channels/{channel_id}/thread-members/{user_id}", r.add_thread_member
                ),
                web.delete(
                    API + "/channels/{channel_id}/thread-members/{user_id}",
                    r.remove_thread_member,
                ),
                web.get(API + "/guilds/{guild_id}/threads/active", r.active_threads),
                web.post(API + "/channels/{channel_id}/typing", r.typing),
                web.get(API + "/channels/{channel_id}/messages", r.list_messages),
                web.post(API + "/channels/{channel_id}/messages", r.create_message),
                web.get(API + "/channels/{channel_id}/messages/{message_id}", r.get_message),
                web.patch(API + "/channels/{channel_id}/messages/{message_id}", r.edit_message),
                web.delete(API + "/channels/{channel_id}/messages/{message_id}", r.delete_message),
                web.get(API + "/guilds/{guild_id}", r.get_guild),
                web.get(API + "/guilds/{guild_id}/channels", r.guild_channels),
                web.get(API + "/guilds/{guild_id}/roles", r.guild_roles),
                web.get(API + "/guilds/{guild_id}/members/{user_id}", r.get_member),
                web.post(
                    API + "/interactions/{interaction_id}/{interaction_token}/callback", r.callback
                ),
                web.post(API + "/webhooks/{webhook_id}/{webhook_token}", r.followup),
                web.get(
                    API + "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                    r.get_webhook_message,
                ),
                web.patch(
                    API + "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                    r.edit_webhook_message,
                ),
                web.delete(
                    API + "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                    r.delete_webhook_message,
                ),
                web.get(
                    API + "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                    r.get_webhook_message,
                ),
                web.patch(
                    API + "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                    r.edit_webhook_message,
                ),
                web.delete(
                    API + "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                    r.delete_webhook_message,
                ),
            ]
        )
        return app

    # -- middleware: log, auth, validate, rate limits ---------------------------------------
    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if not request.path.startswith(API):
            return await handler(request)
        loop = asyncio.get_running_loop()
        self.inflight += 1
        self.last_activity = loop.time()
        try:
            record = await self._record(request)
            response = await self._answer(request, handler, record)
            record.status = response.status
            if isinstance(response, web.Response) and response.content_type == "application/json":
                record.response = json.loads(response.body)  # type: ignore[arg-type]
            return response
        finally:
            self.inflight -= 1
            self.last_activity = loop.time()

    async def _record(self, request: web.Request) -> RequestRecord:
        info = request.match_info
        resource = info.route.resource
        route = resource.canonical if resource is not None else request.path
        route = route.removeprefix(API)
        ctype = request.headers.get("Content-Type", "")
        body, files = await read_body(request, ctype)
        record = RequestRecord(
            request.method,
            request.path,
            route,
            dict(request.query),
            ctype,
            body,
            files,
            asyncio.get_running_loop().time(),
        )
        sockname = request.transport.get_extra_info("sockname") if request.transport else None
        record.port = sockname[1] if sockname else 0
        self.requests.append(record)
        return record

    async def _answer(
        self, request: web.Request, handler: Handler, record: RequestRecord
    ) -> web.StreamResponse:
        if request.match_info.http_exception is not None:
            self._violate(record, ["emulator: no such endpoint (unknown to the emulator)"])
            return json_response({"message": "404: Not Found", "code": 0}, 404)
        if not self._authorized(request, record):
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        limited = self._take_rate_limit(record) or self.limits.check(
            record, record.bot_token, record.at)
        if limited is not None:
            return limited
        problems = self._check(record)
        if problems:
            return self._invalid(record, problems)
        if self._out_of_reach(request, record):
            self.refused.append(record)
            return json_response({"message": "Missing Access", "code": 50001}, 403)
        request[RECORD] = record
        try:
            response = await handler(request)
        except InvalidBody as err:
            return self._invalid(record, err.problems)
        except ApiError as err:
            response = json_response({"message": err.message, "code": err.code}, err.status)
        self.limits.headers(response, record, asyncio.get_running_loop().time())
        return response

    def _invalid(self, record: RequestRecord, problems: list[str]) -> web.Response:
        """Discord's 400 50035 for a body that breaks a rule; the rule is recorded."""
        self._violate(record, problems)
        errors = {"_errors": [{"code": "BASE_TYPE_INVALID", "message": p} for p in problems]}
        return json_response({"message": "Invalid Form Body", "code": 50035, "errors": errors}, 400)

    def _authorized(self, request: web.Request, record: RequestRecord) -> bool:
        """The bot token, except: the interaction webhooks (their token is in the path), the
        OAuth2 token exchange (the client's id and secret are in the form) and the routes a
        person's access token may call (Bearer)."""
        if (record.method, record.route) in BEARER_ROUTES:
            grant = self.bearer(request)
            if grant is not None:
                request[GRANT] = grant
                return True
        authorization = request.headers.get("Authorization", "")
        if authorization.startswith("Bot "):
            record.bot_token = authorization.removeprefix("Bot ")
        if is_webhook(record.route) or record.route == TOKEN_ROUTE:
            return True
        return authorization == f"Bot {self.world.token}"

    def _out_of_reach(self, request: web.Request, record: RequestRecord) -> bool:
        """A bot-token request about a channel or guild the bot is not in: a DM between
        people, a group DM, a server that never added it. Discord answers 403 50001 "Missing
        Access" there (opcodes-and-status-codes.mdx): the channel or guild exists, the bot's
        user cannot see it (10003 / 10004 are for ids that exist nowhere)."""
        if is_webhook(record.route) or record.route == TOKEN_ROUTE:
            return False
        world = self.world
        channel = world.channels.get(opt_path_id(request, "channel_id") or 0)
        if channel is not None and not world.bot_reaches(channel):
            return True
        return opt_path_id(request, "guild_id") in world.without_bot

    def _check(self, record: RequestRecord) -> list[str]:
        if record.route == TOKEN_ROUTE and record.method == "POST":
            return token_form_problems(record.content_type, record.body)  # OAuth2: outside the OpenAPI spec
        if not validate.has_operation(record.method, record.route):
            return [f"{record.method} {record.route} is not in Discord's OpenAPI spec"]
        if record.body is None:
            return []
        if not (
            record.content_type == "application/json"
            or record.content_type.startswith("multipart/form-data")
        ):
            return [f"Content-Type {record.content_type!r} for a body (want application/json)"]
        return validate.validate_body(record.method, record.route, record.body)

    def _violate(self, record: RequestRecord, problems: list[str]) -> None:
        record.problems.extend(problems)
        for problem in problems:
            self.violations.append(f"{record.method} {record.route}: {problem}")

    def violation(self, message: str) -> None:
        """Record a broken Discord rule that is not about one request body (late ack...)."""
        self.violations.append(message)

    def _take_rate_limit(self, record: RequestRecord) -> web.Response | None:
        for plan in self.rate_limits:
            if plan.count > 0 and plan.method == record.method and plan.route == record.route:
                plan.count -= 1
                response = too_many(plan.retry_after, is_global=plan.is_global)
                rate_headers(response, record.route, remaining=0, reset_after=plan.retry_after)
                self.limits.record(record.method, record.route,
                                   "global" if plan.is_global else "user", plan.retry_after,
                                   record.at)
                return response
        return None
