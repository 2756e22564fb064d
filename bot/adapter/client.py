"""The discord.py client: loads the rooms, syncs their commands by scope, resumes the tables.

The bot gets an already opened :class:`~bot.service.Services`; the runner (or a test) owns its
lifetime. At start-up it loads each room of :data:`bot.adapter.rooms.EXTENSIONS` as a discord.py
extension, whose ``setup`` adds its commands and its components (each a
:class:`discord.ui.DynamicItem` of :mod:`bot.adapter.kit.components`, so the buttons of posts
sent before a restart keep working); where the components appear is
:data:`bot.adapter.rooms.LAYOUT`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.voice_client import VoiceClient

from bot.config import Config
from bot.service import Services
from bot.service.rules.reach import INTERACTIONS
from bot.shards import shard_of
from games.cli import counted

from .. import catalog
from .clock.absence import start_clock
from .kit import inputs
from .kit.emojis import UNICODE, load_emojis
from .kit.errors import guarded
from .kit.i18n import language, language_of, shown
from .kit.installs import EVERY_CONTEXT, EVERY_INSTALL
from .kit.pace import GlobalPace, pace, share
from .kit.send import reply_private
from .kit.translator import CatalogTranslator
from .live.activity import sync_global
from .lobby.lobby import post_unposted_lobbies
from .posting.dms import TurnStart, jump_url
from .posting.poster import Poster
from .posting.threads import TableThreads
from .rooms import EXTENSIONS, LAYOUT

log = logging.getLogger("tablee.adapter")


class TableeTree(app_commands.CommandTree):
    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Before any command or autocomplete runs: data Discord's client would not send (an
        unknown command, an option of the wrong type or off its choices, an unresolved user) is
        answered with one sentence and logged as a warning (:mod:`bot.adapter.kit.inputs`)."""
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        if data.get("type", 1) != 1:  # context menus: none here, discord.py answers alone
            return True
        guild_id = data.get("guild_id")
        name = str(data.get("name"))
        root = (self.get_command(name, guild=discord.Object(int(guild_id))) if guild_id
                and str(guild_id).isdigit() else None) or self.get_command(name)
        autocomplete = interaction.type == discord.InteractionType.autocomplete
        problem = inputs.command_problem(root, data, autocomplete=autocomplete)
        if problem is None:
            return True
        log.warning("refused /%s from user %s in channel %s: %s (option %r) is not what "
                    "Discord sends", name[:40], interaction.user.id, interaction.channel_id,
                    problem.kind, problem.option[:40])
        if autocomplete:
            await interaction.response.autocomplete([])
            return False
        with language(language_of(interaction.locale)):
            text = problem.sentence()
        await reply_private(interaction, text)
        return False

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        """Last resort (commands normally answer their own errors): log and apologise."""
        original = getattr(error, "original", error)
        async with guarded(
            interaction, f"command {interaction.command and interaction.command.name}"
        ):
            raise original


def quiet_voice() -> None:
    """Tablée never joins a voice channel: discord.py's start-up warnings that voice is not
    supported ("PyNaCl is not installed…", "davey is not installed…") would only worry the
    people running the bot, so they are switched off (discord.py's own flags)."""
    VoiceClient.warn_nacl = False
    VoiceClient.warn_dave = False


class TableeBot(commands.Bot):
    def __init__(self, config: Config, service: Services, *,
                 issue_link: Callable[[int, int], Awaitable[str]] | None = None,
                 watch_link: Callable[[int], str] | None = None, **kwargs: Any) -> None:
        """``issue_link``: the web server's personal links, ``watch_link``: its Watch live
        links (the app passes them when the live table runs; with ``[web] public_url`` the table
        posts then offer Watch live and Play in browser)."""
        quiet_voice()
        intents = discord.Intents.default()
        intents.message_content = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=TableeTree,
            allowed_mentions=discord.AllowedMentions.none(),  # each send names its pings: send.py
            allowed_installs=EVERY_INSTALL,  # every command everywhere, but a few: kit/installs.py
            allowed_contexts=EVERY_CONTEXT,
            **kwargs,
        )
        self.config = config
        self.service = service
        shards = config.shards
        self.pace = GlobalPace(share(len(shards.served), shards.count))  # Discord's global limit
        self.issue_link = issue_link
        self.watch_link = watch_link  # offered on table posts by the live room's setup
        self.layout = LAYOUT
        self.app_emojis = UNICODE  # the application's emojis: listed at start-up (setup_hook)
        self.threads = TableThreads(self, service, rematch_seconds=config.rematch_seconds,
                                    layout=self.layout)
        self.poster = Poster(self, service, threads=self.threads, layout=self.layout)
        # every bot-token request waits its turn; none goes where only interactions may post
        pace(self.http, self.pace, self.poster.carriers.barred)
        self._resumed = False
        self.resumed = asyncio.Event()  # set once the tables are resumed and the clock runs
        self._clock: asyncio.Task[None] | None = None

    async def resume_tables(self) -> None:
        """After a restart, computer players who were to move play on; post what they did. A
        lobby never posted gets its post."""
        try:
            for info in await self.service.views.active_tables():
                if info.reach == INTERACTIONS:  # never the bot's own token there
                    self.poster.carriers.bar(info.channel_id)
            await post_unposted_lobbies(self)
            outcomes = await self.service.moves.resume()
        except Exception:
            log.exception("resuming tables failed")
            return
        for outcome in outcomes:
            channel_id = outcome.table.channel_id
            try:
                await self.poster.publish(outcome)
            except Exception:
                log.exception("posting the resumed table in channel %s failed", channel_id)
        await self.rearm_turn_dms()

    async def rearm_turn_dms(self) -> None:
        """After a restart: the turn DMs of live tables still waiting for their moment are
        armed again from their turns' start; one whose moment passed while the bot was down is
        not sent late (no burst at start-up; the clock's reminder DMs that person anyway)."""
        dms = self.poster.turn_dms
        try:
            turns = await self.service.table_clock.turns()
        except Exception:
            log.exception("reading the turns in play for their DMs failed")
            return
        now = self.service.context.now()
        for turn in turns:
            table = turn.table
            try:
                wait = await dms.wait(table, turn.user_id)  # their choice
            except Exception:
                log.exception("reading the notification choices of %s failed", turn.user_id)
                continue
            left = None if wait is None else turn.started + wait - now
            if left is None or left <= 0 or turn.user_id in dms.pending(table.channel_id):
                continue
            url = jump_url(table.guild_id, table.channel_id, table.post_message_id)
            with language(await self.service.languages.guild_language(table.guild_id)):
                game_name = shown(table.game_name)
            dms.rearm(TurnStart(table.channel_id, table.guild_id, table.game_id, turn.user_id,
                                game_name, table.post_message_id, url, None), left)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Anything a person does at a table (a button, a menu, a command typed there) shows
        they are there: their turn DM there is not needed."""
        self.poster.turn_dms.acted(interaction.channel_id, interaction.user.id)

    async def on_interaction_answered(self, interaction: discord.Interaction) -> None:
        """An interaction was answered (:func:`bot.adapter.kit.errors.guarded`): a table in its
        conversation whose post waits for one goes on with it."""
        await self.poster.carry_on(interaction)

    async def setup_hook(self) -> None:
        self.app_emojis = await load_emojis(self)  # logged in: the application id is known
        await self.tree.set_translator(CatalogTranslator())  # French clients see /jouer…
        await self.load_rooms()
        await self.sync_commands()

    async def load_rooms(self) -> None:
        """Each room adds its commands and components (:data:`~bot.adapter.rooms.EXTENSIONS`),
        built from the games registered now (a game registered before the bot starts is offered
        like the others): /play <game>, /rules, and /partner only when some game has a partner
        channel."""
        for name in EXTENSIONS:
            await self.load_extension(name)
        games = [table_game.game for table_game in catalog.table_games()]
        log.info("offering %s: %s", counted(len(games), "game", "games"),
                 ", ".join(g.id for g in games))

    async def sync_commands(self) -> None:
        """Register the slash commands where the config says: one development guild, or global."""
        scope = self.config.sync
        if scope == "off":
            log.info("command sync is off")
            return
        # Sharded: the process whose shards get the server's events registers its commands;
        # the global ones go with shard 0 (the one DMs go to), so N processes sync once.
        where = self.config.dev_guild_id if scope == "guild" else None
        if not self.config.shards.owns(where):
            log.info("command sync is left to the process serving shard %d",
                     shard_of(where, self.config.shards.count))
            return
        if scope == "guild" and self.config.dev_guild_id:
            guild = discord.Object(id=self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %s to guild %s", counted(len(synced), "command", "commands"),
                     self.config.dev_guild_id)
            return
        synced = await sync_global(self.tree)
        log.info("synced %s", counted(len(synced), "global command", "global commands"))

    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        await self.threads.archived(payload)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.threads.deleted(payload.thread_id)

    async def close(self) -> None:
        if self._clock is not None:
            self._clock.cancel()
        await self.threads.close()
        await super().close()

    async def on_ready(self) -> None:
        if not self._resumed:
            self._resumed = True
            await self.resume_tables()
            self._clock = start_clock(self)  # after resuming: overdue clocks are handled now
            self.resumed.set()
            self.dispatch("tables_resumed")  # the rooms' own resuming (tournaments' rounds)
        log.info(
            "logged in as %s (%s) in %s",
            self.user,
            getattr(self.user, "id", "?"),
            counted(len(self.guilds), "server", "servers"),
        )


class ShardedTableeBot(TableeBot, commands.AutoShardedBot):
    """The same bot on some of Discord's shards: ``config.shard_ids`` (None: all of them) out of
    ``config.shard_count``, one gateway connection each. Its service only resumes and times the
    tables of those shards' guilds (:mod:`bot.shards`)."""


def make_bot(config: Config, service: Services, **kwargs: Any) -> TableeBot:
    """The bot the config asks for: one plain connection (the default), or the shards of
    ``config.shard_count`` this process serves."""
    if config.shard_count is None:
        return TableeBot(config, service, **kwargs)
    ids = list(config.shard_ids) if config.shard_ids is not None else None
    return ShardedTableeBot(config, service, shard_count=config.shard_count, shard_ids=ids,
                            **kwargs)
