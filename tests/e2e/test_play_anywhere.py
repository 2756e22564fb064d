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
    OVER,
    add_computer,
    assert_all_requests_valid,
    last_public,
    lobby_of,
    play_turn_by_menu,
    running_tablee,
    to_move,
)
from tests.e2e.toy_game import TOY_ID, register_toy


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


async def toy_turn(sim: Any, user: Any, channel: Any) -> Any:
    """``user`` plays the first move /move suggests them, typed in ``channel``; the private
    answer."""
    choices = await sim.autocomplete(user, "move", text="", channel=channel)
    assert choices, f"/move offers {user.name} nothing"
    return await sim.slash(user, "move", move=choices[0]["value"], channel=channel)


async def toy_to_the_end(sim: Any, users: dict[int, Any], channel: Any) -> int:
    turns = 0
    while (user := to_move(sim, users, channel)) is not None:
        await toy_turn(sim, user, channel)
        turns += 1
        assert turns < 40, "the game does not end"
    return turns


def hit_followup_limit(sim: Any) -> list[Any]:
    """Requests Discord answered 40094: a sixth followup of a user-installed interaction."""
    return [r for r in sim.requests
            if isinstance(r.response, dict) and r.response.get("code") == 40094]


@pytest.fixture
async def toy_tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    register_toy()
    async with running_tablee(discord_sim, tmp_path) as app:
        yield app
    assert_all_requests_valid(discord_sim)


async def test_a_game_in_a_server_that_never_added_the_bot_goes_to_its_end(
    discord_sim: Any, toy_tablee: Any
) -> None:
    sim = discord_sim
    friends = sim.add_guild("Friends", bot_member=False)
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    lobby = await sim.slash(alice, f"play {TOY_ID}", channel=friends, rounds=2)
    assert lobby is not None and not lobby.ephemeral
    await sim.click(bob, lobby, label="Join")
    await sim.click(alice, lobby, label="Start")
    assert "started" in lobby.content  # the lobby, edited in place with its token
    assert await toy_to_the_end(sim, users, friends) == 4
    final = last_public(sim, friends)
    assert OVER in final.content and final.visible_only_to is None
    assert bot_requests_in(sim, friends) == []
    assert sim.refused_bot_requests() == []


async def test_without_use_external_apps_play_says_why_privately_and_opens_nothing(
    discord_sim: Any, toy_tablee: Any
) -> None:
    sim = discord_sim
    closed = sim.add_guild("Closed", bot_member=False, external_apps=False)
    alice = sim.user("alice")
    sentence = ("This server lets apps it has not added answer only privately, so nobody else "
                "could see or join this table.")
    for _ in range(2):  # the second /play is told the same: no lobby was left behind
        answer = await sim.slash(alice, f"play {TOY_ID}", channel=closed)
        assert answer.ephemeral and answer.content.startswith(sentence), answer.content
        assert "already" not in answer.content
    assert await toy_tablee.bot.service.store.tables.get_table(closed.id) is None
    assert [m for m in sim.public(closed) if not m.deleted] == []
    assert bot_requests_in(sim, closed) == []
    assert sim.refused_bot_requests() == []


async def test_a_person_and_two_computers_never_pass_discords_five_followups(
    discord_sim: Any, toy_tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    gdm = sim.group_dm(alice, bob)
    users = {alice.id: alice}
    lobby = await sim.slash(alice, f"play {TOY_ID}", channel=gdm, rounds=5)
    for _ in range(2):
        await add_computer(sim, alice, lobby)
    await sim.click(alice, lobby, label="Start")
    turns = 0
    while (user := to_move(sim, users, gdm)) is not None:
        await toy_turn(sim, user, gdm)
        # Her move and both computers' answers go out as a followup of her /move (the
        # computers' moves join her post: one post a move)
        carried = [m for m in sim.last_interaction.followups if not m.ephemeral]
        assert len(carried) == 1 and len(sim.last_interaction.followups) <= 5
        turns += 1
        assert turns < 10
    assert turns == 5
    assert OVER in last_public(sim, gdm).content
    assert hit_followup_limit(sim) == []
    assert bot_requests_in(sim, gdm) == []
    assert sim.refused_bot_requests() == []
