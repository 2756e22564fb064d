"""The reading side: what a table looks like now, to one person or to the channel. Nothing here
changes a table: the table, the board, a person's hand and menu (menus kept per version,
:mod:`bot.service.rules.menus`), what they may tell their partner."""

from __future__ import annotations

import asyncio

import i18n
from games import Game
from games.text import say

from ..storage import TableRow
from . import errors, undo
from .context import Context
from .languages import Languages
from .reports import Reports
from .repository import TableRepository
from .results import (
    BoardWords,
    HandImage,
    MenuEntry,
    MenuOffers,
    PlayerPanel,
    PrivateNote,
    PublicPost,
    TableInfo,
)
from .rules import partner, posts, words
from .rules.menus import Newest
from .rules.tables import info, may_ask_hint, names, seat_of

HANDS = 256
"""Hands kept as pictures (the newest version of each seat): the live page asks for a player's
hand once for its state and once for the image."""


class TableViews:
    def __init__(self, ctx: Context, tables: TableRepository, languages: Languages,
                 reports: Reports) -> None:
        self._ctx = ctx
        self._store = ctx.store
        self._tables = tables
        self._languages = languages
        self._reports = reports
        self._hands: Newest[HandImage] = Newest(HANDS)

    async def table(self, channel_id: int) -> TableInfo | None:
        """The active table (lobby or playing) in this channel, or None."""
        row = await self._store.tables.get_table(channel_id)
        return None if row is None else info(self._ctx.game(row.game_id), row)

    async def require_table(self, channel_id: int) -> TableInfo:
        """Like table() but NoTable with a sentence ("No game here. Start one with /play.")."""
        game, row = await self._tables.load(channel_id)
        return info(game, row)

    async def active_tables(self) -> list[TableInfo]:
        """Every lobby and game in progress in the guilds this process serves (the adapter
        posts lobbies a restart left unposted)."""
        return [info(self._ctx.game(r.game_id), r) for r in await self._tables.served()]

    async def tables_here(self, channel_id: int) -> list[TableInfo]:
        return [info(self._ctx.game(r.game_id), r)
                for r in await self._store.tables.tables_here(channel_id)]

    async def board(self, channel_id: int, *, language: str | None = None) -> PublicPost:
        """A fresh public post for the current state (Board button, /board). No log lines.
        ``language``: a Discord locale or code to write and draw it in (an ephemeral Board
        answer); None: the server's language."""
        return await self._reports.board(channel_id, language)

    async def board_words(self, channel_id: int, user_id: int, *,
                          language: str | None = None) -> BoardWords:
        """The position in words for this person (/board text, Describe): from their seat's
        own view when they are seated (so their hand too), else from the public view only.
        ``language``: the interaction's locale; None: the user's remembered one."""
        game, row = await self._tables.playing(channel_id)
        seat = seat_of(row, user_id)
        code = await self._user_code(row, user_id, language)
        lines = await asyncio.to_thread(
            lambda: words.board_lines(game, row, game.view(row.state, seat), code))
        return BoardWords(channel_id, row.version, seat, lines)

    async def _user_code(self, row: TableRow, user_id: int, language: str | None) -> str:
        if language:
            return i18n.language_of(language)
        return (await self._languages.user_codes([user_id], row.guild_id))[user_id]

    async def private_note(
        self, channel_id: int, user_id: int, *, language: str | None = None
    ) -> PrivateNote:
        """The user's hand (and menu if it is their turn). NotSeated for spectators.
        ``language``: the interaction's locale; None: the user's remembered one."""
        game, row = await self._tables.playing(channel_id)
        seat = seat_of(row, user_id)
        if seat is None:
            raise errors.NotSeated(say("You are not playing at this table; press Board to watch."))
        code = await self._user_code(row, user_id, language)
        note = await asyncio.to_thread(posts.private_note, game, row, row.state, seat, None, code)
        self._reports.menus.remember(row.id, [note])  # its menu's clicks show its text
        return (await undo.offer(self._store, game, row, [note]))[0]

    async def _seated(self, channel_id: int, user_id: int,
                      language: str | None) -> tuple[Game, TableRow, int, str]:
        """(game, row, the user's seat, their language code) of a table in play; NotSeated
        for a spectator."""
        game, row = await self._tables.playing(channel_id)
        seat = seat_of(row, user_id)
        if seat is None:
            raise errors.NotSeated(say("You are not playing at this table."))
        return game, row, seat, await self._user_code(row, user_id, language)

    async def hand(
        self, channel_id: int, user_id: int, *, language: str | None = None
    ) -> HandImage:
        """The user's hand as a picture with its regions (the live page shows it and makes the
        regions clickable), drawn from their seat's view only and once per table version.
        NotSeated for spectators."""
        return await self._hand_of(*await self._seated(channel_id, user_id, language))

    async def menu(
        self, channel_id: int, user_id: int, *, language: str | None = None
    ) -> tuple[int, list[MenuEntry]]:
        """(version, legal moves with menu steps) for the user, labels in ``language`` (None:
        the user's remembered one); empty when not their turn."""
        game, row, seat, code = await self._seated(channel_id, user_id, language)
        return row.version, await self._menu_of(game, row, seat, code)

    async def player_panel(
        self, channel_id: int, user_id: int, *, language: str | None = None
    ) -> PlayerPanel:
        """The user's menu and hand picture (:meth:`menu`, :meth:`hand`) from one read of the
        table, so both are of one version. NotSeated for spectators."""
        game, row, seat, code = await self._seated(channel_id, user_id, language)
        return PlayerPanel(row.version, await self._menu_of(game, row, seat, code),
                           await self._hand_of(game, row, seat, code))

    async def move_menu(self, game: Game, row: TableRow, seat: int, user_id: int,
                        language: str | None) -> tuple[list[MenuEntry], str]:
        """The seat's menu at ``row`` (empty when not to move) and the text above it: the text
        of the note that carried this menu (:meth:`private_note`, or the outcome of a move),
        else the note's text as it reads now, without what the seat learned by the last move.
        ``language`` as for :meth:`menu`."""
        code = await self._user_code(row, user_id, language)
        key = (row.id, row.version, seat, code)
        entries = await self._menu_of(game, row, seat, code)
        intro = self._reports.menus.intros.get(key)
        if intro is None:
            intro = await asyncio.to_thread(
                lambda: posts.note_text(row, game.view(row.state, seat), seat, [], code))
            self._reports.menus.intros.put(key, intro)
        return entries, intro

    async def offers(self, game: Game, row: TableRow, user_id: int) -> MenuOffers:
        """What the user's first menu level offers at ``row`` besides the moves: Undo, Hint."""
        seat = seat_of(row, user_id)
        return MenuOffers(can_undo=await undo.undoer(self._store, game, row) == user_id,
                          hints=seat is not None and may_ask_hint(game, row, seat))

    async def _menu_of(self, game: Game, row: TableRow, seat: int, code: str
                       ) -> list[MenuEntry]:
        key = (row.id, row.version, seat, code)
        entries = self._reports.menus.get(key)
        if entries is None:
            entries = await asyncio.to_thread(posts.menu, game, row.state, seat, code, names(row))
            self._reports.menus.put(key, entries)
        return entries

    async def _hand_of(self, game: Game, row: TableRow, seat: int, code: str) -> HandImage:
        key = (row.id, row.version, seat, code)
        hand = self._hands.get(key)
        if hand is None:
            png, regions = await asyncio.to_thread(
                posts.private_hand, game, row, game.view(row.state, seat), code)
            hand = HandImage(row.version, png, *posts.png_size(png), regions)
            self._hands.put(key, hand)
        return hand

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
        game, row = await self._tables.playing(channel_id)
        seat = seat_of(row, user_id)
        if seat is None:
            raise errors.NotSeated(
                say("Only the players of this game have a partner; you can watch."))
        return partner.partner_message(game, row, seat, text)
