"""The table post: one public message per turn, and its buttons.

The post shows the board drawn from the spectator view, what happened since the last post
(computer moves batched in), whose turn it is with a mention. The previous post loses its
buttons, and lines the host marked transient (an Isis & Osiris reveal in memory mode) are edited
away from it, together with its image (which showed the same value). Posts to one channel go out one at a time (a lock per channel), so they keep their
order and discord.py's per-route rate-limit handling sees one request at a time per channel.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from collections.abc import Iterable
from typing import Self

import discord

from bot.host.results import Outcome, PublicPost

from .dms import send_turn_dms
from .i18n import _

log = logging.getLogger("tablee.adapter.post")

MAX_CONTENT = 2000
TRANSIENT_MARK = "👁️ "
MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
TABLE_ID = r"tt:(?P<action>hand|board|rules):(?P<channel>\d+):(?P<version>\d+)"


def compose(post: PublicPost, closed_dms: Iterable[int] = ()) -> tuple[str, str]:
    """(content, content once the transient lines are dropped), each within 2000 characters;
    the oldest log lines give way first."""
    closed = set(closed_dms)
    tail = [post.status] if post.status else []
    if post.finished:
        tail.append(_("🏁 The game is over. Start another with /play."))
    else:
        for user_id in post.to_move_user_ids:
            if user_id in closed:
                tail.append(
                    _(
                        "<@{id}>, your turn. I couldn't DM you: your hand is under **My hand / Play**.",
                        id=user_id,
                    )
                )
            else:
                tail.append(_("<@{id}>, your turn: press **My hand / Play**.", id=user_id))
    lines = [TRANSIENT_MARK + text if transient else text for text, transient in post.in_order()]

    def join(with_transient: bool, log_lines: list[str], dropped: int) -> str:
        head = [_("… ({n} earlier lines)", n=dropped)] if dropped else []
        kept = log_lines if with_transient else [x for x in log_lines if not is_transient(x)]
        return "\n".join(head + kept + tail)

    dropped = 0
    while len(join(True, lines, dropped)) > MAX_CONTENT and lines:
        lines.pop(0)
        dropped += 1
    full = join(True, lines, dropped)[:MAX_CONTENT]
    plain = join(False, lines, dropped)[:MAX_CONTENT]
    return full, plain


def is_transient(line: str) -> bool:
    return line.startswith(TRANSIENT_MARK)


def strip_transient(content: str) -> str:
    return "\n".join(line for line in content.split("\n") if not is_transient(line))


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=TABLE_ID):
    """My hand / Play, Board, Rules. Any version works: each shows the table as it is now."""

    LABELS = {"hand": "My hand / Play", "board": "Board", "rules": "Rules"}
    STYLES = {
        "hand": discord.ButtonStyle.primary,
        "board": discord.ButtonStyle.secondary,
        "rules": discord.ButtonStyle.secondary,
    }

    def __init__(self, action: str, channel_id: int, version: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=_(self.LABELS[action]),
                style=self.STYLES[action],
                custom_id=f"tt:{action}:{channel_id}:{version}",
            )
        )
        self.action = action
        self.channel_id = channel_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match[str], /
    ) -> Self:
        return cls(match["action"], int(match["channel"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        from . import private_play  # late: private_play imports this module

        if self.action == "hand":
            await private_play.show_hand(interaction, self.channel_id)
        elif self.action == "board":
            await private_play.show_board(interaction, self.channel_id)
        else:
            await private_play.show_table_rules(interaction, self.channel_id)


def table_view(channel_id: int, version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("hand", "board", "rules"):
        view.add_item(TableButton(action, channel_id, version))
    return view


def png_file(png: bytes | None, name: str) -> discord.File | None:
    return discord.File(io.BytesIO(png), name) if png else None


class Poster:
    """Sends table posts and retires the previous one. Holds only message ids (what to edit)."""

    def __init__(self, client: discord.Client, *, dm_default: bool) -> None:
        self.client = client
        self.dm_default = dm_default
        self._locks: dict[int, asyncio.Lock] = {}
        self._current: dict[int, int] = {}  # channel -> message id of the latest post
        self._plain: dict[int, str] = {}  # message id -> its content without transient lines

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks.setdefault(channel_id, asyncio.Lock())

    def _channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.client.get_channel(channel_id)
        if isinstance(channel, discord.abc.Messageable):
            return channel
        return self.client.get_partial_messageable(channel_id)

    async def retire(self, channel_id: int, message_id: int) -> None:
        """Take the buttons (and transient lines) off an older post; a deleted post is fine."""
        message = self._channel(channel_id).get_partial_message(message_id)  # type: ignore[attr-defined]
        plain = self._plain.pop(message_id, None)
        if plain is None and message_id not in self._current.values():
            # Unknown after a restart: read it back to drop any transient line.
            try:
                content = (await message.fetch()).content
            except discord.HTTPException:
                content = ""
            if any(line.startswith(TRANSIENT_MARK) for line in content.split("\n")):
                plain = strip_transient(content)
        try:
            if plain is not None:
                # The board image showed the same transient thing (a revealed tile): drop it too.
                await message.edit(content=plain, attachments=[], view=None)
            else:
                await message.edit(view=None)
        except discord.NotFound:
            pass
        except discord.HTTPException:
            log.warning("could not retire post %s in %s", message_id, channel_id, exc_info=True)

    async def publish(
        self,
        channel_id: int,
        outcome: Outcome,
        *,
        actor: int | None,
        previous: Iterable[int | None] = (),
    ) -> discord.Message | None:
        """Post the outcome's table post, retire the older ones, DM whoever's turn starts."""
        post = outcome.post
        if post is None:
            return None
        host = self.client.host  # type: ignore[attr-defined]
        async with self._lock(channel_id):
            old = {m for m in previous if m} | {self._current.get(channel_id)} - {None}
            for message_id in sorted(m for m in old if m):
                await self.retire(channel_id, message_id)
            full, plain = compose(post)
            view = None if post.finished else table_view(channel_id, post.version)
            kwargs = {"allowed_mentions": MENTIONS}
            if view is not None:
                kwargs["view"] = view
            file = png_file(post.image_png, "board.png")
            if file is not None:
                kwargs["file"] = file
            message = await self._channel(channel_id).send(full, **kwargs)
            if post.finished:
                self._current.pop(channel_id, None)
            else:
                self._current[channel_id] = message.id
            if plain != full:
                self._plain[message.id] = plain
            await host.set_post(channel_id, message.id, post.version)
        if post.finished:
            return message
        guild = outcome.table.guild_id or "@me"
        closed = await send_turn_dms(
            self.client,
            outcome.notes,
            actor=actor,
            jump_url=f"https://discord.com/channels/{guild}/{channel_id}/{message.id}",
            game_name=outcome.table.game_name,
            dm_default=self.dm_default,
        )
        closed_to_move = [u for u in closed if u in post.to_move_user_ids]
        if closed_to_move:
            full, plain = compose(post, closed_to_move)
            if plain != full:
                self._plain[message.id] = plain
            try:
                await message.edit(content=full, allowed_mentions=MENTIONS)
            except discord.HTTPException:
                log.warning("could not add the closed-DM note to %s", message.id, exc_info=True)
        return message

    async def close_table(self, channel_id: int, message_ids: Iterable[int | None]) -> None:
        """A table ended without a result (abandon): retire its posts."""
        async with self._lock(channel_id):
            ids = {m for m in message_ids if m} | {self._current.pop(channel_id, None)} - {None}
            for message_id in sorted(m for m in ids if m):
                await self.retire(channel_id, message_id)
