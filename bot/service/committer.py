"""Storing one applied move: the new state, its log entry and the clock in one version-checked
transaction; when the move ends the game, the record and the results instead, then the rating."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games import Game

from ..storage import Conflict, MoveEntry, TableRow
from . import errors, undo
from .clock import TableClock, after_move
from .context import Context
from .ratings import Ratings
from .repository import TableRepository
from .rules.play import Step

log = logging.getLogger(__name__)


def outcomes(row: TableRow, result: Mapping[str, Any]) -> list[tuple[int, int | None, str, float]]:
    """(seat, user id, "win" or "loss", score) of every seat of a finished game."""
    winners = set(result.get("winners") or [])
    scores = list(result.get("scores") or [0] * len(row.seats))
    return [(s["seat"], s["user_id"], "win" if s["seat"] in winners else "loss",
             float(scores[s["seat"] - 1])) for s in row.seats]


class MoveCommitter:
    def __init__(self, ctx: Context, tables: TableRepository, clock: TableClock,
                 ratings: Ratings) -> None:
        self._ctx = ctx
        self._tables = tables
        self._clock = clock
        self._ratings = ratings

    async def commit(self, game: Game, row: TableRow, step: Step, user_id: int | None) -> TableRow:
        """Store one applied move (``user_id`` None: a computer's) and return the new row;
        StaleVersion when another service object stored a move first."""
        new = replace(row, state=step.state, version=row.version + 1)
        entry = MoveEntry(new.version, step.seat, step.move, user_id, step.lines.public,
                          barrier=step.barrier, before=undo.before(row, step, user_id))
        result = game.result(step.state)  # on the loop: cheaper than a thread hop
        clock, rearm, clock_at = (None, False, None) if result.finished else await after_move(
            self._ctx.store, game, row, new, step.seat, self._ctx.now(), self._ctx.clock_config)
        try:
            if result.finished:
                await self.finish(row, [entry], result.to_json())
            else:
                await self._ctx.store.tables.update_table(new, row.version, [entry], clock)
        except Conflict:
            raise errors.StaleVersion(errors.STALE) from None
        except Exception as exc:
            # The answer was lost, not necessarily the move (a connection dropped after the
            # server committed): stored is stored, and the move stands.
            if not result.finished and await self._landed(row, entry):
                log.warning("table %s: the store reported a failure, but move %s is stored at "
                            "version %s", row.channel_id, entry.move, entry.version)
            elif isinstance(exc, errors.Uncertain):
                # Sent, but whether stored can't be read now: never told "nothing changed".
                # The scheduler reads the table once the database answers and posts the move
                # if it was stored (PlayService.catch_up).
                log.warning("table %s: move %s may be stored at version %s (the database's "
                            "answer was lost)", row.channel_id, entry.move, entry.version)
                self._ctx.left_behind(row.channel_id, repost=True)
                raise errors.MoveMaybeSaved() from None
            else:
                raise
        if rearm:
            self._clock.changed()
        return replace(new, clock_at=clock_at, last_move=entry)  # known: no reads for them

    async def finish(self, row: TableRow, moves: list[MoveEntry], result: dict[str, Any]
                     ) -> None:
        """Close the table as finished with ``result`` (as :meth:`games.Result.to_json`): its
        record and every seat's win or loss and score in history, then its rating."""
        await self._tables.close(row, moves, "finished", result, outcomes(row, result))
        await self._ratings.rate(row.id)

    async def _landed(self, row: TableRow, entry: MoveEntry) -> bool:
        """Whether ``entry`` is stored after all: the table is at its version and the log's
        last move in force at that version is this one (the version check lets one writer of
        a version through). False when that cannot be read either."""
        store = self._ctx.store
        try:
            fresh = await store.tables.get_table(row.channel_id)
            if fresh is None or fresh.id != row.id or fresh.version != entry.version:
                return False
            last = await store.log.last_in_force(fresh.id) if fresh.id is not None else None
        except Exception:
            return False
        return (last is not None and last.version == entry.version and last.seat == entry.seat
                and last.move == entry.move and last.user_id == entry.user_id)
