"""``/help``: what Tablée does, its commands, where each game's rules are, what
``/notifications`` lets each person choose and what plays outside servers, privately, in the
reader's language.

The commands are read from the command tree itself (each one's name as the reader's Discord
shows it, ``/jouer`` in French, and its own description), so a command added later is listed
without a line here. The rules: with ``[help] rules_url`` set (the base address of the
project's ``docs/rules/`` folder, e.g. on the owner's fork), a link to ``<game id>.md`` per game;
without it, the games and ``/rules``, which prints each summary in Discord.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord
from discord import app_commands

from games import Game

from ..kit import send
from ..kit.errors import guarded
from ..kit.i18n import _, current, translate
from ..kit.texts import in_messages
from ..kit.translator import NAMES, localised_name

ORDER = ("play", "tables", "move", "hand", "undo", "board", "rules", "leave", "abandon",
         "history", "replay", "analysis", "stats", "leaderboard", "season", "partner",
         "notifications", "dms", "vacation", "tournament", "settings", "help")
"""The order /help lists the commands in: a game's course, then the records, then settings."""


def command_name(english: str, code: str) -> str:
    """``/play``, or ``/jouer`` for a French reader (the name their Discord shows)."""
    return "/" + sub_name(english, code)


def sub_name(english: str, code: str) -> str:
    """A subcommand's name as the reader's Discord shows it (``créer``)."""
    msgid = NAMES.get(english)
    return (localised_name(english, msgid, code) if msgid else None) or english


def rules_link(base: str, game: Game) -> str:
    """The address of a game's rules under the ``docs/rules/`` base address."""
    return f"{base.rstrip('/')}/{game.id}.md"


def help_text(commands: Sequence[Any], games: Sequence[Game], rules_url: str | None) -> str:
    """The whole answer in the current language (cut into messages by the caller)."""
    code = current()
    names = ", ".join(g.name for g in games)
    parts = [_("**Tablée** hosts board games in this server's channels: open a table with "
               "`{play}`, friends press **Join**, and the bot keeps the rules, draws the board "
               "after every move and shows each player their hand privately. Games: {games}.",
               play=command_name("play", code), games=names)]
    listed = sorted(commands, key=lambda c: ORDER.index(c.name) if c.name in ORDER else len(ORDER))
    lines = [_("`{command}`: {about}", command=command_name(c.name, code),
               about=translate(c.description)) for c in listed]
    parts.append(_("**Commands**") + "\n" + "\n".join(lines))
    if rules_url:
        links = "\n".join(_("• {game}: <{address}>", game=g.name, address=rules_link(rules_url, g))
                          for g in games)
        parts.append(_("**Rules** (`{rules}` gives a summary here)",
                       rules=command_name("rules", code)) + "\n" + links)
    else:
        parts.append(_("**Rules**: `{rules}` gives each game's summary here, privately.",
                       rules=command_name("rules", code)))
    parts.append(_("**Notifications**: `{notifications}` chooses how “your turn” reaches you (a "
                   "mention in the table post, a DM, both or nothing), when the DM comes at live "
                   "tables (after 1, 2 or 5 minutes without playing, or never) and at slow ones "
                   "(at once, or one digest a day at your hour), and your quiet hours in your "
                   "time zone: no mention and no DM then, what was held back comes when they "
                   "end, and the clock keeps running. `{dms}` turns the DM on or off.",
                   notifications=command_name("notifications", code),
                   dms=command_name("dms", code)))
    parts.append(_("**Vacation**: `{vacation}` and a number of days pauses your clock at the "
                   "server's daily tables (each server allows some days a calendar year, 21 unless "
                   "its admins chose with `{settings}`); coming back early gives back the whole "
                   "days not begun. Live tables, tables without a clock and tables whose host "
                   "refused vacation in the lobby's Settings keep your clock running.",
                   vacation=command_name("vacation", code),
                   settings=command_name("settings", code)))
    tournament = command_name("tournament", code)
    parts.append(_("**Tournaments**: `{create}` (server admins, or the organisers' role named "
                   "with `{settings}`) posts a Swiss, round robin or knock-out tournament of a "
                   "game; players press **Join**. Each round's tables play in threads of their "
                   "own, the next round is paired as soon as the last table ends, a player who "
                   "misses two games in a row is withdrawn, and the post keeps the standings up "
                   "to date. `{show}` shows them to you at any time.",
                   create=f"{tournament} {sub_name('create', code)}",
                   show=f"{tournament} {sub_name('show', code)}",
                   settings=command_name("settings", code)))
    season = command_name("season", code)
    parts.append(_("**Seasons**: `{start}` (server admins) gives a game a leaderboard of its own "
                   "for a number of weeks: every rated game of it counts in the season's "
                   "ratings, which start fresh, and the champion is announced at the end. "
                   "`{leaderboard}` with its `season` option shows the current season or a past "
                   "one.", start=f"{season} {sub_name('start', code)}",
                   leaderboard=command_name("leaderboard", code)))
    parts.append(_("**Playing outside servers**: add Tablée to your own account (from its profile "
                   "in Discord) and `{play}` works in a DM with a friend, in a group DM or in a "
                   "server that did not add the bot. There the bot cannot post by itself: the "
                   "table moves on as the players press and type, reminders come only by DM, "
                   "clocks are daily unless the host chooses, and the server commands "
                   "(`{settings}`, `{tournament}`, `{season}`, `{tables}`, `{vacation}`) are not "
                   "offered.",
                   play=command_name("play", code), settings=command_name("settings", code),
                   tournament=tournament, season=season, tables=command_name("tables", code),
                   vacation=command_name("vacation", code)))
    parts.append(_("**Right-click**: on a person, Apps › **{challenge}** opens a table here with "
                   "them invited, **{stats}** shows you their ratings and last games; on a table "
                   "post or a finished game's post, Apps › **{replay}** or **{analysis}**.",
                   challenge=_("Challenge to a game"), stats=_("Tablée stats"),
                   replay=_("Replay"), analysis=_("Analysis")))
    return "\n\n".join(parts)


def help_command(games: Sequence[Game], rules_url: str | None) -> app_commands.Command[Any, ..., None]:
    """``/help``, everywhere (servers and DMs), answered privately."""

    async def help_(interaction: discord.Interaction) -> None:
        async with guarded(interaction, "/help"):
            commands = interaction.client.tree.get_commands(  # type: ignore[attr-defined]
                type=discord.AppCommandType.chat_input)  # the right-click ones: their paragraph
            if interaction.guild_id is None:  # a DM: the commands it offers (not the servers')
                commands = [c for c in commands if not c.guild_only]
            text = help_text(commands, games, rules_url)
            await send.respond_all(interaction, in_messages(text), ephemeral=True)

    return app_commands.Command(name="help", callback=help_,
                                description=_("What Tablée does, its commands and the games' "
                                              "rules (privately)"))
