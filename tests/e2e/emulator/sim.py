"""Test helpers that read like a person using Discord.

    alice = discord_sim.user("alice")
    lobby = await discord_sim.slash(alice, "play", game="master-islands")
    await discord_sim.click(bob, lobby, label="Join")

Each action dispatches an INTERACTION_CREATE built as Discord documents it, waits until the bot
acknowledged it (failing, with the interaction named, past the 3 s limit) and went idle, then
returns the message the person would now look at.
"""

from __future__ import annotations

import asyncio
import copy
from typing import TYPE_CHECKING, Any

from .activities import ActivityInstance, Application
from .counts import RequestCounts
from .limits import Limits, RateLimitHit
from .payloads import Payloads, leaf_of
from .state import VIEW_CHANNEL, Channel, Interaction, Message, Role, Thread, User, _flatten
from .wire import RateLimitPlan, RequestRecord

if TYPE_CHECKING:
    import discord

    from .fixtures import Emulator

ACK_GRACE = 0.25
PACING_GRACE = 0.1  # after a bucket frees up, discord.py's retry comes within this
# discord.py tasks that only wait for a timeout: never "the bot is still working".
TIMERS = {"BaseView.__timeout_task_impl"}
# What GUILD_CREATE carries beyond the guild object itself (GUILD_UPDATE has none of these).
GUILD_CREATE_ONLY = {"joined_at", "large", "unavailable", "member_count", "members", "channels",
                     "threads", "presences", "voice_states", "stage_instances",
                     "guild_scheduled_events", "soundboard_sounds"}


class DiscordSim:
    """The person-like face of an Emulator (see module doc)."""

    def __init__(self, emulator: Emulator) -> None:
        self.emulator = emulator
        self.world = emulator.world
        self.api = emulator.api
        self.payloads = Payloads(emulator.world)
        self.quiet = 0.02  # the bot is idle after this long without a REST request...
        self.background_after = 2.0  # ...and once the tasks an action started are done
        self.settle_timeout = 10.0  # a deferred reply must arrive within this
        self.last_interaction: Interaction | None = None
        self.bot: discord.Client | None = None
        self._tasks: set[asyncio.Task[None]] = set()

    # -- the world ------------------------------------------------------------------------
    @property
    def general(self) -> Channel:
        return self.world.general

    @property
    def requests(self) -> list[RequestRecord]:
        return self.api.requests

    def request_counts(self, since: int = 0) -> RequestCounts:
        """The requests since index ``since`` of :attr:`requests` (take ``len(sim.requests)``
        before a game), counted by route: ``.bot`` (the bot token) and ``.interaction``
        (callbacks and interaction webhooks); ``str()`` gives one line."""
        return RequestCounts.of(self.api.requests[since:])

    @property
    def limits(self) -> Limits:
        """Discord's rate limits, on by default (``limits.off()``; ``limits.messages =
        Limit(5, 5.0)``...)."""
        return self.api.limits

    @property
    def rate_limited(self) -> list[RateLimitHit]:
        """Every 429 the emulator gave (``method``, ``route``, ``scope``, ``retry_after``)."""
        return self.api.limits.rate_limited

    @property
    def violations(self) -> list[str]:
        return self.api.violations

    @property
    def ack_deadline(self) -> float:
        return self.api.ack_deadline

    @ack_deadline.setter
    def ack_deadline(self, seconds: float) -> None:
        self.api.ack_deadline = seconds

    def user(
        self,
        name: str,
        *,
        dms_open: bool = True,
        roles: list[Role] | None = None,
        permissions: int | None = None,
        display: str | None = None,
        locale: str = "en-US",
        installed: bool = True,
    ) -> User:
        """A guild member. `dms_open=False` makes DMs to them fail with 50007; `display` is the
        display name they chose (default: the name, titled); `locale` their Discord client's
        language (their interactions' `locale`); `installed` whether they added the app to
        their account (USER_INSTALL: its user-installable commands follow them everywhere)."""
        roles = list(roles or [])
        if permissions is not None:
            roles.append(self.world.add_role(f"{name}-perms", permissions))
        user = self.world.add_user(name, dms_open=dms_open, roles=roles, display=display,
                                   locale=locale, installed=installed)
        for guild_id in self.world.guild_ids:  # a member of every guild
            self._announce(
                "GUILD_MEMBER_ADD", self.world.member_json(user) | {"guild_id": str(guild_id)}
            )
        return user

    def set_guild_locale(self, locale: str) -> None:
        """The server's language (its `preferred_locale`, and the `guild_locale` of every
        interaction from now on); a running bot gets a GUILD_UPDATE."""
        self.world.preferred_locale = locale
        data = {k: v for k, v in self.world.guild_json().items() if k not in GUILD_CREATE_ONLY}
        self._announce("GUILD_UPDATE", data)

    def add_guild(self, name: str, *, bot_member: bool = True, external_apps: bool = True,
                  shard: tuple[int, int] | None = None) -> Channel:
        """Another server (everyone is a member), returned as its #general (``.guild_id``).
        ``bot_member=False``: a server that never added the app: no GUILD_CREATE, the bot's
        token refused there (403 50001), only user-installed commands offered;
        ``external_apps=False``: @everyone lacks USE_EXTERNAL_APPS, so a user-installed app's
        replies there come out ephemeral. A running bot gets GUILD_CREATE for a server that
        added it."""
        guild_id = self.world.add_guild(name, shard=shard, bot_member=bot_member,
                                        external_apps=external_apps)
        self._announce("GUILD_CREATE", self.world.guild_json(guild_id))
        return self.world.general_of(guild_id)

    def group_dm(self, *users: User, name: str = "") -> Channel:
        """A group DM (channel type 3) of ``users`` (the first owns it), without the bot: use
        its ``.id`` or pass it as ``channel=`` like ``sim.general``."""
        return self.world.group_dm(list(users), name)

    def dm_between(self, one: User, other: User) -> Channel:
        """The DM (type 1) between two people (not the bot's DM with someone)."""
        return self.world.dm_between(one, other)

    def commands_offered(self, user: User, channel: Channel | None = None) -> list[str]:
        """The names of the commands (slash, user and message commands) ``user`` sees in
        ``channel`` (default #general), sorted: what the synced ``integration_types`` and
        ``contexts``, the app's installs and the person's allow there."""
        return self.payloads.offered(user, channel or self.general)

    def refused_bot_requests(self) -> list[RequestRecord]:
        """The bot-token requests refused because the bot may not act there (403 50001: a
        (group) DM between people, a server that never added it)."""
        return list(self.api.refused)

    def advance(self, seconds: float) -> None:
        """Move Discord's clock (``world.clock``) ``seconds`` forward: ids, timestamps and
        interaction tokens (15 minutes) age with it. A test that shares one clock with the bot
        moves that clock instead."""
        before = self.world.clock
        self.world.clock = lambda: before() + seconds

    def role(self, name: str, permissions: int) -> Role:
        """A new role (every guild has it); a running bot gets its GUILD_ROLE_CREATE, as when
        an admin makes a role in Discord (gateway-events.mdx, "Guild Role Create")."""
        role = self.world.add_role(name, permissions)
        for guild_id in self.world.guild_ids:
            self._announce("GUILD_ROLE_CREATE", {"guild_id": str(guild_id), "role": role.to_json()})
        return role

    def channel(self, name: str, *, guild_id: int | None = None,
                hidden_from: int | None = None, shown_to: Role | None = None,
                kind: int = 0, tags: tuple[str, ...] = ()) -> Channel:
        """A new text channel in the first guild, or in ``guild_id``; ``hidden_from``: a role
        id (the guild's id: @everyone) denied View Channel there, ``shown_to``: a role allowed
        it (a staff channel); ``kind`` 15 makes a forum (``tags``: its available tags' names),
        2 a voice channel, 13 a stage."""
        channel = self.world.add_channel(name, guild_id=guild_id, kind=kind, tags=tags)
        if hidden_from is not None:
            channel.overwrites.append(
                {"id": str(hidden_from), "type": 0, "allow": "0", "deny": str(VIEW_CHANNEL)})
        if shown_to is not None:
            channel.overwrites.append(
                {"id": str(shown_to.id), "type": 0, "allow": str(VIEW_CHANNEL), "deny": "0"})
        self._announce("CHANNEL_CREATE", channel.to_json())
        return channel

    # -- threads --------------------------------------------------------------------------
    @property
    def max_active_threads(self) -> int:
        """The guild's cap on active threads: creating or unarchiving one more answers
        400 160006 "Maximum number of active threads reached"."""
        return self.world.max_active_threads

    @max_active_threads.setter
    def max_active_threads(self, count: int) -> None:
        self.world.max_active_threads = count

    def thread_of(self, message: Message) -> Thread:
        """The thread started from ``message`` (an AssertionError if there is none)."""
        assert message.thread is not None, f"no thread was started from {message!r}"
        return message.thread

    def threads(self, channel: Channel | None = None, *, active: bool = True) -> list[Thread]:
        """The threads under ``channel`` (default #general), only the active ones unless
        ``active=False``, oldest first."""
        parent = channel or self.general
        found = self.world.threads_of(parent.guild_id or self.world.guild_id, active=active)
        return [t for t in found if t.parent is parent]

    async def thread(
        self, user: User, name: str, *, message: Message | None = None,
        channel: Channel | None = None, private: bool = False,
    ) -> Thread:
        """A person starts a thread: from ``message`` (the thread takes its id) or in
        ``channel`` (default #general); THREAD_CREATE, then wait until the bot is idle."""
        parent = message.channel if message is not None else (channel or self.general)
        thread = self.world.add_thread(
            parent, name, user, thread_id=message.id if message is not None else None,
            kind=12 if private else 11,
        )
        if message is not None:
            message.thread = thread
        await self._flush()
        before = asyncio.all_tasks()
        await self.api.thread_created(thread)
        await self.wait_idle(since=before)
        return thread

    async def archive(self, thread: Thread, *, locked: bool = False) -> None:
        """Archive ``thread`` as Discord does after ``auto_archive_duration`` minutes without
        activity (or a moderator, with ``locked``): THREAD_UPDATE; returns once the bot is
        idle again (it may react: reopen a live table's thread). Interactions from it are then refused (see :meth:`Payloads.interaction`)."""
        thread.archived = True
        thread.locked = thread.locked or locked
        thread.archive_timestamp = self.world.clock()
        await self._flush()
        before = asyncio.all_tasks()
        await self.api.thread_updated(thread)
        await self.wait_idle(since=before)

    async def unarchive(self, thread: Thread) -> None:
        """A person reopens ``thread`` (as sending a message in it does): THREAD_UPDATE, then
        THREAD_MEMBER_UPDATE to the bot if it is a member."""
        await self._flush()
        before = asyncio.all_tasks()
        await self.api.unarchive(thread)
        await self.wait_idle(since=before)

    async def lock(self, thread: Thread, *, locked: bool = True) -> None:
        """A moderator locks ``thread`` without archiving it (``locked=False``: unlocks it):
        THREAD_UPDATE. A bot without MANAGE_THREADS can then neither post nor edit there
        (400 160005); returns once the bot is idle."""
        thread.locked = locked
        await self._flush()
        before = asyncio.all_tasks()
        await self.api.thread_updated(thread)
        await self.wait_idle(since=before)

    async def delete_thread(self, thread: Thread) -> None:
        """A moderator deletes ``thread``: it is gone with its messages (10003 from then on),
        THREAD_DELETE; returns once the bot is idle."""
        await self._flush()
        before = asyncio.all_tasks()
        await self.api.thread_deleted(thread)
        await self.wait_idle(since=before)

    async def set_permissions(self, role: Role, permissions: int) -> None:
        """An admin changes ``role``'s permissions: GUILD_ROLE_UPDATE; returns once the bot is
        idle."""
        role.permissions = permissions
        await self._flush()
        before = asyncio.all_tasks()
        await self.emulator.gateway.dispatch(
            "GUILD_ROLE_UPDATE", {"guild_id": str(self.world.guild_id), "role": role.to_json()})
        await self.wait_idle(since=before)

    async def join_thread(self, user: User, thread: Thread) -> None:
        """A person joins ``thread`` (THREAD_MEMBERS_UPDATE to GUILD_MEMBERS sessions)."""
        thread.members[user.id] = self.world.clock()
        await self._flush()
        before = asyncio.all_tasks()
        await self.api.members_changed(thread, added=[user])
        await self.wait_idle(since=before)

    def _announce(self, event: str, data: dict[str, Any]) -> None:
        guild = data.get("guild_id") or (data.get("id") if event == "GUILD_CREATE" else None)
        if guild and int(guild) in self.world.without_bot:
            return  # the bot is not in that server: it hears nothing of it
        if self.emulator.gateway.live:
            task = asyncio.get_running_loop().create_task(
                self.emulator.gateway.dispatch(event, data)
            )
            self._tasks.add(task)  # keep a reference until it is done
            task.add_done_callback(self._tasks.discard)

    async def _flush(self) -> None:
        """Deliver pending CHANNEL_CREATE / GUILD_MEMBER_ADD before the next interaction;
        a person acts next (the rate-limit windows see ``limits.person_pace`` pass)."""
        self.api.limits.person_acts()
        if self._tasks:
            await asyncio.gather(*list(self._tasks))

    # -- Activities (see .activities) -----------------------------------------------------
    @property
    def client_secret(self) -> str:
        """The bot's application's OAuth2 client secret (the developer portal's)."""
        return self.api.activities.own.secret

    def enable_activities(self) -> dict[str, Any]:
        """The owner turns Activities on in the developer portal: the Entry Point command
        ("launch", type 4) appears among the global commands, and a bulk update must keep it."""
        return self.api.activities.enable()

    def application(self, name: str) -> Application:
        """Another application on this Discord, with its own id and secret."""
        return self.api.activities.add_application(name)

    def authorization_code(self, user: User, application: Application | None = None,
                           scopes: tuple[str, ...] = ("identify",)) -> str:
        """What AUTHORIZE gives an Activity when ``user`` agrees: a one-time code for the bot's
        application (or ``application``)."""
        return self.api.activities.mint_code(user, application, scopes)

    def start_activity(self, users: list[User], *, channel: Channel | None = None,
                       custom_id: str | None = None) -> ActivityInstance:
        """``users`` open the bot's Activity in ``channel`` (general by default), launched with
        ``custom_id`` (a link that names one). ``instance.query()``: the iframe's query."""
        return self.api.activities.start(channel or self.general, users, custom_id=custom_id)

    def join_activity(self, user: User, instance: ActivityInstance) -> None:
        """``user`` joins a running Activity."""
        instance.users.append(user)

    # -- bots -----------------------------------------------------------------------------
    async def start_bot(self, client: Any, *, token: str | None = None) -> Any:
        """Start `client` on the emulator and wait for on_ready; it is stopped at teardown."""
        self.bot = await self.emulator.start_bot(client, token=token)
        return client

    async def stop_bot(self) -> None:
        if self.bot is not None:
            await self.emulator.stop_bot(self.bot)
            self.bot = None

    async def restart_bot(self, new_client: Any, *, token: str | None = None) -> Any:
        """Close the running bot, then start `new_client` (a fresh instance) on the same world."""
        assert self.bot is not None, "no bot is running"
        self.bot = await self.emulator.restart_bot(self.bot, new_client, token=token)
        return new_client

    # -- what people see ------------------------------------------------------------------
    def visible_to(self, user: User, channel: Channel | None = None) -> list[Message]:
        """Messages in `channel` (default #general) that `user` can see, oldest first."""
        channel = channel or self.general
        found = [
            m for m in self.world.messages.values() if m.channel is channel and m.visible_to(user)
        ]
        return sorted(found, key=lambda m: m.id)

    def public(self, channel: Channel | None = None) -> list[Message]:
        """Messages everybody sees in the channel (no ephemerals), oldest first."""
        channel = channel or self.general
        found = [
            m
            for m in self.world.messages.values()
            if m.channel is channel and not m.deleted and m.visible_only_to is None
        ]
        return sorted(found, key=lambda m: m.id)

    def dms(self, user: User) -> list[Message]:
        """The bot's DMs to `user`, oldest first."""
        channel = self.world.dm_channel(user)
        return sorted(
            (m for m in self.world.messages.values() if m.channel is channel and not m.deleted),
            key=lambda m: m.id,
        )

    def commands(self) -> list[dict[str, Any]]:
        """Commands the bot synced (guild ones first)."""
        return self.world.commands()

    # -- actions --------------------------------------------------------------------------
    async def slash(
        self,
        user: User,
        name: str,
        /,
        *,
        channel: Channel | None = None,
        opts: dict[str, Any] | None = None,
        **options: Any,
    ) -> Message | None:
        """Type `/name option:value …` like the Discord client: only synced commands, only their
        options, choices enforced, users resolved. Returns the reply (after any deferral).
        `user` and `name` are positional, so options may be called `user` or `name`; an option
        called `channel` or `opts` goes in `opts={...}`."""
        channel = channel or self.general
        self._check_offered(user, channel, self.payloads.find_command(name, channel))
        data = self.payloads.command_data(name, {**options, **(opts or {})}, focused=None,
                                          channel=channel)
        interaction = self.payloads.interaction(2, user, channel, data, f"/{name}")
        await self._run(interaction)
        return interaction.reply

    async def user_command(self, user: User, name: str, /, *, target: User,
                           channel: Channel | None = None) -> Message | None:
        """Right-click ``target`` > Apps > ``name`` in ``channel`` (default #general): a user
        command (type 2) with ``target_id`` and the target resolved. Returns the reply."""
        return await self._context_menu(user, name, 2, target, channel or self.general)

    async def message_command(self, user: User, name: str, message: Message, /, *,
                              channel: Channel | None = None) -> Message | None:
        """Right-click ``message`` > Apps > ``name``: a message command (type 3) with the
        message resolved, from the message's channel unless told. Returns the reply."""
        if not message.visible_to(user):
            raise AssertionError(f"{user.name} cannot see {message!r}")
        return await self._context_menu(user, name, 3, message, channel or message.channel)

    async def _context_menu(self, user: User, name: str, kind: int, target: User | Message,
                            channel: Channel) -> Message | None:
        command = self.payloads.find_command(name, channel, kind=kind)
        self._check_offered(user, channel, command)
        data = self.payloads.context_menu_data(command, target, channel)
        interaction = self.payloads.interaction(2, user, channel, data, f"{name!r} on {target!r}")
        await self._run(interaction)
        return interaction.reply

    def _check_offered(self, user: User, channel: Channel, command: dict[str, Any]) -> None:
        """A person cannot use a command Discord does not offer them there, nor act in a
        conversation they are not part of."""
        if channel.between_people and user not in channel.recipients:
            raise AssertionError(f"{user.name} is not in {channel.name or 'that conversation'}")
        self.payloads.require_offered(user, channel, command)

    async def autocomplete(
        self,
        user: User,
        name: str,
        /,
        *,
        text: str,
        option: str | None = None,
        channel: Channel | None = None,
        **options: Any,
    ) -> list[dict[str, Any]]:
        """Type `text` into an autocomplete option (default: the first that has autocomplete)
        and return the choices the bot offered, as `{"name", "value"}` dicts."""
        channel = channel or self.general
        command = self.payloads.find_command(name, channel)
        self._check_offered(user, channel, command)
        leaf = leaf_of(command, name)
        if option is None:
            option = next(
                (o["name"] for o in leaf.get("options", []) if o.get("autocomplete")), None
            )
            if option is None:
                raise LookupError(f"/{name} has no autocomplete option")
        data = self.payloads.command_data(name, {**options, option: text}, focused=option,
                                          channel=channel)
        interaction = self.payloads.interaction(4, user, channel, data, f"/{name} {option}:…")
        await self._run(interaction)
        return list(interaction.choices or [])

    async def click(
        self,
        user: User,
        message: Message,
        *,
        label: str | None = None,
        custom_id: str | None = None,
    ) -> Message | None:
        """Press the button with that label (or custom_id) on `message`; returns the message
        the bot answered with (a reply, or `message` itself when it was updated)."""
        if not message.visible_to(user):
            raise AssertionError(f"{user.name} cannot see {message!r}")
        buttons = [
            b
            for b in message.buttons()
            if (label is None or b.get("label") == label)
            and (custom_id is None or b.get("custom_id") == custom_id)
        ]
        if not buttons:
            raise LookupError(f"no button {label or custom_id!r} on {message!r}")
        button = buttons[0]
        if button.get("disabled"):
            raise AssertionError(f"button {label or custom_id!r} is disabled on {message!r}")
        if "custom_id" not in button:
            raise AssertionError(f"button {label!r} is a link, not something the bot receives")
        return await self.press(user, message, button["custom_id"], component_type=2, name=label)

    async def select(
        self, user: User, message: Message, *, values: list[Any], custom_id: str | None = None
    ) -> Message | None:
        """Pick `values` in the select menu (the first one, or the one with `custom_id`)."""
        if not message.visible_to(user):
            raise AssertionError(f"{user.name} cannot see {message!r}")
        menus = [
            s for s in message.selects() if custom_id is None or s.get("custom_id") == custom_id
        ]
        if not menus:
            raise LookupError(f"no select menu {custom_id or ''} on {message!r}")
        menu = menus[0]
        if menu.get("disabled"):
            raise AssertionError(f"select {menu['custom_id']!r} is disabled")
        low, high = menu.get("min_values", 1), menu.get("max_values", 1)
        if not low <= len(values) <= high:
            raise AssertionError(
                f"select {menu['custom_id']!r} takes {low}..{high} values, not {len(values)}"
            )
        if menu["type"] == 3:
            offered = [o["value"] for o in menu.get("options", [])]
            missing = [v for v in values if v not in offered]
            if missing:
                raise AssertionError(f"{missing} not among the options {offered}")
        return await self.press(
            user, message, menu["custom_id"], component_type=menu["type"], values=values
        )

    async def press(
        self,
        user: User,
        message: Message,
        custom_id: str,
        *,
        component_type: int = 2,
        values: list[Any] | None = None,
        name: str | None = None,
        wait: bool = True,
    ) -> Message | None:
        """Low level: send a component interaction without checking the component exists
        (what an out-of-date client does with a stale menu). `wait=False` only dispatches;
        an interaction left unacknowledged is then reported at teardown."""
        label = f"{'button' if component_type == 2 else 'select'} {name or custom_id!r}"
        interaction = self._component(user, message, custom_id, component_type, values, label)
        if not wait:
            self.last_interaction = interaction
            await self._flush()
            await self.emulator.gateway.dispatch("INTERACTION_CREATE", interaction.payload)
            return None
        return await self._pressed(interaction, message)

    def _component(self, user: User, message: Message, custom_id: str, component_type: int,
                   values: list[Any] | None, label: str) -> Interaction:
        """A component interaction (type 3) pressed on ``message`` by ``user``."""
        data = self.payloads.component_data(custom_id, component_type, values,
                                            message.channel.guild_id)
        return self.payloads.interaction(3, user, message.channel, data, label, message=message)

    async def _pressed(self, interaction: Interaction, message: Message) -> Message | None:
        """Run a component interaction; the message it updated, or its own answer."""
        await self._run(interaction)
        if interaction.response_type in (6, 7):
            return message
        return interaction.reply

    async def forged_press(
        self,
        user: User,
        message: Message,
        custom_id: str,
        *,
        component_type: int = 2,
        values: list[Any] | None = None,
    ) -> Message | None:
        """Low level: a component interaction from a forger's client, which Discord's own client
        cannot send: `custom_id` is pressed on `message` (seen by `user`), and the copy of the
        message the interaction carries shows that id on its first component of that type, or on
        a button row it adds (the stored message is unchanged)."""
        if not message.visible_to(user):
            raise AssertionError(f"{user.name} cannot see {message!r}")
        interaction = self._component(user, message, custom_id, component_type, values,
                                      f"forged {custom_id!r}")
        carried = copy.deepcopy(interaction.payload["message"]["components"])
        target = next((c for c in _flatten(carried) if c.get("type") == component_type), None)
        if target is None:  # a message without one (a DM): the forger adds a row
            target = {"type": component_type, "style": 1, "label": "Forged"}
            carried.append({"type": 1, "components": [target]})
        target["custom_id"] = custom_id
        interaction.payload["message"]["components"] = carried
        return await self._pressed(interaction, message)

    async def raw_command(
        self,
        user: User,
        data: dict[str, Any],
        *,
        kind: int = 2,
        channel: Channel | None = None,
    ) -> Interaction:
        """Low level: an application-command interaction (``kind`` 4: autocomplete) whose
        ``data`` is sent exactly as given, what a modified client could send where Discord's
        client would not (an option off its choices, a number where a string goes, an unknown
        subcommand, an unresolved user). Returns the interaction (``original``, ``choices``)."""
        interaction = self.payloads.interaction(
            kind, user, channel or self.general, data, f"raw /{data.get('name')}"
        )
        await self._run(interaction)
        return interaction

    # Kept for tests written before `slash` took positional-only arguments.
    def _command_data(self, name: str, values: dict[str, Any], focused: str | None) -> dict:
        return self.payloads.command_data(name, values, focused, channel=self.general)

    def _interaction(self, *args: Any, **kwargs: Any) -> Interaction:
        return self.payloads.interaction(*args, **kwargs)

    # -- waiting --------------------------------------------------------------------------
    async def _run(self, interaction: Interaction) -> None:
        self.last_interaction = interaction
        interaction.dispatched_at = asyncio.get_running_loop().time()
        await self._flush()
        before = asyncio.all_tasks()
        await self.emulator.gateway.dispatch("INTERACTION_CREATE", interaction.payload)
        await self._await_ack(interaction)
        await self._await_settled(interaction, before)
        self.raise_violations()

    async def _await_ack(self, interaction: Interaction) -> None:
        loop = asyncio.get_running_loop()
        limit = interaction.dispatched_at + self.api.ack_deadline + ACK_GRACE
        known = len(self.api.violations)
        while not interaction.acknowledged:
            if len(self.api.violations) > known:
                self.raise_violations()  # e.g. the answer was rejected as invalid: say why now
            if loop.time() > limit:
                message = (
                    f"{interaction!r} was not acknowledged within {self.api.ack_deadline:g} s "
                    "(Discord shows 'This interaction failed')"
                )
                interaction.reported = True
                self.api.violation(message)
                raise AssertionError(message)
            await asyncio.sleep(0.002)

    async def _await_settled(self, interaction: Interaction, before: set[asyncio.Task]) -> None:
        loop = asyncio.get_running_loop()
        if interaction.response_type == 5:
            limit = loop.time() + self.settle_timeout
            # Answered: the "thinking…" replaced, or deleted and an answer sent on its own.
            while interaction.original is not None and interaction.original.loading and not (
                    interaction.original.deleted and interaction.followups):
                if loop.time() > limit:
                    raise AssertionError(f"{interaction!r} deferred but never answered")
                await asyncio.sleep(0.005)
        await self.wait_idle(since=before)

    async def wait_idle(
        self, timeout: float = 10.0, since: set[asyncio.Task] | None = None
    ) -> None:
        """Until the bot is idle: no REST request in flight, none for `self.quiet` seconds,
        and (with `since`, the tasks that existed before an action) none of the tasks the
        action started still running, e.g. a handler rendering an image in a thread. A task
        still running after `background_after` seconds counts as background work (a timer),
        unless discord.py is being paced by a rate limit (an exhausted bucket, a 429) then."""
        loop = asyncio.get_running_loop()
        start = loop.time()
        while True:
            now = loop.time()
            paced = now < self.api.limits.pacing_until + PACING_GRACE
            if now - start > timeout and not paced:
                raise TimeoutError(f"the bot was still busy after {timeout} s")
            quiet = not self.api.inflight and now - max(self.api.last_activity, start) >= self.quiet
            # a task waiting on a rate limit is the bot at work, not a timer
            working = since is not None and (
                now - start < self.background_after or paced) and _busy(since)
            if quiet and not working:
                return
            await asyncio.sleep(0.003)

    # -- Discord's rules ------------------------------------------------------------------
    def rate_limit(
        self,
        method: str,
        route: str,
        *,
        retry_after: float = 0.2,
        is_global: bool = False,
        count: int = 1,
    ) -> RateLimitPlan:
        """Answer the next `count` `method route` requests (route as in the spec, e.g.
        "/channels/{channel_id}/messages") with a 429 and Discord's rate-limit headers."""
        plan = RateLimitPlan(method.upper(), route, retry_after, is_global, count)
        self.api.rate_limits.append(plan)
        return plan

    def expire(self, interaction: Interaction) -> None:
        """Age the interaction's token past its 15 minutes."""
        interaction.expired = True

    def problems(self) -> list[str]:
        """Every broken Discord rule so far, including interactions never acknowledged."""
        found = list(self.api.violations)
        now = asyncio.get_running_loop().time()
        for interaction in self.world.interactions.values():
            late = now - interaction.dispatched_at > self.api.ack_deadline
            if not interaction.acknowledged and late and not interaction.reported:
                found.append(f"{interaction!r} was never acknowledged")
        return found

    def take_violations(self) -> list[str]:
        """Return and forget the violations (for tests that provoke them on purpose)."""
        taken = list(self.api.violations)
        self.api.violations.clear()
        return taken

    def raise_violations(self) -> None:
        if self.api.violations:
            raise AssertionError("Discord rules broken:\n" + "\n".join(self.api.violations))


def _busy(before: set[asyncio.Task]) -> bool:
    """Whether a task started since `before` (the bot's handlers) is still running.

    The emulator's own tasks (aiohttp's connection handlers, our dispatches) do not count.
    """
    current = asyncio.current_task()
    for task in asyncio.all_tasks() - before:
        if task is current or task.done():
            continue
        coro = task.get_coro()
        code = getattr(coro, "cr_code", None)
        filename = code.co_filename if code is not None else ""
        if "/aiohttp/" in filename or "/tests/e2e/emulator/" in filename:
            continue
        if getattr(coro, "__qualname__", "") in TIMERS:
            continue
        return True
    return False
