"""The poster: one public table post per turn, sent, extended in place, then retired.

The post (Discord's V2 layout: :mod:`bot.adapter.posting.layout`) shows the board drawn from the
spectator view with the position in words as its alt text, what happened since the last post
(computer moves batched in), whose turn it is with a mention of whoever's turn starts
(:mod:`bot.adapter.posting.post_text`), the seats, and the buttons the rooms put on table posts
(:data:`bot.adapter.rooms.LAYOUT`). Posts go out and are edited through the interaction of the
person who changed the table while its token is valid (:mod:`bot.adapter.posting.carriers`), else
with the bot's token. While the same player keeps moving (a second action, a bonus, several
steps of one turn) the post is edited in place instead, as long as it is recent
(:mod:`bot.adapter.kit.recency`: younger than 45 minutes, well inside Discord's hour after which
edits are limited, error 30046); an older post is not extended, a new one goes out. A new post
goes out before the previous one loses its buttons; lines the service marked transient (a hidden
value shown once) are edited away from it, together with its image (which showed the same
value), and the value-free text is stored by the service so a restart still edits it. Posts to
one channel go out one at a time (a lock per channel), so they keep their order and discord.py's
per-route rate-limit handling (edits included) sees one request at a time per channel.

After each post the poster tells the store once
(:meth:`~bot.storage.sent_posts.SentPosts.posted`), which answers with the channel's older posts
still showing a value; each one edited is then forgotten.

What the poster tells the service after a post went out is bookkeeping: when the database fails
there, the post is out and the move it shows stands, so the failure is logged and nobody is told
the move failed. The channel's next post sets it right: the poster still knows its current post
(retired by the next one, whose bookkeeping then records it) and keeps the value-free text of a
post showing a value until that post is edited (:mod:`bot.service.followup`).

A table's end (its last post, whether or not Discord took it, or a close without result) is
told to whoever listens as the discord.py event ``table_ended`` (the channel id): the
tournament room (:mod:`bot.adapter.tournament`) goes on to the next round then.

A table reached only through interactions (a DM, a group DM, a server without the bot:
:mod:`bot.service.rules.reach`) has its channel *barred* for the bot's own token
(:mod:`bot.adapter.posting.carriers`): a post that no interaction token can carry just now is
*held* (the move is stored, nothing is sent) and the next interaction at the table, whoever makes
it and whatever it is, carries it (:meth:`Poster.carry_on`); an older post that no token can edit
any more keeps its buttons, which answer "out of date" and carry the table on.

A post Discord refuses (a locked thread, a missing permission) leaves its table *stuck*: tried
again after longer and longer waits, then given up, its players told once
(:mod:`bot.adapter.posting.stuck`); a post answered "Unknown Channel" in a table's thread means the
thread was deleted, and the table leaves it (:meth:`TableThreads.deleted
<bot.adapter.posting.threads.TableThreads.deleted>`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from dataclasses import replace
from typing import Any, Protocol

import discord

from bot.service import Services
from bot.service.followup import tolerated
from bot.service.locks import ChannelLocks
from bot.service.results import Outcome, PublicPost, TableInfo
from bot.service.rules.held import TurnNotice
from bot.service.rules.reach import INTERACTIONS

from ..kit.components import Layout
from ..kit.emojis import emojis_of
from ..kit.files import SeenHands, png_file
from ..kit.i18n import language, shown
from ..kit.pace import Unreachable
from ..kit.recency import EDIT_LIMIT_OLD, still_editable
from . import layout as v2
from .carriers import Carriers
from .dms import TurnDms, TurnStart, jump_url, turn_notes
from .post_text import compose, continued, pinged
from .stuck import Backoff, StuckPosts, refused
from .waiting import WaitingLists

log = logging.getLogger("tablee.adapter.post")
UNKNOWN_CHANNEL = 10003  # Discord's "Unknown Channel": the thread was deleted

class Watcher(Protocol):
    """Told around each table post (:class:`bot.adapter.posting.threads.TableThreads`: a thread's
    table keeps its thread open and its summary in the channel)."""

    async def keep_open(self, info: TableInfo) -> None:
        """Before a post: make sure it can go out where the table plays."""

    async def posted(self, outcome: Outcome, via: discord.Interaction | None = None) -> None:
        """After a post went out (never raises: the post stands); ``via`` as given to
        :meth:`Poster.publish`."""

    async def ended(self, info: TableInfo) -> None:
        """A table ended without a result (never raises)."""

    async def deleted(self, thread_id: int) -> None:
        """The table's thread is gone (Discord's 10003): the table leaves it (never raises)."""

    async def tell_stuck(self, info: TableInfo, kind: str | None) -> None:
        """The table's post is refused (:mod:`bot.adapter.posting.stuck`): its players are told,
        once (never raises)."""


Shown = tuple[list[int], list[tuple[str, bool]]]
"""(users to move, lines) of a channel's latest post, to extend it in place."""
Bare = tuple[TableInfo, PublicPost, bool, str]
"""(its table, the post without its image's bytes, whether it shows the board, the text under
the board) of a post this process sent, to redraw it without buttons when it is retired."""
Drawn = tuple[int, PublicPost, TableInfo, dict[int, str], set[int]]
"""(message id, post, its table, people named as moving again, people told their DMs are closed)
of a channel's latest post, to add a closed-DM note to it later."""


class Poster:
    """Sends table posts, edits the current one in place while the same player keeps moving, and
    retires older ones. Holds only message ids and the current post's lines (what to edit); its
    :class:`~bot.adapter.posting.dms.TurnDms` sends and corrects the turn DMs, its
    :class:`~bot.adapter.kit.files.SeenHands` knows which hand image each person already has."""

    def __init__(self, client: discord.Client, service: Services, *, threads: Watcher,
                 layout: Layout, backoff: Backoff | None = None) -> None:
        self.client = client
        self.layout = layout  # the buttons of table posts
        self._service = service
        self.stuck = StuckPosts(service, backoff)  # tables whose post Discord refuses
        self.threads = threads
        self.waiting = WaitingLists(client, service)  # the DMs listing the turns held back
        self.turn_dms = TurnDms(client, service, closed=self._closed_later,
                                changed=self.waiting.changed)
        self.hands = SeenHands()  # the hand image each person last got privately, per table
        self.carriers = Carriers()  # the interaction tokens that carry each channel's posts
        # channel -> {post sent by this process: its layout without buttons, to retire it}
        self._bare: dict[int, dict[int, Bare]] = {}
        self._drawn: dict[int, Drawn] = {}
        self._locks = ChannelLocks()  # held weakly: no entry per channel ever posted in
        self._current: dict[int, int] = {}  # channel -> message id of the latest post
        self._shown: dict[int, Shown] = {}
        self._tasks: set[asyncio.Task[None]] = set()  # computers going on after a post
        # channel -> {post showing a value: its text without it} the service could not store
        self._unsaved: dict[int, dict[int, str]] = {}
        # channel -> the post no interaction could carry yet (barred channels): a game's end
        # goes out as it is (kept only here); else the table as it is then, or this post when
        # the table stored nothing newer (the clock's time up changes no version)
        self._held: dict[int, Outcome] = {}

    def _channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.client.get_channel(channel_id)
        if isinstance(channel, discord.abc.Messageable):
            return channel
        return self.client.get_partial_messageable(channel_id)

    def _message(self, channel_id: int, message_id: int) -> discord.PartialMessage:
        return self._channel(channel_id).get_partial_message(message_id)  # type: ignore[attr-defined]

    # -- publishing ---------------------------------------------------------------------------
    async def publish(self, outcome: Outcome,
                      via: discord.Interaction | None = None) -> discord.Message | None:
        """Post what the service decided, where the table plays (``outcome.table.channel_id``).
        One post per turn: while the actor (``outcome.actor``, the person whose move or undo
        this was) keeps moving, the current post is edited in place; otherwise a new post goes
        out first, then older posts (the table's stored post among them, unless this is a
        game's first post) lose their buttons (if the send fails, the old post keeps working
        ones, and the service posts again later: the caller's move stands, see
        :mod:`bot.adapter.posting.stuck`; a deleted thread's table leaves it). DMs whoever's turn
        starts. When computer players still have to move (one showed a value once, as a
        person's reveal, on this post), they go on afterwards in a task of their own, and their
        post takes that value away.

        ``via``: the interaction of the person whose change this is, already answered (a
        component's deferred update, or a command's private answer sent): its token carries the
        channel's posts while it is valid (:mod:`bot.adapter.posting.carriers`), this one and the
        computers' or the clock's after it, so they cost no request on the bot's own token."""
        channel_id = outcome.table.channel_id
        if outcome.table.reach == INTERACTIONS:
            self.carriers.bar(channel_id)
        self.carriers.offer(channel_id, via)
        held = self._held.pop(channel_id, None)
        if (held is not None and held.post is not None and not held.post.finished
                and outcome.post is not None and held.post.version < outcome.post.version):
            # A change made while a post waited (a /move typed before any press carried it):
            # what waited comes first in this post, not lost.
            outcome = replace(outcome, post=continued(held.post.in_order(), outcome.post))
        actor = outcome.actor
        previous = () if outcome.first else (outcome.table.post_message_id,)
        try:
            if outcome.post is None or (not outcome.post.finished
                                        and self.stuck.hold(channel_id)):
                return None  # a stuck table's move is stored: its next try posts it
            await self.threads.keep_open(outcome.table)
            with language(outcome.post.language):  # the server's, as the service wrote the post
                message = await self._publish(channel_id, outcome, outcome.post, actor, previous)
            self.stuck.posted(channel_id)
            await self.threads.posted(outcome, via)
            return message
        except Unreachable:
            # Only an interaction can post here, and none can just now: the next one at the
            # table carries it (carry_on), kept whole (a game's end, whose table is gone, or the
            # clock's time up, which stores no new version, could not be read back).
            self._held[channel_id] = outcome
            log.info("the post of the table in %s waits for the next interaction there",
                     channel_id)
            return None
        except Exception as exc:
            # What was played is stored: the post is the service's to try again (as a restart
            # would), not a failure of the move for whoever made it.
            if (isinstance(exc, discord.NotFound) and exc.code == UNKNOWN_CHANNEL
                    and outcome.table.in_thread):
                self.stuck.forget(channel_id)
                await self.threads.deleted(channel_id)  # missed THREAD_DELETE (a restart)
            elif self.stuck.failed(outcome.table, exc):
                await self.threads.tell_stuck(outcome.table, refused(exc))
            if outcome.post is not None and outcome.post.finished:
                self.stuck.forget(channel_id)  # its end is stored: nothing is left to post
            return None
        finally:
            if outcome.post is not None and outcome.post.finished:
                # whoever waits for a table's end (a tournament's next round) hears of it
                self.client.dispatch("table_ended", channel_id)
            if outcome.computers_next:
                task = asyncio.get_running_loop().create_task(self._computers(channel_id))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def carry_on(self, interaction: discord.Interaction) -> None:
        """An interaction at a table whose post is held (answered already: a press, a menu, a
        command in its conversation) carries it: the held post goes out as its followup. It is
        the table as it is now: every later change of the table was published, and took what
        waited into its own post (:meth:`publish`). Never raises (publish does not)."""
        channel_id = interaction.channel_id
        if channel_id is None or channel_id not in self._held \
                or not interaction.response.is_done():
            return
        await self.publish(self._held.pop(channel_id), via=interaction)

    async def _computers(self, channel_id: int) -> None:
        try:
            outcome = await self._service.moves.computers_move(channel_id)
            if outcome is not None:
                await self.publish(outcome)
        except Exception:
            log.exception("computer players could not go on in channel %s", channel_id)

    async def _publish(self, channel_id: int, outcome: Outcome, post: PublicPost,
                       actor: int | None, previous: Iterable[int | None]) -> discord.Message | None:
        async with self._locks(channel_id):
            if (actor is not None and self._same_turn(channel_id, outcome, actor)
                    and await self._edit_in_place(channel_id, outcome, actor)):
                return None
            names = {s.user_id: s.name for s in outcome.table.seats if s.user_id is not None}
            still = {actor: names.get(actor, "")} if actor in post.to_move_user_ids else {}
            notices = ({} if post.finished
                       else await self.turn_dms.notices(outcome.table, pinged(post, still)))
            message = await self._send(channel_id, outcome, post, still, previous, notices)
            if post.finished:
                self._forget(channel_id)
            else:
                self._current[channel_id] = message.id
                self._shown[channel_id] = (list(post.to_move_user_ids), post.in_order())
                self._drawn[channel_id] = (message.id, post, outcome.table, still, set())
        await self.turn_dms.turn_over(
            channel_id, () if post.finished else post.to_move_user_ids, actor=actor,
            finished=post.finished)
        if not post.finished:
            await self._turn_dms(channel_id, outcome, post, message, actor, notices)
        return message

    def _forget(self, channel_id: int) -> None:
        """The table ended: nothing of its posts or hands is kept."""
        self._current.pop(channel_id, None)
        self._shown.pop(channel_id, None)
        self._drawn.pop(channel_id, None)
        self._bare.pop(channel_id, None)
        self.hands.forget(channel_id)
        self.stuck.forget(channel_id)
        self.carriers.forget(channel_id)
        self._held.pop(channel_id, None)

    async def left(self, channel_id: int, *, ended: bool) -> None:
        """The table's thread was deleted: its posts went with it (nothing to retire), and its
        turn DMs there say the game is over (``ended``) or the turn is (the game moved: the
        next post's DMs link to where it plays now)."""
        async with self._locks(channel_id):
            self._forget(channel_id)
            self._unsaved.pop(channel_id, None)
        await self.turn_dms.turn_over(channel_id, (), actor=None, finished=ended)

    async def _send(self, channel_id: int, outcome: Outcome, post: PublicPost,
                    still: dict[int, str], previous: Iterable[int | None],
                    notices: dict[int, TurnNotice]) -> discord.Message:
        """Send the new post, tell the service, retire the older ones (under the channel's lock).
        It pings only those whose turn starts who chose a mention and are outside their quiet
        hours (``notices``); without a ping it is silent (Discord's SUPPRESS_NOTIFICATIONS:
        :mod:`bot.adapter.posting.carriers`)."""
        mentioned = [u for u, notice in notices.items() if notice.ping]
        full, plain = compose(post, still=still, status=False,
                              rematch=outcome.table.tournament is None)
        kwargs: dict[str, Any] = {"view": self._v2(channel_id, outcome.table, post, full)}
        file = png_file(post.image_png, v2.BOARD)
        if file is not None:
            kwargs["file"] = file
        message = await self.carriers.send(channel_id, self._channel(channel_id), None,
                                           ping=pinged(post, still, mentioned), **kwargs)
        self._keep_bare(channel_id, message.id, outcome.table, post, full)
        old = [*previous, self._current.get(channel_id)]
        # At the end every value is public anyway: nothing to edit away later.
        shows_value = not post.finished and plain != full
        values = await self._posted(channel_id, message.id, post.version,
                                    plain if shows_value else None)
        await self._retire_all(channel_id, old, values, keep=message.id)
        return message

    async def _posted(self, channel_id: int, message_id: int, version: int,
                      plain: str | None) -> dict[int, str]:
        """Tell the store the post went out (:meth:`~bot.storage.sent_posts.SentPosts.posted`);
        the channel's older posts still showing a value. When the database fails the post stands: logged, and a
        value it shows is kept here to edit away with the next post."""
        unsaved = self._unsaved.setdefault(channel_id, {})
        unsaved.pop(message_id, None)
        what = f"recording post {message_id} (version {version}) in channel {channel_id}"
        values = await tolerated(log, what, self._service.store.sent_posts.posted(
            channel_id, message_id, version, plain=plain), None)
        if values is None and plain is not None:
            unsaved[message_id] = plain
        found = {**unsaved, **(values or {})}
        found.pop(message_id, None)
        if not unsaved:
            del self._unsaved[channel_id]
        return found

    def _same_turn(self, channel_id: int, outcome: Outcome, actor: int) -> bool:
        """Only the actor moved and is still to move, with the same people as on the current
        post (when computer players moved too, their turns came between: a new post)."""
        post = outcome.post
        current = self._current.get(channel_id)
        shown_now = self._shown.get(channel_id)
        return (
            post is not None and not post.finished and current is not None
            and shown_now is not None and len(outcome.applied) == 1
            and actor in post.to_move_user_ids
            and shown_now[0] == post.to_move_user_ids
            and outcome.table.post_message_id in (None, current)
        )

    def _recent(self, message_id: int) -> bool:
        """Whether the bot's message may still be edited in place (:mod:`~bot.adapter.kit.recency`),
        by the service's clock."""
        return still_editable(message_id, self._service.clock_now())

    async def _edit_in_place(self, channel_id: int, outcome: Outcome, actor: int) -> bool:
        """Extend the current post with this move (new image, lines appended, no mention).
        False when it was not: the post is no longer recent, or Discord refused the edit (its
        limit on old messages among others); the move then goes out as a new post, which
        retires this one."""
        assert outcome.post is not None
        message_id = self._current[channel_id]
        if not self._recent(message_id):
            return False
        post = continued(self._shown[channel_id][1], outcome.post)
        names = {s.user_id: s.name for s in outcome.table.seats if s.user_id is not None}
        full, plain = compose(post, still={actor: names.get(actor, "")}, status=False)
        file = png_file(post.image_png, v2.BOARD)
        try:
            await self.carriers.edit(
                channel_id, self._message(channel_id, message_id),
                attachments=[file] if file else [],
                view=self._v2(channel_id, outcome.table, post, full),
            )
        except Unreachable:
            return False  # its token expired: a new post, carried by this change's interaction
        except discord.HTTPException as exc:
            if refused(exc) is not None:
                raise  # a new post would be refused too: the table is stuck (publish)
            if exc.code == EDIT_LIMIT_OLD:
                log.info("post %s in %s could not be extended (Discord's limit on editing old "
                         "messages); sending a new one", message_id, channel_id)
            else:
                log.warning("could not extend post %s; sending a new one", message_id,
                            exc_info=True)
            return False
        self._shown[channel_id] = (list(post.to_move_user_ids), post.in_order())
        self._keep_bare(channel_id, message_id, outcome.table, post, full)
        # Re-written without a closed-DM note (the one to move is the actor, named).
        self._drawn[channel_id] = (message_id, post, outcome.table,
                                   {actor: names.get(actor, "")}, set())
        # Older posts showing a value were retired when this one went out.
        await self._posted(channel_id, message_id, post.version, plain if plain != full else None)
        return True

    # -- turn DMs and the closed-DM note --------------------------------------------------------
    async def _turn_dms(self, channel_id: int, outcome: Outcome, post: PublicPost,
                        message: discord.Message, actor: int | None,
                        notices: dict[int, TurnNotice]) -> None:
        """Each player whose turn starts gets their turn DM as they chose (``notices``;
        :class:`~bot.adapter.posting.dms.TurnDms`: at once, after a while at a live table, or
        held for their waiting list); those whose DMs are closed are told on the post."""
        table = outcome.table
        url = jump_url(table.guild_id, channel_id, message.id)
        game_name = shown(table.game_name)  # in the server's language, as the post
        starts = [TurnStart(channel_id, table.guild_id, table.game_id, note.user_id, game_name,
                            message.id, url, note)
                  for note in turn_notes(outcome.notes, actor)]
        closed = await self.turn_dms.turn_started(table, starts, notices)
        await self._note_closed(channel_id, message.id, closed)

    async def _closed_later(self, channel_id: int, user_id: int, post_id: int | None) -> None:
        """A turn DM sent after a wait found the person's DMs closed: the post says so, if it
        is still the one of that turn."""
        async with self._locks(channel_id):
            await self._note_closed(channel_id, post_id, [user_id])

    async def _note_closed(self, channel_id: int, message_id: int | None,
                           closed: list[int]) -> None:
        """Add "I couldn't DM you" for ``closed`` to the channel's latest post ``message_id``
        (when it still is the latest and they are to move on it). A post no longer recent
        (:mod:`~bot.adapter.kit.recency`) is left as it is: the note is skipped (their hand is
        under My hand / Play all the same, and the next post that calls them says it)."""
        drawn = self._drawn.get(channel_id)
        if not closed or drawn is None or drawn[0] != message_id or not self._recent(message_id):
            return
        _id, post, table, still, told = drawn
        closed_to_move = [u for u in closed if u in post.to_move_user_ids and u not in told]
        if not closed_to_move:
            return
        told.update(closed_to_move)
        with language(post.language):  # a late note comes from a timer, outside publish's
            full, plain = compose(post, told, still, status=False)
            view = self._v2(channel_id, table, post, full)
            self._keep_bare(channel_id, message_id, table, post, full)
        try:
            await self.carriers.edit(channel_id, self._message(channel_id, message_id),
                                     view=view, ping=pinged(post, still))
        except Unreachable:
            return  # no token can edit it any more: the next post that calls them says it
        except discord.HTTPException:
            log.warning("could not add the closed-DM note to %s", message_id, exc_info=True)
            return
        if plain != full:  # the value-free text to restore changed with the note
            await self._posted(channel_id, message_id, post.version, plain)

    # -- retiring -------------------------------------------------------------------------------
    def _v2(self, channel_id: int, table: TableInfo, post: PublicPost, body: str, *,
            buttons: bool = True, image: bool | None = None) -> discord.ui.LayoutView:
        """The post's layout (:mod:`bot.adapter.posting.layout`), in the current language;
        ``image``: it shows the board (by default when the post has one)."""
        items = self.layout.table_post_items(channel_id, post, table) if buttons else []
        emojis = emojis_of(self.client)  # the app's, once the bot listed them
        return v2.table_post(game=shown(table.game_name), post=post, body=body, items=items,
                             image=post.image_png is not None if image is None else image,
                             mark=emojis.seat, thumbnail=emojis.seat_picture)

    def _keep_bare(self, channel_id: int, message_id: int, table: TableInfo, post: PublicPost,
                   body: str) -> None:
        """Keep what redraws the post once retired (its buttons gone): not its image's bytes."""
        bare = (table, replace(post, image_png=None), post.image_png is not None, body)
        self._bare.setdefault(channel_id, {})[message_id] = bare

    async def _retired_form(self, channel_id: int, message: discord.PartialMessage,
                            plain: str | None) -> dict[str, Any]:
        """What edits an older post into its retired form: a post this process drew, its layout
        without buttons; one it did not (a restart since), as Discord has it, read once: a V2
        post minus its buttons, a classic one (sent before the V2 layout) without its view.
        With ``plain``, only that text (its board showed the value too)."""
        known = self._bare.get(channel_id, {}).pop(message.id, None)
        if known is not None:
            table, post, image, body = known
            if plain is not None:  # the header and seats stay; the value's text and board go
                return {"view": self._v2(channel_id, table, post, plain, buttons=False,
                                         image=False), "attachments": []}
            return {"view": self._v2(channel_id, table, post, body, buttons=False, image=image)}
        fetched = await message.fetch()
        if not fetched.flags.components_v2:
            if plain is not None:
                return {"content": plain, "attachments": [], "view": None}
            return {"view": None}
        if plain is not None:
            return {"view": v2.plain_post(plain), "attachments": []}
        return {"view": v2.without_buttons(fetched)}

    async def retire(self, channel_id: int, message_id: int, plain: str | None = None) -> None:
        """Take the buttons off an older post and, when it showed a value once (``plain``: its
        text without it, as stored by the service), that value and its image; a deleted post is
        fine. This is one edit of a post that may be old (past an hour, Discord limits such
        edits: error 30046), once per post, which Discord's allowance takes. A failed edit
        (that limit met too) logs one line; the value to take away stays stored, for the next
        post in the channel to try again."""
        message = self._message(channel_id, message_id)
        try:
            # The board image showed the same transient thing (a revealed tile): it goes too.
            await self.carriers.edit(channel_id, message,
                                     **await self._retired_form(channel_id, message, plain))
        except discord.NotFound:
            pass
        except Unreachable:
            # No token can edit it any more: it keeps its buttons, which answer "out of date"
            # and carry the table on; a value it showed stays stored, for a later try.
            log.info("post %s in %s stays as it is: no interaction can edit it now",
                     message_id, channel_id)
            return
        except discord.HTTPException as exc:
            if exc.code == EDIT_LIMIT_OLD:
                log.warning("could not retire post %s in %s (Discord's limit on editing old "
                            "messages)%s", message_id, channel_id,
                            "; its value is taken away with the next post" if plain else "")
            else:
                log.warning("could not retire post %s in %s", message_id, channel_id,
                            exc_info=True)
            return
        if plain is not None:
            unsaved = self._unsaved.get(channel_id, {})
            if unsaved.pop(message_id, None) is not None and not unsaved:
                del self._unsaved[channel_id]
            await tolerated(log, f"forgetting the value of post {message_id}",
                            self._service.store.sent_posts.drop_transient_post(message_id), None)

    async def _retire_all(self, channel_id: int, ids: Iterable[int | None],
                          values: dict[int, str], keep: int | None) -> None:
        for message_id in sorted({m for m in ids if m} | set(values) - {keep}):
            await self.retire(channel_id, message_id, values.get(message_id))

    async def close_table(self, channel_id: int, message_ids: Iterable[int | None],
                          table: TableInfo | None = None) -> None:
        """A table ended without a result (abandon): retire its posts (and say so where its
        summary is, when it played in a thread, whose thread is archived once they are)."""
        async with self._locks(channel_id):
            ids = [*message_ids, self._current.get(channel_id)]
            self._forget(channel_id)
            values = await tolerated(log, f"reading the posts showing a value in {channel_id}",
                                     self._service.store.sent_posts.transient_posts(channel_id), {})
            await self._retire_all(channel_id, ids, {**self._unsaved.get(channel_id, {}),
                                                     **values}, keep=None)
        await self.turn_dms.table_closed(channel_id)
        if table is not None:
            await self.threads.ended(table)
        self.client.dispatch("table_ended", channel_id)
