"""The catalog of games a table can host: each registered rules engine with its renderer.

A game's renderer is the module ``render/<game_id with _ for ->`` (a module or a package with
``board(view) -> Image`` and ``hand(view) -> Image``, and optionally ``regions(view) ->
list[Region]`` and ``hand_regions(view)``: which part of the image is which menu token,
:mod:`render.regions`), found by name, so adding a game touches no
shared file; :func:`register` adds one explicitly (the tests' toy games). Above render/ in the
layers: the drawing package holds no registry.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games import Game, UnknownGame, View, all_games, get_game
from games import register as register_game
from render.regions import Region

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
        module = f"render.{game_id.replace('-', '_')}"
        try:
            _RENDERERS[game_id] = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name != module:
                raise
            raise KeyError(f"no renderer for game '{game_id}'") from None
    return _RENDERERS[game_id]


def board_drawer(game_id: str) -> Any:
    """What draws ``game_id``'s board from a view (its renderer's ``board``)."""
    return renderer(game_id).board


def region_finder(game_id: str) -> Callable[[View], list[Region]] | None:
    """What says which regions of ``game_id``'s board (:func:`board_drawer`) stand for which
    menu tokens (its renderer's ``regions``), or None when its renderer names none. Such a
    renderer notes them while it draws: :func:`render.regions.drawn` gives a board and its
    regions from one drawing."""
    return _finder(game_id, "regions")


def hand_region_finder(game_id: str) -> Callable[[View], list[Region]] | None:
    """:func:`region_finder` for a player's hand image (its renderer's ``hand_regions``)."""
    return _finder(game_id, "hand_regions")


def _finder(game_id: str, name: str) -> Callable[[View], list[Region]] | None:
    found = getattr(renderer(game_id), name, None)
    return found if callable(found) else None


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
