"""What a change of a table reports (an :class:`~bot.service.results.Outcome`: the table post,
the private notes, the moves applied) and the table post of any version, in a language.

The board is drawn once per table version and language, then kept (Board presses by many
spectators cost nothing); the menus the notes carry are kept for the clicks that follow
(:mod:`bot.service.rules.menus`).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import OrderedDict
from dataclasses import replace
from typing import Any

import i18n
from games import Game

from ..storage import TableRow
from . import undo
from .clock import TableClock
from .context import Context
from .followup import tolerated
from .languages import Languages
from .repository import TableRepository
from .results import Outcome, PublicPost
from .rules import posts
from .rules.menus import MenuCache
from .rules.play import Lines
from .rules.tables import computer_to_move, info

log = logging.getLogger(__name__)

BOARD_CACHE = 64  # board PNGs kept, keyed by (table id, version, language); ~50 KB each


class Reports:
    def __init__(self, ctx: Context, tables: TableRepository, languages: Languages,
                 clock: TableClock) -> None:
        self._store = ctx.store
        self._tables = tables
        self._languages = languages
        self._clock = clock
        self._boards: OrderedDict[tuple[int | None, int, str], tuple[bytes, posts.Regions]] = \
            OrderedDict()
        self._boards_lock = threading.Lock()  # post() runs in worker threads
        self.menus = MenuCache()  # menus per table version (bot.service.rules.menus)

    def post(self, game: Game, row: TableRow, state: dict[str, Any], lines: Lines | None,
             code: str = i18n.DEFAULT) -> PublicPost:
        """The public post in language ``code``, drawing the board once per table version and
        language. Runs in worker threads; a lost race draws the image twice."""
        key = (row.id, row.version, code)
        with self._boards_lock:
            cached = self._boards.get(key)
        image, regions = cached or (None, None)
        post = posts.public_post(game, row, state, lines, image=image, regions=regions, code=code)
        if cached is None and post.image_png is not None:
            with self._boards_lock:
                self._boards[key] = (post.image_png, post.regions)
                while len(self._boards) > BOARD_CACHE:
                    self._boards.popitem(last=False)
        return post

    async def board(self, channel_id: int, language: str | None = None) -> PublicPost:
        """The table post of the game in play, without log lines, in ``language`` (a Discord
        locale or code; None: the server's language)."""
        game, row = await self._tables.playing(channel_id)
        code = (i18n.language_of(language) if language
                else await self._languages.server_code(row))
        return await asyncio.to_thread(self.post, game, row, row.state, None, code)

    async def outcome(
        self, game: Game, row: TableRow, lines: Lines, applied: list[str], *, everyone: bool = False
    ) -> Outcome:
        """The post (server's language) and notes (each reader's) after a change; notes go to
        the people to move and those who learned something (every person with ``everyone``).
        The change is stored: a read here that fails only leaves out what it would add (a
        language, the clock, Undo), logged, so the change is still reported as made."""
        assert row.state is not None
        state = row.state
        table = f"table {row.channel_id} at version {row.version}"
        code = await tolerated(log, f"{table}: reading the server's language",
                               self._languages.server_code(row), i18n.DEFAULT)
        people = [s["user_id"] for s in row.seats if s["user_id"]]
        codes = await tolerated(log, f"{table}: reading the players' languages",
                                self._languages.user_codes(people, row.guild_id, code),
                                dict.fromkeys(people, code))
        # The board and the hands are drawn in two threads at once (Pillow's encoder releases
        # the GIL).
        finished_post, notes = await asyncio.gather(
            asyncio.to_thread(lambda: (game.result(state).finished,
                                       self.post(game, row, state, lines, code))),
            asyncio.to_thread(posts.notes_for, game, row, state, lines, everyone=everyone,
                              codes=codes),
        )
        finished, post = finished_post
        if not finished:
            clock = await tolerated(log, f"{table}: reading the clock",
                                    self._clock.view(game, row), None)
            post = replace(post, clock=clock)
        status = "finished" if finished else row.status
        notes = await tolerated(log, f"{table}: reading who may take a move back",
                                undo.offer(self._store, game, row, notes), notes)
        self.menus.remember(row.id, notes)
        return Outcome(info(game, row, status), post, notes, applied,
                       computers_next=not finished and computer_to_move(game, row))
