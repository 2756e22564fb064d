"""Playing where the bot can't post by itself (issue 41): a group DM of three people who have
Tablée as their own app, a server that never added the bot. Everything they see comes as
interaction answers and followups; the emulator refuses the bot's token there, and these tests
assert it was never even tried."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.config import ClockConfig
from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    lobby_of,
    play_turn_by_menu,
    running_tablee,
    to_move,
)


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path, clock=ClockConfig(turn_dm_after=0),
                              dm_default=True) as app:
        yield app


def bot_requests_in(sim: Any, channel: Any, since: int = 0) -> list[Any]:
    """The requests made with the bot's own token about ``channel``."""
    return [r for r in sim.requests[since:]
            if r.bot_token and f"/channels/{channel.id}" in r.path]


async def test_three_friends_finish_a_game_in_a_group_dm(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice, bob, carol = sim.user("alice"), sim.user("bob"), sim.user("carol")
    gdm = sim.group_dm(alice, bob, carol)
    users = {u.id: u for u in (alice, bob, carol)}
    lobby, _seats = await lobby_of(sim, alice, [bob, carol], game="master-islands",
                                   channel=gdm)
    assert any("/notifications" in seen["content"] for seen in lobby.history)  # how a turn
    # reaches them here, said in the lobby
    mover = to_move(sim, users, gdm)
    choices = await sim.autocomplete(mover, "move", text="", channel=gdm)
    assert choices, "/move offers the mover's moves in a group DM too"
    rng = random.Random(3)
    turns = 0
    while (user := to_move(sim, users, gdm)) is not None:
        await play_turn_by_menu(sim, user, rng, gdm)
        turns += 1
        assert turns < 400
    assert bot_requests_in(sim, gdm) == []
    assert sim.refused_bot_requests() == []
    assert_all_requests_valid(sim)
