"""The lobby in Discord: Remove computer (host only, on a second row of buttons)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    last_private,
    running_tablee,
)


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path) as app:
        yield app
    assert_all_requests_valid(discord_sim)


def _rows(message: Any) -> list[list[str]]:
    return [[c["label"] for c in row["components"]] for row in message.components]


async def test_remove_computer_is_for_the_host_and_removes_the_last_one(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    lobby = await sim.slash(alice, "play master-islands")
    assert _rows(lobby) == [["Join", "Leave", "Start", "Cancel"],
                            ["Add computer", "Remove computer", "Settings"]]
    await sim.click(alice, lobby, label="Remove computer")
    assert "no computer player to remove" in last_private(sim, alice).content
    await sim.click(alice, lobby, label="Add computer")
    await sim.click(bob, lobby, label="Join")
    await sim.click(alice, lobby, label="Add computer")
    assert "Seats (4/4" in lobby.content
    before = lobby.content
    await sim.click(bob, lobby, label="Remove computer")
    refusal = last_private(sim, bob)
    assert refusal.ephemeral and "Only the host (Alice) can remove computer players" in refusal.content
    assert lobby.content == before
    await sim.click(alice, lobby, label="Remove computer")
    assert "Seats (3/4" in lobby.content
    seats = [line for line in lobby.content.split("\n") if line[:2] in ("1.", "2.", "3.", "4.")]
    assert seats == ["1. Alice (host)", "2. Computer 1 (greedy)", "3. Bob"]
    assert _rows(lobby)[1] == ["Add computer", "Remove computer", "Settings"]
