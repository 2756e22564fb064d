"""**Challenge to a game**, on a person (right-click, or the app menu on their profile): the
caller gets, privately, the games in a select (25 a select, up to five selects); picking one
opens a lobby in the conversation where the menu was used, the caller seated as its host and the
person invited, their seat held for them (:mod:`bot.service.rules.challenge`) until they press
Join or the hold ends (the rematch's ``rematch_seconds``).

The lobby goes out as a public followup of the select's interaction, pinging the person
challenged only; the private select message then says where it went. From then on it is an
ordinary lobby of that channel (keyed by its id, always played in the channel itself, whatever
the server's place for tables): Join, Leave, Start and Cancel as on any. As with ``/play``,
where the bot can't post by itself (a DM or group DM between people, a server without the bot)
the table reaches its players through interactions only (``reach``, :mod:`bot.adapter.posting.
carriers`), and a server that turns the followup private gets no lobby, but one sentence
(:func:`bot.adapter.lobby.game_commands.lobby_posted`).
The select's custom id carries the person's id and the name the lobby shows until they join
(their display name where the menu was used), so it works after a restart too.
"""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord import app_commands

from bot.service.results import TableInfo
from bot.service.rules import challenge as rules
from games import Game

from ... import catalog
from ..kit import send
from ..kit.checks import reach_of, require_channel, require_post_permissions
from ..kit.components import Component
from ..kit.context import tablee
from ..kit.errors import Refusal, guarded
from ..kit.i18n import N_, _, say
from ..kit.languages import in_public
from ..kit.limits import MAX_CHOICES, MAX_CONTENT, MAX_NAME, MAX_OPTION_LABEL, MAX_ROWS, clip
from ..kit.menus import context_menu
from .game_commands import lobby_posted
from .lobby import drop_lobby, lobby_text, lobby_view, owner_name

CHALLENGE = N_("Challenge to a game")
"""The menu's name (Discord allows spaces and capitals in a context menu's name)."""


def challenge_games() -> list[Game]:
    """The games one can challenge someone to: those for two players or more."""
    return [t.game for t in catalog.table_games() if t.game.max_players >= 2]


def parts(games: Sequence[Game]) -> list[Sequence[Game]]:
    """The games cut in selects of 25, five selects at most (a message has five rows)."""
    return [games[i:i + MAX_CHOICES] for i in range(0, len(games), MAX_CHOICES)][:MAX_ROWS]


class ChallengeSelect(Component, discord.ui.DynamicItem[discord.ui.Select], namespace="tx:",
                      template=r"(?P<person>\d+):(?P<part>\d):(?P<name>.+)",
                      id_format="{person}:{part}:{name}"):
    """One select of games on the challenger's private message (``part``: which 25)."""

    def __init__(self, person: int, part: int, name: str) -> None:
        cut = parts(challenge_games())
        games = cut[part] if part < len(cut) else []
        options = [discord.SelectOption(label=clip(g.name, MAX_OPTION_LABEL), value=g.id)
                   for g in games] or [discord.SelectOption(label="…", value="-")]
        placeholder = (_("Choose a game…") if len(cut) < 2 else
                       _("Choose a game ({first}–{last})…", first=games[0].name,
                         last=games[-1].name) if games else "…")
        super().__init__(discord.ui.Select(
            custom_id=self.make_id(person=person, part=part, name=name),
            placeholder=placeholder, options=options))
        self.person, self.name = person, name

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list(self.item.values)
        async with guarded(interaction, "challenge"):
            await open_challenge(interaction, values[0] if values else "", self.person,
                                 self.name)


def challenge_view(person: int, name: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for part in range(len(parts(challenge_games()))):
        view.add_item(ChallengeSelect(person, part, name))
    return view


async def offer_games(interaction: discord.Interaction,
                      person: discord.Member | discord.User) -> None:
    """The menu on a person: refusals in one sentence, else the games, privately."""
    async with guarded(interaction, "challenge menu"):
        channel_id = require_channel(interaction)
        require_post_permissions(interaction)  # as /play: nothing where only interactions post
        if person.id == interaction.user.id:
            raise rules.CannotChallenge(say(rules.YOURSELF))
        if person.bot or person.system:
            raise Refusal(_("{name} is an app, not a person: challenge someone who plays.",
                            name=person.display_name))
        await send.defer_private(interaction)  # before the read: Discord waits 3 s
        await tablee(interaction.client).service.lobbies.check_free(channel_id)
        name = clip(person.display_name, MAX_NAME)
        await send.respond(interaction, _("Challenge **{name}** to which game?",
                                          name=person.display_name),
                           view=challenge_view(person.id, name), ephemeral=True)


def challenge_text(info: TableInfo, person: int) -> str:
    """The lobby's first post: who challenges whom (a mention: it pings them), then the lobby."""
    head = _("**{name}** challenges <@{person}>: press **Join** to accept.",
             name=owner_name(info), person=person)
    return f"{head}\n{lobby_text(info)}"[:MAX_CONTENT]


async def open_challenge(interaction: discord.Interaction, game_id: str, person: int,
                         name: str) -> None:
    """A game picked: the lobby, posted publicly below; the private message says so."""
    await interaction.response.defer()  # a deferred update of the private select message
    bot = tablee(interaction.client)
    user, channel_id = interaction.user, require_channel(interaction)
    reach = reach_of(interaction)
    bot.poster.carriers.reach(channel_id, reach)  # as /play
    info = await bot.service.lobbies.create_lobby(
        channel_id, interaction.guild_id, game_id, {}, user.id, user.display_name,
        reach=reach, challenged=(person, name))
    async with in_public(interaction.client, interaction.guild_id, interaction):
        text, view = challenge_text(info, person), lobby_view(info)
    try:
        message = await send.followup(interaction, text, view=view, ping=[person])
    except BaseException:
        await drop_lobby(interaction, channel_id)
        raise
    if await lobby_posted(interaction, info, message):
        await send.edit_original(interaction, content=_("Your challenge to **{name}** is "
                                                        "posted below.", name=name), view=None)


def challenge_menu() -> app_commands.ContextMenu:
    """The menu on a person (its name is translated: :mod:`bot.adapter.kit.translator`)."""
    return context_menu(CHALLENGE, offer_games)
