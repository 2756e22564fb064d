"""Pillow drawings of Views. Never imports discord or bot; imports games for types only.

This package also holds the table registry: each game's engine together with its renderer (an
object or module with ``board(view) -> Image`` and ``hand(view) -> Image``). A game's renderer is
``render/<game_id with _ for ->.py`` by convention, so adding a game touches no shared file;
:func:`register` adds one explicitly (tests' toy games).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from games import Game, UnknownGame, all_games, get_game
from games import register as register_game

_RENDERERS: dict[str, Any] = {}


@dataclass(frozen=True)
class TableGame:
    """What a table needs of a game: its rules engine and its renderer."""

    game: Game
    renderer: Any


def register(game: Game, renderer: Any) -> TableGame:
    """Register ``game`` (unless it already is) with its renderer."""
    try:
        registered = get_game(game.id)
    except UnknownGame:
        registered = register_game(game)
    _RENDERERS[game.id] = renderer
    return TableGame(registered, renderer)


def renderer(game_id: str) -> Any:
    """The renderer of ``game_id``: registered, else the module named after the game."""
    if game_id not in _RENDERERS:
        module = f"{__name__}.{game_id.replace('-', '_')}"
        try:
            _RENDERERS[game_id] = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            raise KeyError(f"no renderer for game '{game_id}'") from None
    return _RENDERERS[game_id]


def table_game(game_id: str) -> TableGame:
    """The engine and renderer of ``game_id``; :class:`games.UnknownGame` (a sentence) if the
    game is not registered, KeyError if it has no renderer."""
    return TableGame(get_game(game_id), renderer(game_id))


def table_games() -> list[TableGame]:
    """Every registered game that has a renderer (what the bot offers), sorted by id."""
    out = []
    for game in all_games():
        try:
            out.append(TableGame(game, renderer(game.id)))
        except KeyError:
            continue
    return out
