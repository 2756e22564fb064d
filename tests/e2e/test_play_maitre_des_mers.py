"""Le Maître des Mers in Discord, end to end on the emulator: nothing in bot/ knows this game, yet
/play maitre-des-mers opens it, the menus walk its announce / place / stow / loot choices, rolls
happen by themselves and each turn is one table post, edited in place while the same player
rolls again."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.budget import assert_within_budget
from tests.e2e.test_play_helpers import (
    PLACES,
    assert_all_requests_valid,
    assert_pings_only_who_asked,
    deal_with_seed,
    last_public,
    lobby_of,
    only_in,
    play_to_the_end,
    play_turn_by_menu,
    playing,
    running_tablee,
    to_move,
)

GAME = "maitre-des-mers"
ROLL = re.compile(r"\brolls?\b[^\n]*\d")
ARM = ("Arm a ship",)  # people who arm end the game (the port empties); fights can go on long
TABLE_SEED = 9
"""The dealt table of the game played by menu: with the menu choices of ``random.Random(7)``,
57 turns (tables dealt at random took 60 to 130, and this test 20 to 55 s)."""


@pytest.fixture(params=PLACES)
async def tablee(discord_sim: Any, tmp_path: Path,
                 request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path, tables_place=request.param) as app:
        yield app


async def _play_to_the_end(sim: Any, users: dict[int, Any], rng: random.Random,
                           by_move: frozenset[int] = frozenset()) -> int:
    """Humans play until the game is over (menu clicks, or /move for ``by_move`` users, picking
    from its autocomplete); the number of human turns started."""

    async def turn(user: Any) -> None:
        if user.id in by_move:
            await _turn_by_move_command(sim, user, users, rng)
        else:
            await play_turn_by_menu(sim, user, rng, prefer=ARM)

    return await play_to_the_end(sim, users, turn, limit=600)


async def _turn_by_move_command(
    sim: Any, user: Any, users: dict[int, Any], rng: random.Random
) -> None:
    """Moves typed with /move, each chosen from what autocomplete suggests, until the turn
    passes (the player may roll again several times in one turn)."""
    for _ in range(40):
        suggestions = await sim.autocomplete(user, "move", text="")
        if not suggestions:
            return
        arms = [c for c in suggestions if c["value"].startswith("arm ")]
        await sim.slash(user, "move", move=rng.choice(arms or suggestions)["value"])
        if to_move(sim, users) is not user:
            return


@only_in("channel")
async def test_two_players_play_to_the_end_by_menu(
    discord_sim: Any, tablee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_with_seed(monkeypatch, TABLE_SEED)
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    since = len(sim.requests)
    await lobby_of(sim, alice, [bob], game=GAME)
    turns = await _play_to_the_end(sim, users, random.Random(7))
    assert_within_budget(sim, tablee.db, GAME, since)
    final = last_public(sim)
    assert "The game is over" in final.content and final.attachments
    posts = [m for m in sim.public(playing(sim)) if m.attachments or "My hand / Play" in m.labels]
    # One post per turn: rolls again in the same turn edit the post, never a message per die.
    assert len(posts) <= turns + 2
    assert any(ROLL.search(old.get("content", "")) for m in posts for old in [*m.history,
                                                                           {"content": m.content}])
    assert assert_pings_only_who_asked(sim, set(users), since) > 0
    assert_all_requests_valid(sim)


@only_in("threads")
async def test_six_seats_two_humans_four_computers_to_the_end(
    discord_sim: Any, tablee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_with_seed(monkeypatch, 6)  # 13 s (random deals: 13 to 30 s)
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    since = len(sim.requests)
    lobby, seats = await lobby_of(sim, alice, [bob], computers=4, game=GAME)
    assert any("Seats (6/6" in old.get("content", "") for old in lobby.history)
    assert len(seats) == 2
    await _play_to_the_end(sim, users, random.Random(11), by_move=frozenset({bob.id}))
    assert_within_budget(sim, tablee.db, GAME, since)  # bob's moves typed: /move
    final = last_public(sim)
    assert "The game is over" in final.content and final.attachments
    assert "My hand / Play" not in final.labels
    assert assert_pings_only_who_asked(sim, set(users), since) > 0
    assert_all_requests_valid(sim)
