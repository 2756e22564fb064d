"""Where a table plays: its thread, made at Start from its lobby post, or the channel itself
(see :mod:`bot.adapter.posting.threads` for the whole story); the sentences the host reads when a
thread can't be made, and the line the lobby post shows once the game plays in the thread."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.service import Services
from bot.service.errors import TableExists
from bot.service.results import PublicPost, TableInfo
from bot.service.rules.tables import jump_url

from ..kit.checks import require_channel
from ..kit.context import tablee
from ..kit.errors import Refusal, said
from ..kit.i18n import N_, _, _n, language, shown
from ..kit.languages import reader
from ..kit.limits import MAX_CHOICES, MAX_DESCRIPTION, clip
from ..kit.suggest import SUGGESTION_SECONDS, within
from .stuck import TOO_MANY_THREADS

log = logging.getLogger("tablee.adapter.threads")

LONGEST_ARCHIVE = 10080  # minutes (a week): the longest auto-archive duration Discord offers
MAX_THREAD_NAME = 100  # Discord's limit on a channel name
ALREADY_MADE = 160004  # "A thread has already been created for this message"
TABLE_OPTION = N_("Which of this channel's tables (when you play at several here)")
"""The description of the ``table`` option of the commands that act on a table."""
THREAD_TYPES = (discord.ChannelType.public_thread, discord.ChannelType.private_thread,
                discord.ChannelType.news_thread)
NEEDED = (  # what making and playing in a thread needs, as Discord's settings name it
    ("create_public_threads", N_("Create Public Threads")),
    ("send_messages_in_threads", N_("Send Messages in Threads")),
)


def table_name(info: TableInfo, *, bold: bool = False) -> str:
    """"Chess · Alice, Bob": the game and its players (the game in bold for a post)."""
    game = f"**{shown(info.game_name)}**" if bold else shown(info.game_name)
    return f"{game} · {', '.join(shown(s.name) for s in info.seats)}"


def thread_name(info: TableInfo) -> str:
    """"Chess · Alice, Bob" (at most Discord's 100 characters)."""
    name = table_name(info)
    return name if len(name) <= MAX_THREAD_NAME else name[:MAX_THREAD_NAME - 1] + "…"


def missing_thread_permissions(interaction: discord.Interaction) -> list[str]:
    """What the bot lacks here to play a table in a thread (Discord's names, translated)."""
    perms = interaction.app_permissions
    return [_(label) for name, label in NEEDED if not getattr(perms, name)]


def place_of(interaction: discord.Interaction, chosen: str) -> tuple[str, str | None]:
    """Where a table opened by this ``/play`` plays ("threads" or "channel") and, when the
    server chose threads but the bot can't make one here, the sentence telling the host why."""
    channel = interaction.channel
    if (chosen != "threads" or interaction.guild_id is None
            or getattr(channel, "type", None) in THREAD_TYPES):
        return "channel", None  # a DM has no threads
    missing = missing_thread_permissions(interaction)
    if missing:
        return "channel", no_thread_sentence(", ".join(missing))
    return "threads", None


def no_thread_sentence(missing: str) -> str:
    return _("I can't open a thread for this table (I'm missing {perms} in this channel), so it "
             "plays here in the channel. A server admin can grant it, or choose "
             "`/settings tables` channel.", perms=missing)


def summary_text(info: TableInfo, post: PublicPost | None, *, threaded: bool = True) -> str:
    """The lobby post once the game runs in its thread: one line, or the result at the end
    (``threaded`` False: a lobby closed before Start made its thread)."""
    head = table_name(info, bold=True)
    if not threaded:
        return _("{head} · this table closed before it started.", head=head)
    where = f"<#{info.channel_id}>"
    if post is not None and post.finished:
        return _("{head} · {result} · the game: {thread}", head=head,
                 result=post.status, thread=where)
    if info.status == "abandoned":
        return _("{head} · the game was ended without a result · {thread}", head=head,
                 thread=where)
    to_move = post.status.split(" · ")[0] if post is not None else ""
    return _("{head} · in progress · {status} · open the table: {thread}", head=head,
             status=to_move, thread=where)


def stuck_notice(info: TableInfo, kind: str | None) -> str:
    """The one sentence a stuck table's players get (in the current language)."""
    table = table_name(info, bold=True)
    where = f"<#{info.channel_id}>"
    keep = _("Your moves are kept, and the game goes on once that is done.")
    if kind == "locked":
        return _("I can't post the game {table} in its thread {thread}: the thread is locked. A "
                 "server admin can unlock the thread, or give Tablée the Manage Threads "
                 "permission.", table=table, thread=where) + " " + keep
    if kind == "forbidden":
        return _("I can't post the game {table} in {where}: I'm not allowed to post there. A "
                 "server admin can give Tablée View Channel, Send Messages (Send Messages in "
                 "Threads in a thread) and Attach Files there.", table=table,
                 where=where) + " " + keep
    if kind == "full":
        return _("I can't post the game {table} in its thread {thread}: the thread is archived "
                 "and this server has as many active threads as Discord allows. A server admin "
                 "can close other threads or reopen this one.", table=table,
                 thread=where) + " " + keep
    return _("I couldn't post the game {table} in {where} for a while, so I stopped trying. "
             "Your moves are kept: the next move played there posts the game again.",
             table=table, where=where)


def deleted_text(info: TableInfo, *, moved: bool) -> str:
    """What the summary (and a message to the players) says once the table's thread was deleted
    (:meth:`bot.adapter.posting.threads.TableThreads.deleted`)."""
    head = table_name(info, bold=True)
    if moved:
        return _("{head} · the thread was deleted, so the game goes on here in the channel.",
                 head=head)
    return _("{head} · the thread was deleted, and this channel already has a table of its "
             "own, so the game ended without a result.", head=head)


async def make_thread(interaction: discord.Interaction, service: Services,
                      info: TableInfo) -> tuple[int, str | None]:
    """Make the thread of a lobby about to start, from its lobby post. (The channel the
    table plays in from now on, a sentence for the host when that is the channel itself.)"""
    assert info.parent_id is not None
    missing = missing_thread_permissions(interaction)
    why = no_thread_sentence(", ".join(missing)) if missing else None
    if why is None:
        try:
            parent = (interaction.client.get_channel(info.parent_id)
                      or await interaction.client.fetch_channel(info.parent_id))
            message = parent.get_partial_message(info.channel_id)  # type: ignore[union-attr]
            await message.create_thread(name=thread_name(info),
                                        auto_archive_duration=LONGEST_ARCHIVE)
            return info.channel_id, None
        except discord.HTTPException as exc:
            if exc.code == ALREADY_MADE:  # an earlier Start made it, then was refused
                return info.channel_id, None
            log.warning("no thread for the table in %s: %s", info.channel_id, exc)
            why = refused_sentence(exc)
    try:
        moved = await service.lobbies.move_to_channel(info.channel_id)
    except TableExists as exc:
        raise Refusal(f"{why} {said(exc)} " + _(
            "This table can start once that one ends, or in another channel.")) from None
    return moved.channel_id, why


def refused_sentence(exc: discord.HTTPException) -> str:
    if exc.code == TOO_MANY_THREADS:
        return _("This server has as many active threads as Discord allows, so this table "
                 "plays here in the channel.")
    if isinstance(exc, discord.Forbidden):
        return no_thread_sentence(", ".join(_(label) for _n, label in NEEDED))
    return _("Discord would not open a thread for this table just now, so it plays here in "
             "the channel.")



async def table_channel(interaction: discord.Interaction, service: Services) -> int:
    """The table a command typed here acts on: the one playing in this channel (a thread's, or
    a channel-mode table); typed in a channel whose tables play in threads, the one chosen in
    the command's ``table`` option (:func:`table_choices`), else the caller's one table there;
    with several, a sentence with a link to each."""
    channel_id = require_channel(interaction)
    if getattr(interaction.channel, "type", None) in THREAD_TYPES:
        return channel_id  # a thread holds one table, keyed by it
    here = await service.views.tables_here(channel_id)  # one read: its own table and its threads'
    chosen = getattr(interaction.namespace, "table", None)
    user = interaction.user.id
    if chosen:
        found = next((t for t in here if str(t.channel_id) == chosen), None)
        if found is None:
            raise Refusal(_("That is not one of this channel's tables: pick one from the list "
                            "the table option offers."))
        mine = [found]
    elif any(t.channel_id == channel_id for t in here):
        return channel_id
    else:
        mine = [t for t in here if t.seat_of(user) is not None]
    if len(mine) == 1:
        # a command typed here for that table shows they are there (no turn DM needed)
        tablee(interaction.client).poster.turn_dms.acted(mine[0].channel_id, user)
        return mine[0].channel_id
    if mine:
        raise Refusal(_("You play at {n} tables here: pick one in the command's table option, "
                        "or use the command inside the table's thread: {links}", n=len(mine),
                        links=", ".join(map(link, mine))))
    if here:  # this channel's tables play in threads, none of them the caller's: say where
        raise Refusal(_n("This channel's table plays in its own thread: {links}. Use the "
                         "command there.",
                         "This channel's tables play in threads of their own: {links}. Use the "
                         "command in the table's thread.", len(here),
                         links=", ".join(map(link, here))))
    return channel_id


async def table_choices(interaction: discord.Interaction,
                        current: str) -> list[app_commands.Choice[str]]:
    """The ``table`` option's suggestions: this channel's tables, the caller's first (in a
    thread, none: the command acts on the thread's table)."""
    if interaction.channel_id is None or interaction.guild_id is None or getattr(
            interaction.channel, "type", None) in THREAD_TYPES:
        return []
    try:
        in_time, here = await within(SUGGESTION_SECONDS, tablee(
            interaction.client).service.views.tables_here(interaction.channel_id))
    except Exception:  # autocomplete can only answer with choices: none is the honest answer
        return []
    if not in_time or here is None:
        return []
    user = interaction.user.id
    here.sort(key=lambda t: t.seat_of(user) is None)
    typed = current.strip().lower()
    with language(reader(interaction)):
        named = [(table_label(t), t) for t in here]
    return [app_commands.Choice(name=clip(name, MAX_DESCRIPTION), value=str(t.channel_id))
            for name, t in named if typed in name.lower()][:MAX_CHOICES]


def table_label(info: TableInfo) -> str:
    """"Chess · Alice, Bob (lobby)": a table as the table option lists it."""
    name = table_name(info)
    return _("{table} (lobby)", table=name) if info.status == "lobby" else name


def link(info: TableInfo) -> str:
    """Where people find a table: its thread, or the lobby post waiting for one."""
    return (jump_url(info) or "") if info.waits_for_thread else f"<#{info.channel_id}>"
