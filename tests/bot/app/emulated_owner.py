"""An owner running a command of ``python -m bot`` against the emulated Discord: the emulator
(``discord``) and the owner's folder (``owner``: no config file, the emulator's bot token).
Imported by the test modules that use them."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.emulator.fixtures import Emulator, running_emulator


@pytest.fixture
async def discord() -> AsyncIterator[Emulator]:
    async with running_emulator() as emulator:
        yield emulator
    assert emulator.api.violations == []


@pytest.fixture
def owner(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """An owner's folder without a config file, and the emulator's bot token."""
    monkeypatch.chdir(tmp_path)
    for name in ("TABLEE_CONFIG", "DATABASE_URL", "TABLEE_SHARD_COUNT", "TABLEE_SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "emulator-token")
