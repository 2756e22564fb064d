"""The emulated Discord's world: guild, channels, users, messages, interactions.

Plain objects, no I/O. `to_json()` methods build payloads shaped as Discord documents them
(Discord's API documentation; the OpenAPI spec is vendored in tests/e2e/emulator/spec/), which
is what the real discord.py client parses.
"""

from __future__ import annotations

import io
import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from .guilds import Guilds
from .validate import flatten

DISCORD_EPOCH_MS = 1420070400000
EPHEMERAL = 1 << 6
COMPONENTS_V2 = 1 << 15
LOADING = 1 << 7
USE_EXTERNAL_APPS = 1 << 50  # "user-installed apps ... send public responses" (else ephemeral)
ALL_PERMISSIONS = (1 << 51) - 1
# View channel, send messages, embed links, attach files, read history, use app commands, and
# use external apps (on for @everyone in a new server, as on Discord).
DEFAULT_PERMISSIONS = ((1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31)
                       | USE_EXTERNAL_APPS)
EMBED_LINKS, ATTACH_FILES, MENTION_EVERYONE, USE_EXTERNAL_EMOJIS = 1 << 14, 1 << 15, 1 << 17, 1 << 18
# An interaction's app_permissions outside servers (receiving-and-responding.mdx, Interaction
# Structure, ***): (G)DMs with other users; the bot's own DM adds USE_EXTERNAL_EMOJIS.
PRIVATE_APP_PERMISSIONS = ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE
BOT_DM_APP_PERMISSIONS = PRIVATE_APP_PERMISSIONS | USE_EXTERNAL_EMOJIS
# Interaction context types (receiving-and-responding.mdx) and installation types
# (application integration types: 0 GUILD_INSTALL, 1 USER_INSTALL).
GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2
GUILD_INSTALL, USER_INSTALL = 0, 1
GROUP_DM = 3  # channel type
TOKEN_LIFETIME = 15 * 60.0
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
THREAD_TYPES = (10, 11, 12)
FORUM = 15  # GUILD_FORUM: only threads (posts) in it, no messages of its own
# Discord's cap on a guild's active threads (the docs give no number; 1000 is what servers
# see); a test lowers it with `sim.max_active_threads`.
MAX_ACTIVE_THREADS = 1000


def _iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).isoformat()


def snowflake_time(snowflake: int) -> float:
    """The epoch time (seconds) a snowflake id carries."""
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000


class Snowflakes:
    """Increasing snowflake ids stamped with the time they are made (``now``, the world's
    clock), as discord.py expects; never earlier than the previous one, even when a test sets
    the clock back."""

    def __init__(self) -> None:
        self._counter = itertools.count()
        self._last_ms = 0

    def next(self, now: float) -> int:
        ms = max(int(now * 1000) - DISCORD_EPOCH_MS, self._last_ms)
        self._last_ms = ms
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)


@dataclass(eq=False)
class User:
    """A person (or the bot) in the emulated guild."""

    id: int
    name: str
    bot: bool = False
    dms_open: bool = True
    roles: list[Role] = field(default_factory=list)
    display: str | None = None  # the display name people chose (default: the name, titled)
    locale: str = "en-US"  # the language of their Discord client (interactions carry it)
    installed: bool = True  # the app installed to their account (USER_INSTALL)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": None if self.bot else (self.display or self.name.title()),
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"


@dataclass(eq=False)
class Role:
    id: int
    name: str
    permissions: int
    position: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class Channel:
    """A guild text channel (type 0), the bot's DM with someone (type 1, its ``recipient``),
    or a conversation between people the bot is not part of: a DM between two (type 1) or a
    group DM (type 3), with its ``recipients``."""

    id: int
    name: str
    type: int = 0
    guild_id: int | None = None
    recipient: User | None = None
    position: int = 0
    # Overwrites as Discord sends them: {"id", "type" (0 role, 1 member), "allow", "deny"}, the
    # bit sets as strings (the bot computes who sees the channel from them; the emulator's own
    # permission checks read the roles only).
    overwrites: list[dict[str, Any]] = field(default_factory=list)
    # A forum's (type 15) tags: {"id", "name", "moderated", "emoji_id", "emoji_name"}.
    tags: list[dict[str, Any]] = field(default_factory=list)
    # The people in a DM between people or a group DM (the first one owns a group DM).
    recipients: list[User] = field(default_factory=list)

    @property
    def between_people(self) -> bool:
        """A DM between people or a group DM: the bot is not in it."""
        return bool(self.recipients)

    @property
    def context(self) -> int:
        """The interaction context type of an interaction from here."""
        if self.guild_id is not None:
            return GUILD
        return PRIVATE_CHANNEL if self.between_people else BOT_DM

    def to_json(self) -> dict[str, Any]:
        if self.between_people:
            # What Discord sends of a conversation the bot is not in (PrivateChannelResponse,
            # PrivateGroupChannelResponse): every person in it, the one acting included (the
            # bot has no "me" in it to leave out).
            data: dict[str, Any] = {
                "id": str(self.id),
                "type": self.type,
                "last_message_id": None,
                "recipients": [u.to_json() for u in self.recipients],
                "flags": 0,
            }
            if self.type == GROUP_DM:
                data |= {"name": self.name or None, "icon": None,
                         "owner_id": str(self.recipients[0].id)}
            return data
        if self.type == 1:
            assert self.recipient is not None
            return {
                "id": str(self.id),
                "type": 1,
                "last_message_id": None,
                "recipients": [self.recipient.to_json()],
                "flags": 0,
            }
        return {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "position": self.position,
            "permission_overwrites": [dict(o) for o in self.overwrites],
            "topic": None,
            "nsfw": False,
            "parent_id": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
            "flags": 0,
        } | (self._forum_json() if self.type == FORUM else {}) | (
            {"bitrate": 64000, "user_limit": 0, "rtc_region": None}
            if self.type in (2, 13) else {})

    def _forum_json(self) -> dict[str, Any]:
        """The fields of a forum channel (resources/channel.mdx, topics/threads.mdx)."""
        return {
            "available_tags": [dict(t) for t in self.tags],
            "default_reaction_emoji": None,
            "default_thread_rate_limit_per_user": 0,
            "default_sort_order": None,
            "default_forum_layout": 0,
            "default_auto_archive_duration": 1440,
        }


@dataclass(eq=False)
class Thread(Channel):
    """A thread (11 public, 12 private): a channel of its own under ``parent``; one started
    from a message has that message's id (docs: topics/threads.mdx)."""

    parent: Channel | None = None
    owner: User | None = None
    bot_id: int = 0  # the current user, whose thread member the channel object carries
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 1440
    invitable: bool = True
    rate_limit_per_user: int = 0
    created: float = 0.0  # World.add_thread sets these two to the clock's now
    archive_timestamp: float = 0.0
    members: dict[int, float] = field(default_factory=dict)  # user id -> join time
    message_count: int = 0
    total_message_sent: int = 0
    last_message_id: int | None = None
    applied_tags: list[int] = field(default_factory=list)  # a forum post's tags

    @property
    def active(self) -> bool:
        return not self.archived

    def __repr__(self) -> str:
        state = "archived" if self.archived else "active"
        return f"<Thread {self.id} #{self.name} ({state}, {self.message_count} messages)>"

    def member_json(self, user_id: int, *, in_guild_create: bool = False) -> dict[str, Any]:
        """A thread member object; GUILD_CREATE's omit ``id`` and ``user_id`` (the docs)."""
        data: dict[str, Any] = {"join_timestamp": _iso(self.members[user_id]), "flags": 0}
        if not in_guild_create:
            data = {"id": str(self.id), "user_id": str(user_id)} | data
        return data

    def to_json(self, *, in_guild_create: bool = False) -> dict[str, Any]:
        assert self.parent is not None and self.owner is not None
        metadata: dict[str, Any] = {
            "archived": self.archived,
            "archive_timestamp": _iso(self.archive_timestamp),
            "auto_archive_duration": self.auto_archive_duration,
            "locked": self.locked,
            "create_timestamp": _iso(self.created),
        }
        if self.type == 12:
            metadata["invitable"] = self.invitable
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "parent_id": str(self.parent.id),
            "owner_id": str(self.owner.id),
            "name": self.name,
            "last_message_id": None if self.last_message_id is None else str(self.last_message_id),
            "rate_limit_per_user": self.rate_limit_per_user,
            "flags": 0,
            "message_count": self.message_count,
            "member_count": min(len(self.members), 50),
            "total_message_sent": self.total_message_sent,
            "thread_metadata": metadata,
        }
        if self.parent.type == FORUM:
            data["applied_tags"] = [str(t) for t in self.applied_tags]
        if self.bot_id in self.members:
            data["member"] = self.member_json(self.bot_id, in_guild_create=in_guild_create)
        return data


@dataclass(eq=False)
class Attachment:
    """A file kept with its bytes, so tests can open it (`image()`)."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    url: str = ""

    def image(self) -> Any:
        """The attachment decoded by Pillow (imported lazily: only image tests need it)."""
        from PIL import Image

        img = Image.open(io.BytesIO(self.data))
        img.load()
        return img

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
        }


@dataclass(eq=False)
class Message:
    """A message as Discord stores it: components exactly as sent, attachments with bytes."""

    id: int
    channel: Channel
    author: User
    raw_content: str = ""  # the `content` field (`.content` is what a person reads)
    components: list[dict[str, Any]] = field(default_factory=list)
    embeds: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    visible_only_to: User | None = None
    interaction: Interaction | None = None
    webhook_id: int | None = None
    edited: float | None = None  # when last edited, by the world's clock
    deleted: bool = False
    history: list[dict[str, Any]] = field(default_factory=list)
    thread: Thread | None = None  # the thread started from this message
    # The users its text mentions that allowed_mentions lets through (rebuilt on each edit), and
    # those of them it notified when sent: an edit notifies nobody.
    mentions: list[User] = field(default_factory=list)
    pinged: list[User] = field(default_factory=list)

    @property
    def created(self) -> float:
        """When it was sent: the time its id carries (the world's clock then)."""
        return snowflake_time(self.id)

    @property
    def is_v2(self) -> bool:
        """Sent with IS_COMPONENTS_V2: components only, text in text displays."""
        return bool(self.flags & COMPONENTS_V2)

    @property
    def content(self) -> str:
        """What a person reads: the `content` field of a classic message; of a V2 message, its
        text displays (in containers and sections too), in order, one per line. The raw field
        is `raw_content` (and `to_json()["content"]`)."""
        if not self.is_v2:
            return self.raw_content
        return "\n".join(c.get("content") or "" for c in _flatten(self.components)
                         if c.get("type") == 10)

    @content.setter
    def content(self, value: str) -> None:
        self.raw_content = value

    @property
    def media(self) -> list[tuple[str, str | None]]:
        """(url as sent, alt text) of every thumbnail, gallery item and file, in order."""
        found: list[tuple[str, str | None]] = []
        for comp in _flatten(self.components):
            kind = comp.get("type")
            if kind == 11:
                found.append((comp["media"]["url"], comp.get("description")))
            elif kind == 12:
                found += [(i["media"]["url"], i.get("description")) for i in comp["items"]]
            elif kind == 13:
                found.append((comp["file"]["url"], None))
        return found

    @property
    def accent_color(self) -> int | None:
        """The first container's accent colour (None: no container, or none set)."""
        return next((c.get("accent_color") for c in _flatten(self.components)
                     if c.get("type") == 17), None)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def visible_to(self, user: User) -> bool:
        if self.deleted or (self.channel.type == 1 and self.channel.recipient not in (None, user)):
            return False
        if self.channel.between_people and user not in self.channel.recipients:
            return False
        channel = self.channel
        if isinstance(channel, Thread) and channel.type == 12 and user.id not in channel.members:
            return False  # a private thread: its members only
        return self.visible_only_to is None or self.visible_only_to is user

    def buttons(self) -> list[dict[str, Any]]:
        """Every button on the message, in display order."""
        return [c for c in _flatten(self.components) if c.get("type") == 2]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in _flatten(self.components) if c.get("type") in (3, 5, 6, 7, 8)]

    @property
    def labels(self) -> list[str]:
        """Labels of the buttons, the handiest thing to assert on."""
        return [b.get("label") or "" for b in self.buttons()]

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": 0 if self.interaction is None else _message_type(self.interaction),
            "channel_id": str(self.channel.id),
            "author": self.author.to_json(),
            "content": self.raw_content,
            "timestamp": _iso(self.created),
            "edited_timestamp": None if self.edited is None else _iso(self.edited),
            "tts": False,
            "mention_everyone": False,
            "mentions": [u.to_json() for u in self.mentions],
            "mention_roles": [],
            "attachments": [a.to_json() for a in self.attachments],
            "embeds": self.embeds,
            "pinned": False,
            "flags": self.flags,
            "components": _numbered(self.components, self.attachments),
        }
        if self.channel.guild_id is not None:
            data["guild_id"] = str(self.channel.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.interaction is not None:
            data["interaction_metadata"] = self.interaction.metadata()
        if self.thread is not None:
            data["thread"] = self.thread.to_json()
        return data

    def __repr__(self) -> str:
        return f"<Message {self.id} in #{self.channel.name} {self.content[:40]!r} {self.labels}>"


def _message_type(interaction: Interaction) -> int:
    """20 = CHAT_INPUT_COMMAND for answers to slash commands, 23 = CONTEXT_MENU_COMMAND for
    answers to user and message commands; component answers are plain DEFAULT (0) messages
    carrying interaction_metadata (REPLY, 19, would need a reference)."""
    if interaction.type == 2 and interaction.payload["data"].get("type", 1) in (2, 3):
        return 23
    return 20 if interaction.type in (2, 4) else 0


def _numbered(components: list[dict[str, Any]],
              attachments: list[Attachment]) -> list[dict[str, Any]]:
    """Components as Discord returns them: each with a numeric `id`, depth first (ids the
    sender chose are kept), the defaults of V2 components filled in and media resolved
    (`attachment://name` becomes the file's URL, with its `attachment_id`). The stored
    components stay exactly as sent."""
    counter = itertools.count(1)
    files = {a.filename: a for a in attachments}

    def walk(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        out = []
        for comp in items:
            copy = {"id": next(counter)} | comp
            if isinstance(comp.get("components"), list):
                copy["components"] = walk(comp["components"])
            if isinstance(comp.get("accessory"), dict):
                copy["accessory"] = walk([comp["accessory"]])[0]
            out.append(_v2_answer(copy, files))
        return out

    return walk(components)


def _v2_answer(comp: dict[str, Any], files: dict[str, Attachment]) -> dict[str, Any]:
    kind = comp.get("type")
    if kind == 17:
        comp = {"accent_color": None, "spoiler": False} | comp
    elif kind == 11:
        comp = {"description": None, "spoiler": False} | comp
        comp["media"] = _media(comp["media"], files)
    elif kind == 12:
        comp = comp | {"items": [{"description": None, "spoiler": False} | item
                                 | {"media": _media(item["media"], files)}
                                 for item in comp["items"]]}
    elif kind == 13:
        comp = {"spoiler": False} | comp | {"file": _media(comp["file"], files)}
        found = files.get(comp["file"]["url"].rsplit("/", 1)[-1])
        comp |= {"name": found.filename if found else None,
                 "size": len(found.data) if found else None}
    elif kind == 14:
        comp = {"divider": True, "spacing": 1} | comp
    return comp


def _media(media: dict[str, Any], files: dict[str, Attachment]) -> dict[str, Any]:
    """An unfurled media item as Discord answers it."""
    url = media.get("url", "")
    found = files.get(url.removeprefix("attachment://")) if url.startswith(
        "attachment://") else None
    if found is None:
        return {"id": "0", "url": url, "proxy_url": url, "width": None, "height": None,
                "content_type": None}
    data = found.to_json()
    return {"id": str(found.id), "url": data["url"], "proxy_url": data["proxy_url"],
            "width": data.get("width"), "height": data.get("height"),
            "content_type": data.get("content_type"), "attachment_id": str(found.id)}


_flatten = flatten  # every component, nested ones included (validate.flatten)


@dataclass(eq=False)
class Interaction:
    """One dispatched interaction and everything the bot did with it."""

    id: int
    token: str
    type: int
    user: User
    channel: Channel
    payload: dict[str, Any]
    label: str
    dispatched_at: float
    # The installations it was authorized for ({"0": guild id or "0", "1": user id}, see
    # Payloads.owners) and when it was made on the world's clock (its token's 15 minutes).
    owners: dict[str, str] = field(default_factory=dict)
    clock_at: float = 0.0
    # From a server that never added the app, by someone without USE_EXTERNAL_APPS there:
    # every response and followup comes out ephemeral (Payloads.interaction).
    forced_ephemeral: bool = False
    acked_at: float | None = None
    response_type: int | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    activity: Any = None  # the ActivityInstance a LAUNCH_ACTIVITY (12) answer put the user in
    source_message: Message | None = None
    expired: bool = False
    reported: bool = False  # a violation already names it

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def reply(self) -> Message | None:
        """The answer the person sees: the response, or, when its "thinking…" was deleted
        unanswered (a public one before a private answer), the followup sent in its place."""
        original = self.original
        if original is not None and original.deleted and original.loading and self.followups:
            return self.followups[0]
        return original

    @property
    def user_install_only(self) -> bool:
        """Authorized by a person's install alone ("1" without "0"): five followups at most."""
        return set(self.owners) == {str(USER_INSTALL)}

    def metadata(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.to_json(),
            "authorizing_integration_owners": dict(self.owners),
        }
        if self.source_message is not None:
            data["interacted_message_id"] = str(self.source_message.id)
        command = self.payload.get("data") or {}
        if self.type == 2 and command.get("type") == 2:
            data["target_user"] = command["resolved"]["users"][command["target_id"]]
        if self.type == 2 and command.get("type") == 3:
            data["target_message_id"] = command["target_id"]
        return data

    def __repr__(self) -> str:
        return f"<Interaction {self.label} by {self.user.name} id={self.id}>"


class World(Guilds):
    """Everything the emulated Discord knows. One guild, as most of Tablée's tests need; a
    sharding test adds more (:mod:`.guilds`)."""

    def __init__(self, token: str = "emulator-token") -> None:
        # The emulator's "now" (epoch seconds): ids and their timestamps, message timestamps and
        # edits, thread times. A test or a benchmark replaces it (`world.clock = fake`) to move
        # Discord's time; rate limits and interaction tokens keep the event loop's real time.
        self.clock: Callable[[], float] = time.time
        self.ids = Snowflakes()
        self.token = token
        self.application_id = self.new_id()
        self.bot = User(self.application_id, "Tablée", bot=True)
        self.owner = User(self.new_id(), "owner")
        self.guild_id = self.new_id()
        self.guild_name = "Emulated Guild"
        self.preferred_locale = "en-US"  # the server's language (Server Settings > Overview)
        self.everyone = Role(self.guild_id, "@everyone", DEFAULT_PERMISSIONS)
        self.bot_role = Role(self.new_id(), "Tablée", ALL_PERMISSIONS, position=1)
        self.bot.roles.append(self.bot_role)
        self.roles: list[Role] = [self.everyone, self.bot_role]
        self.users: dict[int, User] = {self.bot.id: self.bot, self.owner.id: self.owner}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.interactions: dict[int, Interaction] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.app_emojis: dict[int, Any] = {}  # the application's own: id -> emojis.AppEmoji
        self.max_active_threads = MAX_ACTIVE_THREADS  # per guild; beyond: 160006
        self.scheduled_events: dict[int, Any] = {}  # id -> events.ScheduledEvent
        # The installation contexts the developer portal's Installation page turned on
        # (0 GUILD_INSTALL, 1 USER_INSTALL: application.mdx "Application Integration Types")
        # and the default install link's `oauth2_install_params` of each ({"scopes": [...],
        # "permissions": "..."}; absent: none set). GET /applications/@me reports both.
        self.install_types: set[int] = {0}
        self.install_params: dict[int, dict[str, Any]] = {}
        self._init_guilds()
        self.general = self.add_channel("general")

    # -- creation -------------------------------------------------------------------------
    def new_id(self) -> int:
        """A new snowflake, stamped with the clock's now."""
        return self.ids.next(self.clock())

    def add_channel(self, name: str, *, guild_id: int | None = None, kind: int = 0,
                    tags: tuple[str, ...] = ()) -> Channel:
        """A guild channel: text (``kind`` 0), voice (2), stage (13) or forum (15, with
        ``tags``, the names of its available tags)."""
        guild_id = guild_id or self.guild_id
        channel = Channel(
            self.new_id(), name, type=kind, guild_id=guild_id, position=len(self.channels)
        )
        channel.tags = [{"id": str(self.new_id()), "name": tag, "moderated": False,
                         "emoji_id": None, "emoji_name": None} for tag in tags]
        self.channels[channel.id] = channel
        return channel

    def add_thread(
        self,
        parent: Channel,
        name: str,
        owner: User,
        *,
        thread_id: int | None = None,
        kind: int = 11,
        auto_archive_duration: int = 1440,
        invitable: bool = True,
        rate_limit_per_user: int = 0,
    ) -> Thread:
        """A thread under ``parent`` (``thread_id``: the message it starts from), its owner
        its first member."""
        now = self.clock()
        thread = Thread(
            thread_id or self.new_id(), name, type=kind, guild_id=parent.guild_id,
            parent=parent, owner=owner, bot_id=self.bot.id,
            auto_archive_duration=auto_archive_duration, invitable=invitable,
            rate_limit_per_user=rate_limit_per_user, created=now, archive_timestamp=now,
        )
        thread.members[owner.id] = now
        self.channels[thread.id] = thread
        return thread

    def threads_of(self, guild_id: int, *, active: bool = True) -> list[Thread]:
        """The guild's threads (only the active ones unless ``active=False``), oldest first."""
        return [
            c for c in self.channels.values()
            if isinstance(c, Thread) and c.guild_id == guild_id and (c.active or not active)
        ]

    def add_role(self, name: str, permissions: int) -> Role:
        role = Role(self.new_id(), name, permissions, position=len(self.roles))
        self.roles.append(role)
        return role

    def add_user(
        self, name: str, *, dms_open: bool = True, roles: list[Role] | None = None,
        display: str | None = None, locale: str = "en-US", installed: bool = True,
    ) -> User:
        user = User(self.new_id(), name, dms_open=dms_open, roles=list(roles or []),
                    display=display, locale=locale, installed=installed)
        self.users[user.id] = user
        return user

    def dm_channel(self, user: User) -> Channel:
        """The DM channel between the bot and `user`, created on first use like Discord does."""
        for channel in self.channels.values():
            if channel.type == 1 and channel.recipient is user:
                return channel
        channel = Channel(self.new_id(), f"dm-{user.name}", type=1, recipient=user)
        self.channels[channel.id] = channel
        return channel

    def group_dm(self, users: list[User], name: str = "") -> Channel:
        """A group DM (type 3) of ``users`` (the first one owns it), without the bot."""
        channel = Channel(self.new_id(), name, type=GROUP_DM, recipients=list(users))
        self.channels[channel.id] = channel
        return channel

    def dm_between(self, one: User, other: User) -> Channel:
        """The DM (type 1) between two people, not the bot's; made on first use."""
        for channel in self.channels.values():
            if channel.type == 1 and {u.id for u in channel.recipients} == {one.id, other.id}:
                return channel
        channel = Channel(self.new_id(), f"dm-{one.name}-{other.name}", type=1,
                          recipients=[one, other])
        self.channels[channel.id] = channel
        return channel

    def bot_reaches(self, channel: Channel) -> bool:
        """Whether the bot's own token may use this channel: a channel of a guild that added
        the bot, or the bot's own DM; not a conversation between people, nor a guild that
        never added it."""
        if channel.between_people:
            return False
        return channel.guild_id is None or channel.guild_id in self.guild_ids

    # -- payloads -------------------------------------------------------------------------
    def permissions(self, user: User, guild_id: int | None = None) -> int:
        """``user``'s permissions in a guild (the first unless told): its @everyone and the
        user's roles (shared by every guild)."""
        if user is self.owner:
            return ALL_PERMISSIONS
        value = self.everyones[guild_id or self.guild_id].permissions
        for role in user.roles:
            value |= role.permissions
        return ALL_PERMISSIONS if value & 8 else value  # ADMINISTRATOR implies everything

    def member_json(self, user: User, *, with_user: bool = True, permissions: bool = False,
                    guild_id: int | None = None) -> dict:
        data: dict[str, Any] = {
            "nick": None,
            "avatar": None,
            "banner": None,
            "roles": [str(r.id) for r in user.roles],
            "joined_at": _iso(self.clock() - 86400),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = user.to_json()
        if permissions:
            data["permissions"] = str(self.permissions(user, guild_id))
        return data

    def guild_json(self, guild_id: int | None = None) -> dict[str, Any]:
        """The full guild as GUILD_CREATE carries it (channels, members, roles); the first
        guild unless told."""
        guild_id = guild_id or self.guild_id
        return {
            "id": str(guild_id),
            "name": self.guild_names[guild_id],
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner.id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.to_json() for r in self.roles_of(guild_id)],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": str(self.general_of(guild_id).id),
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": self.preferred_locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "home_header": None,
            "region": "deprecated",
            "widget_enabled": False,
            "widget_channel_id": None,
            "max_presences": None,
            "max_members": 25000,
            "max_stage_video_channel_users": 50,
            "max_video_channel_users": 25,
            "premium_subscription_count": 0,
            "safety_alerts_channel_id": None,
            "nsfw": False,
            "incidents_data": None,
            "joined_at": _iso(self.clock() - 86400),
            "large": False,
            "unavailable": False,
            "member_count": len(self.users),
            "members": [self.member_json(u) for u in self.users.values()],
            "channels": [c.to_json() for c in self.channels_of(guild_id)],
            "threads": [t.to_json(in_guild_create=True) for t in self.threads_of(guild_id)],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [
                e.to_json() for e in self.scheduled_events.values() if e.guild_id == guild_id
            ],
            "soundboard_sounds": [],
        }

    def bot_private_json(self) -> dict[str, Any]:
        """The bot's own user, as /users/@me and READY give it."""
        private = {"verified": True, "mfa_enabled": False, "locale": "en-US", "email": None}
        return self.bot.to_json() | private

    def application_json(self) -> dict[str, Any]:
        return {
            "id": str(self.application_id),
            "name": self.bot.name,
            "icon": None,
            "description": "Board games in Discord channels",
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner.to_json(),
            "verify_key": "0" * 64,
            "team": None,
            "flags": 0,
            "bot": self.bot.to_json(),
            "summary": "",
            "rpc_origins": [],
            "tags": [],
            "integration_types_config": self.integration_types_config(),
            "type": None,
            "flags_new": "0",
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "approximate_guild_count": 1,
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0,
            "eligible_oauth2_scopes": ["bot", "applications.commands"],
        }

    def integration_types_config(self) -> dict[str, dict[str, Any]]:
        """The application's ``integration_types_config``: a key per installation context
        turned on, each with its ``oauth2_install_params`` where set (an empty object else)."""
        return {
            str(kind): ({"oauth2_install_params": dict(self.install_params[kind])}
                        if kind in self.install_params else {})
            for kind in sorted(self.install_types)
        }

    def commands_for(self, guild_id: int | None) -> list[dict[str, Any]]:
        return self.guild_commands.get(guild_id, []) if guild_id else self.global_commands

    def commands(self, guild_id: int | None = None) -> list[dict[str, Any]]:
        """Commands the bot synced (the guild's ones first; the first guild unless told)."""
        return self.guild_commands.get(guild_id or self.guild_id, []) + self.global_commands

    def find_command(self, name: str, kind: int = 1,
                     guild_id: int | None = None) -> dict[str, Any] | None:
        """Guild commands shadow global ones, as in the Discord client; ``kind`` 1 slash,
        2 user, 3 message command."""
        for cmd in self.commands(guild_id):
            if cmd["name"] == name and cmd.get("type", 1) == kind:
                return cmd
        return None

    def token_valid(self, interaction: Interaction, now: float) -> bool:
        """Within the token's 15 minutes, on the event loop's time (``now``) and on the
        world's clock (a test moving Discord's time ages it too)."""
        return (not interaction.expired and now - interaction.dispatched_at < TOKEN_LIFETIME
                and self.clock() - interaction.clock_at < TOKEN_LIFETIME)

    def interaction_by_token(self, token: str) -> Interaction | None:
        for interaction in self.interactions.values():
            if interaction.token == token:
                return interaction
        return None
