"""Rules engines (standard library only). Importing this package registers every game."""

from .base import (
    BadOptions,
    Event,
    Game,
    IllegalMove,
    MenuStep,
    Option,
    Result,
    State,
    View,
    move_text,
)
from .registry import UnknownGame, all_games, get_game, register

# Each game module registers itself; keep this list in one place.
from . import master_islands as _master_islands  # noqa: E402,F401  isort: skip
from . import isis_osiris as _isis_osiris  # noqa: E402,F401  isort: skip

__all__ = [
    "BadOptions",
    "Event",
    "Game",
    "IllegalMove",
    "MenuStep",
    "Option",
    "Result",
    "State",
    "View",
    "UnknownGame",
    "all_games",
    "get_game",
    "move_text",
    "register",
]
