"""The lobby's Settings panel with the real games, to the end of a game: Master Islands switched
to corsair mode in the panel (its own options appear there, then are chosen there too), and
Isis & Osiris opened with options in the command and changed in the panel."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_play_helpers import (
    TURN,
    add_computer,
    assert_all_requests_valid,
    last_public,
    running_tablee,
    table_post,
    to_move,
)

MAX_MOVES = 300


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path) as app:
        yield app
    assert_all_requests_valid(discord_sim)


LIVE = "Table speed: live (a few minutes a move)"
HINTS_OFF = "Hints: off"


def placeholders(panel: Any) -> list[str]:
    return [s["placeholder"] for s in panel.selects()]


async def choose(sim: Any, user: Any, panel: Any, label: str, value: str) -> Any:
    """Pick ``value`` in the panel's select for the option labelled ``label``."""
    select = next(s for s in panel.selects() if s["placeholder"].startswith(f"{label}:"))
    return await sim.select(user, panel, values=[f"={value}"], custom_id=select["custom_id"])


async def play_to_the_end(sim: Any, users: dict[int, Any]) -> int:
    """Every human move typed with /move (the first suggestion, conquests first) until the end."""
    rng = random.Random(13)
    moves = 0
    while (user := to_move(sim, users)) is not None:
        choices = await sim.autocomplete(user, "move", text="")
        takes = [c for c in choices if c["value"].startswith("take")]
        pick = takes[0] if takes else rng.choice(choices)
        reply = await sim.slash(user, "move", move=pick["value"])
        assert reply.ephemeral and "You played" in reply.content, reply.content
        moves += 1
        assert moves < MAX_MOVES
    assert "The game is over" in last_public(sim).content
    return moves


async def test_corsair_mode_chosen_in_the_panel_then_its_options_there_too(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    lobby = await sim.slash(alice, "play master-islands")
    assert "Mode: standard" in lobby.content and "Difficulty" not in lobby.content
    panel = await sim.click(alice, lobby, label="Settings")
    assert placeholders(panel) == ["Mode: standard", "First player: drawn at random", LIVE,
                                   HINTS_OFF]

    panel = await choose(sim, alice, panel, "Mode", "corsair")
    assert "✅ Mode: corsair." in panel.content
    # The mode's own options appear in the panel and on the lobby post.
    assert {"Corsair seat: the last seat", "Difficulty: medium"} <= set(placeholders(panel)), \
        placeholders(panel)
    assert "Mode: corsair" in lobby.content and "Difficulty: medium" in lobby.content
    assert "Seats (1/4, 3 needed to start)" in lobby.content
    panel = await choose(sim, alice, panel, "Difficulty", "hard")
    panel = await choose(sim, alice, panel, "Corsair seat", "3")
    panel = await choose(sim, alice, panel, "First player", "1")
    for text in ("Difficulty: hard", "Corsair seat: 3", "First player: 1"):
        assert text in lobby.content and any(p == text for p in placeholders(panel)), text

    await sim.click(bob, lobby, label="Join")
    await add_computer(sim, alice, lobby)
    await sim.click(alice, lobby, label="Start")
    post = table_post(sim)
    assert [int(u) for u in TURN.findall(post.content)] == [alice.id]  # first player: seat 1
    await play_to_the_end(sim, {alice.id: alice, bob.id: bob})

    # Back to standard in a new lobby: the corsair's options go away again.
    lobby = await sim.slash(alice, "play master-islands", mode="corsair")
    panel = await sim.click(alice, lobby, label="Settings")
    panel = await choose(sim, alice, panel, "Mode", "standard")
    assert placeholders(panel) == ["Mode: standard", "First player: drawn at random", LIVE,
                                   HINTS_OFF]
    assert "Difficulty" not in lobby.content


async def test_isis_osiris_options_from_the_command_changed_in_the_panel(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    lobby = await sim.slash(alice, "play isis-osiris", reserve="common", open=True)
    assert "Tile reserve: common · Open board: yes" in lobby.content
    await sim.click(bob, lobby, label="Join")
    panel = await sim.click(alice, lobby, label="Settings")
    panel = await choose(sim, alice, panel, "Tile reserve", "own")
    panel = await choose(sim, alice, panel, "Open board", "false")
    panel = await choose(sim, alice, panel, "First player", "2")
    panel = await choose(sim, alice, panel, "Table speed", "daily")  # not a game option
    assert "Tile reserve: own · Open board: no · First player: 2 · Table speed: daily (about a " \
           "day a move)" in lobby.content
    # A daily table offers Vacation too: six settings, so two pages.
    assert placeholders(panel) == ["Tile reserve: own", "Open board: no", "First player: 2",
                                   "Table speed: daily (about a day a move)"]
    panel = await sim.click(alice, panel, label="Next")
    assert placeholders(panel) == [HINTS_OFF, "Vacation: allowed"]
    panel = await choose(sim, alice, panel, "Vacation", "refused")
    assert "Vacation: refused (the clock runs)" in lobby.content
    await add_computer(sim, alice, lobby)
    await sim.click(alice, lobby, label="Start")
    assert "started" in lobby.content
    assert [int(u) for u in TURN.findall(table_post(sim).content)] == [bob.id]
    await play_to_the_end(sim, {alice.id: alice, bob.id: bob})


async def test_a_panel_after_start_or_from_someone_else_changes_nothing(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    lobby = await sim.slash(alice, "play isis-osiris", first=1)
    refused = await sim.click(bob, lobby, label="Settings")
    assert refused.ephemeral and refused.content == "Only the host (Alice) can change the settings."
    panel = await sim.click(alice, lobby, label="Settings")
    panel = await choose(sim, alice, panel, "First player", "")  # back to the default
    assert "First player: drawn at random" in lobby.content
    await sim.click(bob, lobby, label="Join")
    await sim.click(alice, lobby, label="Start")
    select = panel.selects()[0]
    late = await sim.select(alice, panel, values=[select["options"][0]["value"]],
                            custom_id=select["custom_id"])
    assert late.content == "The game has started: its settings can't change any more."
    assert not late.selects()


async def test_the_panel_works_for_a_lobby_whose_table_will_play_in_a_thread(
    discord_sim: Any, tmp_path: Path
) -> None:
    """In thread mode (the default place) the lobby is keyed by its post's id, not the channel:
    the private panel its Settings button opens names that post, and works (it was refused as
    "another channel's table"); its pages too. A panel id naming another lobby stays refused."""
    sim = discord_sim
    async with running_tablee(sim, tmp_path, tables_place="threads"):
        alice = sim.user("alice")
        other = await sim.slash(alice, "play isis-osiris", channel=sim.channel("elsewhere"))
        lobby = await sim.slash(alice, "play master-islands")
        panel = await sim.click(alice, lobby, label="Settings")
        panel = await choose(sim, alice, panel, "Table speed", "daily")
        assert "Table speed: daily (about a day a move)" in lobby.content
        panel = await choose(sim, alice, panel, "Hints", "on")
        assert "Hints: on" in lobby.content
        select, before = panel.selects()[0], other.content
        forged = select["custom_id"].replace(str(lobby.id), str(other.id))
        refused = await sim.forged_press(alice, panel, forged, component_type=3,
                                         values=["=corsair"])
        assert refused.content == ("That button belongs to another channel's table, so it does "
                                   "nothing here.")
        assert other.content == before
    assert_all_requests_valid(sim)
