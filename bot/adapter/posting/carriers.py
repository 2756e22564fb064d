"""Carriers: the interaction tokens that can carry a table's public posts.

Discord lets a bot make 50 requests a second with its own token, for the whole bot; requests made
with an interaction's token (its response, its followups and their edits) are not counted
(docs: "Interaction endpoints are not bound to the bot's Global Rate Limit"). A token is valid
for 15 minutes, and its followups are messages of their own in the interaction's channel, public
unless flagged ephemeral; it may edit only the messages sent with it (its response and its
followups).

So when a person changes a table (a move, an undo, a clock button), their interaction is
*offered* to the carriers of its channel, and until its token is close to expiring, the channel's
posts go out as its followups and are edited with it: the mover's, and the computers' or the
clock's that come after it. A post sent with a token is edited with that same token while it is
valid, else with the bot's. Nothing else changes: the same text, image and buttons, in the same
channel. Only what the caller vouches for is offered: an interaction already answered, so that a
followup is a new message (after a "thinking…" deferral Discord's first followup would replace
it instead: the caller answers that first).

Every post sent here is silent (Discord's SUPPRESS_NOTIFICATIONS flag, on both paths) unless it
pings someone: the flag would turn that person's push notification into a mere badge, and who is
pinged is already their own choice (:mod:`bot.service.notices`).

A token Discord no longer takes (401 50027 "Invalid Webhook Token", 404 10015 "Unknown Webhook")
is dropped and the request goes again with the bot's token; any other refusal (a locked thread,
a missing permission) is the post's, raised as with the bot's token.

**Conversations the bot can't post in** (a DM or group DM between people, a server that has
Tablée only as someone's installed app: a table whose ``reach`` is "interactions",
:mod:`bot.service.rules.reach`) are *barred*: no request with the bot's own token is ever made
there (:func:`bot.adapter.kit.pace.pace` refuses it before it leaves, :class:`Unreachable`). A
post or an edit there goes with a token or not at all: without a usable one it raises
:class:`Unreachable`, and the table's post waits for the next interaction at the table, which
carries it (:meth:`bot.adapter.posting.poster.Poster.carry_on`). There Discord allows 5
followups per interaction (when the app is only user-installed, as it always is in such a
place): a token carries at most :data:`CARRIED` of them, leaving one for the handler's own
private answer.
"""

from __future__ import annotations

import datetime
import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

from bot.service.rules.reach import INTERACTIONS

from ..kit import send
from ..kit.pace import Unreachable

log = logging.getLogger("tablee.adapter.post")

MARGIN = datetime.timedelta(seconds=60)
"""A token is used only while more than this is left of its 15 minutes: a request that waits on
Discord's per-route limit must still find it valid."""
TOKEN_GONE = {50027, 10015}  # Invalid Webhook Token, Unknown Webhook: expired or unknown
FOLLOWUPS = 5
"""Discord's followups per interaction when the app is only user-installed where it was used
(receiving-and-responding, "Create Followup Message")."""
CARRIED = FOLLOWUPS - 1
"""The followups the carriers send with one such token: one is left for the handler's own."""


@dataclass(eq=False)
class Token:
    """An interaction's followup webhook, until when the poster uses it and, where Discord
    counts them (``limit``), how many followups the carriers may still send with it."""

    webhook: discord.Webhook
    until: datetime.datetime
    limit: int | None = None
    source: int = 0  # the interaction's id: offered twice, it is still one allowance


def token_of(interaction: discord.Interaction) -> Token:
    limit = None if interaction.is_guild_integration() else CARRIED
    return Token(interaction.followup, interaction.expires_at - MARGIN, limit, interaction.id)


class Carriers:
    """Which interaction token carries each channel's posts, and which token made each post."""

    def __init__(self, now: Callable[[], datetime.datetime] = discord.utils.utcnow) -> None:
        self._now = now
        self._fresh: dict[int, Token] = {}  # channel -> the newest offered token
        self._made: OrderedDict[int, Token] = OrderedDict()  # message id -> the token that sent it
        self.barred: set[int] = set()  # channels the bot's own token may not post in

    def bar(self, channel_id: int) -> None:
        """The table in ``channel_id`` reaches its players only through interactions: the bot's
        own token is never used there (until a table opens there with the bot's reach)."""
        self.barred.add(channel_id)

    def reach(self, channel_id: int, reach: str) -> None:
        """A table opens in ``channel_id`` with ``reach`` (:mod:`bot.service.rules.reach`): the
        channel is barred where only interactions post, free again where the bot was added
        since."""
        if reach == INTERACTIONS:
            self.barred.add(channel_id)
        else:
            self.barred.discard(channel_id)

    def made(self, message_id: int, interaction: discord.Interaction) -> None:
        """``message_id`` is ``interaction``'s response (a lobby): edited with its token while
        valid."""
        self._remember(message_id, token_of(interaction))

    def offer(self, channel_id: int, interaction: discord.Interaction | None) -> None:
        """``interaction`` (a person's change of the table playing in ``channel_id``, already
        answered) may carry the channel's posts: when it was made in that very channel."""
        if interaction is None or interaction.channel_id != channel_id:
            return
        offered = self._fresh.get(channel_id)
        if offered is not None and offered.source == interaction.id:
            return  # already carrying: its followups so far count
        token = token_of(interaction)
        if self._usable(token):
            self._fresh[channel_id] = token

    def forget(self, channel_id: int) -> None:
        """The table ended or left the channel: its token carries nothing more."""
        self._fresh.pop(channel_id, None)

    def _usable(self, token: Token | None) -> bool:
        return token is not None and self._now() < token.until

    def _carrier(self, channel_id: int) -> Token | None:
        token = self._fresh.get(channel_id)
        if token is not None and (not self._usable(token) or token.limit == 0):
            del self._fresh[channel_id]
            return None
        return token

    def can_post(self, channel_id: int) -> bool:
        """Whether a post in ``channel_id`` can go out now: with a token, or with the bot's."""
        return channel_id not in self.barred or self._carrier(channel_id) is not None

    def _maker(self, message_id: int) -> Token | None:
        token = self._made.get(message_id)
        return token if self._usable(token) else None

    def _remember(self, message_id: int, token: Token) -> None:
        self._made[message_id] = token
        while self._made:  # oldest first: drop those whose token can no longer edit them
            oldest = next(iter(self._made.values()))
            if self._usable(oldest):
                break
            self._made.popitem(last=False)

    def _gone(self, channel_id: int, token: Token, exc: discord.HTTPException) -> bool:
        """Discord no longer takes ``token``: forgotten, and the caller goes on with the bot's."""
        if exc.code not in TOKEN_GONE:
            return False
        log.info("an interaction token of channel %s was refused (%s): the bot's own is used",
                 channel_id, exc.code)
        if self._fresh.get(channel_id) is token:
            del self._fresh[channel_id]
        for message_id in [m for m, t in self._made.items() if t is token]:
            del self._made[message_id]
        return True

    async def send(self, channel_id: int, channel: discord.abc.Messageable, content: str | None,
                   *, ping: list[int], **kwargs: Any) -> discord.Message:
        """A public post in ``channel`` (``content`` None: a V2 layout's, which has none): a
        followup of the channel's carrier when it has a usable one, else a message sent with the
        bot's token. A post that pings nobody is silent (SUPPRESS_NOTIFICATIONS); one that pings
        ``ping`` is not: the flag would turn their push notification into a mere badge."""
        kwargs["silent"] = not ping
        token = self._carrier(channel_id)
        if token is not None:
            text = discord.utils.MISSING if content is None else send.fit(content)
            if token.limit is not None:
                token.limit -= 1  # taken before the request: two posts at once never overrun it
            try:
                message = await token.webhook.send(
                    text, allowed_mentions=send.allowed(ping), wait=True, **kwargs)
                self._remember(message.id, token)
                return message
            except discord.HTTPException as exc:
                if not self._gone(channel_id, token, exc):
                    raise
                _rewind(kwargs)
        if channel_id in self.barred:
            raise Unreachable(channel_id)
        return await send.send(channel, content, ping=ping, **kwargs)

    async def edit(self, channel_id: int, message: discord.PartialMessage, *,
                   ping: list[int] | None = None, **kwargs: Any) -> None:
        """Edit a post: with the token that sent it while valid, else with the bot's."""
        token = self._maker(message.id)
        if token is not None:
            content = kwargs.pop("content", discord.utils.MISSING)
            try:
                await token.webhook.edit_message(
                    message.id, content=send.fit(content),
                    allowed_mentions=send.allowed(ping or ()), **kwargs)
                return
            except discord.HTTPException as exc:
                if not self._gone(channel_id, token, exc):
                    raise
                _rewind(kwargs)
                kwargs["content"] = content
        if channel_id in self.barred:
            raise Unreachable(channel_id)
        await send.edit(message, ping=ping or (), **kwargs)


def _rewind(kwargs: dict[str, Any]) -> None:
    """Files already read by a refused request are read again from the start by the next."""
    files = [kwargs.get("file"), *(kwargs.get("attachments") or [])]
    for file in files:
        if isinstance(file, discord.File):
            file.reset()
