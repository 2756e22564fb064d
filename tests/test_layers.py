"""The layers hold: app -> adapter | web -> service -> {storage, catalog} -> render -> i18n -> games.

Each layer imports only the layers below it (every import counts, wherever it is written, as in
tests/import_cycles.py), games/ is the standard library only, and only the adapter and the app
talk to Discord."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from .import_cycles import edges

ROOT = Path(__file__).resolve().parent.parent

LAYERS: dict[str, set[str]] = {
    "games": set(),
    "i18n": {"games"},
    "render": {"games", "i18n"},
    "bot.shards": set(),
    "bot.catalog": {"games", "i18n", "render"},
    "bot.storage": {"games", "i18n", "bot.shards"},
    "bot.config": {"bot.shards", "bot.storage"},  # settings values, read by the layers above
    "bot.service": {"games", "i18n", "render", "bot.catalog", "bot.storage", "bot.shards",
                    "bot.config"},
    "bot.adapter": {"games", "i18n", "render", "bot.catalog", "bot.storage", "bot.service",
                    "bot.shards", "bot.config"},
    "bot.web": {"games", "i18n", "render", "bot.catalog", "bot.storage", "bot.service",
                "bot.shards", "bot.config"},  # beside the adapter, never importing it
    "bot.app": {"games", "i18n", "render", "bot.catalog", "bot.storage", "bot.service",
                "bot.adapter", "bot.web", "bot.shards", "bot.config"},
}
"""Each layer and the layers it may import (``bot`` itself is an empty package)."""

BANNED = {
    "games": {"discord", "PIL", "sqlite3", "aiosqlite", "asyncpg", "asyncio", "aiohttp"},
    "i18n": {"discord", "PIL", "aiosqlite", "asyncpg", "sqlite3", "aiohttp", "asyncio"},
    "render": {"discord", "aiosqlite", "asyncpg", "sqlite3", "aiohttp"},
    "bot.catalog": {"discord", "aiosqlite", "asyncpg", "sqlite3"},
    "bot.storage": {"discord", "PIL"},
    "bot.service": {"discord", "aiohttp"},
    "bot.web": {"discord"},
}
"""Third-party (and some standard) packages a layer never imports."""


def layer_of(module: str) -> str | None:
    found = [layer for layer in LAYERS if module == layer or module.startswith(layer + ".")]
    return max(found, key=len) if found else None


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module name) of every absolute import in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def violations(root: Path = ROOT) -> list[str]:
    bad = []
    graph = edges(root, ("games", "i18n", "render", "bot"))
    for module, targets in sorted(graph.items()):
        layer = layer_of(module)
        if layer is None:
            continue
        for target, where in sorted(targets.items()):
            other = layer_of(target)
            if other not in (None, layer) and other not in LAYERS[layer]:
                bad.append(f"{', '.join(where)}: {module} ({layer}) imports {target} ({other})")
    for layer, banned in BANNED.items():
        base = root / Path(*layer.split("."))
        paths = sorted(base.rglob("*.py")) if base.is_dir() else [base.with_suffix(".py")]
        for path in (p for p in paths if p.is_file()):
            for line, module in imported_modules(path):
                if module.split(".")[0] in banned:
                    bad.append(f"{path.relative_to(root)}:{line}: {layer} imports {module}")
    return bad


def test_each_layer_imports_only_the_layers_below_it() -> None:
    bad = violations()
    assert not bad, "layer violations:\n" + "\n".join(bad)


@pytest.mark.parametrize("layer", sorted(LAYERS))
def test_every_layer_exists(layer: str) -> None:
    path = ROOT / Path(*layer.split("."))
    assert path.is_dir() or path.with_suffix(".py").is_file(), layer


def test_games_uses_only_the_standard_library() -> None:
    allowed = set(sys.stdlib_module_names) | {"games", "__future__"}
    bad = []
    for path in sorted((ROOT / "games").rglob("*.py")):
        for lineno, module in imported_modules(path):
            if module.split(".")[0] not in allowed:
                bad.append(f"{path.relative_to(ROOT)}:{lineno} imports {module}")
    assert not bad, "games/ must use the standard library only:\n" + "\n".join(bad)


def test_the_layer_check_catches_an_upward_import_and_a_banned_package(tmp_path: Path) -> None:
    """The checker itself can fail: the service reaching up into the adapter (inside a
    function) and render importing discord are both reported."""
    for folder in ("games", "i18n", "render", "bot/service", "bot/adapter"):
        (tmp_path / folder).mkdir(parents=True)
        (tmp_path / folder / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "bot" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "bot" / "adapter" / "poster.py").write_text("X = 1\n", encoding="utf-8")
    (tmp_path / "bot" / "service" / "play.py").write_text(
        "def f():\n    from ..adapter import poster\n", encoding="utf-8")
    (tmp_path / "render" / "kit.py").write_text("import discord\n", encoding="utf-8")
    bad = violations(tmp_path)
    assert any("bot.service.play (bot.service) imports bot.adapter.poster" in b for b in bad), bad
    assert any("render imports discord" in b for b in bad), bad
