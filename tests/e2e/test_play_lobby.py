"""The lobby in Discord: the Add a computer player menu (a level, host only) and Remove computer
(host only, on the row below)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_play_helpers import (
    add_computer,
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
    return [[c.get("label") or c["placeholder"] for c in row["components"]]
            for row in message.components]


async def test_remove_computer_is_for_the_host_and_removes_the_last_one(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    lobby = await sim.slash(alice, "play master-islands")
    assert _rows(lobby) == [["Join", "Leave", "Start", "Cancel"], ["Add a computer player…"],
                            ["Remove computer", "Settings"]]
    await sim.click(alice, lobby, label="Remove computer")
    assert "no computer player to remove" in last_private(sim, alice).content
    await add_computer(sim, alice, lobby)
    await sim.click(bob, lobby, label="Join")
    await add_computer(sim, alice, lobby)
    assert "Seats (4/4" in lobby.content
    before = lobby.content
    await sim.click(bob, lobby, label="Remove computer")
    refusal = last_private(sim, bob)
    assert refusal.ephemeral and "Only the host (Alice) can remove computer players" in refusal.content
    assert lobby.content == before
    await sim.click(alice, lobby, label="Remove computer")
    assert "Seats (3/4" in lobby.content
    seats = [line for line in lobby.content.split("\n") if line[:2] in ("1.", "2.", "3.", "4.")]
    assert seats == ["1. Alice (host)", "2. Computer 1 (medium)", "3. Bob"]
    assert _rows(lobby)[2] == ["Remove computer", "Settings"]


async def test_the_host_adds_a_hard_computer_and_each_computer_has_its_own_name(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    lobby = await sim.slash(alice, "play master-islands", first=1)
    [menu] = lobby.selects()
    assert [o["label"] for o in menu["options"]] == ["Easy", "Medium", "Hard"]
    await add_computer(sim, alice, lobby, "hard")
    await tablee.restart()  # the menu on the lobby post keeps working
    await add_computer(sim, alice, lobby, "easy")
    assert "2. Computer 1 (hard)\n3. Computer 2 (easy)\n" in lobby.content
    before = lobby.content
    await add_computer(sim, bob, lobby, "hard")
    refusal = last_private(sim, bob)
    assert refusal.ephemeral and "Only the host (Alice) can add computer players" in refusal.content
    assert lobby.content == before
    await sim.click(alice, lobby, label="Start")
    assert "started with Alice, Computer 1 (hard), Computer 2 (easy)" in lobby.content
