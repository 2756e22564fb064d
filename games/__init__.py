"""Rules engines (standard library only). Importing this package registers every game package
found under games/ (:func:`discover`)."""

import importlib
import pkgutil
from pathlib import Path

from .base import (
    Event,
    Game,
    IllegalMove,
    MenuItem,
    MenuStep,
    PartnerTalk,
    Result,
    Sample,
    State,
    View,
    move_text,
)
from .echo import echo
from .levels import LEVELS, choose, level_of, random_bot
from .options import FIRST_OPTION, BadOptions, Option
from .registry import UnknownGame, all_games, get_game, register


def game_folders() -> dict[str, Path]:
    """Every game package: each package in a folder of ``games.__path__`` (games/ itself, and
    any folder added to it) is one game, named by its folder -> that folder."""
    return {module.name: Path(getattr(module.module_finder, "path", "")) / module.name
            for module in pkgutil.iter_modules(__path__) if module.ispkg}


def discover() -> list[Game]:
    """Import every game package of :func:`game_folders` not imported yet (each registers its
    game on import), so a new game is a new folder and nothing else; every registered game."""
    for name in game_folders():
        importlib.import_module(f"{__name__}.{name}")
    return all_games()


discover()

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
    "Sample",
    "State",
    "View",
    "UnknownGame",
    "all_games",
    "choose",
    "discover",
    "echo",
    "game_folders",
    "get_game",
    "level_of",
    "move_text",
    "random_bot",
    "register",
]
