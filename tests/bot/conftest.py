"""Fixtures: a table host on a real SQLite file in a temp dir, with the toy game registered.

Every test that uses ``db_path`` (or ``host``) runs twice: on a SQLite file and on a PostgreSQL
schema (``db_path`` is then a ``postgresql://`` URL, which ``Store.open`` and ``Services.open``
take as well). A test about SQLite itself (its file, its locks, raw
``sqlite3`` access) is marked ``@pytest.mark.sqlite_only`` and runs once.

The SQLite file is a copy of a template this process migrated once (its first test that asks):
the file a fresh ``Store.open`` leaves, at the latest schema, without running the migrations per
test (~50-100 ms each, hundreds of tests). The PostgreSQL schema likewise: one this process
migrated once, emptied before each test (tests/pg.py's ``migrated_schema``; migrating a schema
takes ~250 ms). A test that needs no file at the path (it writes an old schema itself, or checks
what opening a new file does) is marked ``@pytest.mark.new_file``: on PostgreSQL it gets a new
empty schema."""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.__main__ import main as bot_main
from bot.service import Services
from bot.storage.store import Store

from ..pg import drop_migrated, fresh_schema, migrated_schema
from .toy import toy_game

toy_game()

CHANNEL = 100
GUILD = 7
ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4


STORES = ("sqlite", "postgresql")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "sqlite_only: a test of SQLite itself, not run on PostgreSQL")
    config.addinivalue_line("markers", "new_file: db_path names no file yet (no migrated copy)")


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Drop the PostgreSQL schemas this process's tests were given (``migrated_schema``)."""
    asyncio.run(drop_migrated())


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "db_path" in metafunc.fixturenames and not metafunc.definition.get_closest_marker(
            "sqlite_only"):
        metafunc.parametrize("db_path", STORES, indirect=True)


_template: list[Path] = []  # this process's migrated SQLite file, made by its first test asking


async def _migrated_file(factory: pytest.TempPathFactory) -> Path:
    """A SQLite file as ``Store.open`` leaves a new one (latest schema, WAL), closed: no
    ``-wal`` or ``-shm`` file beside it, so a byte copy is the whole database."""
    if not _template:
        path = factory.mktemp("template") / "tablee.db"
        store = await Store.open(str(path))
        await store.close()
        assert not any(path.parent.glob("tablee.db-*")), "the template left a WAL file beside it"
        _template.append(path)
    return _template[0]


@pytest.fixture
async def db_path(request: pytest.FixtureRequest, tmp_path: Path,
                  tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[str]:
    """Where the test's database is: a new SQLite file of its own at the latest schema (none
    under ``new_file``), or a PostgreSQL URL of a schema at the latest version holding no row
    (a new empty one under ``new_file``)."""
    if getattr(request, "param", "sqlite") == "sqlite":
        path = tmp_path / "tablee.db"
        if not request.node.get_closest_marker("new_file"):
            shutil.copyfile(await _migrated_file(tmp_path_factory), path)
        yield str(path)
        return
    fresh = request.node.get_closest_marker("new_file")
    async with (fresh_schema() if fresh else migrated_schema()) as url:
        yield url


@pytest.fixture
async def host(db_path: str) -> AsyncIterator[Services]:
    h = await Services.open(db_path)
    yield h
    await h.close()


@pytest.fixture
def demo_config(tmp_path: Path) -> Path:
    """A config file naming the database of ``python -m bot demo isis-osiris`` (one finished
    two-player game), as an owner's would."""
    out = tmp_path / "demo"
    assert bot_main(["demo", "isis-osiris", "--players", "2", "--out", str(out)]) == 0
    config = tmp_path / "config.toml"
    config.write_text(f'[database]\npath = "{out / "demo.db"}"\n', encoding="utf-8")
    return config

