"""A new game, for the tests only (tests/new_game/: ``games/nim/`` and ``render/nim.py``),
copied to a folder outside the repository: once that folder is on ``games.__path__`` and
``render.__path__``, the same discovery the bot runs at start-up (:func:`games.discover`) finds
it, and it is in the registry, in the bot's catalog (engine and renderer), in the catalog
domains, and in every test that holds for every game, which it passes. Nothing names it: no
shared list was edited."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import games
import i18n
import render
from bot import catalog
from games import registry
from tests.games.every_game import every_game

REPO = Path(__file__).resolve().parent.parent
TEMPLATE = REPO / "tests" / "new_game"
GENERIC = [
    "tests/games/test_every_game.py", "tests/games/test_record_setup.py",
    "tests/games/test_undo_barriers.py", "tests/games/test_fuzz_moves.py",
    "tests/games/test_records_limits.py", "tests/games/test_player_text.py",
    "tests/games/test_computer.py", "tests/games/test_computer_levels.py",
    "tests/games/test_rules_summaries.py", "tests/render/test_engine_games.py",
    "tests/render/test_phone.py", "tests/render/test_replay.py",
]
"""The test files that hold for every game (``python -m games`` in a child process, as the
command-line tests run it, does not get the folder: their file is left out)."""


@pytest.fixture
def elsewhere(tmp_path: Path) -> Path:
    """The new game's folders, outside the repository."""
    root = tmp_path / "elsewhere"
    for part in ("games", "render"):
        shutil.copytree(TEMPLATE / part, root / part)
    return root


@pytest.fixture
def on_the_path(elsewhere: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """``elsewhere`` on the packages' paths for one test; the registry, the catalog's
    renderers and the imported modules are as they were afterwards."""
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(elsewhere / "games")])
    monkeypatch.setattr(render, "__path__", [*render.__path__, str(elsewhere / "render")])
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    monkeypatch.setattr(catalog, "_RENDERERS", dict(catalog._RENDERERS))
    yield elsewhere
    for name in [m for m in sys.modules if m.split(".")[:2] in (["games", "nim"],
                                                                 ["render", "nim"])]:
        del sys.modules[name]
    for package in (games, render):
        vars(package).pop("nim", None)


def test_a_game_folder_is_found_everywhere(on_the_path: Path) -> None:
    assert "nim" not in [g.id for g in games.all_games()]
    assert "nim" in games.game_folders()
    games.discover()
    assert "nim" in [g.id for g in games.all_games()]
    assert "nim" in [g.id for g in every_game()]
    assert "nim" in [t.game.id for t in catalog.table_games()]
    assert catalog.table_game("nim").renderer.__name__ == "render.nim"
    nim = (on_the_path / "games" / "nim").resolve()
    assert i18n.DOMAINS[nim.as_posix()] == "nim"
    assert i18n.DOMAINS[(on_the_path / "render" / "nim.py").resolve().as_posix()] == "nim"


def test_the_new_game_passes_the_tests_that_hold_for_every_game(elsewhere: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "pytest", *GENERIC, "-p", "tests.new_game.plugin",
         "-p", "no:cacheprovider", "-o", "addopts=", "-q", "-rA"],
        cwd=REPO, env={**os.environ, "NEW_GAME_ROOT": str(elsewhere)}, capture_output=True,
        text=True, timeout=600, check=False)
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    passed = re.findall(r"^PASSED (\S+)::(\S+)\[((?:[^\]]*-)?nim(?:-[^\]]*)?)\]$", run.stdout,
                        re.M)
    assert {path for path, _, _ in passed} == set(GENERIC), run.stdout[-3000:]
    assert len(passed) >= 30 and not re.search(r"^(FAILED|ERROR) ", run.stdout, re.M)
