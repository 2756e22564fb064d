"""Isis & Osiris in Discord, end to end: the game is generic over the adapter (pawn / reveal →
cell menus), and in memory mode a revealed value disappears from the table post as soon as the
next move is made; no later post, log line or DM repeats a placed value."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.config import ClockConfig
from tests.e2e.budget import assert_within_budget
from tests.e2e.test_play_helpers import (
    PLACES,
    assert_all_requests_valid,
    assert_hands_private,
    assert_pings_only_who_asked,
    last_public,
    lobby_of,
    play_turn_by_menu,
    playing,
    running_tablee,
    table_post,
    to_move,
)

REVEALED = re.compile(r"reveal\w* an? [+-]?\d")
VALUE = re.compile(r"(?<![\w,])[+-]\d\b")


@pytest.fixture(params=PLACES)
async def tablee(discord_sim: Any, tmp_path: Path,
                 request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    # Turn DMs at once, as at a daily table (a live one waits a minute): these tests read them.
    async with running_tablee(discord_sim, tmp_path, tables_place=request.param,
                              clock=ClockConfig(turn_dm_after=0),
                              dm_default=True) as app:
        yield app


async def test_memory_mode_game_to_the_end_forgets_revealed_values(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    since = len(sim.requests)
    _lobby, seats = await lobby_of(sim, alice, [bob], computers=1, game="isis-osiris")
    rng = random.Random(5)
    reveals_seen = 0
    turns = 0
    while (user := to_move(sim, users)) is not None:
        await play_turn_by_menu(sim, user, rng)
        turns += 1
        assert turns < 100
        public = sim.public(playing(sim))
        latest = public[-1]
        # A reveal shows on the post of its turn (a computer's on a post of its own) until the
        # tile is placed: count those shown, now or in the posts' earlier versions.
        reveals_seen += any(REVEALED.search(text) for m in public
                            for text in (m.content, *(o.get("content") or "" for o in m.history)))
        if "The game is over" in latest.content:
            break
        # Only the newest post may show a revealed value; older ones were edited.
        for message in public[:-1]:
            assert not REVEALED.search(message.content), message.content
    assert reveals_seen, "no tile was revealed in the whole game"
    # The reveals were really shown, then edited away from their posts.
    edited_away = [
        m
        for m in sim.public(playing(sim))[:-1]
        if any(REVEALED.search(old.get("content", "")) for old in m.history)
    ]
    assert edited_away
    assert all(not m.attachments for m in edited_away)  # its image showed the value too
    final = last_public(sim)
    assert "The game is over" in final.content and final.attachments
    for message in sim.public(playing(sim))[:-1]:  # no earlier post repeats a value, in any wording
        assert not VALUE.search(message.content), message.content
    for user in users.values():
        for dm in sim.dms(user):
            assert not VALUE.search(dm.content), dm.content
    assert_hands_private(sim, seats)
    assert assert_pings_only_who_asked(sim, set(users), since) > 0
    assert_all_requests_valid(sim)
    # Turn DMs go at once here (a daily table's): counted apart. The reveals edited away from
    # older posts go with the token that sent each post, while it is valid.
    assert_within_budget(sim, tablee.db, "isis-osiris", since, dms_at_once=True)


async def test_a_value_revealed_before_a_restart_is_still_edited_away(
    discord_sim: Any, tablee: Any
) -> None:
    """The value-free text is stored, so the bot that edits the post needs neither its memory
    nor to read the message back."""
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game="isis-osiris")
    mover = to_move(sim, users)
    await sim.slash(mover, "move", move="reveal")
    shown = table_post(sim)
    assert REVEALED.search(shown.content) and shown.attachments
    await tablee.restart()
    choices = await sim.autocomplete(mover, "move", text="")
    reply = await sim.slash(mover, "move", move=choices[0]["value"])
    assert "You played `tile" in reply.content, reply.content
    assert table_post(sim).id != shown.id  # the turn passed: a new post
    assert not REVEALED.search(shown.content) and not shown.attachments and not shown.labels
    assert_all_requests_valid(sim)


async def test_a_value_whose_removal_discord_refuses_30046_goes_with_the_next_post(
    discord_sim: Any, tablee: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord's limit on editing old messages met when the turn's post is retired: nothing
    reaches a player, one line is logged, and the value is taken away with the next post."""
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game="isis-osiris")
    mover = to_move(sim, users)
    await sim.slash(mover, "move", move="reveal")
    shown = table_post(sim)
    assert REVEALED.search(shown.content)
    sim.limits.old_edits.refuse.add(shown.id)  # its next edit: its retirement
    choices = await sim.autocomplete(mover, "move", text="")
    reply = await sim.slash(mover, "move", move=choices[0]["value"])
    assert "You played `tile" in reply.content, reply.content
    assert table_post(sim).id != shown.id and REVEALED.search(shown.content)  # still there
    assert [r.getMessage() for r in caplog.records if "Discord's limit" in r.getMessage()] == [
        f"could not retire post {shown.id} in {shown.channel.id} (Discord's limit on editing old "
        "messages); its value is taken away with the next post"]
    other = to_move(sim, users)
    choices = await sim.autocomplete(other, "move", text="")
    await sim.slash(other, "move", move=choices[0]["value"])
    assert not REVEALED.search(shown.content) and not shown.labels  # the next post took it
    refused = [r for r in sim.requests if r.status == 400]
    assert [r.response["code"] for r in refused] == [30046]
    assert_all_requests_valid(sim)


async def test_open_and_common_options_reach_the_game(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    lobby = await sim.slash(alice, "play isis-osiris", reserve="common", open=True)
    assert "Tile reserve: common" in lobby.content and "Open board: yes" in lobby.content
    wrong = await sim.slash(alice, "abandon")
    assert "abandoned" in wrong.content
    with pytest.raises(LookupError, match="has no option 'mode'"):  # only its own options
        await sim.slash(alice, "play isis-osiris", mode="coop")


async def test_the_menu_is_pawn_or_reveal_then_a_cell(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game="isis-osiris")
    mover = to_move(sim, users)
    menu = await sim.click(mover, table_post(sim), label="My hand / Play")
    assert menu.labels == ["Place a pawn", "Reveal a tile"]
    cells = await sim.click(mover, menu, label="Place a pawn")
    (select,) = cells.selects()
    # 36 cells: a column first, then its cells, so no cell needs "Next".
    assert [o["label"] for o in select["options"]] == [f"Column {c}" for c in "ABCDEF"]
    assert "Next" not in cells.labels
    column = await sim.select(mover, cells, values=[select["options"][-1]["value"]])
    (in_column,) = column.selects()
    assert len(in_column["options"]) == 6 and "Next" not in column.labels
    done = await sim.select(mover, column, values=[in_column["options"][0]["value"]])
    assert "You played `pawn" in done.content
