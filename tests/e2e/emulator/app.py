"""REST under /api/v10: the routes the bot uses, with Discord's semantics and errors.

Every request is logged (`Api.requests`), its body validated against the OpenAPI spec
(`validate.py`); a violation is answered with Discord's 400 50035 and recorded, so the
fixture fails the test that caused it.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from . import validate
from .gateway import Gateway
from .state import EPHEMERAL, LOADING, Attachment, Channel, Interaction, Message, World

API = "/api/v10"
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class ApiError(Exception):
    """A Discord JSON error: HTTP status, error code, message."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message = status, code, message


def unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


@dataclass
class FilePart:
    field: str
    filename: str
    data: bytes
    content_type: str | None


@dataclass
class RequestRecord:
    """One request as the bot sent it, and what the emulator made of it."""

    method: str
    path: str
    route: str
    query: dict[str, str]
    content_type: str
    body: Any
    files: list[FilePart]
    at: float
    status: int = 0
    problems: list[str] = field(default_factory=list)

    def __repr__(self) -> str:
        return f"<{self.method} {self.path} -> {self.status}>"


@dataclass
class RateLimitPlan:
    """Answer the next `count` requests to `method route` with a 429."""

    method: str
    route: str
    retry_after: float
    is_global: bool = False
    count: int = 1


RECORD = web.RequestKey("record", RequestRecord)


def json_response(data: Any, status: int = 200) -> web.Response:
    """discord.py parses a body as JSON only if Content-Type is exactly application/json."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def _bucket(route: str) -> str:
    return hashlib.md5(route.encode()).hexdigest()[:16]


class Api:
    """The REST half of the emulator. Shares the World with the gateway."""

    def __init__(self, world: World, gateway: Gateway) -> None:
        self.world = world
        self.gateway = gateway
        self.requests: list[RequestRecord] = []
        self.violations: list[str] = []
        self.rate_limits: list[RateLimitPlan] = []
        self.ack_deadline = 3.0
        self.inflight = 0
        self.last_activity = 0.0
        self.base_url = ""
        self.changed = asyncio.Event()

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
        app.add_routes([web.get("/attachments/{attachment_id}/{filename}", self.cdn)])
        app.add_routes(
            [
                web.get(API + "/gateway", r.gateway_url),
                web.get(API + "/gateway/bot", r.gateway_url),
                web.get(API + "/users/@me", r.me),
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
            return response
        finally:
            self.inflight -= 1
            self.last_activity = loop.time()
            self.changed.set()

    async def _record(self, request: web.Request) -> RequestRecord:
        info = request.match_info
        resource = info.route.resource
        route = resource.canonical if resource is not None else request.path
        route = route.removeprefix(API)
        ctype = request.headers.get("Content-Type", "")
        body, files = await _read_body(request, ctype)
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
        self.requests.append(record)
        return record

    async def _answer(
        self, request: web.Request, handler: Handler, record: RequestRecord
    ) -> web.StreamResponse:
        if request.match_info.http_exception is not None:
            self._violate(record, ["emulator: no such endpoint (unknown to the emulator)"])
            return json_response({"message": "404: Not Found", "code": 0}, 404)
        if not _is_webhook(record.route) and request.headers.get("Authorization") != (
            f"Bot {self.world.token}"
        ):
            return json_response({"message": "401: Unauthorized", "code": 0}, 401)
        problems = self._check(record)
        if problems:
            self._violate(record, problems)
            errors = {"_errors": [{"code": "BASE_TYPE_INVALID", "message": p} for p in problems]}
            return json_response(
                {"message": "Invalid Form Body", "code": 50035, "errors": errors}, 400
            )
        limited = self._take_rate_limit(record)
        if limited is not None:
            return limited
        request[RECORD] = record
        try:
            response = await handler(request)
        except ApiError as err:
            response = json_response({"message": err.message, "code": err.code}, err.status)
        _rate_headers(response, record.route)
        return response

    def _check(self, record: RequestRecord) -> list[str]:
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
                body = {
                    "message": "You are being rate limited.",
                    "retry_after": plan.retry_after,
                    "global": plan.is_global,
                }
                response = json_response(body, 429)
                _rate_headers(response, record.route, remaining=0, reset_after=plan.retry_after)
                response.headers["Retry-After"] = str(math.ceil(plan.retry_after))
                response.headers["X-RateLimit-Scope"] = "global" if plan.is_global else "user"
                if plan.is_global:
                    response.headers["X-RateLimit-Global"] = "true"
                response.headers["Via"] = "1.1 google"
                return response
        return None

    # -- users, application, commands -----------------------------------------------------
    async def gateway_url(self, request: web.Request) -> web.Response:
        """Only AutoShardedClient asks; one shard is plenty for one guild."""
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        url = f"{self.gateway.base_url}/gateway"
        return json_response({"url": url, "shards": 1, "session_start_limit": limit})

    async def me(self, request: web.Request) -> web.Response:
        return json_response(self.world.bot.to_json() | {"verified": True, "mfa_enabled": False})

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(_id(request, "user_id"))
        if user is None:
            raise unknown("User", 10013)
        return json_response(user.to_json())

    async def open_dm(self, request: web.Request) -> web.Response:
        body = request[RECORD].body or {}
        user = self.world.users.get(int(body.get("recipient_id") or 0))
        if user is None or user.bot:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        return json_response(self.world.dm_channel(user).to_json())

    async def application(self, request: web.Request) -> web.Response:
        return json_response(self.world.application_json())

    async def get_commands(self, request: web.Request) -> web.Response:
        self._check_application(request)
        guild_id = _opt_id(request, "guild_id")
        return json_response(self.world.commands_for(guild_id))

    async def put_commands(self, request: web.Request) -> web.Response:
        self._check_application(request)
        guild_id = _opt_id(request, "guild_id")
        if guild_id is not None and guild_id != self.world.guild_id:
            raise unknown("Guild", 10004)
        old = {c["name"]: c for c in self.world.commands_for(guild_id)}
        commands = [self._command(c, old.get(c["name"]), guild_id) for c in request[RECORD].body]
        if guild_id is None:
            self.world.global_commands = commands
        else:
            self.world.guild_commands[guild_id] = commands
        return json_response(commands)

    def _command(self, sent: dict[str, Any], old: dict | None, guild_id: int | None) -> dict:
        command = {
            "type": 1,
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
        } | sent
        command |= {
            "id": old["id"] if old else str(self.world.ids.next()),
            "application_id": str(self.world.application_id),
            "version": str(self.world.ids.next()),
        }
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        command.setdefault("description", "")
        return command

    def _check_application(self, request: web.Request) -> None:
        if _id(request, "application_id") != self.world.application_id:
            raise unknown("Application", 10002)

    # -- channels and guild ---------------------------------------------------------------
    def _channel(self, request: web.Request) -> Channel:
        channel = self.world.channels.get(_id(request, "channel_id"))
        if channel is None:
            raise unknown("Channel", 10003)
        return channel

    def _message(self, request: web.Request, channel: Channel) -> Message:
        message = self.world.messages.get(_id(request, "message_id"))
        if (
            message is None
            or message.deleted
            or message.channel is not channel
            or message.ephemeral
        ):
            raise unknown("Message", 10008)
        return message

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(self._channel(request).to_json())

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return web.Response(status=204)

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        limit = int(request.query.get("limit", 50))
        found = [
            m
            for m in self.world.messages.values()
            if m.channel is channel and not m.deleted and not m.ephemeral
        ]
        found.sort(key=lambda m: m.id, reverse=True)
        return json_response([m.to_json() for m in found[:limit]])

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel.type == 1 and channel.recipient is not None and not channel.recipient.dms_open:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        record: RequestRecord = request[RECORD]
        message = self.new_message(channel, record.body or {}, record.files)
        return json_response(message.to_json())

    async def get_message(self, request: web.Request) -> web.Response:
        return json_response(self._message(request, self._channel(request)).to_json())

    async def edit_message(self, request: web.Request) -> web.Response:
        message = self._message(request, self._channel(request))
        if message.author is not self.world.bot:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        record: RequestRecord = request[RECORD]
        self.apply_edit(message, record.body or {}, record.files)
        return json_response(message.to_json())

    async def delete_message(self, request: web.Request) -> web.Response:
        message = self._message(request, self._channel(request))
        message.deleted = True
        return web.Response(status=204)

    def _check_guild(self, request: web.Request) -> None:
        if _id(request, "guild_id") != self.world.guild_id:
            raise unknown("Guild", 10004)

    async def get_guild(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        data = self.world.guild_json()
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at"):
            data.pop(key, None)
        data["approximate_member_count"] = len(self.world.users)
        data["approximate_presence_count"] = 0
        return json_response(data)

    async def guild_channels(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        return json_response([c.to_json() for c in self.world.channels.values() if c.type != 1])

    async def guild_roles(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        return json_response([r.to_json() for r in self.world.roles])

    async def get_member(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        user = self.world.users.get(_id(request, "user_id"))
        if user is None:
            raise unknown("Member", 10007)
        return json_response(self.world.member_json(user))

    async def cdn(self, request: web.Request) -> web.Response:
        wanted = int(request.match_info["attachment_id"])
        for message in self.world.messages.values():
            for attachment in message.attachments:
                if attachment.id == wanted:
                    ctype = attachment.content_type or "application/octet-stream"
                    return web.Response(body=attachment.data, headers={"Content-Type": ctype})
        raise web.HTTPNotFound()

    # -- messages -------------------------------------------------------------------------
    def new_message(
        self,
        channel: Channel,
        body: dict[str, Any],
        files: list[FilePart],
        *,
        interaction: Interaction | None = None,
        flags: int = 0,
    ) -> Message:
        message = Message(self.world.ids.next(), channel, self.world.bot, interaction=interaction)
        message.flags = flags
        if interaction is not None:
            message.webhook_id = self.world.application_id
            if flags & EPHEMERAL:
                message.visible_only_to = interaction.user
        self.apply_edit(message, body, files, creating=True)
        self.world.messages[message.id] = message
        return message

    def apply_edit(
        self,
        message: Message,
        body: dict[str, Any],
        files: list[FilePart],
        *,
        creating: bool = False,
    ) -> None:
        """Apply a create/edit body the way Discord does: absent keys keep their value."""
        if not creating:
            message.history.append(message.to_json())
            message.edited = time.time()
            message.flags &= ~LOADING
        if "content" in body:
            message.content = body["content"] or ""
        if "components" in body:
            message.components = body["components"] or []
        if "embeds" in body:
            message.embeds = body["embeds"] or []
        message.attachments = self._attachments(message, body, files)

    def _attachments(self, message: Message, body: dict, files: list[FilePart]) -> list[Attachment]:
        by_index = {_file_index(f.field): f for f in files}
        if "attachments" not in body or body["attachments"] is None:
            kept = list(message.attachments)
            return kept + [self._attachment(f, f.filename) for f in files]
        result: list[Attachment] = []
        existing = {a.id: a for a in message.attachments}
        for entry in body["attachments"]:
            key = int(entry["id"])
            if key in existing:
                result.append(existing[key])
            elif key in by_index:
                part = by_index[key]
                result.append(self._attachment(part, entry.get("filename") or part.filename))
        return result

    def _attachment(self, part: FilePart, filename: str) -> Attachment:
        attachment_id = self.world.ids.next()
        url = f"{self.base_url}/attachments/{attachment_id}/{filename}"
        return Attachment(attachment_id, filename, part.data, part.content_type, url)

    # -- interactions ---------------------------------------------------------------------
    async def callback(self, request: web.Request) -> web.StreamResponse:
        interaction = self.world.interactions.get(_id(request, "interaction_id"))
        token = request.match_info["interaction_token"]
        now = request[RECORD].at  # arrival time: our own validation must not count
        if interaction is None or interaction.token != token:
            raise unknown("interaction", 10062)
        if interaction.acknowledged:
            raise ApiError(400, 40060, "Interaction has already been acknowledged.")
        elapsed = now - interaction.dispatched_at
        if elapsed > self.ack_deadline:
            interaction.reported = True
            self.violation(
                f"{interaction!r} acknowledged after {elapsed:.2f} s "
                f"(Discord allows {self.ack_deadline:g} s): answer sooner or defer"
            )
            raise unknown("interaction", 10062)
        record: RequestRecord = request[RECORD]
        body = record.body or {}
        kind = int(body.get("type", 0))
        data = body.get("data") or {}
        self._check_callback_type(interaction, kind)
        interaction.acked_at = now
        interaction.response_type = kind
        resource_message = self._respond(interaction, kind, data, record.files)
        self.changed.set()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        return json_response(_callback_response(interaction, kind, resource_message))

    def _check_callback_type(self, interaction: Interaction, kind: int) -> None:
        allowed = {2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}, 5: {4, 5, 6, 7}}[interaction.type]
        if kind not in allowed:
            raise ApiError(400, 50035, f"Interaction callback type {kind} is invalid here")

    def _respond(
        self, interaction: Interaction, kind: int, data: dict[str, Any], files: list[FilePart]
    ) -> Message | None:
        if kind in (4, 5):
            flags = int(data.get("flags") or 0) & EPHEMERAL
            flags |= LOADING if kind == 5 else 0
            body = data if kind == 4 else {}
            interaction.original = self.new_message(
                interaction.channel, body, files, interaction=interaction, flags=flags
            )
            return interaction.original if kind == 4 else None
        if kind in (6, 7):
            interaction.original = interaction.source_message
            if kind == 7 and interaction.source_message is not None:
                self.apply_edit(interaction.source_message, data, files)
                return interaction.source_message
        if kind == 8:
            interaction.choices = list(data.get("choices") or [])
        if kind == 9:
            interaction.modal = data
        return None

    def _webhook_interaction(self, request: web.Request) -> Interaction:
        if _id(request, "webhook_id") != self.world.application_id:
            raise unknown("Webhook", 10015)
        interaction = self.world.interaction_by_token(request.match_info["webhook_token"])
        if interaction is None:
            raise unknown("Webhook", 10015)
        if not self.world.token_valid(interaction, asyncio.get_running_loop().time()):
            raise ApiError(401, 50027, "Invalid Webhook Token")
        if not interaction.acknowledged:
            raise unknown("Webhook", 10015)
        return interaction

    def _webhook_message(self, request: web.Request, interaction: Interaction) -> Message:
        raw = request.match_info.get("message_id", "@original")
        if raw == "@original":
            message = interaction.original
        else:
            candidates = list(interaction.followups)
            if interaction.original is not None:
                candidates.append(interaction.original)
            message = next((m for m in candidates if str(m.id) == raw), None)
        if message is None or message.deleted:
            raise unknown("Message", 10008)
        return message

    async def followup(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        record: RequestRecord = request[RECORD]
        body = record.body or {}
        original = interaction.original
        if original is not None and original.loading and interaction.response_type == 5:
            # Discord's documented compatibility rule: the first followup after a deferral
            # edits the loading message (its ephemeral state cannot change).
            self.apply_edit(original, body, record.files)
            message = original
        else:
            flags = int(body.get("flags") or 0) & EPHEMERAL
            message = self.new_message(
                interaction.channel, body, record.files, interaction=interaction, flags=flags
            )
            interaction.followups.append(message)
        self.changed.set()
        return json_response(message.to_json())

    async def get_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        return json_response(self._webhook_message(request, interaction).to_json())

    async def edit_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        message = self._webhook_message(request, interaction)
        record: RequestRecord = request[RECORD]
        self.apply_edit(message, record.body or {}, record.files)
        self.changed.set()
        return json_response(message.to_json())

    async def delete_webhook_message(self, request: web.Request) -> web.Response:
        interaction = self._webhook_interaction(request)
        self._webhook_message(request, interaction).deleted = True
        self.changed.set()
        return web.Response(status=204)


def _callback_response(interaction: Interaction, kind: int, message: Message | None) -> dict:
    """The body discord.py >= 2.5 reads when it asks `with_response=1`."""
    info: dict[str, Any] = {"id": str(interaction.id), "type": interaction.type}
    if interaction.original is not None and kind in (4, 5):
        info["response_message_id"] = str(interaction.original.id)
        info["response_message_loading"] = kind == 5
        info["response_message_ephemeral"] = interaction.original.ephemeral
    data: dict[str, Any] = {"interaction": info}
    if kind in (4, 7) and message is not None:
        data["resource"] = {"type": kind, "message": message.to_json()}
    elif kind != 6:
        data["resource"] = {"type": kind}
    return data


def _rate_headers(
    response: web.StreamResponse, route: str, *, remaining: int = 49, reset_after: float = 1.0
) -> None:
    response.headers["X-RateLimit-Limit"] = "50"
    response.headers["X-RateLimit-Remaining"] = str(remaining)
    response.headers["X-RateLimit-Reset"] = f"{time.time() + reset_after:.3f}"
    response.headers["X-RateLimit-Reset-After"] = f"{reset_after:.3f}"
    response.headers["X-RateLimit-Bucket"] = _bucket(route)


async def _read_body(request: web.Request, ctype: str) -> tuple[Any, list[FilePart]]:
    if ctype.startswith("multipart/form-data"):
        body: Any = None
        files: list[FilePart] = []
        reader = await request.multipart()
        async for part in reader:
            data = await part.read()  # type: ignore[union-attr]
            name = part.name or ""
            if name == "payload_json":
                body = json.loads(data)
            else:
                ptype = part.headers.get("Content-Type")
                files.append(FilePart(name, part.filename or name, bytes(data), ptype))
        return body, files
    raw = await request.read()
    if not raw:
        return None, []
    if ctype == "application/json":
        return json.loads(raw), []
    return raw.decode("utf-8", "replace"), []


def _is_webhook(route: str) -> bool:
    return route.startswith(("/webhooks/", "/interactions/"))


def _id(request: web.Request, name: str) -> int:
    try:
        return int(request.match_info[name])
    except ValueError:
        return -1


def _opt_id(request: web.Request, name: str) -> int | None:
    return _id(request, name) if name in request.match_info else None


def _file_index(field_name: str) -> int:
    """`files[3]` -> 3."""
    try:
        return int(field_name.split("[", 1)[1].rstrip("]"))
    except (IndexError, ValueError):
        return -1
