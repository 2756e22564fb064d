"""The host's reading side: what a table looks like now, to one person or to the channel.

A mixin of :class:`bot.service.table_service.TableService` (which provides the store, the table loading and the
language lookups). Nothing here changes a table: the table post and its board (drawn once per
table version and language, then kept), a person's hand and menu (menus kept per version,
:mod:`bot.service.menus`), the post and DM bookkeeping the adapter reports back.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from typing import Any

import i18n
from games import Game
from games.text import say

from ..storage import Store, TableRow
from . import errors, partner, posts, undo
from .menus import MenuCache
from .play import Lines
from .results import MenuEntry, PrivateNote, PublicPost, TableInfo
from .tables import info, names, seat_of

BOARD_CACHE = 64  # board PNGs kept, keyed by (table id, version, language); ~50 KB each


class ReadingHost:
    """Reading methods of :class:`bot.service.table_service.TableService`."""

    _store: Store
    _game: Any  # (game id) -> Game
    _load: Any  # (channel id) -> (Game, TableRow), NoTable when none
    _playing: Any  # the same, WrongPhase unless a game is in play
    _served: Any  # the active tables of this process's shards
    _server_code: Any  # (table row) -> its server's language code
    _user_codes: Any  # (user ids, guild id) -> each one's language code

    def _init_reading(self) -> None:
        self._boards: OrderedDict[tuple[int | None, int, str], bytes] = OrderedDict()
        self._boards_lock = threading.Lock()  # _post runs in worker threads
        self._menus = MenuCache()  # menus per table version (bot.service.menus)

    async def table(self, channel_id: int) -> TableInfo | None:
        """The active table (lobby or playing) in this channel, or None."""
        row = await self._store.get_table(channel_id)
        return None if row is None else info(self._game(row.game_id), row)

    async def require_table(self, channel_id: int) -> TableInfo:
        """Like table() but NoTable with a sentence ("No game here. Start one with /play.")."""
        game, row = await self._load(channel_id)
        return info(game, row)

    async def active_tables(self) -> list[TableInfo]:
        """Every lobby and game in progress in the guilds this process serves (the adapter
        posts lobbies a restart left unposted)."""
        return [info(self._game(r.game_id), r) for r in await self._served()]

    async def _public(self, channel_id: int, language: str | None = None) -> PublicPost:
        game, row = await self._playing(channel_id)
        code = i18n.language_of(language) if language else await self._server_code(row)
        return await asyncio.to_thread(self._post, game, row, row.state, None, code)

    def _post(self, game: Game, row: TableRow, state: dict[str, Any], lines: Lines | None,
              code: str = i18n.DEFAULT) -> PublicPost:
        """The public post in language ``code``, drawing the board once per table version and
        language (Board presses by many spectators cost nothing). Runs in worker threads; a
        lost race draws the image twice."""
        key = (row.id, row.version, code)
        with self._boards_lock:
            cached = self._boards.get(key)
        post = posts.public_post(game, row, state, lines, image=cached, code=code)
        if cached is None and post.image_png is not None:
            with self._boards_lock:
                self._boards[key] = post.image_png
                while len(self._boards) > BOARD_CACHE:
                    self._boards.popitem(last=False)
        return post

    async def board(self, channel_id: int, *, language: str | None = None) -> PublicPost:
        """A fresh public post for the current state (Board button, /board). No log lines.
        ``language``: a Discord locale or code to write and draw it in (an ephemeral Board
        answer); None: the server's language."""
        return await self._public(channel_id, language)

    async def _user_code(self, row: TableRow, user_id: int, language: str | None) -> str:
        if language:
            return i18n.language_of(language)
        return (await self._user_codes([user_id], row.guild_id))[user_id]

    async def private_note(
        self, channel_id: int, user_id: int, *, language: str | None = None
    ) -> PrivateNote:
        """The user's hand (and menu if it is their turn). NotSeated for spectators.
        ``language``: the interaction's locale; None: the user's remembered one."""
        game, row = await self._playing(channel_id)
        seat = seat_of(row, user_id)
        if seat is None:
            raise errors.NotSeated(say("You are not playing at this table; press Board to watch."))
        code = await self._user_code(row, user_id, language)
        note = await asyncio.to_thread(posts.private_note, game, row, row.state, seat, None, code)
        return (await undo.offer(self._store, game, row, [note]))[0]

    async def menu(
        self, channel_id: int, user_id: int, *, language: str | None = None
    ) -> tuple[int, list[MenuEntry]]:
        """(version, legal moves with menu steps) for the user, labels in ``language`` (None:
        the user's remembered one); empty when not their turn."""
        game, row = await self._playing(channel_id)
        seat = seat_of(row, user_id)
        if seat is None:
            raise errors.NotSeated(say("You are not playing at this table."))
        code = await self._user_code(row, user_id, language)
        key = (row.id, row.version, seat, code)
        entries = self._menus.get(key)
        if entries is None:
            entries = await asyncio.to_thread(posts.menu, game, row.state, seat, code, names(row))
            self._menus.put(key, entries)
        return row.version, entries

    async def legal_moves(
        self, channel_id: int, user_id: int, *, language: str | None = None
    ) -> list[MenuEntry]:
        """For /move autocomplete: the caller's legal moves (empty for someone not to move,
        and where there is no game: autocomplete never errs)."""
        try:
            return (await self.menu(channel_id, user_id, language=language))[1]
        except errors.HostError:
            return []

    async def partner_message(
        self, channel_id: int, user_id: int, text: str
    ) -> partner.PartnerMessage:
        """/partner: what the user may tell their partner now, and how it travels (the game's
        :meth:`~games.Game.partner_talk`). NoPartnerChannel where the game has none now;
        PartnerMessageRefused for letters out of earshot, an empty or a too long text."""
        game, row = await self._playing(channel_id)
        seat = seat_of(row, user_id)
        if seat is None:
            raise errors.NotSeated(
                say("Only the players of this game have a partner; you can watch."))
        return partner.partner_message(game, row, seat, text)

    async def set_post(self, channel_id: int, message_id: int, version: int) -> None:
        """Remember which message is the current table post (to strip its buttons later); the
        final post of a finished game is kept with the game (its link in /history)."""
        if not await self._store.set_post(channel_id, message_id, version):
            await self._store.keep_final_post(channel_id, message_id)

    async def posted(self, channel_id: int, message_id: int, version: int, *,
                     plain: str | None) -> dict[int, str]:
        """The adapter's one call after a table post went out (or was extended in place): it is
        the channel's current post; when ``plain`` is given the post shows a value to edit away
        at the next move (``plain``: its text without it), otherwise it shows none. Returns the
        channel's other posts still showing a value (message id -> text without it): retire
        them, then :meth:`forget_transient_post` each one edited."""
        if plain is None:
            await self.forget_transient_post(message_id)
        else:
            await self.remember_transient_post(channel_id, message_id, plain)
        await self.set_post(channel_id, message_id, version)
        values = await self.transient_posts(channel_id)
        values.pop(message_id, None)
        return values

    async def remember_transient_post(self, channel_id: int, message_id: int, plain: str) -> None:
        """A post shows a value to edit away at the next move (a transient line); ``plain`` is its
        text without it. Stored, so the edit still happens after a restart."""
        await self._store.add_transient_post(channel_id, message_id, plain)

    async def transient_posts(self, channel_id: int) -> dict[int, str]:
        """message id -> value-free text of this channel's posts still showing a value."""
        return await self._store.transient_posts(channel_id)

    async def forget_transient_post(self, message_id: int) -> None:
        """The post was edited (or is gone): nothing left to edit away."""
        await self._store.drop_transient_post(message_id)

    # -- user preferences -------------------------------------------------------------------------
    async def dm_enabled(self, user_id: int, default: bool) -> bool:
        stored = await self._store.dm_enabled(user_id)
        return default if stored is None else stored

    async def set_dm_enabled(self, user_id: int, enabled: bool) -> None:
        await self._store.set_dm_enabled(user_id, enabled)

