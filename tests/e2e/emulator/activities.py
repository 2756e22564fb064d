"""Activities: OAuth2 codes and tokens, the Activity Instance API, LAUNCH_ACTIVITY.

What an Activity's backend asks Discord (activities/building-an-activity.mdx, "the token
exchange"; activities/development-guides/multiplayer-experience.mdx, "Using the Activity
Instance API"):

- ``POST /oauth2/token`` (form body: ``client_id``, ``client_secret``, ``grant_type=
  authorization_code``, ``code``): the code the Embedded App SDK's AUTHORIZE gave the page, for
  an access token. Not in the OpenAPI spec (the OAuth2 endpoints sit outside its REST API): the
  form is checked here, and a code is good once, for the application it was minted for, with
  that application's secret; else Discord's OAuth2 errors (``invalid_client``, 401;
  ``invalid_grant``, 400);
- ``GET /oauth2/@me`` and ``GET /users/@me`` with ``Authorization: Bearer <access token>``:
  the authorization (its application, scopes, user) and the user;
- ``GET /applications/{application_id}/activity-instances/{instance_id}`` with the bot token:
  the instance (its location and users) or Discord's 404 ``{"message": "404: Not Found",
  "code": 0}``.

Codes are minted by the test (``sim.authorization_code(user)``: what the Discord client does
when AUTHORIZE succeeds); ``Activities.access_token(user, application)`` is a token another
application's backend got from its own exchange (one a person gave another site). Instances
start from a test (``sim.start_activity``) or from a LAUNCH_ACTIVITY (12) interaction callback,
which puts the person who pressed in the channel's instance (a new one when the channel has
none: "Any users joining the same application will receive the same instanceId").
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl

from aiohttp import web

from .state import Channel, User, World
from .wire import RECORD, ApiError, RequestRecord, json_response, path_id

TOKEN_ROUTE = "/oauth2/token"
BEARER_ROUTES = {("GET", "/oauth2/@me"), ("GET", "/users/@me")}
"""Routes a person's access token may call (Bearer); the bot token works there too."""
FORM = "application/x-www-form-urlencoded"
ENTRY_POINT = 4
DROPPED_ENTRY_POINT = (
    "You cannot remove this app's Entry Point command in a bulk update operation. Please "
    "include the Entry Point command in your update request or delete it separately.")
"""Discord's 400 50240 (not in the vendored docs; the wording bots report meeting)."""
ACCESS_LIFETIME = 7 * 24 * 3600


@dataclass(eq=False)
class Application:
    """An OAuth2 application the emulated Discord knows (the bot's, or another one)."""

    id: int
    name: str
    secret: str

    def to_json(self) -> dict[str, Any]:
        """The application as ``/oauth2/@me`` gives it (the spec's ApplicationResponse)."""
        return {"id": str(self.id), "name": self.name, "icon": None, "description": "",
                "type": None, "verify_key": "0" * 64, "flags": 0, "flags_new": "0",
                "bot_public": True, "bot_require_code_grant": False}


@dataclass(eq=False)
class Grant:
    """What an authorization code or an access token stands for."""

    user: User
    application: Application
    scopes: tuple[str, ...]
    expires: float = 0.0


GRANT = web.RequestKey("grant", Grant)


@dataclass(eq=False)
class ActivityInstance:
    """A running Activity in a channel, and who is in it."""

    instance_id: str
    launch_id: int
    application: Application
    channel: Channel
    users: list[User] = field(default_factory=list)
    custom_id: str | None = None

    def to_json(self) -> dict[str, Any]:
        location_id = f"gc-{self.channel.guild_id}-{self.channel.id}"
        return {
            "application_id": str(self.application.id),
            "instance_id": self.instance_id,
            "launch_id": str(self.launch_id),
            "location": {"id": location_id, "kind": "gc", "channel_id": str(self.channel.id),
                         "guild_id": str(self.channel.guild_id)},
            "users": [str(u.id) for u in self.users],
        }

    def query(self, *, platform: str = "desktop") -> dict[str, str]:
        """The query parameters Discord adds to the Activity's URL in the iframe (what the
        Embedded App SDK reads: frame_id, instance_id, platform are required)."""
        params = {
            "frame_id": f"frame-{self.launch_id}",
            "instance_id": self.instance_id,
            "platform": platform,
            "guild_id": str(self.channel.guild_id),
            "channel_id": str(self.channel.id),
            "location_id": f"gc-{self.channel.guild_id}-{self.channel.id}",
        }
        if self.custom_id is not None:
            params["custom_id"] = self.custom_id
        return params


class Activities:
    """The world's applications, grants and instances (kept beside the World)."""

    def __init__(self, world: World) -> None:
        self.world = world
        own = Application(world.application_id, world.bot.name, "emulator-client-secret")
        self.applications: dict[int, Application] = {own.id: own}
        self.codes: dict[str, Grant] = {}
        self.tokens: dict[str, Grant] = {}
        self.instances: dict[str, ActivityInstance] = {}
        self.enabled = False  # Activities turned on in the developer portal (enable())

    @property
    def own(self) -> Application:
        return self.applications[self.world.application_id]

    def add_application(self, name: str) -> Application:
        app = Application(self.world.new_id(), name, f"secret-{secrets.token_hex(8)}")
        self.applications[app.id] = app
        return app

    def enable(self) -> dict[str, Any]:
        """What turning Activities on in the developer portal does: Discord creates the
        application's Entry Point command, "launch" (type 4, PRIMARY_ENTRY_POINT), handled by
        Discord (handler 2, DISCORD_LAUNCH_ACTIVITY: application-commands.mdx, "Default Entry
        Point command"). From then on a global bulk update that leaves it out is refused."""
        command = {"id": str(self.world.new_id()), "application_id": str(self.own.id),
                   "version": str(self.world.new_id()), "type": ENTRY_POINT, "name": "launch",
                   "description": "", "handler": 2, "options": [],
                   "default_member_permissions": None, "nsfw": False, "contexts": None,
                   "integration_types": [0, 1]}
        self.world.global_commands.append(command)
        self.enabled = True
        return command

    def mint_code(self, user: User, application: Application | None = None,
                  scopes: tuple[str, ...] = ("identify",)) -> str:
        code = secrets.token_urlsafe(18)
        self.codes[code] = Grant(user, application or self.own, scopes)
        return code

    def access_token(self, user: User, application: Application,
                     scopes: tuple[str, ...] = ("identify",)) -> str:
        """A live access token of ``user`` for ``application``: what that application's backend
        holds after its own code exchange (with its own secret). ``/oauth2/@me`` with it names
        that application; ``/users/@me`` names ``user``."""
        token = secrets.token_urlsafe(24)
        self.tokens[token] = Grant(user, application, scopes, self.world.clock() + ACCESS_LIFETIME)
        return token

    def start(self, channel: Channel, users: list[User], *, custom_id: str | None = None,
              application: Application | None = None) -> ActivityInstance:
        launch_id = self.world.new_id()
        instance = ActivityInstance(
            f"i-{launch_id}-gc-{channel.guild_id}-{channel.id}", launch_id,
            application or self.own, channel, list(users), custom_id)
        self.instances[instance.instance_id] = instance
        return instance

    def launch(self, user: User, channel: Channel) -> ActivityInstance:
        """LAUNCH_ACTIVITY: the channel's instance of the bot's Activity, ``user`` in it."""
        for instance in self.instances.values():
            if instance.channel is channel and instance.application is self.own:
                if user not in instance.users:
                    instance.users.append(user)
                return instance
        return self.start(channel, [user])


class ActivityRoutes:
    """The HTTP side (mixed into the Api)."""

    activities: Activities

    def bearer(self, request: web.Request) -> Grant | None:
        """The grant of a valid ``Authorization: Bearer`` token, else None."""
        header = request.headers.get("Authorization", "")
        if not header.startswith("Bearer "):
            return None
        grant = self.activities.tokens.get(header.removeprefix("Bearer "))
        if grant is None or grant.expires < self.activities.world.clock():
            return None
        return grant

    async def oauth2_token(self, request: web.Request) -> web.Response:
        record: RequestRecord = request[RECORD]
        form = dict(parse_qsl(record.body if isinstance(record.body, str) else ""))
        app = self.activities.applications.get(_int(form.get("client_id")))
        if app is None or not secrets.compare_digest(form.get("client_secret", ""), app.secret):
            return _oauth_error(401, "invalid_client")
        if form.get("grant_type") != "authorization_code":
            return _oauth_error(400, "unsupported_grant_type")
        grant = self.activities.codes.pop(form.get("code", ""), None)
        if grant is None or grant.application is not app:
            return _oauth_error(400, "invalid_grant", 'Invalid "code" in request.')
        token = secrets.token_urlsafe(24)
        grant.expires = self.activities.world.clock() + ACCESS_LIFETIME
        self.activities.tokens[token] = grant
        return json_response({"access_token": token, "token_type": "Bearer",
                              "expires_in": ACCESS_LIFETIME, "refresh_token":
                              secrets.token_urlsafe(24), "scope": " ".join(grant.scopes)})

    async def oauth2_me(self, request: web.Request) -> web.Response:
        grant = request.get(GRANT)
        if grant is None:  # the bot token: its own application, no user
            return json_response({"application": self.activities.own.to_json(),
                                  "scopes": ["bot", "applications.commands"],
                                  "expires": _iso(self.activities.world.clock() + ACCESS_LIFETIME)})
        return json_response({"application": grant.application.to_json(),
                              "scopes": list(grant.scopes), "expires": _iso(grant.expires),
                              "user": grant.user.to_json()})

    async def users_me(self, request: web.Request) -> web.Response:
        grant = request.get(GRANT)
        if grant is None:
            return json_response(self.world.bot_private_json())  # type: ignore[attr-defined]
        return json_response(private_user_json(grant.user))

    async def activity_instance(self, request: web.Request) -> web.Response:
        instance = self.activities.instances.get(request.match_info["instance_id"])
        if instance is None or instance.application.id != path_id(request, "application_id"):
            raise ApiError(404, 0, "404: Not Found")
        return json_response(instance.to_json())


def token_form_problems(content_type: str, body: Any) -> list[str]:
    """What is wrong with a token request's form body (the checks the spec cannot make)."""
    if content_type.split(";")[0].strip() != FORM or not isinstance(body, str):
        return ["$: POST /oauth2/token takes an application/x-www-form-urlencoded body"]
    form = dict(parse_qsl(body))
    allowed = {"client_id", "client_secret", "grant_type", "code", "redirect_uri"}
    problems = [f"$.{key}: unknown key" for key in sorted(set(form) - allowed)]
    problems += [f"$.{key}: required" for key in ("client_id", "client_secret", "grant_type",
                                                   "code") if not form.get(key)]
    return problems


def private_user_json(user: User) -> dict[str, Any]:
    """``/users/@me`` with a person's token with the ``identify`` scope."""
    return user.to_json() | {"mfa_enabled": False, "locale": user.locale}


def _oauth_error(status: int, error: str, description: str | None = None) -> web.Response:
    body = {"error": error} | ({"error_description": description} if description else {})
    return json_response(body, status)


def _int(text: str | None) -> int:
    return int(text) if text and text.isdigit() else -1


def _iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).isoformat()


def entry_point_problem(existing: list[dict[str, Any]], sent: Any) -> ApiError | None:
    """A global bulk update dropping the application's Entry Point command: Discord's 50240."""
    had = any(c.get("type") == ENTRY_POINT for c in existing)
    keeps = isinstance(sent, list) and any(
        isinstance(c, dict) and c.get("type") == ENTRY_POINT for c in sent)
    return ApiError(400, 50240, DROPPED_ENTRY_POINT) if had and not keeps else None
