"""The commands built from the game registry when the bot starts: ``/play <game>`` (one
subcommand per game, with exactly that game's options as typed, optional parameters) and
``/rules game`` (its choices are the games). Nothing here names a game or an option: a game
registered before the bot starts (a test's toy game included) is offered like any other.

discord.py reads a command's parameters from its callback's signature, so each game gets a
callback with a synthetic ``__signature__`` (real annotation objects such as
``app_commands.Range[int, 1, 6]``) plus the descriptions, choices and Discord names it would get
from the ``describe`` / ``choices`` / ``rename`` decorators.
"""

from __future__ import annotations

import inspect
import keyword
import logging
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord
from discord import app_commands

from bot.service.results import TableInfo
from bot.service.rules.reach import BOT
from games import Game, Option

from ..kit import send
from ..kit.checks import reach_of, require_channel, require_post_permissions
from ..kit.context import tablee
from ..kit.errors import Refusal, guarded
from ..kit.i18n import Text, _, say
from ..kit.languages import in_public
from ..kit.limits import (
    MAX_CHOICES,
    MAX_COMMAND_OPTIONS,
    MAX_DESCRIPTION,
    MAX_NAME,
    MAX_SUBCOMMANDS,
    clip,
)
from ..kit.texts import rules_messages
from ..kit.translator import text
from ..posting.places import place_of
from .lobby import drop_lobby, lobby_text, lobby_view, unpost_lobby

log = logging.getLogger("tablee.adapter.commands")

NAME = re.compile(r"^[-_a-z0-9]{1,32}$")  # what this bot uses of Discord's name rule
RESERVED = {"interaction"}  # the callback's own first parameter


def discord_name(text: str) -> str:
    """``text`` as a Discord command or option name: lowercase, ``-``/``_``/letters/digits."""
    name = re.sub(r"[^-_a-z0-9]+", "-", text.strip().lower()).strip("-")[:MAX_NAME]
    return name or "x"


def python_name(name: str, taken: set[str]) -> str:
    """A Python identifier for a Discord option name (keywords and clashes get a suffix)."""
    ident = re.sub(r"\W", "_", name)
    if not ident or ident[0].isdigit():
        ident = "o_" + ident
    while keyword.iskeyword(ident) or ident in RESERVED or ident in taken:
        ident += "_"
    return ident


def player_text(game: Game) -> Text:
    lo, hi = game.min_players, game.max_players
    if lo == hi:
        return say("{n} players", n=lo)
    return say("{lo}–{hi} players", lo=lo, hi=hi)


def annotation(game: Game, opt: Option) -> Any:
    """The parameter type Discord shows for an option of this kind."""
    if opt.kind == "yesno":
        return bool
    if opt.kind == "seat":
        return app_commands.Range[int, 1, game.max_players]
    if opt.kind == "number":
        if opt.minimum is not None and opt.maximum is not None:
            return app_commands.Range[int, opt.minimum, opt.maximum]
        if opt.minimum is not None:
            return app_commands.Range[int, opt.minimum, None]
        if opt.maximum is not None:
            return app_commands.Range[int, None, opt.maximum]
        return int
    return str


def option_choices(opt: Option) -> list[app_commands.Choice[str]]:
    """A choice option's values as Discord choices (localised by the translator); the default
    is marked."""
    out = []
    for value in (opt.choices or ())[:MAX_CHOICES]:
        shown = opt.value_text(value)
        if value == opt.default:
            shown = say("{value} (default)", value=shown)
        out.append(app_commands.Choice(name=text(shown), value=value))
    return out


async def open_lobby(
    interaction: discord.Interaction, game: Game, options: dict[str, Any]
) -> None:
    """``/play <game>``: open a lobby with the options given; the host refuses bad ones. Where
    the bot can't post by itself (a DM, a group DM, a server without the bot: ``reach`` is
    "interactions"), the lobby is this command's answer and the table plays on through the
    interactions made at it (:mod:`bot.adapter.posting.carriers`)."""
    async with guarded(interaction, f"/play {game.id}"):
        channel_id = require_channel(interaction)
        reach = reach_of(interaction)
        require_post_permissions(interaction)  # nothing to check where only interactions post
        await send.defer_public(interaction)  # before any read: Discord waits 3 s
        bot = tablee(interaction.client)
        user = interaction.user
        why = None
        bot.poster.carriers.reach(channel_id, reach)  # the bot's token never goes where it may not
        if reach == BOT:
            chosen = await bot.service.store.servers.tables_place(interaction.guild_id or 0)
            place, why = place_of(interaction, chosen or bot.config.tables_place)
            if place == "threads":
                await open_thread_lobby(interaction, game, options)
                return
        info = await bot.service.lobbies.create_lobby(
            channel_id, interaction.guild_id, game.id, options, user.id, user.display_name,
            reach=reach)
        async with in_public(interaction.client, interaction.guild_id, interaction):
            text, view = lobby_text(info), lobby_view(info)
        try:
            await send.respond(interaction, text, view=view)
            message = await interaction.original_response()
        except BaseException:
            await drop_lobby(interaction, channel_id)
            raise
        if await lobby_posted(interaction, info, message) and why is not None:
            await send.followup(interaction, why, ephemeral=True)


async def lobby_posted(interaction: discord.Interaction, info: TableInfo,
                       message: discord.Message) -> bool:
    """The lobby post ``message`` went out as this interaction's answer (or a followup of it):
    kept (its token edits it: the settings panel; the ledger knows it). False when Discord made
    it private (a server letting apps it did not add answer only privately): nobody else could
    join, so the lobby goes, the post too when it was a followup, and the host reads why in the
    interaction's answer."""
    bot = tablee(interaction.client)
    if message.flags.ephemeral:
        await drop_lobby(interaction, info.channel_id)
        if isinstance(message, discord.WebhookMessage):  # a followup: taken back
            await message.delete()
        await send.edit_original(interaction, content=private_only_sentence(), view=None)
        return False
    bot.poster.carriers.made(message.id, interaction)
    await bot.service.ledger.set_post(info.channel_id, message.id, info.version)
    return True


def private_only_sentence() -> str:
    """What the host reads when the server turned answers of apps it did not add private."""
    return _("This server lets apps it has not added answer only privately, so nobody else "
             "could see or join this table. A server admin can allow external apps (the Use "
             "External Apps permission), or add Tablée to the server.")


async def open_thread_lobby(
    interaction: discord.Interaction, game: Game, options: dict[str, Any]
) -> None:
    """The lobby of a table that will play in a thread: posted first (the bad options refused
    before), then keyed by its post's id, then given its buttons, which name that id."""
    bot = tablee(interaction.client)
    user, channel_id = interaction.user, interaction.channel_id
    preview = bot.service.lobbies.preview_lobby(interaction.guild_id, game.id, options, user.id,
                                        user.display_name)
    async with in_public(interaction.client, interaction.guild_id, interaction):
        await send.respond(interaction, lobby_text(preview))
    message = await interaction.original_response()
    try:
        info = await bot.service.lobbies.create_lobby(
            message.id, interaction.guild_id, game.id, options, user.id, user.display_name,
            parent_id=channel_id)
        await bot.service.ledger.set_post(message.id, message.id, info.version)
        async with in_public(interaction.client, interaction.guild_id, interaction):
            text, view = lobby_text(info), lobby_view(info)
        await send.edit_original(interaction, content=text, view=view)
    except BaseException:
        await unpost_lobby(interaction, message.id)
        raise


def play_callback(game: Game) -> Callable[..., Awaitable[None]]:
    """The callback of ``/play <game>``: one optional keyword parameter per option."""
    params = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    descriptions: dict[str, app_commands.locale_str] = {}
    choices: dict[str, list[app_commands.Choice[str]]] = {}
    renames: dict[str, str] = {}
    by_param: dict[str, str] = {}  # Python parameter -> the game's option name
    taken: set[str] = set()
    for opt in game.options[:MAX_COMMAND_OPTIONS]:
        shown = discord_name(opt.name)
        ident = python_name(shown, taken)
        taken.add(ident)
        by_param[ident] = opt.name
        if ident != shown:
            renames[ident] = shown
        params.append(
            inspect.Parameter(
                ident, inspect.Parameter.KEYWORD_ONLY,
                annotation=annotation(game, opt) | None, default=None,
            )
        )
        descriptions[ident] = text(opt.description or opt.label)
        if opt.kind == "choice" and opt.choices:
            choices[ident] = option_choices(opt)

    async def callback(interaction: discord.Interaction, **given: Any) -> None:
        options = {by_param[k]: v for k, v in given.items() if v is not None}
        await open_lobby(interaction, game, options)

    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_description__ = descriptions  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_choices__ = choices  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_rename__ = renames  # type: ignore[attr-defined]
    return callback


def play_group(games: Sequence[Game]) -> app_commands.Group:
    """``/play`` with one subcommand per game (Discord allows 25 a group)."""
    group = app_commands.Group(
        name="play",
        description=_("Open a table for a board game in this channel"),
    )
    names: set[str] = set()
    for game in games:
        name = game.id if NAME.match(game.id) else discord_name(game.id)
        if name in names or len(names) == MAX_SUBCOMMANDS:
            log.warning("/play cannot offer %r (name taken or 25 games already)", game.id)
            continue
        names.add(name)
        description = text(say("{game} ({players})", game=game.name, players=player_text(game)))
        group.add_command(
            app_commands.Command(name=name, description=description, callback=play_callback(game))
        )
    return group


def rules_command(games: Sequence[Game]) -> app_commands.Command[Any, ..., None]:
    """``/rules game``: the games as choices (autocomplete beyond Discord's 25 choices)."""
    known = {game.id: game for game in games}

    async def rules(interaction: discord.Interaction, game: str) -> None:
        async with guarded(interaction, "/rules"):
            found = known.get(game)
            if found is None:  # typed past the choices: say which games there are
                raise Refusal(_("I don't know the game '{game}'. Games here: {known}.",
                                game=game, known=", ".join(g.name for g in games)))
            await send.respond_all(interaction, rules_messages(found), ephemeral=True)

    command = app_commands.Command(
        name="rules",
        description=_("A short summary of a game's rules (privately)"),
        callback=rules,
    )
    command = app_commands.describe(game=_("Which game"))(command)
    offered = [app_commands.Choice(name=clip(g.name, MAX_DESCRIPTION), value=g.id) for g in games]
    if len(offered) <= MAX_CHOICES:
        return app_commands.choices(game=offered)(command)

    async def suggest(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        typed = current.strip().lower()
        return [c for c in offered if typed in c.name.lower()][:MAX_CHOICES]

    command.autocomplete("game")(suggest)
    return command
