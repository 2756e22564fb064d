"""The service's rules stay pure: ``bot/service/rules/`` has no ``async``, no ``await``, no I/O
and no storage access, so its functions can be read and tested as plain functions on rows.

Every import counts, wherever it is written (as in tests/import_cycles.py). The rules may use the
layers below the service (games, i18n, render, the catalog, the settings values of bot.config),
the stored rows as values (``bot.storage.rows``, the rating maths of ``bot.storage.skill``), the
service's result and error types, and each other; nothing else of ``bot``."""

from __future__ import annotations

import ast
from pathlib import Path

from .import_cycles import imports, modules

ROOT = Path(__file__).resolve().parent.parent
RULES = "bot.service.rules"

ALLOWED = ("games", "i18n", "render", "bot.catalog", "bot.config", "bot.storage.rows",
           "bot.storage.skill", "bot.service.errors", "bot.service.results", RULES)
"""Project modules (and packages, with what is under them) the rules may import."""

BANNED = {"asyncio", "aiosqlite", "asyncpg", "aiohttp", "discord", "sqlite3", "socket", "ssl",
          "subprocess", "os", "pathlib", "shutil", "tempfile", "io", "threading",
          "multiprocessing", "concurrent", "urllib", "http", "logging", "time"}
"""Standard and third-party packages that wait, touch files, sockets or the clock, or log."""

ASYNC = {ast.AsyncFunctionDef: "async def", ast.Await: "await", ast.AsyncFor: "async for",
         ast.AsyncWith: "async with"}


def impurities(root: Path = ROOT) -> list[str]:
    known = modules(root, ("games", "i18n", "render", "bot"))
    bad = []
    for name, path in sorted(known.items()):
        if name != RULES and not name.startswith(RULES + "."):
            continue
        where = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if type(node) in ASYNC:
                bad.append(f"{where}:{node.lineno}: {ASYNC[type(node)]}")
            if isinstance(node, ast.Import):
                tops = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                tops = [node.module]
            else:
                continue
            bad += [f"{where}:{node.lineno}: imports {top}" for top in tops
                    if top.split(".")[0] in BANNED]
        for target, line in imports(name, path, known):
            if not any(target == ok or target.startswith(ok + ".") for ok in ALLOWED):
                bad.append(f"{where}:{line}: imports {target}")
    return bad


def test_the_rules_have_no_async_no_io_and_no_storage() -> None:
    assert (ROOT / "bot" / "service" / "rules" / "lobby.py").is_file()
    bad = impurities()
    assert not bad, "bot/service/rules/ must stay pure:\n" + "\n".join(bad)


def test_the_check_catches_async_await_io_and_storage(tmp_path: Path) -> None:
    """The checker itself can fail: each kind of impurity, written in a rule, is reported."""
    for folder in ("bot/service/rules", "bot/storage"):
        (tmp_path / folder).mkdir(parents=True)
    for package in ("bot", "bot/service", "bot/service/rules", "bot/storage"):
        (tmp_path / package / "__init__.py").write_text("", encoding="utf-8")
    for module in ("bot/storage/rows.py", "bot/storage/store.py", "bot/service/undo.py",
                   "bot/service/errors.py"):
        (tmp_path / module).write_text("X = 1\n", encoding="utf-8")
    (tmp_path / "bot/service/rules/good.py").write_text(
        "import re\nfrom ...storage.rows import X\nfrom .. import errors\n", encoding="utf-8")
    (tmp_path / "bot/service/rules/bad.py").write_text(
        "import asyncio\nfrom pathlib import Path\nfrom ...storage import store\n"
        "async def f():\n    from .. import undo\n    await g()\n", encoding="utf-8")
    bad = impurities(tmp_path)
    assert sorted(bad) == sorted([
        "bot/service/rules/bad.py:1: imports asyncio",
        "bot/service/rules/bad.py:2: imports pathlib",
        "bot/service/rules/bad.py:3: imports bot.storage.store",
        "bot/service/rules/bad.py:4: async def",
        "bot/service/rules/bad.py:5: imports bot.service.undo",
        "bot/service/rules/bad.py:6: await",
    ]), bad
