"""HTTP plumbing shared by the emulator's routes: errors, the request log, JSON answers."""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

API = "/api/v10"


class ApiError(Exception):
    """A Discord JSON error: HTTP status, error code, message."""

    def __init__(self, status: int, code: int, message: str) -> None:
        super().__init__(f"{status} {code} {message}")
        self.status, self.code, self.message = status, code, message


class InvalidBody(ApiError):
    """A body that breaks a rule only the route's state can check (an edit removing
    IS_COMPONENTS_V2, a media URL naming no uploaded file): 400 50035, recorded as a violation."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__(400, 50035, "Invalid Form Body")
        self.problems = problems


def unknown(what: str, code: int) -> ApiError:
    return ApiError(404, code, f"Unknown {what}")


def form_error(field: str, code: str, message: str) -> ApiError:
    """Discord's 400 50035 for one field that breaks a rule of the route's state (the message
    only: the emulator's errors carry no tree). Not a violation: a bot may meet it honestly."""
    return ApiError(400, 50035, f"Invalid Form Body ({field}: {code}: {message})")


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
    response: Any = None  # the JSON the emulator answered, for fidelity checks
    port: int = 0  # the emulator's port it came in on (one per bot process: Emulator.listen)
    bot_token: str | None = None  # the token of its `Authorization: Bot …` header, if any

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


def bucket(name: str) -> str:
    """The X-RateLimit-Bucket of a bucket name (a route, or a shared bucket's name)."""
    return hashlib.md5(name.encode()).hexdigest()[:16]


def rate_headers(
    response: web.StreamResponse,
    name: str,
    *,
    limit: int = 50,
    remaining: int = 49,
    reset_after: float = 1.0,
) -> None:
    """Discord's X-RateLimit-* headers; the defaults are a bucket never exhausted."""
    response.headers["X-RateLimit-Limit"] = str(limit)
    response.headers["X-RateLimit-Remaining"] = str(remaining)
    response.headers["X-RateLimit-Reset"] = f"{time.time() + reset_after:.3f}"
    response.headers["X-RateLimit-Reset-After"] = f"{reset_after:.3f}"
    response.headers["X-RateLimit-Bucket"] = bucket(name)


async def read_body(request: web.Request, ctype: str) -> tuple[Any, list[FilePart]]:
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


def is_webhook(route: str) -> bool:
    return route.startswith(("/webhooks/", "/interactions/"))


def is_interaction_endpoint(route: str) -> bool:
    """The callback and the interaction webhook: exempt from the global rate limit."""
    return route.startswith(("/interactions/", "/webhooks/{webhook_id}/{webhook_token}"))


def path_id(request: web.Request, name: str) -> int:
    try:
        return int(request.match_info[name])
    except ValueError:
        return -1


def opt_path_id(request: web.Request, name: str) -> int | None:
    return path_id(request, name) if name in request.match_info else None


def file_index(field_name: str) -> int:
    """`files[3]` -> 3."""
    try:
        return int(field_name.split("[", 1)[1].rstrip("]"))
    except (IndexError, ValueError):
        return -1
