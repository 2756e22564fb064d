"""Computer players' levels: ``easy``, ``medium`` and ``hard`` (a game's :class:`Levels`), the
names earlier versions stored, and :func:`choose`, the one way to ask a game's computer for a
move."""

from __future__ import annotations

import inspect
import random
from collections.abc import Iterator, Mapping

from .base import Bot, Game, IllegalMove, State
from .search import Knobs
from .text import say
from .text import seat as seat_text
from .thinking import Deadline


def random_bot(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """The baseline computer player: a uniformly random legal move."""
    moves = game.legal(state, seat)
    if not moves:
        raise IllegalMove(say("{player} has no legal move.", player=seat_text(seat)))
    return rng.choice(moves)


LEVELS = ("easy", "medium", "hard")
"""Computer levels, weakest first; ``medium`` is the default."""

LEVEL_ALIASES = {"random": "easy", "greedy": "medium"}
"""Level names stored by earlier versions (lobby seats, records) -> the level they are now."""


def level_of(name: str | None) -> str:
    """The level a stored name means: old names resolve, None or anything unknown is medium."""
    name = LEVEL_ALIASES.get(name or "", name or "")
    return name if name in LEVELS else "medium"


class Levels(Mapping[str, Bot]):
    """A game's ``bots``: the three levels; the old names (``random``, ``greedy``) look up the
    level they became, so stored tables and records that name them keep working. ``knobs``: the
    search settings the hard level plays out with (its policy, depth and evaluation), which the
    post-game analysis (:mod:`games.analysis`) uses to estimate positions."""

    def __init__(self, easy: Bot, medium: Bot, hard: Bot, knobs: Knobs | None = None) -> None:
        self._bots = {"easy": easy, "medium": medium, "hard": hard}
        self.knobs = knobs

    def __getitem__(self, name: str) -> Bot:
        return self._bots[LEVEL_ALIASES.get(name, name)]

    def __iter__(self) -> Iterator[str]:
        return iter(self._bots)

    def __len__(self) -> int:
        return len(self._bots)


def choose(
    game: Game, level: str | None, state: State, seat: int, rng: random.Random,
    *, deadline: Deadline | None = None,
) -> str:
    """The move the computer of ``level`` plays for ``seat``. Old or unknown names resolve
    (:func:`level_of`); a game without that level uses its next weaker one. ``deadline`` (a
    :class:`~games.thinking.Deadline`, in the thinking thread's own CPU time) reaches bots that
    take it: a safety cap, the move is otherwise decided by fixed budgets and ``rng`` alone."""
    bot = _bot_for(game, level_of(level))
    if deadline is not None and _takes_deadline(bot):
        return bot(game, state, seat, rng, deadline=deadline)
    return bot(game, state, seat, rng)


def _bot_for(game: Game, level: str) -> Bot:
    names = {new: old for old, new in LEVEL_ALIASES.items()}
    for lower in reversed(LEVELS[: LEVELS.index(level) + 1]):
        for name in (lower, names.get(lower)):
            if name and name in game.bots:
                return game.bots[name]
    return random_bot


def _takes_deadline(bot: Bot) -> bool:
    try:
        return "deadline" in inspect.signature(bot).parameters
    except (TypeError, ValueError):
        return False

