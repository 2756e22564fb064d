"""The pseudo-language run (issue 15): with the server and the players in ``"qps"``, every
sentence from a catalog comes out ⟦marked⟧, so any text a player reads that bypassed the
catalogs shows up as plain English: the lobby with its settings panel, /rules, turns of Isis &
Osiris (two people and a computer player) by the menus, /board, /hand, a refused move,
/abandon, /history and /stats, and the words drawn in the images. (The French whole-game tests
cover the game-over texts.) Names (people, games) and notation are allowed."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.french import drawing_words, texts_seen
from tests.e2e.pseudo import assert_all_marked
from tests.e2e.test_play_helpers import (
    Words,
    add_computer,
    assert_all_requests_valid,
    last_private,
    play_turn_by_menu,
    running_tablee,
    to_move,
)

GAME = "isis-osiris"
QPS = Words("qps")


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path, guild_locale="qps") as app:
        yield app
    assert_all_requests_valid(discord_sim)


async def test_every_word_a_player_reads_went_through_the_catalogs(
        discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice", locale="qps"), sim.user("bob", locale="qps")
    users = {alice.id: alice, bob.id: bob}
    with drawing_words() as drawn:
        await sim.slash(alice, "rules", game=GAME)
        lobby = await sim.slash(alice, f"play {GAME}")
        await sim.click(alice, lobby, label=QPS("Settings"))
        panel = last_private(sim, alice)
        if panel.selects():
            first = panel.selects()[0]
            await sim.select(alice, panel, values=[first["options"][-1]["value"]],
                             custom_id=first["custom_id"])
        await sim.click(bob, lobby, label=QPS("Join"))
        await add_computer(sim, alice, lobby, "easy")
        await sim.click(alice, lobby, label=QPS("Start"))
        rng = random.Random(3)
        for _turn in range(4):
            await play_turn_by_menu(sim, to_move(sim, users, words=QPS), rng, words=QPS)
        await sim.slash(alice, "board")
        await sim.slash(bob, "hand")
        await sim.slash(alice, "move", move="fly away")  # the game's refusal
        await sim.slash(alice, "abandon")
        await sim.slash(alice, "hand")  # no table any more: the host's refusal
        await sim.slash(alice, "history")
        await sim.slash(alice, "stats")
    assert_all_marked(texts_seen(sim) + drawn, names=["Alice", "Bob", "Isis & Osiris"])
