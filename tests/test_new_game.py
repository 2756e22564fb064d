"""A new game, for the tests only (tests/new_game/: ``games/nim/`` and ``render/nim.py``),
copied to a folder outside the repository: once that folder is on ``games.__path__`` and
``render.__path__``, the same discovery the bot runs at start-up (:func:`games.discover`) finds
it, and it is in the registry, in the bot's catalog (engine and renderer), in the catalog
domains, and in every test that holds for every game, which it passes. Nothing names it: no
shared list was edited."""

from __future__ import annotations

import re
import shutil
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


class Reports:
    """A pytest plugin for a run in this process: every test's outcome by node id."""

    def __init__(self) -> None:
        self.outcomes: dict[str, str] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "call" or report.outcome != "passed":
            self.outcomes[report.nodeid] = report.outcome

    def pytest_collectreport(self, report: pytest.CollectReport) -> None:
        if report.failed:
            self.outcomes[report.nodeid] = f"failed to collect: {report.longreprtext[-2000:]}"


@pytest.fixture
def fresh_test_modules() -> Iterator[None]:
    """The run below imports the test modules afresh (their games are listed when they are
    imported, and the new game's plugin joins its folder when it is); the modules of this
    process are as they were afterwards."""
    saved = dict(sys.modules)
    for name in [m for m in saved if m.startswith("tests.")
                 and m not in ("tests.conftest", __name__)]:
        del sys.modules[name]
    try:
        yield
    finally:
        sys.modules.clear()
        sys.modules.update(saved)
        for package in (games, render):
            vars(package).pop("nim", None)


def test_the_new_game_passes_the_tests_that_hold_for_every_game(
        elsewhere: Path, monkeypatch: pytest.MonkeyPatch, fresh_test_modules: None) -> None:
    """In this process (no second interpreter): a pytest run of the generic files with the new
    game's plugin, the registry, the catalog's renderers and the packages' paths restored after
    it."""
    monkeypatch.setenv("NEW_GAME_ROOT", str(elsewhere))
    monkeypatch.setattr(games, "__path__", list(games.__path__))
    monkeypatch.setattr(render, "__path__", list(render.__path__))
    monkeypatch.setattr(registry, "_GAMES", dict(registry._GAMES))
    monkeypatch.setattr(catalog, "_RENDERERS", dict(catalog._RENDERERS))
    monkeypatch.chdir(REPO)
    reports = Reports()
    code = pytest.main([*GENERIC, "-p", "tests.new_game.plugin", "-p", "no:cacheprovider",
                        "-p", "no:xdist", "-o", "addopts=", "-q", "--rootdir", str(REPO)],
                       plugins=[reports])
    outcomes = reports.outcomes
    assert code == 0, {nodeid: o for nodeid, o in outcomes.items() if o != "passed"}
    passed = [re.fullmatch(r"(\S+)::(\S+)\[((?:[^\]]*-)?nim(?:-[^\]]*)?)\]", nodeid)
              for nodeid, outcome in outcomes.items() if outcome == "passed"]
    assert all(passed), outcomes
    assert {m.group(1) for m in passed if m} == set(GENERIC), outcomes
    assert len(passed) >= 30 and "failed" not in outcomes.values(), outcomes
