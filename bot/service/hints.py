"""Hints for learners, asked for: the mover's Hint (the rules: :mod:`bot.service.rules.hints`).

The hint is computed in the worker processes (:meth:`bot.service.workers.ComputerPool.hint`),
never on the event loop, outside the table lock (it takes up to a computer move's budget); then,
under the lock and only if the table is still at the version the hint was computed for, the mark
is stored (the same version: the mover's menu stays valid) before the hint is given, so no hint
is ever shown unmarked.
"""

from __future__ import annotations

import logging

from games.text import say

from . import errors, undo
from .context import Context
from .reading import TableViews
from .repository import TableRepository
from .results import Hint, HintMove
from .rules import hints
from .rules.tables import may_ask_hint, seat_of

log = logging.getLogger(__name__)

NOT_NOW = say("The computer could not think of a hint just now; please try again.")


class HintsOff(errors.HostError):
    """Hint at a table whose host did not turn hints on."""


class Hints:
    """The mover's Hint and what their menu offers."""

    def __init__(self, ctx: Context, tables: TableRepository, views: TableViews) -> None:
        self._ctx = ctx
        self._store = ctx.store
        self._tables = tables
        self._views = views
        self.playouts: int | None = None
        """A search budget instead of the games' own (tests keep it small); None: theirs."""

    async def hint(self, channel_id: int, user_id: int, *, version: int | None = None,
                   language: str | None = None) -> Hint:
        """The computer's suggestion for the user's move now, with the next best moves and their
        chances, from their seat's own information only; labels in ``language`` (None: the
        user's remembered one). ``version``: the menu's (another -> StaleVersion). HintsOff,
        NotSeated, NotYourTurn say why not."""
        game, row = await self._tables.playing(channel_id)
        seat = seat_of(row, user_id)
        if not hints.hints_on(row):
            raise HintsOff(hints.HINTS_OFF)
        if seat is None:
            raise errors.NotSeated(say("You are not playing at this table, so there is no hint "
                                       "for you."))
        if version is not None and version != row.version:
            raise errors.StaleVersion(errors.STALE)
        if not may_ask_hint(game, row, seat):
            raise errors.NotYourTurn(say("Hints are for your own turn: ask again when it's your "
                                         "turn."))
        assert row.state is not None
        try:
            found = await self._ctx.pool.hint(game.id, row.state, seat, row.seed, row.version,
                                              playouts=self.playouts)
        except Exception:
            log.exception("table %s seat %s: the hint failed", channel_id, seat)
            raise errors.HostError(NOT_NOW) from None
        async with self._ctx.lock(channel_id):
            game, fresh = await self._tables.playing(channel_id)
            if fresh.version != row.version:
                raise errors.StaleVersion(errors.STALE)
            logged = await self._store.log.moves(fresh.id) if fresh.id is not None else []
            marked = hints.marked(fresh, seat, len(undo.in_force(logged)))
            if marked is not fresh:
                await self._tables.save(fresh, marked)
        _version, entries = await self._views.menu(channel_id, user_id, language=language)
        labels = {entry.move: entry.label for entry in entries}
        return Hint(seat, row.version, [HintMove(e.move, labels.get(e.move, e.move), e.chance)
                                        for e in found])
