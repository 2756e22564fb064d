"""A tournament run by the bot: its post's buttons, and the rounds.

**The post** (:mod:`bot.adapter.tournament.post`): **Join** / **Leave** for everyone, **Start**
/ **Cancel** for the organiser or a server admin while it signs up, **Withdraw** while it runs.
A button's custom id is ``tz:<action>:<tournament id>``, a :class:`~discord.ui.DynamicItem`, so
the post keeps working after a restart.

**The rounds**: once a round is paired (Start, the start time, the last table of a live round,
a slow round's deadline) every table not yet opened gets a thread of its own in the
tournament's channel ("Round 2 · Table 3", in the server's language), or a post of its own when
that channel is a forum; the service starts the table there
(:meth:`~bot.service.tournaments.Tournaments.open_table`) and the poster publishes its first
post as for any table. When any tournament table ends the poster says so (the ``table_ended``
event); the service then reads the ended tables (:meth:`~bot.service.tournaments.Tournaments
.advance`) and pairs the next round or ends the tournament, and the post is edited once: its
round, its tables' threads, the standings; at the end the podium, announced in the channel.
At start-up every running tournament is advanced the same way, so a restart in the middle of a
round (a SIGKILL between a table's end and the next round, or between two tables' threads)
picks up where it stopped: the pairing and the tables are stored, only threads not yet made
are made. When the bot lacks what making a table's thread needs in the tournament's channel
(an admin took Create Public Threads away mid-tournament), no table of the round is tried: the
post tells the organiser which permission to grant, and a change of the server's roles or
channels (or a restart) opens them.

One tournament advances at a time in this process (a lock per tournament): two tables ending
together open the next round once.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from typing import Any

import discord

from bot.service.locks import ChannelLocks
from bot.service.results import TournamentInfo
from bot.service.scheduler import CANCELLED, FINISHED, STARTED, TournamentDue

from ..kit import send
from ..kit.components import Component
from ..kit.context import tablee
from ..kit.errors import Refusal, guarded
from ..kit.i18n import N_, _, shown
from ..kit.languages import in_public
from ..posting.dms import jump_url
from ..posting.places import LONGEST_ARCHIVE, NEEDED
from . import texts
from .post import post_parts

log = logging.getLogger("tablee.adapter.tournament")

BUTTONS = (  # (action, label, style) of the sign-up; "leave" alone (Withdraw) while it runs
    ("join", N_("Join"), discord.ButtonStyle.success),
    ("leave", N_("Leave"), discord.ButtonStyle.secondary),
    ("start", N_("Start"), discord.ButtonStyle.primary),
    ("cancel", N_("Cancel"), discord.ButtonStyle.danger),
)
ARCHIVED = 50083  # Discord's "Thread is archived": a message in it cannot be edited
ACTIVE, COMPLETED = 2, 3
"""A scheduled event's statuses (Discord's numbers): under way, over."""
EVENT_HOURS = {"live": 3.0, "daily": 24.0 * 7}
"""How long a scheduled event says a tournament lasts (Discord needs an end for an event held
outside a voice channel): a few hours live, a week slow."""
ROUNDS = ChannelLocks()
"""tournament id -> its lock: one advance (and one round's opening) at a time."""
FORUM_NEEDED = (("send_messages", N_("Send Messages")), NEEDED[1])
"""What opening a table's post in a forum needs (:data:`~bot.adapter.posting.places.NEEDED` in
a text channel): as Discord's settings name them."""
BLOCKED: dict[int, tuple[int, tuple[str, ...]]] = {}
"""tournament id -> (its server, the permissions the bot lacks in its channel): tables that
cannot open until a server admin grants them back. The post says so; a change of the server's
roles or channels (or a restart) tries again."""


# -- the post's buttons ------------------------------------------------------------------------
class TournamentButton(Component, discord.ui.DynamicItem[discord.ui.Button],
                       namespace="tz:",
                       template=r"(?P<action>join|leave|start|cancel):(?P<tid>\d+)",
                       id_format="{action}:{tid}"):
    """A button of the tournament post (see the module doc)."""

    def __init__(self, action: str, tid: int) -> None:
        label, style = next((lbl, st) for a, lbl, st in BUTTONS if a == action)
        super().__init__(discord.ui.Button(label=_(label), style=style,
                                           custom_id=self.make_id(action=action, tid=tid)))
        self.action = action
        self.tid = tid

    async def callback(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, f"tournament {self.action}"):
            await interaction.response.defer()  # a deferred update of the post
            # Its id names the tournament: pressed anywhere but on that tournament's post (a
            # forged id), it does nothing.
            row = await tablee(interaction.client).service.store.tournaments.get(self.tid)
            if (row is None or interaction.message is None
                    or row.post_message_id != interaction.message.id):
                log.warning("refused tournament button %s pressed on message %s by user %s",
                            self.custom_id, interaction.message and interaction.message.id,
                            interaction.user.id)
                raise Refusal(_("That button belongs to another tournament's post, so it does "
                                "nothing here."))
            await act(interaction, self.action, self.tid)


def post_view(info: TournamentInfo) -> discord.ui.View | None:
    """The post's buttons as the tournament now is (none once it is over)."""
    if info.status not in ("signup", "running"):
        return None
    view = discord.ui.View(timeout=None)
    for action, *_rest in BUTTONS:
        if info.status == "running" and action != "leave":
            continue
        button = TournamentButton(action, info.id)
        if info.status == "running":
            button.item.label = _("Withdraw")
        view.add_item(button)
    return view


async def refresh(client: discord.Client, info: TournamentInfo,
                  via: discord.Interaction | None = None) -> None:
    """Edit the tournament post to show ``info`` (with ``via``'s token when it was pressed on
    the post). A failure is logged: the tournament goes on, its next change edits it again."""
    if info.post_message_id is None:
        return
    guild_id, missing = BLOCKED.get(info.id, (None, ()))
    async with in_public(client, info.guild_id):
        parts = await asyncio.to_thread(  # draws the standings
            post_parts, info, missing if guild_id == info.guild_id else ())
        parts["view"] = post_view(info)
    try:
        if via is not None and via.message is not None and via.message.id == info.post_message_id:
            await send.edit_original(via, **parts)
            return
        message = client.get_partial_messageable(info.post_channel_id).get_partial_message(
            info.post_message_id)
        try:
            await send.edit(message, **parts)
        except discord.HTTPException as exc:
            if exc.code != ARCHIVED:
                raise
            # A forum's tournament post idle for a week (a slow tournament): reopened first.
            thread = await client.fetch_channel(info.post_channel_id)
            await thread.edit(archived=False)  # type: ignore[union-attr, call-arg]
            await send.edit(message, **parts)
    except discord.HTTPException:
        log.warning("could not update the post of tournament %s", info.id, exc_info=True)


async def may_organise(interaction: discord.Interaction) -> bool:
    """Whether the person may organise tournaments here: a server admin (Manage Server, as
    ``/settings``), or a member of the role the admins named (``/settings tournaments``)."""
    if interaction.permissions.manage_guild:
        return True
    if interaction.guild_id is None or not isinstance(interaction.user, discord.Member):
        return False
    role = await tablee(interaction.client).service.store.servers.tournament_role(
        interaction.guild_id)
    return role is not None and any(r.id == role for r in interaction.user.roles)


async def act(interaction: discord.Interaction, action: str, tid: int) -> Any:
    """Join, leave (withdraw), start or cancel tournament ``tid`` for the person who acted
    (already acknowledged); the post is edited (through this interaction when it was pressed
    on it). The tournament as it now is."""
    client = interaction.client
    bot = tablee(client)
    service = bot.service.tournaments
    user = interaction.user
    if action == "join":
        info = await service.join(tid, user.id, user.display_name)
    elif action == "leave":
        info = await service.leave(tid, user.id)
    elif action == "start":
        info = await service.start(tid, user.id, await may_organise(interaction))
    else:
        info = await service.cancel(tid, user.id, await may_organise(interaction))
        await drop_event(client, info)
    if action == "start":
        await event_now(client, info, ACTIVE)
        await advance(client, tid, via=interaction)
        return await service.show(tid)
    await refresh(client, info, via=interaction)
    return info


# -- the rounds --------------------------------------------------------------------------------
async def advance(client: discord.Client, tid: int,
                  via: discord.Interaction | None = None) -> None:
    """Read the tournament's ended tables, pair its next round or end it (the service), open
    the tables not yet opened, then edit the post once; announce the podium when it just
    ended. Never raises (logged): the next table's end or the next start-up tries again."""
    service = tablee(client).service.tournaments
    try:
        async with ROUNDS(tid):
            before = await service.show(tid)
            info = await service.advance(tid)
            if await open_tables(client, info):
                info = await service.show(tid)
            await refresh(client, info, via)
            if before.status != "finished" and info.status == "finished":
                await announce(client, info)
    except Exception:
        log.exception("tournament %s could not advance", tid)


async def open_tables(client: discord.Client, info: TournamentInfo) -> bool:
    """A thread (or a forum post) for each table of the round not opened yet, the table started
    in it and its first post published. Whether any table opened."""
    bot = tablee(client)
    service = bot.service.tournaments
    opened = False
    tables = await service.unopened(info.id)
    missing = lacking(await home_channel(client, info.channel_id)) if tables else []
    if missing:  # every try would be refused: the post says what to grant
        log.warning("tournament %s cannot open its tables: the bot lacks %s", info.id,
                    ", ".join(missing))
        BLOCKED[info.id] = (info.guild_id, tuple(missing))
        return False
    BLOCKED.pop(info.id, None)
    for table in tables:
        try:
            thread_id = await table_thread(client, info, table)
        except discord.HTTPException:
            log.warning("no thread for table %s of round %s of tournament %s", table.table,
                        table.round, info.id, exc_info=True)
            continue
        try:
            outcome = await service.open_table(info.id, table.round, table.table, thread_id)
        except Exception:  # the others open all the same; the next advance tries this one again
            log.exception("table %s of round %s of tournament %s did not open in thread %s",
                          table.table, table.round, info.id, thread_id)
            continue
        opened = True
        await bot.poster.publish(outcome)
    if tables and info.speed != "live":
        await round_event(client, info)
    return opened


async def home_channel(client: discord.Client, channel_id: int) -> Any:
    return client.get_channel(channel_id) or await client.fetch_channel(channel_id)


def lacking(home: Any) -> list[str]:
    """What the bot lacks in the tournament's channel to open a table there, as Discord's
    settings name them (marked, in English): Create Public Threads in a text channel, Send
    Messages in a forum, and Send Messages in Threads to play."""
    me = getattr(getattr(home, "guild", None), "me", None)
    if me is None or not hasattr(home, "permissions_for"):
        return []
    perms = home.permissions_for(me)
    needed = FORUM_NEEDED if isinstance(home, discord.ForumChannel) else NEEDED
    return [label for name, label in needed if not getattr(perms, name)]


async def unblock(client: discord.Client, guild_id: int) -> None:
    """The server's roles or channels changed: its tournaments whose tables could not open try
    again (:data:`BLOCKED`)."""
    for tid, (guild, _missing) in list(BLOCKED.items()):
        if guild == guild_id:
            await advance(client, tid)


async def table_thread(client: discord.Client, info: TournamentInfo, table: Any) -> int:
    """Make the thread a table plays in: a public thread of the tournament's channel (no
    starter message), or a post of its own in a forum. Its id."""
    home = await home_channel(client, info.channel_id)
    async with in_public(client, info.guild_id):
        name = texts.thread_name(table.round, table.table)
        intro = _("**{name}** of the **{game}** tournament: {players}.", name=name,
                  game=shown(info.game_name), players=", ".join(shown(n) for n in table.names))
    left = orphan(home, name, client.user.id if client.user else None)
    if left is not None:
        return left.id
    if isinstance(home, discord.ForumChannel):
        made = await home.create_thread(name=name, content=intro,
                                        auto_archive_duration=LONGEST_ARCHIVE,
                                        allowed_mentions=send.allowed())
        return made.thread.id
    thread = await home.create_thread(name=name, type=discord.ChannelType.public_thread,
                                      auto_archive_duration=LONGEST_ARCHIVE)
    return thread.id


def orphan(home: Any, name: str, me: int | None) -> discord.Thread | None:
    """A thread (or a forum's post) of that name the bot made and left empty: a restart between
    making a table's thread and starting its table there (SIGKILL) finds it again instead of
    making a twin. A forum post is empty when its only message is its first, the intro (that
    message has the post's id; Discord may or may not count it in ``message_count``)."""
    return next((t for t in getattr(home, "threads", ()) if t.name == name and t.owner_id == me
                 and (t.message_count or 0) <= 1 and t.last_message_id in (None, t.id)), None)


async def announce(client: discord.Client, info: TournamentInfo) -> None:
    """The podium, in one message under the tournament post; its events are over."""
    await event_now(client, info, COMPLETED)
    if info.speed != "live":
        await end_rounds(client, info)
    async with in_public(client, info.guild_id):
        text = _("🏁 The **{game}** tournament is over: {podium}. Final standings: {link}",
                 game=shown(info.game_name), podium=texts.podium_text(info),
                 link=jump_url(info.guild_id, info.post_channel_id, info.post_message_id))
    try:
        await send.send(client.get_partial_messageable(info.post_channel_id), text, silent=True)
    except discord.HTTPException:
        log.warning("could not announce the end of tournament %s", info.id, exc_info=True)


async def due(client: discord.Client, event: TournamentDue) -> None:
    """A tournament's moment on the clock: the tables a slow round's deadline ended get their
    last post, then the tournament advances (its start: round 1's tables open); a start
    cancelled for too few players says why under the post."""
    bot = tablee(client)
    info = event.info
    for outcome in event.outcomes:
        await bot.poster.publish(outcome)
    if event.what == CANCELLED:
        await refresh(client, info)
        await drop_event(client, info)
        async with in_public(client, info.guild_id):
            text = _("The **{game}** tournament did not start: {reason}",
                     game=shown(info.game_name), reason=shown(event.reason))
        try:
            await send.send(client.get_partial_messageable(info.post_channel_id), text,
                            silent=True)
        except discord.HTTPException:
            log.warning("could not say why tournament %s was cancelled", info.id, exc_info=True)
        return
    if event.what == FINISHED:
        await refresh(client, info)
        await announce(client, info)
        return
    if event.what == STARTED:
        await event_now(client, info, ACTIVE)
    await advance(client, info.id)


async def resume(client: discord.Client) -> None:
    """At start-up: every running tournament advances (tables that ended while the bot was
    down are read, threads not made yet are made)."""
    service = tablee(client).service.tournaments
    try:
        running = await service.running()
    except Exception:
        log.exception("could not list the running tournaments")
        return
    for tid in running:
        await advance(client, tid)


# -- scheduled events --------------------------------------------------------------------------
def can_schedule(client: discord.Client, guild_id: int | None) -> discord.Guild | None:
    """The server, when the bot may create its events there (Create Events)."""
    guild = client.get_guild(guild_id) if guild_id is not None else None
    if guild is None or guild.me is None:
        return None
    perms = guild.me.guild_permissions
    return guild if perms.create_events else None


async def start_event(client: discord.Client, info: TournamentInfo) -> None:
    """A Discord scheduled event for a tournament with a start time (when the bot may)."""
    guild = can_schedule(client, info.guild_id)
    if guild is None or not info.start_at or info.post_message_id is None:
        return
    start = dt.datetime.fromtimestamp(info.start_at, dt.UTC)
    async with in_public(client, info.guild_id):
        name = _("{game} tournament", game=shown(info.game_name))
        about = texts.format_line(info)
    try:
        event = await guild.create_scheduled_event(
            name=name[:100], start_time=start, description=about[:1000],
            end_time=start + dt.timedelta(hours=EVENT_HOURS.get(info.speed, 3.0)),
            entity_type=discord.EntityType.external,
            privacy_level=discord.PrivacyLevel.guild_only,
            location=jump_url(info.guild_id, info.post_channel_id, info.post_message_id)[:100])
        await tablee(client).service.tournaments.event_set(info.id, event.id)
    except discord.HTTPException:
        log.warning("no scheduled event for tournament %s", info.id, exc_info=True)


async def round_event(client: discord.Client, info: TournamentInfo) -> None:
    """A slow round's scheduled event, from now to its deadline, under way at once (when the
    bot may); the earlier rounds' events are over (:func:`end_rounds`). A restart in the
    middle of opening a round finds that round's event (the same deadline) and makes no twin."""
    guild = can_schedule(client, info.guild_id)
    deadline = getattr(info, "round_deadline", None)
    if guild is None or not deadline or info.post_message_id is None:
        return
    if await end_rounds(client, info, keep=int(deadline)):
        return
    now = dt.datetime.now(dt.UTC)
    async with in_public(client, info.guild_id):
        name = _("{game} tournament · round {round}", game=shown(info.game_name),
                 round=info.round)
    try:
        event = await guild.create_scheduled_event(
            name=name[:100], start_time=now + dt.timedelta(minutes=1),
            end_time=dt.datetime.fromtimestamp(deadline, dt.UTC),
            entity_type=discord.EntityType.external,
            privacy_level=discord.PrivacyLevel.guild_only,
            location=jump_url(info.guild_id, info.post_channel_id, info.post_message_id)[:100])
        await client.http.edit_scheduled_event(info.guild_id, event.id, status=ACTIVE)
    except discord.HTTPException:
        log.warning("no scheduled event for round %s of tournament %s", info.round, info.id,
                    exc_info=True)


async def end_rounds(client: discord.Client, info: TournamentInfo, keep: int | None = None) -> bool:
    """The slow rounds' scheduled events of this tournament (the bot's, at its post, not the
    start's) are over, but the one ending at ``keep`` (the round under way): an event under way
    is completed, one not started yet is started then completed (Discord completes only an
    event under way). Whether the round ending at ``keep`` has its event."""
    guild = can_schedule(client, info.guild_id)
    if guild is None or info.post_message_id is None:
        return False
    me = client.user.id if client.user else None
    where = jump_url(info.guild_id, info.post_channel_id, info.post_message_id)[:100]
    found = False
    try:
        events = await guild.fetch_scheduled_events(with_counts=False)
        for event in events:
            if (event.creator_id != me or event.location != where or event.id == info.event_id
                    or event.status not in (discord.EventStatus.scheduled,
                                            discord.EventStatus.active)):
                continue
            if keep is not None and event.end_time and int(event.end_time.timestamp()) == keep:
                found = True
                continue
            if event.status == discord.EventStatus.scheduled:
                await client.http.edit_scheduled_event(info.guild_id, event.id, status=ACTIVE)
            await client.http.edit_scheduled_event(info.guild_id, event.id, status=COMPLETED)
    except discord.HTTPException:
        log.warning("could not end the round events of tournament %s", info.id, exc_info=True)
    return found


async def drop_event(client: discord.Client, info: TournamentInfo) -> None:
    """A cancelled tournament's scheduled event goes."""
    if not info.event_id or info.guild_id is None:
        return
    try:
        await client.http.delete_scheduled_event(info.guild_id, info.event_id)
    except discord.HTTPException:
        log.warning("could not delete the event of tournament %s", info.id, exc_info=True)


async def event_now(client: discord.Client, info: TournamentInfo, status: int) -> None:
    """The tournament's scheduled event under way (:data:`ACTIVE`, at the start) or over
    (:data:`COMPLETED`, at the podium)."""
    if not info.event_id or info.guild_id is None:
        return
    try:
        await client.http.edit_scheduled_event(info.guild_id, info.event_id, status=status)
    except discord.HTTPException:
        log.warning("could not update the event of tournament %s", info.id, exc_info=True)
