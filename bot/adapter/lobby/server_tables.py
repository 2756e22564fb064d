"""``/tables``: the server's open lobbies and games, newest first, answered privately (the
channel stays quiet; anyone may ask as often as they like): each table's game, its seats (a
lobby) or players (a game in progress), whose turn it is, its speed and a link to open it, with
a **Join** button under every lobby that has a free seat. Only tables in channels the asker may
see are listed (a staff channel's games stay private).

The list holds what one message holds: at most 25 tables (five rows of five Join buttons) and
Discord's 2,000 characters; the tables beyond are counted ("…and 3 more tables."). A Join button
names its table by the table's key (``tj:<table>``), not by the channel it is pressed in (the
list is answered wherever /tables was typed), so it checks instead that the table belongs to
the server it is pressed in: a forged id naming another server's table is refused in one
sentence. Pressed, it seats the presser through the lobby's own join, answers privately with
the link to the table, and updates the lobby post for everybody.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.service.results import TableInfo
from bot.service.rules.tables import jump_url
from bot.service.server_tables import OpenTable, OpenTables, home_channel

from ..kit import send
from ..kit.checks import require_guild
from ..kit.cog import ServiceCog
from ..kit.components import Component
from ..kit.context import tablee
from ..kit.errors import Refusal, guarded
from ..kit.i18n import N_, _, _n, shown
from ..kit.installs import servers_only
from ..kit.limits import MAX_BUTTON_LABEL, MAX_CONTENT, MAX_ROWS, clip
from .lobby import refresh_lobby_post

PER_ROW = 5
"""Buttons in one action row (Discord's most)."""
LISTED = MAX_ROWS * PER_ROW
"""Tables asked of the service for one list: one Join button each at most."""
NAMES_SHOWN = 120
"""Characters of a game's player list shown on its line (long names are clipped)."""
SPEEDS = {"live": N_("live"), "daily": N_("daily"), "off": N_("no clock")}
"""A table speed as the list names it."""


def speed_word(speed: str) -> str:
    return _(SPEEDS[speed]) if speed in SPEEDS else speed


def link(entry: OpenTable) -> str:
    return _("[open]({url})", url=entry.url) if entry.url else ""


def table_line(number: int, entry: OpenTable) -> str:
    """"3. **Toy Rounds** · lobby, 2 of 4 seats taken · live · [open](…)" or, under way,
    "1. **Dominoes** · Alice, Bob · Bob to move · daily · [open](…)"."""
    table = entry.table
    if table.status == "lobby":
        line = _("{n}. **{game}** · lobby, {taken} of {most} seats taken · {speed}", n=number,
                 game=table.game_name, taken=len(table.seats), most=table.max_players,
                 speed=speed_word(entry.speed))
    else:
        players = clip(", ".join(shown(s.name) for s in table.seats), NAMES_SHOWN)
        turn = ", ".join(shown(name) for name in entry.to_move)
        line = (_("{n}. **{game}** · {players} · {turn} to move · {speed}", n=number,
                  game=table.game_name, players=players, turn=turn,
                  speed=speed_word(entry.speed)) if turn else
                _("{n}. **{game}** · {players} · {speed}", n=number, game=table.game_name,
                  players=players, speed=speed_word(entry.speed)))
    where = link(entry)
    return f"{line} · {where}" if where else line


def more_line(more: int) -> str:
    return _n("…and {n} more table.", "…and {n} more tables.", more)


def list_text(found: OpenTables) -> tuple[str, int]:
    """The list's content within Discord's limit, and how many of ``found``'s tables it shows
    (those that do not fit are counted with the ones beyond)."""
    if not found.tables:
        return _("No tables are open on this server. Start one with /play."), 0
    lines = [_("**Open tables on this server**, newest first:")]
    shown_count = 0
    for number, entry in enumerate(found.tables, start=1):
        line = table_line(number, entry)
        rest = len(found.tables) - number + found.more
        tail = len(more_line(rest)) + 1 if rest else 0
        if sum(len(x) + 1 for x in lines) + len(line) + tail > MAX_CONTENT:
            break
        lines.append(line)
        shown_count = number
    more = len(found.tables) - shown_count + found.more
    if more:
        lines.append(more_line(more))
    return "\n".join(lines), shown_count


def join_view(found: OpenTables, count: int, viewer: int) -> discord.ui.View | None:
    """A Join button for each listed lobby with a free seat that ``viewer`` does not sit at,
    labelled with its number in the list."""
    view = discord.ui.View(timeout=None)
    for number, entry in enumerate(found.tables[:count], start=1):
        if entry.free_seats and entry.table.seat_of(viewer) is None:
            label = _("Join {n} · {game}", n=number, game=entry.table.game_name)
            view.add_item(JoinFromList(entry.table.channel_id, clip(label, MAX_BUTTON_LABEL)))
    return view if view.children else None


def channels_seen(interaction: discord.Interaction) -> set[int]:
    """The server's channels the person who acted may see (View Channel, their roles and the
    channels' overwrites as the bot's cache has them): /tables lists no table of another, so
    a staff channel's games stay private. Nothing when the server is not in the cache."""
    guild, member = interaction.guild, interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return set()
    return {c.id for c in guild.channels if c.permissions_for(member).view_channel}


class JoinFromList(Component, discord.ui.DynamicItem[discord.ui.Button], namespace="tj:",
                   template=r"(?P<table>\d+)", id_format="{table}"):
    """Join under a lobby in a /tables list: the presser sits down at that table."""

    def __init__(self, table: int, label: str = "…") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.success,
                                           custom_id=self.make_id(table=table)))
        self.table = table

    async def callback(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, "/tables join"):
            await send.defer_private(interaction)  # before any read: Discord waits 3 s
            service = tablee(interaction.client).service
            check(interaction, await service.views.table(self.table))
            user = interaction.user
            info = await service.lobbies.join(self.table, user.id, user.display_name)
            url = jump_url(info)
            seat = info.seat_of(user.id)
            text = (_("You sit at the {game} table (seat {n}): {url}", game=info.game_name,
                      n=seat, url=url) if url else
                    _("You sit at the {game} table (seat {n}).", game=info.game_name, n=seat))
            await send.followup(interaction, text, ephemeral=True)
            await refresh_lobby_post(interaction.client, info)


def check(interaction: discord.Interaction, info: TableInfo | None) -> None:
    """A Join under a /tables list acts only on an open table of the server it is pressed in,
    in a channel the presser can see."""
    if info is None:
        raise Refusal(_("That table is no longer open. Type /tables to see the open ones."))
    if interaction.guild_id is None or info.guild_id != interaction.guild_id:
        raise Refusal(_("That table belongs to another server, so this button does nothing "
                        "here."))
    if home_channel(info) not in channels_seen(interaction):
        raise Refusal(_("That table is in a channel you can't see, so you can't join it from "
                        "here."))


class TablesCommand(ServiceCog):
    """/tables."""

    @servers_only(user_install=False)
    @app_commands.command(name="tables", description=_("The open tables of this server, with "
                                                       "a link to each (privately)"))
    async def tables(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, "/tables"):
            require_guild(interaction)
            assert interaction.guild_id is not None
            await interaction.response.defer(ephemeral=True, thinking=True)
            found = await self.service.server_tables.open_tables(interaction.guild_id, LISTED,
                                                   channels_seen(interaction))
            text, count = list_text(found)
            view = join_view(found, count, interaction.user.id)
            if view is None:
                await send.followup(interaction, text, ephemeral=True)
            else:
                await send.followup(interaction, text, ephemeral=True, view=view)
