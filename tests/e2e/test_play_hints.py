"""Hints for learners in Discord, end to end on the emulator with the real discord.py client: the
host turns Hints on in the lobby's Settings panel, the lobby says so, the mover presses **Hint**
in their private menu and gets a private answer naming a legal move (with its chance), plays it
with /move, and the game goes on with the mark in the table's record head."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from games import get_game
from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    last_private,
    play_turn_by_menu,
    running_tablee,
    table_post,
    to_move,
)
from tests.e2e.test_play_settings import choose

NOTATION = re.compile(r"\*\*Hint:\*\* play \*\*[^*]+\*\*(?: \(`(?P<move>[^`]+)`\))? — about "
                      r"(?P<percent>\d+)% to win\.")


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path) as app:
        app.bot.service.hints.playouts = 8  # a small search: this is about Discord
        yield app


async def test_the_host_turns_hints_on_and_the_mover_plays_the_hint(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {u.id: u for u in (alice, bob)}
    lobby = await sim.slash(alice, "play isis-osiris")
    assert "Hints" not in lobby.content  # off by default
    await sim.click(bob, lobby, label="Join")
    refused = await sim.click(bob, lobby, label="Settings")
    assert refused.ephemeral and not refused.selects()  # the host's panel only
    panel = await sim.click(alice, lobby, label="Settings")
    panel = await choose(sim, alice, panel, "Hints", "on")
    assert "Hints: on (unrated)" in lobby.content
    await sim.click(alice, lobby, label="Start")

    user = to_move(sim, users)
    menu = await sim.click(user, table_post(sim), label="My hand / Play")
    menu = menu if menu is not None and menu.ephemeral else last_private(sim, user)
    assert "Hint" in menu.labels and "Your move" in menu.content
    answer = await sim.click(user, menu, label="Hint")
    answer = answer if answer is not None and answer.ephemeral else last_private(sim, user)
    assert answer.ephemeral and answer.visible_only_to is user
    found = NOTATION.search(answer.content)
    assert found, answer.content
    assert 0 <= int(found["percent"]) <= 100
    store = tablee.bot.service.store
    row = await store.tables.get_table(sim.general.id)
    seat = next(s["seat"] for s in row.seats if s["user_id"] == user.id)
    legal = get_game("isis-osiris").legal(row.state, seat)
    move = found["move"] or next(m for m in legal if m.lower() in answer.content.lower())
    assert move in legal
    assert row.record_head["hints"] == [{"seat": seat, "move": 0}]

    # The menu it was asked from still works; the hinted move is typed with /move.
    played = await sim.slash(user, "move", move=move)
    assert played.ephemeral and f"You played `{move}`." in played.content, played.content
    # The game goes on: the next mover plays through the menu, which offers Hint too.
    nxt = to_move(sim, users)
    assert nxt is not None
    menu = await sim.click(nxt, table_post(sim), label="My hand / Play")
    menu = menu if menu is not None and menu.ephemeral else last_private(sim, nxt)
    assert "Hint" in menu.labels
    await play_turn_by_menu(sim, nxt, random.Random(2))
    assert_all_requests_valid(sim)
