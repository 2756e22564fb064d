"""Computer players at a table: their moves chosen and applied in the pool
(:mod:`bot.service.workers`), every computer move in a row in one round trip, each stored in its
own transaction (:mod:`bot.service.committer`); a random legal move when choosing fails.

The generator is derived from the table seed and the version the move will leave behind, so a
game replays the same way from its stored seed whatever the timing of the event loop, and
however the moves were grouped into requests.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping

from games import Game, IllegalMove, State, random_bot
from games.computer import bot_rng

from ..storage import TableRow
from . import errors
from .committer import MoveCommitter
from .context import Context
from .rules.play import Lines, Step, apply_checked, step_of
from .rules.tables import is_computer, names
from .workers import ComputerPool, WorkerLost

log = logging.getLogger(__name__)


class ComputerPlayers:
    """The computer players' turns."""

    def __init__(self, ctx: Context, committer: MoveCommitter) -> None:
        self._ctx = ctx
        self._committer = committer

    def level_of(self, row: TableRow, seat: int) -> str | None:
        """The level a computer plays ``seat`` at: its own, or the configured one for a
        person's seat it replaces (:func:`bot.service.rules.absence.replaced`)."""
        entry = row.seats[seat - 1]
        return entry.get("bot_level") or (
            self._ctx.clock_config.computer_level if entry.get("replaced") else None)

    def levels(self, row: TableRow) -> dict[int, str | None]:
        """The seats computers play now, with their levels."""
        return {seat: self.level_of(row, seat) for seat in range(1, len(row.seats) + 1)
                if is_computer(row, seat)}

    async def run(self, game: Game, row: TableRow, lines: Lines) -> tuple[TableRow, list[str]]:
        """Computer players move (each move its own transaction) until a person is to move, or
        until another service object on the same database gets a move in first, or until one
        showed a value once (a revealed tile): that goes out on its own post, as a person's
        reveal does, and the adapter has the computers go on (``computers_move``), so the value
        is gone by the time its cell is shown. (The stored row, the moves applied.) When the
        database fails meanwhile, the moves stored so far stand: the failure is logged and the
        table is left behind for the scheduler to try again (:mod:`bot.service.followup`)."""
        applied: list[str] = []
        try:
            while row.state is not None:
                levels = self.levels(row)
                if not any(s in levels for s in game.to_move(row.state)):
                    break
                # The computers' moves in a row come back together (one worker round trip) and
                # are stored one transaction each, as one by one would (bot.service.workers).
                steps = await computer_steps(self._ctx.pool, game, row.state, levels, row.seed,
                                             row.version + 1, table=row.channel_id, names=names(row))
                for step in steps:
                    try:
                        row = await self._committer.commit(game, row, step, None)
                    except errors.StaleVersion:
                        # Another service object on this database moved first; it carries on the
                        # computer moves. What we stored stands, so we report that, not an error.
                        log.info("table %s: computer move lost a race at version %s; left to the "
                                 "other service object", row.channel_id, row.version)
                        return row, applied
                    lines.extend(step.lines)
                    applied.append(step.move)
                    if step.lines.transient:
                        return row, applied
        except Exception as exc:
            # What came before is stored and stands (the caller reports it): the failure is
            # logged and the table left for the scheduler to try again (bot.service.followup).
            self._ctx.fell_behind(log, row.channel_id,
                                  f"the computers' moves after version {row.version}", exc)
        return row, applied


async def computer_steps(
    pool: ComputerPool, game: Game, state: State, levels: dict[int, str | None], seed: int,
    version: int, *, table: object = None, names: Mapping[int, str] | None = None,
) -> list[Step]:
    """The computers' next moves, in order (at least one: a computer is to move; ``levels``:
    the seats computers play): each will leave the version after the one before, starting at
    ``version``. A computer that proposes an illegal move, whose code raises or whose worker
    died twice plays a random legal move instead, so a buggy computer never stalls a table.
    ``table`` names the table in the log (channel id)."""
    seat = next(s for s in game.to_move(state) if s in levels)
    try:
        played = await pool.play(game.id, state, levels, seed, version)
        return [step_of(p, names) for p in played]
    except IllegalMove as exc:
        log.warning("table %s seat %s: %s computer %r chose an illegal move (%s); playing a random one",
                    table, seat, game.id, levels[seat], exc)
    except WorkerLost as exc:
        log.error("table %s seat %s: %s; playing a random move instead", table, seat, exc)
    except Exception:
        log.exception("table %s seat %s: %s computer %r failed; playing a random move instead",
                      table, seat, game.id, levels[seat])
    return [await asyncio.to_thread(_random_step, game, state, seat, seed, version, names)]


def _random_step(
    game: Game, state: State, seat: int, seed: int, version: int, names: Mapping[int, str] | None
) -> Step:
    fallback = random_bot(game, state, seat, bot_rng(seed, version))
    return apply_checked(game, state, seat, fallback, names)
