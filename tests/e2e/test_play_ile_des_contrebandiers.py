"""L'île des contrebandiers in Discord, end to end on the emulator: /play ile-des-contrebandiers
opens it (nothing in bot/ knows the game), the set-up harbour choice, the lighthouse turns, drops,
sails, pushes and loads all go through the private menus or /move, the dice roll by themselves,
and the owner alone ever sees a loaded tile."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from games import get_game
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

GAME = "ile-des-contrebandiers"


@pytest.fixture(params=PLACES)
async def tablee(discord_sim: Any, tmp_path: Path,
                 request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path, tables_place=request.param) as app:
        yield app


async def _typed_turn(sim: Any, tablee: Any, user: Any, users: dict[int, Any],
                      seats: dict[int, int], rng: random.Random) -> None:
    """A player who knows the game types their moves with /move: each is what a thoughtful
    player would pick (the greedy computer's choice from this seat's own view), and must be
    among what autocomplete offers them."""
    game = get_game(GAME)
    for _ in range(20):
        row = await tablee.bot.service.store.tables.get_table(playing(sim).id)
        if row is None or row.state is None:
            return
        seat = seats[user.id]
        if seat not in game.to_move(row.state):
            return
        move = game.bots["greedy"](game, row.state, seat, rng)
        where = playing(sim)  # typed where the table plays (its thread, in thread mode)
        offered = [c["value"] for c in await sim.autocomplete(user, "move", text="",
                                                               channel=where)]
        assert move in offered or len(offered) == 25, (move, offered)
        await sim.slash(user, "move", move=move, channel=where)
        if to_move(sim, users) is not user:
            return


async def _play_to_the_end(sim: Any, tablee: Any, users: dict[int, Any], seats: dict[int, int],
                           typed: set[int], rng: random.Random) -> int:
    async def turn(user: Any) -> None:
        if user.id in typed:
            await _typed_turn(sim, tablee, user, users, seats, rng)
        else:
            await play_turn_by_menu(sim, user, rng)

    return await play_to_the_end(sim, users, turn, limit=400)


def _assert_no_tile_in_public(sim: Any, seats: dict[int, int]) -> None:
    """The hand image of a tile goes only to its owner: no public message carries one (and
    the players were shown theirs)."""
    shown = 0
    for message in sim.world.messages.values():
        hand = "hand.png" in [a.filename for a in message.attachments]
        if message.visible_only_to is None and message.channel.type != 1:
            assert not hand, message.content
        shown += hand
    assert shown, "no hand image was sent at all"


@only_in("channel")
async def test_two_players_to_the_end(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    since = len(sim.requests)
    _lobby, seats = await lobby_of(sim, alice, [bob], game=GAME)
    await _play_to_the_end(sim, tablee, users, seats, {alice.id}, random.Random(3))
    assert_within_budget(sim, tablee.db, GAME, since)  # alice types /move, bob uses the menu
    final = last_public(sim)
    assert "The game is over" in final.content and final.attachments
    _assert_no_tile_in_public(sim, seats)
    assert assert_pings_only_who_asked(sim, set(users), since) > 0
    assert_all_requests_valid(sim)


@only_in("threads")
async def test_four_players_two_humans_two_computers_to_the_end(
    discord_sim: Any, tablee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_with_seed(monkeypatch, 1)  # 9 s (random deals: 9 to 29 s)
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    since = len(sim.requests)
    lobby, seats = await lobby_of(sim, alice, [bob], computers=2, game=GAME)
    assert any("Seats (4/4" in old.get("content", "") for old in lobby.history)
    await _play_to_the_end(sim, tablee, users, seats, {alice.id, bob.id}, random.Random(5))
    assert_within_budget(sim, tablee.db, GAME, since)  # in a thread, every move typed
    final = last_public(sim)
    assert "The game is over" in final.content and final.attachments
    _assert_no_tile_in_public(sim, seats)
    assert assert_pings_only_who_asked(sim, set(users), since) > 0
    assert_all_requests_valid(sim)
