"""Undo in Discord, end to end on the emulator: the mover presses **Undo** in their private menu
after a move that keeps their turn; the table post says so, the menu comes back as it was, and
/undo refuses with a sentence when there is nothing to take back."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    last_private,
    last_public,
    lobby_of,
    running_tablee,
    table_post,
    to_move,
)


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path) as app:
        yield app


async def test_undo_in_the_private_menu_takes_a_placement_back(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {u.id: u for u in (alice, bob)}
    await lobby_of(sim, alice, [bob], game="master-islands")
    user = to_move(sim, users)
    other = bob if user is alice else alice
    store = tablee.bot.service.store
    before = (await store.tables.get_table(sim.general.id)).state

    refused = await sim.slash(user, "undo")  # the turn has just begun
    assert refused.ephemeral and "nothing to take back" in refused.content

    menu = await sim.click(user, table_post(sim), label="My hand / Play")
    menu = menu if menu is not None and menu.ephemeral else last_private(sim, user)
    assert "Undo" not in menu.labels
    first_level = list(menu.labels)
    menu = await sim.click(user, menu, label="Place a card")  # MI-8: a card, then a galleon
    while "You played" not in menu.content:
        menu = await sim.select(user, menu, values=[menu.selects()[0]["options"][0]["value"]])
    assert "Your move" in menu.content and "Undo" in menu.labels  # the sail is still to come
    menu = await sim.click(user, menu, label="Sail a galleon")
    assert "Undo" not in menu.labels  # only on the first level
    menu = await sim.click(user, menu, label="Back")
    assert "Undo" in menu.labels

    wrong = await sim.slash(other, "undo")
    assert wrong.ephemeral and "your own turn" in wrong.content

    menu = await sim.click(user, menu, label="Undo")
    assert menu.content.startswith("You took back your last move.")
    assert menu.labels == first_level  # the first level of the menu, as before the move
    name = user.name.title()
    assert f"{name} (seat " in last_public(sim).content
    assert "took back their last move." in last_public(sim).content
    assert (await store.tables.get_table(sim.general.id)).state == before
    assert_all_requests_valid(sim)
