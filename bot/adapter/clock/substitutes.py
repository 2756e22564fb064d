"""Substitutes on Discord: the table post's **Take seat n (name)** buttons, the request they post
in the table's channel, and its **Accept** / **Decline** buttons (the rules:
:mod:`bot.service.rules.substitutes`).

The request is the message itself: its buttons name the table, the seat, the candidate and the
seat's replacement, and the service checks each answer against the table as it is then. An
answer edits the request to say how it ended, without buttons. The request names every player
but pings only those who chose a mention and are outside their quiet hours
(:meth:`bot.service.notices.TurnNotices.mentioned`): it asks them something, as their turn does;
pinging nobody, it is silent (SUPPRESS_NOTIFICATIONS).
"""

from __future__ import annotations

import logging

import discord

from bot.service.followup import tolerated
from bot.service.results import PublicPost, TableInfo

from ..kit import send
from ..kit.checks import require_post_permissions
from ..kit.components import Component, Item
from ..kit.context import tablee
from ..kit.errors import Refusal, guarded
from ..kit.i18n import _, shown
from ..kit.languages import in_public
from ..kit.limits import MAX_BUTTON_LABEL, clip

log = logging.getLogger("tablee.adapter.clock")

MAX_SEAT_BUTTONS = 5  # one row of the table post


def seat_buttons(channel_id: int, post: PublicPost, table: TableInfo) -> list[Item]:
    """Take seat n (name) for each person's seat a computer plays, on their own row."""
    if post.clock is None or post.finished:
        return []
    return [SeatButton(channel_id, seat, post.version, name=shown(name))
            for seat, name in post.clock.takeable[:MAX_SEAT_BUTTONS]]


class SeatButton(Component, discord.ui.DynamicItem[discord.ui.Button], namespace="ts:sit:",
                 template=r"(?P<channel_id>\d+):(?P<seat>\d+):(?P<version>\d+)",
                 id_format="{channel_id}:{seat}:{version}"):
    """Take seat n (name): any version works, the service checks the seat as it is now."""

    def __init__(self, channel_id: int, seat: int, version: int, *, name: str = "") -> None:
        text = (_("Take seat {seat} ({name})", seat=seat, name=name) if name
                else _("Take seat {seat}", seat=seat))
        super().__init__(discord.ui.Button(
            label=clip(text, MAX_BUTTON_LABEL), style=discord.ButtonStyle.secondary, row=2,
            custom_id=self.make_id(channel_id=channel_id, seat=seat, version=version)))
        self.channel_id = channel_id
        self.seat = seat

    async def callback(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, "take seat"):
            require_post_permissions(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            bot = tablee(interaction.client)
            asked = await bot.service.absence.ask_seat(
                self.channel_id, interaction.user.id, self.seat, is_bot=interaction.user.bot)
            view = discord.ui.View(timeout=None)
            for answer in ("yes", "no"):
                view.add_item(SeatAnswer(answer, asked.channel_id, asked.table, asked.seat,
                                         asked.user_id, asked.since))
            async with in_public(interaction.client, interaction.guild_id, interaction):
                text = _("{players}: <@{id}> asks to take {seat}, which a computer plays now. "
                         "One of you may **Accept** (they then play that seat and its hand "
                         "until the end) or **Decline**.",
                         players=" ".join(f"<@{p}>" for p in asked.players), id=asked.user_id,
                         seat=shown(asked.seat_label))
            channel = interaction.client.get_partial_messageable(self.channel_id)
            ping = await tolerated(log, f"reading the notification choices of {asked.players}",
                                   bot.service.notices.mentioned(asked.players), [])
            # The private answer first: the request is then a message of its own, carried by
            # this press (no request on the bot's own token; the only way where the bot can't
            # post by itself).
            await send.followup(interaction, _(
                "Your request to take {seat} is posted: you play it once a player accepts.",
                seat=shown(asked.seat_label)), ephemeral=True)
            bot.poster.carriers.offer(self.channel_id, interaction)
            await bot.poster.carriers.send(self.channel_id, channel, text, ping=ping, view=view)


class SeatAnswer(Component, discord.ui.DynamicItem[discord.ui.Button], namespace="tq:",
                 template=r"(?P<answer>yes|no):(?P<channel_id>\d+):(?P<table>\d+):(?P<seat>\d+)"
                          r":(?P<user>\d+):(?P<since>\d+)",
                 id_format="{answer}:{channel_id}:{table}:{seat}:{user}:{since}"):
    """Accept / Decline a request to take a seat (checked by the service against the table)."""

    def __init__(self, answer: str, channel_id: int, table: int, seat: int, user: int,
                 since: int) -> None:
        accept = answer == "yes"
        super().__init__(discord.ui.Button(
            label=_("Accept") if accept else _("Decline"),
            style=discord.ButtonStyle.success if accept else discord.ButtonStyle.secondary,
            custom_id=self.make_id(answer=answer, channel_id=channel_id, table=table, seat=seat,
                                   user=user, since=since)))
        self.accept = accept
        self.channel_id = channel_id
        self.table = table
        self.seat = seat
        self.user = user
        self.since = since

    async def callback(self, interaction: discord.Interaction) -> None:
        async with guarded(interaction, "seat request"):
            require_post_permissions(interaction)
            await interaction.response.defer()
            bot = tablee(interaction.client)
            name = await self._candidate_name(interaction) if self.accept else None
            outcome = await bot.service.absence.answer_seat(
                self.channel_id, interaction.user.id, table=self.table, seat=self.seat,
                candidate=self.user, since=self.since, name=name)
            async with in_public(interaction.client, interaction.guild_id, interaction):
                if outcome is None:
                    text = _("{player} declined <@{id}>'s request to take seat {seat}.",
                             player=interaction.user.display_name, id=self.user, seat=self.seat)
                else:
                    text = _("{player} accepted: <@{id}> now plays seat {seat}.",
                             player=interaction.user.display_name, id=self.user, seat=self.seat)
            await send.edit_original(interaction, content=text, view=None)
            if outcome is not None:
                await bot.poster.publish(outcome, via=interaction)  # answered: it can carry

    async def _candidate_name(self, interaction: discord.Interaction) -> str:
        """The candidate's display name in this server (they may have left it)."""
        assert interaction.guild is not None
        try:
            member = await interaction.guild.fetch_member(self.user)
        except discord.NotFound:
            raise Refusal(_("<@{id}> is no longer in this server, so they can't take the "
                            "seat.", id=self.user)) from None
        return member.display_name
