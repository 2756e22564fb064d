"""Fixtures: a table host on a real SQLite file in a temp dir, with the toy game registered."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.host import TableHost

from .toy import toy_game

toy_game()

CHANNEL = 100
GUILD = 7
ALICE, BOB, CAROL, DAVE = 1, 2, 3, 4


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "tablee.db")


@pytest.fixture
async def host(db_path: str) -> AsyncIterator[TableHost]:
    h = await TableHost.open(db_path)
    yield h
    await h.close()
