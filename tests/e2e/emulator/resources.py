"""REST routes for users, the application, commands, channels, messages, guild and files."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .activities import entry_point_problem
from .gateway import Gateway
from .messages import MessageWriter
from .state import FORUM, Channel, Message, Thread
from .threads import ThreadRoutes
from .wire import RECORD, ApiError, RequestRecord, json_response, opt_path_id, path_id, unknown


class ResourceRoutes(ThreadRoutes, MessageWriter):
    """Everything under /api/v10 that is not an interaction or its webhook (threads:
    :mod:`.threads`)."""

    gateway: Gateway

    async def gateway_url(self, request: web.Request) -> web.Response:
        """Only AutoShardedClient without a shard count asks: ``shards`` is the count Discord
        recommends (``world.recommended_shards``, 1 unless a test says otherwise)."""
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        url = f"ws://{request.host}/gateway"
        shards = self.world.recommended_shards
        return json_response({"url": url, "shards": shards, "session_start_limit": limit})

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(path_id(request, "user_id"))
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
        guild_id = opt_path_id(request, "guild_id")
        return json_response(self.world.commands_for(guild_id))

    async def put_commands(self, request: web.Request) -> web.Response:
        self._check_application(request)
        guild_id = opt_path_id(request, "guild_id")
        if guild_id is not None and guild_id not in self.world.guild_names:
            raise unknown("Guild", 10004)
        problem = entry_point_problem(self.world.commands_for(guild_id), request[RECORD].body)
        if guild_id is None and problem is not None:
            raise problem
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
        if command["integration_types"] is None:  # discord.py sends null: Discord's default
            command["integration_types"] = [0]
        command |= {
            "id": old["id"] if old else str(self.world.new_id()),
            "application_id": str(self.world.application_id),
            "version": str(self.world.new_id()),
        }
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        command.setdefault("description", "")
        return command

    def _check_application(self, request: web.Request) -> None:
        if path_id(request, "application_id") != self.world.application_id:
            raise unknown("Application", 10002)

    # -- channels and guild ---------------------------------------------------------------
    def _channel(self, request: web.Request) -> Channel:
        channel = self.world.channels.get(path_id(request, "channel_id"))
        if channel is None:
            raise unknown("Channel", 10003)
        return channel

    def _message(self, request: web.Request, channel: Channel) -> Message:
        message = self.world.messages.get(path_id(request, "message_id"))
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
        if channel.type == FORUM:  # topics/threads.mdx: only posts (threads) in a forum
            raise ApiError(400, 50008, "Cannot send messages in a non-text channel")
        await self.before_post(channel)
        record: RequestRecord = request[RECORD]
        message = self.new_message(channel, record.body or {}, record.files)
        return json_response(message.to_json())

    async def get_message(self, request: web.Request) -> web.Response:
        return json_response(self._message(request, self._channel(request)).to_json())

    async def edit_message(self, request: web.Request) -> web.Response:
        message = self._message(request, self._channel(request))
        if message.author is not self.world.bot:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        self.before_edit(message.channel)
        self.check_old_edit(message)
        record: RequestRecord = request[RECORD]
        self.apply_edit(message, record.body or {}, record.files)
        return json_response(message.to_json())

    async def delete_message(self, request: web.Request) -> web.Response:
        message = self._message(request, self._channel(request))
        message.deleted = True
        if isinstance(message.channel, Thread):
            message.channel.message_count -= 1
        return web.Response(status=204)

    def _check_guild(self, request: web.Request) -> int:
        guild_id = path_id(request, "guild_id")
        if guild_id not in self.world.guild_names:
            raise unknown("Guild", 10004)
        return guild_id

    async def get_guild(self, request: web.Request) -> web.Response:
        data = self.world.guild_json(self._check_guild(request))
        for key in ("members", "channels", "threads", "presences", "voice_states", "joined_at"):
            data.pop(key, None)
        data["approximate_member_count"] = len(self.world.users)
        data["approximate_presence_count"] = 0
        return json_response(data)

    async def guild_channels(self, request: web.Request) -> web.Response:
        guild_id = self._check_guild(request)
        return json_response([c.to_json() for c in self.world.channels_of(guild_id)])

    async def guild_roles(self, request: web.Request) -> web.Response:
        guild_id = self._check_guild(request)
        return json_response([r.to_json() for r in self.world.roles_of(guild_id)])

    async def get_member(self, request: web.Request) -> web.Response:
        self._check_guild(request)
        user = self.world.users.get(path_id(request, "user_id"))
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
