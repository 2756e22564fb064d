"""The table post: one public message per turn, and its buttons.

The post shows the board drawn from the spectator view, what happened since the last post
(computer moves batched in), whose turn it is with a mention of whoever's turn starts. While the
same player keeps moving (a second action, a bonus, several steps of one turn) the post is
edited in place instead. A new post goes out before the previous one loses its buttons; lines
the host marked transient (a hidden value shown once) are edited away from it,
together with its image (which showed the same value), and the value-free text is stored by the
host so a restart still edits it. Posts to one channel go out one at a time (a lock per channel),
so they keep their order and discord.py's per-route rate-limit handling (edits included) sees one
request at a time per channel.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

import discord

from bot.service import TableService
from bot.service.locks import ChannelLocks
from bot.service.results import Outcome, PublicPost

from . import private_play, rematch, send
from .clock import add_clock_buttons, clock_lines
from .dms import send_turn_dms
from .files import png_file
from .i18n import N_, _, _n, shown
from .items import ActionIdItem
from .languages import in_public
from .limits import MAX_CONTENT

log = logging.getLogger("tablee.adapter.post")

TRANSIENT_MARK = "👁️ "
TABLE_ID = r"tt:(?P<action>hand|board|rules):(?P<channel>\d+):(?P<version>\d+)"


def compose(
    post: PublicPost, closed_dms: Iterable[int] = (), still: Mapping[int, str] | None = None
) -> tuple[str, str]:
    """(content, content once the transient lines are dropped), each within 2000 characters;
    the oldest log lines give way first. ``still``: user id -> name of people to move who just
    acted themselves; they are named, not mentioned (nobody is pinged about their own move)."""
    closed = set(closed_dms)
    still = still or {}
    tail = [shown(post.status)] if post.status else []
    if post.finished:
        tail.append(_("🏁 The game is over. Press **Rematch** to play again with the same "
                      "players, or /play for another game."))
    else:
        for user_id in post.to_move_user_ids:
            if user_id in still:
                tail.append(_("**{name}** moves again.", name=shown(still[user_id])))
            elif user_id in closed:
                tail.append(
                    _(
                        "<@{id}>, your turn. I couldn't DM you: your hand is under **My hand / Play**.",
                        id=user_id,
                    )
                )
            else:
                tail.append(_("<@{id}>, your turn: press **My hand / Play**.", id=user_id))
    tail += clock_lines(post)
    lines = [TRANSIENT_MARK + shown(text) if transient else shown(text)
             for text, transient in post.in_order()]

    def join(with_transient: bool, log_lines: list[str], dropped: int) -> str:
        head = [_n("… ({n} earlier line)", "… ({n} earlier lines)", dropped)] if dropped else []
        kept = log_lines if with_transient else [x for x in log_lines if not is_transient(x)]
        return "\n".join(head + kept + tail)

    dropped = 0
    while len(join(True, lines, dropped)) > MAX_CONTENT and lines:
        lines.pop(0)
        dropped += 1
    full = join(True, lines, dropped)[:MAX_CONTENT]
    plain = join(False, lines, dropped)[:MAX_CONTENT]
    return full, plain


def pinged(post: PublicPost, still: Mapping[int, str]) -> list[int]:
    """The only people a post pings: those whose turn starts with it."""
    return [u for u in post.to_move_user_ids if u not in still]


def continued(shown: list[tuple[str, bool]], post: PublicPost) -> PublicPost:
    """The post edited in place during one turn: the lines already shown (minus values shown
    once, which the next move drops) followed by the new ones."""
    lines = [(t, False) for t, transient in shown if not transient] + post.in_order()
    return replace(post, ordered_lines=lines)


def is_transient(line: str) -> bool:
    return line.startswith(TRANSIENT_MARK)


def strip_transient(content: str) -> str:
    return "\n".join(line for line in content.split("\n") if not is_transient(line))


class TableButton(ActionIdItem, discord.ui.DynamicItem[discord.ui.Button], template=TABLE_ID):
    """My hand / Play, Board, Rules. Any version works: each shows the table as it is now."""

    LABELS = {"hand": N_("My hand / Play"), "board": N_("Board"), "rules": N_("Rules")}
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

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.action == "hand":
            await private_play.show_hand(interaction, self.channel_id)
        elif self.action == "board":
            await private_play.show_board(interaction, self.channel_id)
        else:
            await private_play.show_table_rules(interaction, self.channel_id)


def table_view(channel_id: int, version: int, post: PublicPost | None = None) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("hand", "board", "rules"):
        view.add_item(TableButton(action, channel_id, version))
    add_clock_buttons(view, channel_id, version, post.clock if post else None)
    return view


class Poster:
    """Sends table posts, edits the current one in place while the same player keeps moving, and
    retires older ones. Holds only message ids and the current post's lines (what to edit)."""

    def __init__(self, client: discord.Client, host: TableService, *, dm_default: bool) -> None:
        self.client = client
        self._host = host
        self.dm_default = dm_default
        self._locks = ChannelLocks()  # held weakly: no entry per channel ever posted in
        self._current: dict[int, int] = {}  # channel -> message id of the latest post
        self._shown: dict[int, tuple[list[int], list[tuple[str, bool]]]] = {}
        """channel -> (users to move, lines) of the latest post, to extend it in place."""
        self._tasks: set[asyncio.Task[None]] = set()  # computers going on after a post

    def _lock(self, channel_id: int) -> asyncio.Lock:
        return self._locks(channel_id)

    def _channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.client.get_channel(channel_id)
        if isinstance(channel, discord.abc.Messageable):
            return channel
        return self.client.get_partial_messageable(channel_id)

    async def retire(self, channel_id: int, message_id: int, plain: str | None = None) -> None:
        """Take the buttons off an older post and, when it showed a value once (``plain``: its
        text without it, as stored by the host), that value and its image; a deleted post is
        fine. A failed edit of a value is kept for the next retirement."""
        message = self._channel(channel_id).get_partial_message(message_id)  # type: ignore[attr-defined]
        try:
            if plain is not None:
                # The board image showed the same transient thing (a revealed tile): drop it too.
                await send.edit(message, content=plain, attachments=[], view=None)
            else:
                await send.edit(message, view=None)
        except discord.NotFound:
            pass
        except discord.HTTPException:
            log.warning("could not retire post %s in %s", message_id, channel_id, exc_info=True)
            return
        if plain is not None:
            await self._host.forget_transient_post(message_id)

    async def _retire_all(self, channel_id: int, ids: Iterable[int | None], keep: int | None) -> None:
        values = await self._host.transient_posts(channel_id)
        for message_id in sorted({m for m in ids if m} | set(values) - {keep}):
            await self.retire(channel_id, message_id, values.get(message_id))

    async def _remember(self, channel_id: int, message_id: int, full: str, plain: str) -> None:
        if plain != full:
            await self._host.remember_transient_post(channel_id, message_id, plain)
        else:
            await self._host.forget_transient_post(message_id)

    def _same_turn(self, channel_id: int, outcome: Outcome, actor: int | None) -> bool:
        """Only the actor moved and is still to move, with the same people as on the current
        post (when computer players moved too, their turns came between: a new post)."""
        post = outcome.post
        current = self._current.get(channel_id)
        shown = self._shown.get(channel_id)
        return (
            post is not None and not post.finished and actor is not None and current is not None
            and shown is not None and len(outcome.applied) == 1
            and actor in post.to_move_user_ids
            and shown[0] == post.to_move_user_ids
            and outcome.table.post_message_id in (None, current)
        )

    async def _edit_in_place(self, channel_id: int, outcome: Outcome, actor: int) -> bool:
        """Extend the current post with this move (new image, lines appended, no mention)."""
        assert outcome.post is not None
        message_id = self._current[channel_id]
        post = continued(self._shown[channel_id][1], outcome.post)
        names = {s.user_id: s.name for s in outcome.table.seats if s.user_id is not None}
        still = {actor: names.get(actor, "")}
        full, plain = compose(post, still=still)
        message = self._channel(channel_id).get_partial_message(message_id)  # type: ignore[attr-defined]
        file = png_file(post.image_png, "board.png")
        try:
            await send.edit(
                message, content=full, attachments=[file] if file else [],
                view=table_view(channel_id, post.version, post),
            )
        except discord.HTTPException:
            log.warning("could not extend post %s; sending a new one", message_id, exc_info=True)
            return False
        self._shown[channel_id] = (list(post.to_move_user_ids), post.in_order())
        await self._remember(channel_id, message_id, full, plain)
        await self._host.set_post(channel_id, message_id, post.version)
        return True

    async def publish(
        self,
        channel_id: int,
        outcome: Outcome,
        *,
        actor: int | None,
        previous: Iterable[int | None] = (),
    ) -> discord.Message | None:
        """One post per turn: while the actor keeps moving, the current post is edited in place;
        otherwise a new post goes out first, then older posts lose their buttons (if the send
        fails, the old post keeps working ones). DMs whoever's turn starts. When computer players
        still have to move (one showed a value once, as a person's reveal, on this post), they
        go on afterwards in a task of their own, and their post takes that value away."""
        try:
            if outcome.post is None:
                return None
            async with in_public(self.client, outcome.table.guild_id):  # the server's language
                return await self._publish(channel_id, outcome, actor=actor, previous=previous)
        finally:
            if outcome.computers_next:
                task = asyncio.get_running_loop().create_task(self._computers(channel_id))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _computers(self, channel_id: int) -> None:
        try:
            outcome = await self._host.computers_move(channel_id)
            if outcome is not None:
                await self.publish(channel_id, outcome, actor=None,
                                   previous=[outcome.table.post_message_id])
        except Exception:
            log.exception("computer players could not go on in channel %s", channel_id)

    async def _publish(
        self,
        channel_id: int,
        outcome: Outcome,
        *,
        actor: int | None,
        previous: Iterable[int | None],
    ) -> discord.Message | None:
        post = outcome.post
        assert post is not None
        async with self._lock(channel_id):
            if (actor is not None and self._same_turn(channel_id, outcome, actor)
                    and await self._edit_in_place(channel_id, outcome, actor)):
                return None
            names = {s.user_id: s.name for s in outcome.table.seats if s.user_id is not None}
            still = {actor: names.get(actor, "")} if actor in post.to_move_user_ids else {}
            full, plain = compose(post, still=still)
            kwargs: dict[str, Any] = {}
            if not post.finished:
                kwargs["view"] = table_view(channel_id, post.version, post)
            elif (final := rematch.final_view(outcome.table)) is not None:
                kwargs["view"] = final
            file = png_file(post.image_png, "board.png")
            if file is not None:
                kwargs["file"] = file
            message = await send.send(
                self._channel(channel_id), full, ping=pinged(post, still), **kwargs
            )
            old = [*previous, self._current.get(channel_id)]
            if post.finished:
                self._current.pop(channel_id, None)
                self._shown.pop(channel_id, None)
            else:
                self._current[channel_id] = message.id
                self._shown[channel_id] = (list(post.to_move_user_ids), post.in_order())
            if not post.finished:  # at the end every value is public anyway
                await self._remember(channel_id, message.id, full, plain)
            await self._host.set_post(channel_id, message.id, post.version)
            await self._retire_all(channel_id, old, keep=message.id)
        if post.finished:
            return message
        guild = outcome.table.guild_id or "@me"
        closed = await send_turn_dms(
            self.client,
            self._host,
            outcome.notes,
            actor=actor,
            jump_url=f"https://discord.com/channels/{guild}/{channel_id}/{message.id}",
            game_name=shown(outcome.table.game_name),
            dm_default=self.dm_default,
        )
        closed_to_move = [u for u in closed if u in post.to_move_user_ids]
        if closed_to_move:
            full, plain = compose(post, closed_to_move, still)
            try:
                await send.edit(message, content=full, ping=pinged(post, still))
                await self._remember(channel_id, message.id, full, plain)
            except discord.HTTPException:
                log.warning("could not add the closed-DM note to %s", message.id, exc_info=True)
        return message

    async def close_table(self, channel_id: int, message_ids: Iterable[int | None]) -> None:
        """A table ended without a result (abandon): retire its posts."""
        async with self._lock(channel_id):
            self._shown.pop(channel_id, None)
            ids = [*message_ids, self._current.pop(channel_id, None)]
            await self._retire_all(channel_id, ids, keep=None)
