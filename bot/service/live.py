"""The live table page's reading (:mod:`bot.web`): a table as a spectator sees it now, in one
language, with the last moves and the clock. Built from the public view only (the board of
:meth:`~bot.service.reports.Reports.post`, the move log's public lines); a player's own hand
and menu come from :meth:`~bot.service.reading.TableViews.private_note` and ``menu``."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field, replace

import i18n

from . import undo
from .clock_service import TableClock
from .context import Context
from .reports import Reports
from .results import PublicPost, TableInfo
from .tables import info, names
from .wording import tell_line

LAST_LINES = 12  # the last moves the page lists


@dataclass(frozen=True)
class LiveTable:
    """A table as the page shows it to everyone."""

    table: TableInfo
    post: PublicPost | None  # the board, its status line and the clock (None: a lobby)
    lines: list[str] = field(default_factory=list)  # the last moves' lines, newest last
    to_move: list[int] = field(default_factory=list)  # the seats to move (computers too)
    language: str = i18n.DEFAULT


class LiveViews:
    def __init__(self, ctx: Context, reports: Reports, clock: TableClock) -> None:
        self._ctx = ctx
        self._store = ctx.store
        self._reports = reports
        self._clock = clock

    async def live(self, channel_id: int, language: str | None = None) -> LiveTable | None:
        """The table in ``channel_id`` now in ``language`` (a code or locale; None: English),
        or None when the channel has none."""
        row = await self._store.get_table(channel_id, beside=True)
        if row is None:
            return None
        code = i18n.language_of(language) if language else i18n.DEFAULT
        game = self._ctx.game(row.game_id)
        table = info(game, row)
        if row.status != "playing" or row.state is None:
            return LiveTable(table, None, language=code)
        state = row.state
        post = await asyncio.to_thread(self._reports.post, game, row, state, None, code)
        if not post.finished:
            post = replace(post, clock=await self._clock.view(game, row))
        logged = await self._store.moves(row.id) if row.id is not None else []
        by_seat = names(row)
        lines = [tell_line(text, by_seat, code)
                 for entry in undo.in_force(logged) for text in entry.lines]
        to_move = list(game.view(state, None).get("to_move") or [])
        return LiveTable(table, post, lines[-LAST_LINES:], to_move, code)
