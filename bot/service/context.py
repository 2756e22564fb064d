"""What every part of the table service shares: one :class:`Context`, built once by
:class:`bot.service.Services` and handed to each service's constructor."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from games import Game, UnknownGame
from games.text import say

from .. import catalog
from ..config import ClockConfig
from ..shards import Shards
from ..storage import Store
from . import errors
from .followup import Behind, logged
from .locks import ChannelLocks
from .workers import ComputerPool


def table_game(game_id: str) -> Game:
    """The game of a table, with a renderer (what the bot offers); UnknownGameError with the
    known games otherwise."""
    try:
        return catalog.table_game(game_id).game
    except UnknownGame as exc:
        raise errors.UnknownGameError(errors.said(exc)) from None
    except KeyError:
        raise errors.UnknownGameError(
            say("'{game}' has no images here, so no table.", game=game_id)) from None


class ClockBell:
    """Rung when a table's clock gets a new next moment; the scheduler listens to re-arm
    (one listener: the last one set)."""

    def __init__(self) -> None:
        self._listener: Callable[[], None] | None = None

    def listen(self, listener: Callable[[], None]) -> None:
        self._listener = listener

    def ring(self) -> None:
        if self._listener is not None:
            self._listener()


@dataclass(frozen=True)
class Context:
    """The store and the settings of one table service, and what its services share."""

    store: Store
    pool: ComputerPool  # where computer players choose their moves (bot.service.workers)
    shards: Shards  # whose tables this process resumes and times (bot.shards)
    now: Callable[[], float]  # epoch seconds; tests inject their own
    clock_config: ClockConfig  # the turn clock's speeds and policy
    computer_delay: float  # seconds before computer players answer a person's move
    reveal_seconds: float  # how long a value a computer showed stays (computers_move)
    rematch_seconds: float  # how long a rematch keeps unconfirmed seats
    game: Callable[[str], Game] = table_game  # a table's game by id (UnknownGameError)
    locks: ChannelLocks = field(default_factory=ChannelLocks)  # one per channel, held weakly
    clock_bell: ClockBell = field(default_factory=ClockBell)
    behind: Behind = field(default_factory=Behind)  # tables with work left (bot.service.followup)

    def lock(self, channel_id: int) -> asyncio.Lock:
        """The channel's table lock: every change of a table runs under it."""
        return self.locks(channel_id)

    def left_behind(self, channel_id: int, *, repost: bool = False,
                    at: float | None = None) -> None:
        """The work after a stored change of this table failed (``repost``: its post could not
        be sent): the scheduler tries it again
        (:meth:`bot.service.play.PlayService.catch_up`), at ``at`` when given."""
        self.behind.mark(channel_id, self.now(), repost=repost, at=at)
        self.clock_bell.ring()

    def fell_behind(self, log: logging.Logger, channel_id: int, what: str,
                    exc: BaseException) -> None:
        """The work after a stored change of this table failed at ``what``: logged
        (:func:`bot.service.followup.logged`), and the table left behind for the scheduler."""
        logged(log, f"table {channel_id}: {what}", exc)
        self.left_behind(channel_id)

    def hurry(self, channel_id: int) -> None:
        """Someone is waiting at this table: if it is behind, the scheduler tries it now."""
        if self.behind.hurry(channel_id, self.now()):
            self.clock_bell.ring()
