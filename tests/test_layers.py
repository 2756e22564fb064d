"""The layers hold: games/ is pure standard library, render/ never talks to Discord or storage."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

FORBIDDEN = {
    "games": {"discord", "PIL", "sqlite3", "aiosqlite", "asyncpg", "asyncio", "aiohttp", "bot",
              "render"},
    "render": {"discord", "bot", "aiosqlite", "asyncpg", "sqlite3", "aiohttp"},
    "i18n": {"discord", "bot", "render", "PIL", "aiosqlite", "asyncpg", "sqlite3", "aiohttp",
             "asyncio"},
}


def imported_modules(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_layer_imports(package: str) -> None:
    bad = []
    for path in sorted((ROOT / package).rglob("*.py")):
        for lineno, module in imported_modules(path):
            top = module.split(".")[0]
            if top in FORBIDDEN[package]:
                bad.append(f"{path.relative_to(ROOT)}:{lineno} imports {module}")
    assert not bad, "layer violations:\n" + "\n".join(bad)


def test_games_uses_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"games", "__future__"}
    bad = []
    for path in sorted((ROOT / "games").rglob("*.py")):
        for lineno, module in imported_modules(path):
            if module.split(".")[0] not in allowed:
                bad.append(f"{path.relative_to(ROOT)}:{lineno} imports {module}")
    assert not bad, "games/ must use the standard library only:\n" + "\n".join(bad)


def test_layer_check_catches_a_violation(tmp_path: Path) -> None:
    """The checker itself can fail: a file importing discord is reported."""
    sample = tmp_path / "x.py"
    sample.write_text("import os\nfrom discord import ui\n", encoding="utf-8")
    assert (2, "discord") in imported_modules(sample)
