"""Memory mode treats a computer's reveal like a person's (issue 17, item 8): the revealed value
goes out on a post of its own, and the post with its placement takes it away, so a revealed value
and the cell it went to are never readable together on the table."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    lobby_of,
    play_turn_by_menu,
    running_tablee,
    to_move,
)

COMPUTER_REVEAL = re.compile(r"Computer[^\n]* revealed an? [+-]?\d")


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path) as app:
        yield app


async def test_a_computers_reveal_is_gone_once_its_tile_is_placed(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], computers=1, game="isis-osiris", first=1)
    rng = random.Random(2)
    shown_alone = 0
    for _turn in range(40):
        if (user := to_move(sim, users)) is None:
            break
        await play_turn_by_menu(sim, user, rng, prefer=("Place a pawn",))
        for message in sim.public():  # now, no post shows a computer's value
            assert not COMPUTER_REVEAL.search(message.content), message.content
        shown_alone = sum(
            1 for m in sim.public() for old in m.history
            if COMPUTER_REVEAL.search(old.get("content") or "")
            and "placed the tile" not in old["content"].split("revealed")[1]
        )
        if shown_alone:
            break
    # The computer's values were shown (on a post of their own), then edited away.
    assert shown_alone
    assert_all_requests_valid(sim)
