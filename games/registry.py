"""The game registry: game id -> Game. Each game registers itself on import of ``games``."""

from __future__ import annotations

from .base import Game
from .echo import echo
from .text import say

_GAMES: dict[str, Game] = {}


class UnknownGame(KeyError):
    """No game with that id; the message lists the known ones."""

    def __str__(self) -> str:  # KeyError quotes its argument; we want a sentence.
        return str(self.args[0])


def register(game: Game) -> Game:
    if game.id in _GAMES:
        raise ValueError(f"game id {game.id!r} registered twice")
    _GAMES[game.id] = game
    return game


def get_game(game_id: str) -> Game:
    """The game with that id; :class:`UnknownGame` (a sentence) for anything else, including a
    non-string id read from a record (``["x"]`` is unhashable: no traceback for it)."""
    game = _GAMES.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(say("Unknown game '{game}'. Known games: {known}.", game=echo(game_id),
                              known=known))
    return game


def all_games() -> list[Game]:
    return [_GAMES[k] for k in sorted(_GAMES)]
