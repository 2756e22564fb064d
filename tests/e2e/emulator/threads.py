"""Threads (docs: topics/threads.mdx, resources/channel.mdx, gateway-events.mdx).

A thread is a channel of its own (``state.Thread``): messages, edits and interactions work in it
through the usual routes. Here: starting one (from a message, whose id it takes, or without),
modifying it (name, archived, locked, auto_archive_duration), its members, and the rules the
message routes apply in a thread (:meth:`ThreadRoutes.before_post`, :meth:`before_edit`):

- SEND_MESSAGES_IN_THREADS to post (SEND_MESSAGES has no effect there): else 403 50013;
- a locked thread (archived or not) refuses posts and edits from a bot lacking MANAGE_THREADS
  (400 160005: topics/threads.mdx, "Users won't be able to create or update messages in locked
  threads");
- posting in an archived thread unarchives it (THREAD_UPDATE, then THREAD_MEMBER_UPDATE to its
  members), unless the guild is at its cap of active threads (400 160006); the poster becomes a
  member;
- editing a message in an archived thread: 400 50083;
- deleting a thread (``DELETE /channels/{id}``, MANAGE_THREADS): gone with its messages (10003
  from then on), THREAD_DELETE with ``id``, ``guild_id``, ``parent_id`` and ``type``.

Events: THREAD_CREATE (``newly_created``, the bot's thread member when it is one),
THREAD_UPDATE, THREAD_DELETE, THREAD_MEMBERS_UPDATE (always when the bot is added or removed;
about other people only to sessions with the GUILD_MEMBERS intent), THREAD_MEMBER_UPDATE on
unarchive.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from aiohttp import web

from .gateway import Gateway
from .state import (
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
    FORUM,
    MANAGE_THREADS,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    Channel,
    Message,
    Thread,
    User,
    World,
)
from .wire import RECORD, ApiError, FilePart, form_error, json_response, path_id, unknown

GUILD_MEMBERS_INTENT = 1 << 1


def missing_permissions() -> ApiError:
    return ApiError(403, 50013, "Missing Permissions")


def archived_error() -> ApiError:
    return ApiError(400, 50083, "Thread is archived")


def locked_error() -> ApiError:
    return ApiError(400, 160005, "Thread is locked")


class ThreadEvents:
    """The gateway side of threads, shared by the REST routes and the sim."""

    world: World
    gateway: Gateway

    async def thread_created(self, thread: Thread) -> None:
        await self.gateway.dispatch("THREAD_CREATE", thread.to_json() | {"newly_created": True})
        await self.members_changed(thread, added=[thread.owner] if thread.owner else [])

    async def thread_updated(self, thread: Thread, *, unarchived: bool = False) -> None:
        await self.gateway.dispatch("THREAD_UPDATE", thread.to_json())
        if unarchived and self.world.bot.id in thread.members:
            member = thread.member_json(self.world.bot.id) | {"guild_id": str(thread.guild_id)}
            await self.gateway.dispatch("THREAD_MEMBER_UPDATE", member)

    async def members_changed(
        self, thread: Thread, *, added: Sequence[User] = (), removed: Sequence[User] = ()
    ) -> None:
        data: dict[str, Any] = {
            "id": str(thread.id),
            "guild_id": str(thread.guild_id),
            "member_count": min(len(thread.members), 50),
        }
        if added:
            data["added_members"] = [
                thread.member_json(u.id)
                | {"member": self.world.member_json(u), "presence": None}
                for u in added
            ]
        if removed:
            data["removed_member_ids"] = [str(u.id) for u in removed]
        about_bot = any(u is self.world.bot for u in [*added, *removed])
        await self.gateway.dispatch(
            "THREAD_MEMBERS_UPDATE", data, intent=0 if about_bot else GUILD_MEMBERS_INTENT
        )

    async def thread_deleted(self, thread: Thread) -> None:
        """The thread is gone, with its messages (its starter message stays in the parent,
        without a thread): THREAD_DELETE, whose payload is the channel's id, guild_id,
        parent_id and type (gateway-events.mdx)."""
        self.world.channels.pop(thread.id, None)
        for message in self.world.messages.values():
            if message.channel is thread:
                message.deleted = True
            if message.thread is thread:
                message.thread = None
        assert thread.parent is not None
        await self.gateway.dispatch("THREAD_DELETE", {
            "id": str(thread.id), "guild_id": str(thread.guild_id),
            "parent_id": str(thread.parent.id), "type": thread.type})

    def active_count(self, guild_id: int | None) -> int:
        return len(self.world.threads_of(guild_id or self.world.guild_id))

    def check_cap(self, guild_id: int | None) -> None:
        if self.active_count(guild_id) >= self.world.max_active_threads:
            raise ApiError(400, 160006, "Maximum number of active threads reached")

    async def unarchive(self, thread: Thread) -> None:
        self.check_cap(thread.guild_id)
        thread.archived = False
        thread.archive_timestamp = self.world.clock()
        await self.thread_updated(thread, unarchived=True)


class ThreadRoutes(ThreadEvents):
    """REST routes for threads and the thread rules of the message routes."""

    new_message: Callable[..., Message]  # MessageWriter's, next in ResourceRoutes' bases

    def _channel(self, request: web.Request) -> Channel:  # provided by ResourceRoutes
        raise NotImplementedError

    def _message(self, request: web.Request, channel: Channel) -> Message:
        raise NotImplementedError

    def _has(self, permission: int) -> bool:
        return bool(self.world.permissions(self.world.bot) & permission)

    def _thread(self, request: web.Request) -> Thread:
        channel = self._channel(request)
        if not isinstance(channel, Thread):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        return channel

    # -- rules of the message routes ------------------------------------------------------
    async def before_post(self, channel: Channel, *, as_bot: bool = True) -> None:
        """Discord's checks before a message lands in a thread (see module doc); ``as_bot``
        False for public interaction followups, which need no channel permission but are
        messages of the bot user all the same: the docs' "Users (including bot users) without
        the MANAGE_THREADS permission ... won't be able to create or update messages in locked
        threads" holds for them too."""
        if not isinstance(channel, Thread):
            return
        if as_bot and not self._has(SEND_MESSAGES_IN_THREADS):
            raise missing_permissions()
        if channel.locked and not self._has(MANAGE_THREADS):
            raise locked_error()
        if channel.archived:
            await self.unarchive(channel)
        bot = self.world.bot
        if bot.id not in channel.members:
            channel.members[bot.id] = self.world.clock()
            await self.members_changed(channel, added=[bot])

    def before_edit(self, channel: Channel, *, as_bot: bool = True) -> None:
        if isinstance(channel, Thread) and channel.archived:
            raise archived_error()
        if isinstance(channel, Thread) and channel.locked and not self._has(MANAGE_THREADS):
            raise locked_error()  # the bot's messages and its interactions' public ones

    # -- starting threads -----------------------------------------------------------------
    def _startable(self, parent: Channel, permission: int) -> None:
        if parent.type != 0:  # only text channels here (no announcement, DM, thread)
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        if not self._has(permission):
            raise missing_permissions()
        self.check_cap(parent.guild_id)

    async def start_thread_from_message(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        message = self._message(request, parent)
        body = request[RECORD].body or {}
        self._startable(parent, CREATE_PUBLIC_THREADS)
        if message.thread is not None:
            raise ApiError(400, 160004, "A thread has already been created for this message")
        thread = self.world.add_thread(
            parent, body["name"], self.world.bot, thread_id=message.id,
            auto_archive_duration=body.get("auto_archive_duration") or 1440,
            rate_limit_per_user=body.get("rate_limit_per_user") or 0,
        )
        message.thread = thread
        await self.thread_created(thread)
        return json_response(thread.to_json(), 201)

    async def start_thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        body = request[RECORD].body or {}
        if parent.type == FORUM:
            return await self._forum_post(parent, body, request[RECORD].files)
        kind = body.get("type") or 12  # the docs: PRIVATE_THREAD unless told
        if "message" in body or kind not in (11, 12):
            raise ApiError(400, 50024, "Cannot execute action on this channel type")
        self._startable(parent, CREATE_PUBLIC_THREADS if kind == 11 else CREATE_PRIVATE_THREADS)
        invitable = body.get("invitable")
        thread = self.world.add_thread(
            parent, body["name"], self.world.bot, kind=kind,
            auto_archive_duration=body.get("auto_archive_duration") or 1440,
            invitable=True if invitable is None else invitable,
            rate_limit_per_user=body.get("rate_limit_per_user") or 0,
        )
        await self.thread_created(thread)
        return json_response(thread.to_json(), 201)

    async def _forum_post(
        self, forum: Channel, body: dict[str, Any], files: list[FilePart]
    ) -> web.Response:
        """A forum post (channel.mdx, "Start Thread in Forum or Media Channel"): a public
        thread and its first message, which has the thread's id; SEND_MESSAGES on the forum
        (CREATE_PUBLIC_THREADS is ignored); ``applied_tags`` among the forum's tags; answers the
        thread with the message nested; THREAD_CREATE."""
        message = body.get("message")
        if not isinstance(message, dict):
            raise form_error("message", "BASE_TYPE_REQUIRED", "This field is required")
        if not any(message.get(k) for k in ("content", "embeds", "sticker_ids", "components")
                   ) and not files:
            raise ApiError(400, 50006, "Cannot send an empty message")
        if not self._has(SEND_MESSAGES):
            raise missing_permissions()
        tags = [int(t) for t in body.get("applied_tags") or []]
        known = {int(t["id"]) for t in forum.tags}
        if any(t not in known for t in tags):
            raise form_error("applied_tags", "CHANNEL_THREAD_INVALID_TAG",
                             "Tag is not available in this channel")
        self.check_cap(forum.guild_id)
        thread = self.world.add_thread(
            forum, body["name"], self.world.bot, kind=11,
            auto_archive_duration=body.get("auto_archive_duration") or 1440,
            rate_limit_per_user=body.get("rate_limit_per_user") or 0,
        )
        thread.applied_tags = tags
        try:
            starter = self.new_message(thread, message, files, message_id=thread.id)
        except ApiError:
            self.world.channels.pop(thread.id)  # nothing is created when the message is refused
            raise
        await self.thread_created(thread)
        return json_response(thread.to_json() | {"message": starter.to_json()}, 201)

    # -- modifying ------------------------------------------------------------------------
    async def modify_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body: dict[str, Any] = request[RECORD].body or {}
        if not isinstance(channel, Thread):
            if channel.type == 1 or not self._has(1 << 4):  # MANAGE_CHANNELS
                raise missing_permissions()
            if body.get("name"):
                channel.name = body["name"]
                await self.gateway.dispatch("CHANNEL_UPDATE", channel.to_json())
            return json_response(channel.to_json())
        return json_response((await self._modify_thread(channel, body)).to_json())

    async def _modify_thread(self, thread: Thread, body: dict[str, Any]) -> Thread:
        manage = self._has(MANAGE_THREADS)
        mine = thread.owner is self.world.bot
        archived = body.get("archived")
        unarchiving = thread.archived and archived is False
        if thread.archived and not unarchiving:
            raise archived_error()
        if unarchiving and thread.locked and not manage:
            raise missing_permissions()
        if body.get("locked") is not None or body.get("rate_limit_per_user") is not None:
            if not manage:
                raise missing_permissions()
        owner_fields = ("name", "auto_archive_duration")
        if (any(body.get(k) is not None for k in owner_fields) or archived) and not (
            manage or mine
        ):
            raise missing_permissions()
        if unarchiving:
            self.check_cap(thread.guild_id)
        now = self.world.clock()
        if body.get("name"):
            thread.name = body["name"]
        if body.get("locked") is not None:
            thread.locked = body["locked"]
        if body.get("invitable") is not None:
            thread.invitable = body["invitable"]
        if body.get("rate_limit_per_user") is not None:
            thread.rate_limit_per_user = body["rate_limit_per_user"]
        if body.get("auto_archive_duration") is not None:
            thread.auto_archive_duration = body["auto_archive_duration"]
            thread.archive_timestamp = now
        if archived is not None and archived != thread.archived:
            thread.archived = archived
            thread.archive_timestamp = now
        await self.thread_updated(thread, unarchived=unarchiving)
        return thread

    async def delete_channel(self, request: web.Request) -> web.Response:
        """DELETE /channels/{id}: a thread needs MANAGE_THREADS (a channel MANAGE_CHANNELS,
        not emulated: refused as missing permissions); answers the channel object."""
        channel = self._channel(request)
        if not isinstance(channel, Thread) or not self._has(MANAGE_THREADS):
            raise missing_permissions()
        data = channel.to_json()
        await self.thread_deleted(channel)
        return json_response(data)

    # -- members --------------------------------------------------------------------------
    def _member_user(self, request: web.Request) -> User:
        if "user_id" not in request.match_info:
            return self.world.bot
        user = self.world.users.get(path_id(request, "user_id"))
        if user is None:
            raise unknown("Member", 10007)
        return user

    async def add_thread_member(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        user = self._member_user(request)
        if thread.archived:
            raise archived_error()
        if user is not self.world.bot and not self._has(SEND_MESSAGES_IN_THREADS):
            raise missing_permissions()
        if user.id not in thread.members:
            thread.members[user.id] = self.world.clock()
            await self.members_changed(thread, added=[user])
            if user is self.world.bot:  # Join Thread also fires THREAD_CREATE
                await self.gateway.dispatch("THREAD_CREATE", thread.to_json())
        return web.Response(status=204)

    async def remove_thread_member(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        user = self._member_user(request)
        if thread.archived:
            raise archived_error()
        private_owner = thread.type == 12 and thread.owner is self.world.bot
        if user is not self.world.bot and not (self._has(MANAGE_THREADS) or private_owner):
            raise missing_permissions()
        if thread.members.pop(user.id, None) is not None:
            await self.members_changed(thread, removed=[user])
        return web.Response(status=204)

    def _member_json(self, thread: Thread, user_id: int, with_member: bool) -> dict[str, Any]:
        data = thread.member_json(user_id)
        if with_member:
            data["member"] = self.world.member_json(self.world.users[user_id])
        return data

    async def get_thread_member(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        user = self._member_user(request)
        if user.id not in thread.members:
            raise unknown("Member", 10007)
        with_member = request.query.get("with_member") in ("true", "True", "1")
        return json_response(self._member_json(thread, user.id, with_member))

    async def list_thread_members(self, request: web.Request) -> web.Response:
        thread = self._thread(request)
        with_member = request.query.get("with_member") in ("true", "True", "1")
        after = int(request.query.get("after", 0))
        limit = int(request.query.get("limit", 100))
        ids = sorted(u for u in thread.members if u > after)[:limit]
        return json_response([self._member_json(thread, u, with_member) for u in ids])

    async def active_threads(self, request: web.Request) -> web.Response:
        guild_id = path_id(request, "guild_id")
        if guild_id not in self.world.guild_names:
            raise unknown("Guild", 10004)
        threads = self.world.threads_of(guild_id)
        bot = self.world.bot.id
        members = [t.member_json(bot) for t in threads if bot in t.members]
        return json_response(
            {"threads": [t.to_json() for t in threads], "members": members, "has_more": False}
        )
