"""/history and /replay: the server's finished games, privately and a page at a time, and the
animated replay of one of them posted in the channel with its record.

/history answers ephemerally with Previous / Next buttons (DynamicItems, so they keep working
after a restart) that only the person who asked can press; each page is asked of the service
again. /replay checks the game first (a refusal is private), then posts the image the service
draws in a worker thread and the JSON record (``python -m games replay`` reads it).
"""

from __future__ import annotations

import io

import discord
from discord import app_commands

from bot.service.history import HistoryEntry, HistoryPage

from ... import catalog
from ..kit import send
from ..kit.checks import require_guild
from ..kit.cog import ServiceCog
from ..kit.components import Component
from ..kit.context import tablee
from ..kit.errors import Refusal, guarded, reply_private
from ..kit.i18n import _, shown
from ..kit.installs import servers_only
from ..kit.languages import in_public, reader
from ..kit.limits import MAX_CHOICES, MAX_CONTENT, MAX_OPTION_LABEL, clip
from .analysis import post_analysis

PAGE = 10


def score_text(score: float | int | None) -> str:
    if score is None:
        return ""
    return f" {int(score)}" if float(score).is_integer() else f" {score:g}"


def entry_line(entry: HistoryEntry) -> str:
    """"**#42** · <date> · **Some Game** · 🏆 Alice 12 · Bob 9 · final table link"."""
    players = " · ".join(("🏆 " if p.won else "") + shown(p.name) + score_text(p.score)
                         for p in entry.players)
    if entry.post_message_id is not None:
        guild = entry.guild_id or "@me"
        where = _("[final table](https://discord.com/channels/{guild}/{channel}/{message})",
                  guild=guild, channel=entry.channel_id, message=entry.post_message_id)
    else:
        where = _("in <#{channel}>", channel=entry.channel_id)
    return (f"**#{entry.game_row}** · <t:{int(entry.ended_at)}:f> · **{entry.game_name}** · "
            f"{players} · {where}")


def game_name(game_id: str | None) -> str | None:
    if game_id is None:
        return None
    return next((t.game.name for t in catalog.table_games() if t.game.id == game_id), game_id)


def filters_text(game: str | None, user: str | None) -> str:
    if game and user:
        return _("{game} games with {user}", game=game, user=user)
    if game:
        return _("{game} games", game=game)
    return _("games with {user}", user=user)


def page_text(page: HistoryPage, game: str | None, user: str | None) -> str:
    """The page's content, within Discord's 2000 characters (long names are clipped)."""
    filtered = game is not None or user is not None
    if not page.entries:
        if filtered:
            return _("No finished {what} in this server yet.", what=filters_text(game, user))
        return _("No finished game in this server yet. Start one with /play.")
    pages = max(1, -(-page.total // page.limit))
    number = page.offset // page.limit + 1
    if filtered:
        head = _("**Finished {what}** · page {n} of {pages} · `/replay` shows one as an "
                 "animation.", what=filters_text(game, user), n=number, pages=pages)
    else:
        head = _("**Finished games in this server** · page {n} of {pages} · `/replay` shows "
                 "one as an animation.", n=number, pages=pages)
    room = (MAX_CONTENT - len(head)) // len(page.entries) - 1
    return "\n".join([head, *(clip(entry_line(e), room) for e in page.entries)])


class HistoryButton(Component, discord.ui.DynamicItem[discord.ui.Button], namespace="th:",
                    template=r"(?P<viewer>\d+):(?P<offset>\d+):(?P<game>[a-z0-9-]+|\*):(?P<user>\d+)",
                    id_format="{viewer}:{offset}:{game}:{user}"):
    """Previous / Next on a /history page: the id holds who asked, the page and the filters
    (``*`` for any game, 0 for anyone)."""

    def __init__(self, viewer: int, offset: int, game: str | None, user: int | None, *,
                 label: str = "", disabled: bool = False) -> None:
        game = None if game == "*" else game
        super().__init__(discord.ui.Button(
            label=label or _("Page"), style=discord.ButtonStyle.secondary, disabled=disabled,
            custom_id=self.make_id(viewer=viewer, offset=offset, game=game or "*", user=user or 0),
        ))
        self.viewer, self.offset, self.game, self.user = viewer, offset, game, user or None

    async def allowed(self, interaction: discord.Interaction, /) -> bool:
        if interaction.user.id == self.viewer:
            return True
        await reply_private(interaction, _("These buttons page someone else's /history: "
                                           "type /history to get your own."))
        return False

    async def callback(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, "history page"):
            require_guild(interaction)
            await interaction.response.defer()
            content, view = await history_reply(interaction, self.offset, self.game, self.user)
            await send.edit_original(interaction, content=content, view=view)


async def history_reply(
    interaction: discord.Interaction, offset: int, game: str | None, user_id: int | None,
) -> tuple[str, discord.ui.View | None]:
    """The content and buttons of one /history page for the person who asked (the player
    filter is shown as a mention: Discord shows the name, nobody is pinged)."""
    page = await tablee(interaction.client).service.game_history.history(
        interaction.guild_id, game_id=game, user_id=user_id, limit=PAGE, offset=offset)
    content = page_text(page, game_name(game), f"<@{user_id}>" if user_id else None)
    if not (page.has_previous or page.has_next):
        return content, None
    viewer = interaction.user.id
    view = discord.ui.View(timeout=None)
    view.add_item(HistoryButton(viewer, max(0, page.offset - PAGE), game, user_id,
                                label=_("Previous"), disabled=not page.has_previous))
    view.add_item(HistoryButton(viewer, page.offset + PAGE, game, user_id, label=_("Next"),
                                disabled=not page.has_next))
    return content, view


class HistoryCommands(ServiceCog):
    """/history, /replay and /analysis."""

    @servers_only(user_install=True)
    @app_commands.command(name="history", description=_("Finished games in this server "
                                                        "(privately)"))
    @app_commands.describe(game=_("Only this game"), user=_("Only games this person played"))
    async def history(self, interaction: discord.Interaction, game: str | None = None,
                      user: discord.User | None = None) -> None:
        async with guarded(interaction, "/history"):
            require_guild(interaction)
            games = {t.game.id: t.game.name for t in catalog.table_games()}
            if game is not None and game not in games:
                raise Refusal(_("I don't know the game '{game}'. Games here: {known}.",
                                game=game, known=", ".join(games.values())))
            await send.defer_private(interaction)  # before the read: Discord waits 3 s
            content, view = await history_reply(interaction, 0, game, user.id if user else None)
            if view is None:
                await send.respond(interaction, content, ephemeral=True)
            else:
                await send.respond(interaction, content, ephemeral=True, view=view)

    @history.autocomplete("game")
    async def history_game(self, interaction: discord.Interaction, current: str
                           ) -> list[app_commands.Choice[str]]:
        typed = current.strip().lower()
        return [app_commands.Choice(name=t.game.name, value=t.game.id)
                for t in catalog.table_games()
                if typed in t.game.name.lower() or typed in t.game.id][:MAX_CHOICES]

    @servers_only(user_install=True)
    @app_commands.command(name="replay", description=_("Post the animated replay of a "
                                                       "finished game"))
    @app_commands.describe(game=_("The game's number (start typing: a game, a player, a date)"))
    async def replay(self, interaction: discord.Interaction, game: int) -> None:
        async with guarded(interaction, "/replay"):
            require_guild(interaction)
            await post_replay(interaction, game)

    @servers_only(user_install=True)
    @app_commands.command(name="analysis", description=_("Who was winning when: the chances "
                                                         "and turning points of a finished game"))
    @app_commands.describe(game=_("The game's number (start typing: a game, a player, a date)"))
    async def analysis(self, interaction: discord.Interaction, game: int) -> None:
        async with guarded(interaction, "/analysis"):
            require_guild(interaction)
            await post_analysis(interaction, game)

    @analysis.autocomplete("game")
    @replay.autocomplete("game")
    async def replay_game(self, interaction: discord.Interaction, current: str
                          ) -> list[app_commands.Choice[int]]:
        if interaction.guild_id is None:
            return []
        try:
            choices = await self.service.game_history.replay_choices(interaction.guild_id, current,
                                                     language=reader(interaction))
        except Exception:  # autocomplete can only answer with choices: none is the honest answer
            return []
        return [app_commands.Choice(name=clip(label, MAX_OPTION_LABEL), value=number)
                for number, label in choices]


async def post_replay(interaction: discord.Interaction, game_row: int) -> None:
    """Answer in the conversation with the replay of game ``game_row`` of this server (outside
    servers: of no server) and its record; a game it did not finish gets a private sentence."""
    await send.defer_public(interaction)  # before any read; a refusal is still private
    service = tablee(interaction.client).service
    entry = await service.game_history.finished_entry(interaction.guild_id, game_row,
                                                      here=interaction.channel_id)
    async with in_public(interaction.client, interaction.guild_id, interaction) as code:
        files = await service.game_history.replay(interaction.guild_id, game_row, language=code)
        text = replay_text(entry, files.frames, files.turns_per_frame)
    await send.followup(
        interaction, text,
        files=[discord.File(io.BytesIO(files.image), files.image_name),
               discord.File(io.BytesIO(files.record), files.record_name)],
    )


def replay_text(entry: HistoryEntry, frames: int, per_frame: int) -> str:
    players = ", ".join(shown(p.name) for p in entry.players)
    if per_frame == 1:
        return _("Replay of game #{n}, {game} ({players}): {frames} frames, one a turn. The "
                 "record is attached (`python -m games replay` reads it).", n=entry.game_row,
                 game=entry.game_name, players=players, frames=frames)
    return _("Replay of game #{n}, {game} ({players}): {frames} frames, up to {k} turns each "
             "to keep the file small. The record is attached (`python -m games replay` reads "
             "it).", n=entry.game_row, game=entry.game_name, players=players, frames=frames,
             k=per_frame)
