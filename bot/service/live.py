"""The live table page's reading (:mod:`bot.web`): a table as a spectator sees it now, in one
language, with the last moves and the clock. Built from the public view only (the board of
:meth:`~bot.service.reports.Reports.post`, the move log's public lines); a player's own hand
and menu come from :meth:`~bot.service.reading.TableViews.private_note` and ``menu``.

Once a game is over its table leaves the channel (:meth:`~bot.service.repository.
TableRepository.close`): the page then shows the channel's last finished (or stopped) game,
its final position replayed from its record, at the version its closing made (kept with the
game since migration 12)."""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any

import i18n
from games.records import turns

from ..storage import TableRow
from . import undo
from .changes import Changes
from .clock import TableClock
from .context import Context
from .reports import Reports
from .results import PublicPost, TableInfo
from .rules import hints, posts
from .rules.tables import info, names
from .rules.wording import tell_line

LAST_LINES = 12  # the last moves the page lists
ENDED_CACHE = 32  # final positions kept, keyed by (channel, game, language)


@dataclass(frozen=True)
class LiveTable:
    """A table as the page shows it to everyone."""

    table: TableInfo
    post: PublicPost | None  # the board, its status line and the clock (None: a lobby)
    lines: list[str] = field(default_factory=list)  # the last moves' lines, newest last
    to_move: list[int] = field(default_factory=list)  # the seats to move (computers too)
    language: str = i18n.DEFAULT


class LiveViews:
    def __init__(self, ctx: Context, reports: Reports, clock: TableClock,
                 changes: Changes) -> None:
        self._ctx = ctx
        self._store = ctx.store
        self._reports = reports
        self._clock = clock
        self._changes = changes
        self._ended: OrderedDict[tuple[int, int, str], LiveTable] = OrderedDict()

    async def live(self, channel_id: int, language: str | None = None) -> LiveTable | None:
        """The table in ``channel_id`` now in ``language`` (a code or locale; None: English),
        or None when the channel has none."""
        row = await self._store.tables.get_table(channel_id, beside=True)
        code = i18n.language_of(language) if language else i18n.DEFAULT
        if row is None:
            return await self._last_game(channel_id, code)
        game = self._ctx.game(row.game_id)
        table = info(game, row)
        if row.status != "playing" or row.state is None:
            return LiveTable(table, None, language=code)
        state = row.state
        post = await asyncio.to_thread(self._reports.post, game, row, state, None, code)
        if not post.finished:
            post = replace(post, clock=await self._clock.view(game, row))
        logged = await self._store.log.moves(row.id) if row.id is not None else []
        by_seat = names(row)
        lines = [tell_line(text, by_seat, code)
                 for entry in undo.in_force(logged) for text in entry.lines]
        to_move = list(game.view(state, None).get("to_move") or [])
        return LiveTable(table, post, lines[-LAST_LINES:], to_move, code)

    async def _last_game(self, channel_id: int, code: str) -> LiveTable | None:
        """The channel's last closed game (finished or stopped) at its final position, or None
        when it has none."""
        found = await self._store.history.games_in_channel(channel_id)
        if not found:
            return None
        key = (channel_id, found[-1], code)
        kept = self._ended.get(key)
        if kept is not None:
            return kept
        stored = await self._store.history.game(found[-1])
        if stored is None:
            return None
        version = stored.get("version") or self._changes.newest(channel_id) or 0
        ended = await asyncio.to_thread(self._final, channel_id, found[-1], stored, version, code)
        self._ended[key] = ended
        while len(self._ended) > ENDED_CACHE:
            self._ended.popitem(last=False)
        return ended

    def _final(self, channel_id: int, game_row: int, stored: dict[str, Any], version: int,
               code: str) -> LiveTable:
        """The final position of a closed game and its last moves' lines, replayed from its
        record (its moves in force), drawn from the spectator view like any table post."""
        record = stored["record"]
        game, played = turns(record)
        state = played[-1].state
        head = {k: record[k] for k in ("options", "setup", hints.MARKS) if k in record}
        row = TableRow(channel_id=channel_id, guild_id=stored["guild_id"],
                       game_id=stored["game_id"], options=dict(record.get("options") or {}),
                       status=stored["status"], host_id=0, seats=stored["seats"],
                       seed=int(record.get("seed") or 0), state=state, version=version,
                       id=game_row, record_head=head)
        post = posts.public_post(game, row, state, None, code=code)
        by_seat = names(row)
        lines = [tell_line(text, by_seat, code) for turn in played for text in turn.lines]
        return LiveTable(info(game, row, stored["status"]), post, lines[-LAST_LINES:],
                         language=code)
