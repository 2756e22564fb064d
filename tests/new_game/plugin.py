"""A pytest plugin (``-p tests.new_game.plugin``): before the tests are collected, the folder in
``$NEW_GAME_ROOT`` (holding ``games/`` and ``render/``) joins the games and render packages'
search paths and its games are discovered, the way the bot finds its games at start-up, so the
tests that hold for every game take them in; only the test cases about those games are run."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import games
import render

ROOT = os.environ.get("NEW_GAME_ROOT")
BEFORE = {g.id for g in games.all_games()}
if ROOT:
    games.__path__.append(str(Path(ROOT) / "games"))
    render.__path__.append(str(Path(ROOT) / "render"))
    games.discover()
NEW = {g.id for g in games.all_games()} - BEFORE
"""The games the folder brought."""


def _about_new(value: Any) -> bool:
    """A test parameter naming a new game: the game, its id, or a tuple that starts with it."""
    if isinstance(value, games.Game):
        return value.id in NEW
    if isinstance(value, tuple) and value:
        return _about_new(value[0])
    return isinstance(value, str) and value in NEW


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    keep = [item for item in items if any(
        _about_new(v) for v in getattr(getattr(item, "callspec", None), "params", {}).values())]
    config.hook.pytest_deselected(items=[item for item in items if item not in keep])
    items[:] = keep
