"""Master Islands in Discord, end to end on the emulator: whole games from /play to a winner,
through buttons and selects only (with a restart mid-game) and through /move in every mode."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.adapter.kit.emojis import load_emojis
from bot.config import ClockConfig
from tests.e2e.budget import assert_within_budget
from tests.e2e.emulator.emojis import add_emoji
from tests.e2e.test_play_helpers import (
    PLACES,
    assert_all_requests_valid,
    assert_hands_private,
    assert_no_hidden_card_in_public,
    assert_pings_only_who_asked,
    deal_with_seed,
    hidden_cards,
    last_public,
    lobby_of,
    only_in,
    play_turn_by_menu,
    playing,
    running_tablee,
    slash_with_user_option,
    table_post,
    to_move,
)

MAX_TURNS = 200


@pytest.fixture(params=PLACES)
async def tablee(discord_sim: Any, tmp_path: Path,
                 request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    # Turn DMs at once, as at a daily table (a live one waits a minute): these tests read them.
    async with running_tablee(discord_sim, tmp_path, tables_place=request.param,
                              clock=ClockConfig(turn_dm_after=0),
                              dm_default=True) as app:
        yield app


def assert_finished_with_a_winner(sim: Any) -> None:
    final = last_public(sim)
    assert "The game is over" in final.content and "wins" in final.content, final.content
    assert final.attachments and final.attachments[0].image().size[0] > 200
    # Every table post lost its buttons: the last one has none, older ones were retired.
    assert not [m for m in sim.public(playing(sim)) if "My hand / Play" in m.labels]


async def test_three_friends_play_to_a_winner_with_buttons_across_a_restart(
    discord_sim: Any, tablee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    sim = discord_sim
    alice, bob, carol = sim.user("alice"), sim.user("bob"), sim.user("carol")
    users = {u.id: u for u in (alice, bob, carol)}
    deal_with_seed(monkeypatch, 7)  # a game of the same length every run
    since = len(sim.requests)
    _lobby, seats = await lobby_of(sim, alice, [bob, carol], game="master-islands")
    rng = random.Random(7)
    turns = 0
    restarted = False
    while (user := to_move(sim, users)) is not None:
        if turns == 4 and not restarted:
            old_post = table_post(sim)
            await tablee.restart()
            restarted = True
            assert table_post(sim).id == old_post.id  # the pre-restart post is still the table
        text = await play_turn_by_menu(sim, user, rng)
        assert "You played" in text
        await assert_no_hidden_card_in_public(sim, tablee)
        turns += 1
        assert turns < MAX_TURNS
    assert restarted and turns > 4
    assert_finished_with_a_winner(sim)
    # Turn DMs go at once here (a daily table's), so they are counted apart; the restart forgot
    # the interactions that carried the posts: the next person's carries them again.
    assert_within_budget(sim, tablee.db, "master-islands", since, dms_at_once=True)
    assert assert_pings_only_who_asked(sim, set(users), since) > turns // 3
    assert_hands_private(sim, seats)
    assert_all_requests_valid(sim)
    # Each human got a turn DM with their own hand and a link to the table.
    for user in users.values():
        dms = sim.dms(user)
        sent = [m.history[0]["content"] if m.history else m.content for m in dms]
        assert dms and all("discord.com/channels/" in text for text in sent)
        assert all(a.filename == "hand.png" for m in dms for a in m.attachments)


async def play_by_slash_move(sim: Any, user: Any, rng: random.Random) -> None:
    """One move typed with /move, picked from what autocomplete offers."""
    choices = await sim.autocomplete(user, "move", text="")
    assert choices and len(choices) <= 25
    takes = [c for c in choices if c["value"].startswith("take")]
    pick = takes[0] if takes else rng.choice(choices)
    reply = await sim.slash(user, "move", move=pick["value"])
    assert reply is not None and reply.ephemeral and "You played" in reply.content, reply


@only_in("channel")  # the restart game above plays in a thread too
@pytest.mark.parametrize(
    ("mode", "humans", "computers", "extra"),
    [("standard", 2, 1, {}), ("coop", 2, 2, {}), ("corsair", 2, 1, {}),
     # every option in the command; a human corsair sails up to 4 times in one post
     ("corsair", 2, 1, {"corsair": 1, "difficulty": "hard", "first": 2})],
)
async def test_a_game_played_with_slash_move_in_each_mode(
    discord_sim: Any, tablee: Any, mode: str, humans: int, computers: int, extra: dict
) -> None:
    sim = discord_sim
    people = [sim.user(name) for name in ("alice", "bob", "carol")[:humans]]
    users = {u.id: u for u in people}
    _lobby, seats = await lobby_of(
        sim, people[0], people[1:], computers=computers, game="master-islands", mode=mode,
        **extra,
    )
    rng = random.Random(11)
    turns = 0
    while (user := to_move(sim, users)) is not None:
        before = len(sim.public(playing(sim)))
        await play_by_slash_move(sim, user, rng)
        turns += 1
        assert turns < MAX_TURNS * 2
        await assert_no_hidden_card_in_public(sim, tablee)
        new = sim.public(playing(sim))[before:]
        assert len(new) <= 1, "one post per turn"
        if not new:  # the same player moves on: their post was edited in place
            assert to_move(sim, users) is user
            assert f"<@{user.id}>" not in last_public(sim).content
        elif f"<@{user.id}>" in new[0].content:  # the turn came back after computer moves
            assert "Computer (" in new[0].content, new[0].content
    final = last_public(sim)
    assert "The game is over" in final.content
    stats = await slash_with_user_option(sim, people[1], "stats", user=people[0])
    assert stats.ephemeral and "1 finished game." in stats.content
    assert "Master Islands: 1 played" in stats.content
    assert_hands_private(sim, seats)
    assert_all_requests_valid(sim)


async def test_autocomplete_offers_only_the_callers_legal_moves(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game="master-islands")
    mover = to_move(sim, users)
    other = bob if mover is alice else alice
    offered = await sim.autocomplete(mover, "move", text="place")
    assert offered and all(c["value"].startswith("place ") for c in offered)
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in offered)
    assert await sim.autocomplete(other, "move", text="") == []


async def test_the_privacy_check_catches_a_hand_card_in_public_text(
    discord_sim: Any, tablee: Any
) -> None:
    """The check used above is not vacuous: a card from a hand in a public message fails it."""
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    await lobby_of(sim, alice, [bob], game="master-islands")
    await assert_no_hidden_card_in_public(sim, tablee)
    row = await tablee.bot.service.store.tables.get_table(playing(sim).id)
    card = sorted(hidden_cards(row.state))[0]
    await tablee.bot.get_partial_messageable(playing(sim).id).send(f"psst, Bob holds {card}")
    with pytest.raises(AssertionError, match="hand cards"):
        await assert_no_hidden_card_in_public(sim, tablee)


@only_in("channel")
async def test_the_card_select_shows_each_cards_colour_as_the_uploaded_emoji(
    discord_sim: Any, tablee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the card colours uploaded as application emojis, the move menu's card select shows
    each card's colour emoji beside its label; a colour not uploaded shows its Unicode square."""
    sim = discord_sim
    uploaded = {c: add_emoji(sim.world, f"tablee_card_{c}") for c in ("blue", "green", "red")}
    tablee.bot.app_emojis = await load_emojis(tablee.bot)  # as the bot does at start-up
    deal_with_seed(monkeypatch, 1)
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {u.id: u for u in (alice, bob)}
    await lobby_of(sim, alice, [bob], game="master-islands")
    user = to_move(sim, users)
    menu = await sim.click(user, table_post(sim), label="My hand / Play")
    menu = await sim.click(user, menu, label="Place a card")
    [select] = menu.selects()
    colours = {"B": "blue", "G": "green", "R": "red", "Y": "yellow"}
    shown: set[str] = set()
    for option in select["options"]:
        colour = colours[option["label"][0]]
        if colour in uploaded:
            assert option["emoji"] == {"id": uploaded[colour].id,
                                       "name": f"tablee_card_{colour}"}
        else:
            assert option["emoji"]["name"] == "🟨" and not option["emoji"].get("id")
        shown.add(colour)
    assert shown & set(uploaded) and "yellow" in shown  # this deal shows both kinds
    assert_all_requests_valid(sim)
