"""Rules engines (standard library only). Importing this package registers every game package
found under games/."""

from .base import (
    Event,
    Game,
    IllegalMove,
    MenuItem,
    MenuStep,
    PartnerTalk,
    Result,
    State,
    View,
    move_text,
)
from .echo import echo
from .levels import LEVELS, choose, level_of, random_bot
from .options import FIRST_OPTION, BadOptions, Option
from .registry import UnknownGame, all_games, get_game, register


def _register_all() -> None:
    """Import every game package under games/ (each registers itself on import), so a new game
    is a new folder and nothing else."""
    import importlib
    import pkgutil

    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            importlib.import_module(f"{__name__}.{module.name}")


_register_all()

__all__ = [
    "FIRST_OPTION",
    "LEVELS",
    "BadOptions",
    "Event",
    "Game",
    "IllegalMove",
    "MenuItem",
    "MenuStep",
    "Option",
    "PartnerTalk",
    "Result",
    "State",
    "View",
    "UnknownGame",
    "all_games",
    "choose",
    "echo",
    "get_game",
    "level_of",
    "move_text",
    "random_bot",
    "register",
]
