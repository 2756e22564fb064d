"""The application's own emojis: list, create, get and delete under
``/applications/{application_id}/emojis``, with Discord's rules for them.

They live in the world (``world.app_emojis``: id -> :class:`AppEmoji`), so they outlast a bot's
restart. Discord's rules kept: a name of 2 to 32 letters, digits or underscores, unique in the
application; an image given as a ``data:image/…;base64,`` URI of at most 256 KiB; at most
:data:`MAX_EMOJIS` per application (then 30008). The body's shape is the spec's (the app's
middleware validates it first).
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from .state import User, World
from .wire import RECORD, ApiError, form_error, json_response, path_id, unknown

MAX_EMOJIS = 2000
"""Discord's cap on one application's emojis."""
MAX_IMAGE = 256 * 1024
NAME = re.compile(r"\w{2,32}", re.ASCII)
DATA_URI = re.compile(r"data:image/(png|jpeg|gif|webp);base64,(.*)", re.DOTALL)
ROUTE = "/applications/{application_id}/emojis"


@dataclass(eq=False)
class AppEmoji:
    id: int
    name: str
    image: bytes
    user: User
    animated: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"id": str(self.id), "name": self.name, "roles": [], "user": self.user.to_json(),
                "require_colons": True, "managed": False, "animated": self.animated,
                "available": True}


def add_emoji(world: World, name: str, image: bytes = b"\x89PNG\r\n\x1a\n") -> AppEmoji:
    """An emoji the application already has (uploaded before the test, by its owner)."""
    emoji = AppEmoji(world.new_id(), name, image, world.owner)
    world.app_emojis[emoji.id] = emoji
    return emoji


class EmojiRoutes:
    """The routes, on the world's emojis."""

    def __init__(self, world: World) -> None:
        self.world = world

    def routes(self, api: str) -> list[web.RouteDef]:
        return [
            web.get(api + ROUTE, self.list_emojis),
            web.post(api + ROUTE, self.create_emoji),
            web.get(api + ROUTE + "/{emoji_id}", self.get_emoji),
            web.delete(api + ROUTE + "/{emoji_id}", self.delete_emoji),
        ]

    def _application(self, request: web.Request) -> None:
        if path_id(request, "application_id") != self.world.application_id:
            raise unknown("Application", 10002)

    def _emoji(self, request: web.Request) -> AppEmoji:
        self._application(request)
        emoji = self.world.app_emojis.get(path_id(request, "emoji_id"))
        if emoji is None:
            raise unknown("Emoji", 10014)
        return emoji

    async def list_emojis(self, request: web.Request) -> web.Response:
        self._application(request)
        return json_response({"items": [e.to_json() for e in self.world.app_emojis.values()]})

    async def get_emoji(self, request: web.Request) -> web.Response:
        return json_response(self._emoji(request).to_json())

    async def delete_emoji(self, request: web.Request) -> web.Response:
        emoji = self._emoji(request)
        del self.world.app_emojis[emoji.id]
        return web.Response(status=204)

    async def create_emoji(self, request: web.Request) -> web.Response:
        self._application(request)
        body = request[RECORD].body
        name = body["name"]
        if not NAME.fullmatch(name):
            raise form_error("name", "STRING_TYPE_REGEX",
                           "String value did not match validation regex.")
        if any(e.name == name for e in self.world.app_emojis.values()):
            raise form_error("name", "APPLICATION_EMOJI_NAME_ALREADY_TAKEN",
                           "Emoji name already taken.")
        image, animated = _image(body["image"])
        if len(self.world.app_emojis) >= MAX_EMOJIS:
            raise ApiError(400, 30008, f"Maximum number of emojis reached ({MAX_EMOJIS})")
        emoji = AppEmoji(self.world.new_id(), name, image, self.world.bot, animated)
        self.world.app_emojis[emoji.id] = emoji
        return json_response(emoji.to_json(), 201)


def _image(uri: str) -> tuple[bytes, bool]:
    """The image bytes of a data URI, and whether it is animated (a GIF); 50035 otherwise."""
    match = DATA_URI.fullmatch(uri)
    if match is None:
        raise form_error("image", "IMAGE_INVALID", "Invalid image data")
    try:
        data = base64.b64decode(match[2], validate=True)
    except (binascii.Error, ValueError):
        raise form_error("image", "IMAGE_INVALID", "Invalid image data") from None
    signatures = {"png": b"\x89PNG\r\n\x1a\n", "jpeg": b"\xff\xd8\xff", "gif": b"GIF8",
                  "webp": b"RIFF"}
    if not data.startswith(signatures[match[1]]):
        raise form_error("image", "IMAGE_INVALID", "Invalid image data")
    if len(data) > MAX_IMAGE:
        raise form_error("image", "BINARY_TYPE_MAX_SIZE",
                       f"File cannot be larger than {MAX_IMAGE // 1024}.0 kb.")
    return data, match[1] == "gif"
