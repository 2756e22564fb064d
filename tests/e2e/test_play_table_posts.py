"""The table post in Discord's V2 layout, end to end (bot/adapter/posting/layout.py, issue 42): one
container in the colour of the seat to move with the board's alt text, whose buttons carry the ids
classic posts carried; a classic post sent before the upgrade still plays after it and is retired
as it was sent. A post is extended in place only while recent (bot/adapter/kit/recency.py, issue
39): at a slow table, with Discord's clock and the bot's moved on, the next move posts anew and
the old post is retired; Discord's 30046 is answered by a new post; a thread table's summary is
left alone once old, until its end."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from discord.http import handle_message_parameters

from bot.adapter.posting import threads as table_threads
from bot.config import ClockConfig
from tests.bot.drive import FakeTime
from tests.e2e.emulator.limits import HOUR, Limit
from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    deal_with_seed,
    last_private,
    lobby_of,
    running_tablee,
    table_post,
    to_move,
)
from tests.e2e.toy_game import TOY_ID, register_toy

COMPONENTS_V2 = 1 << 15


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    register_toy()  # before the bot starts: its commands are built from the registry then
    async with running_tablee(discord_sim, tmp_path) as app:
        yield app


async def move(sim: Any, user: Any) -> None:
    choices = await sim.autocomplete(user, "move", text="")
    await sim.slash(user, "move", move=choices[0]["value"])


async def test_the_post_is_one_container_with_the_board_in_words(discord_sim: Any,
                                                                 tablee: Any) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    await lobby_of(sim, alice, [bob], game=TOY_ID, rounds=1, first=1)
    post = table_post(sim)
    assert post.is_v2 and post.flags & COMPONENTS_V2 and post.to_json()["content"] == ""
    [container] = post.to_json()["components"]
    assert container["type"] == 17 and post.accent_color == 0xE69F00  # seat 1's orange
    [(url, alt)] = post.media
    assert url.endswith("/board.png") and alt and "Alice" in alt
    assert f"<@{alice.id}>, your turn" in post.content
    assert "🟠 **Alice**" in post.content and "🔵 **Bob**" in post.content
    assert post.labels[:4] == ["My hand / Play", "Board", "Describe", "Rules"]
    await move(sim, alice)
    post = table_post(sim)
    assert post.accent_color == 0x56B4E9  # seat 2's sky blue: Bob moves
    assert_all_requests_valid(sim)


async def test_a_classic_post_from_before_the_upgrade_still_plays_and_is_retired_as_it_was(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game=TOY_ID, rounds=1, first=1)
    channel = sim.general.id
    # The table's post as the bot sent it before this version: text and rows of buttons with the
    # very custom ids (sent raw: no view of this process knows it).
    ids = [(b["label"], b["custom_id"]) for b in table_post(sim).buttons()]
    rows = [{"type": 1, "components": [{"type": 2, "style": 2, "label": label, "custom_id": cid}
                                       for label, cid in ids[i:i + 5]]}
            for i in range(0, len(ids), 5)]
    bot = tablee.bot
    with handle_message_parameters(content=f"<@{alice.id}>, your turn (an old post).") as params:
        params.payload["components"] = rows
        sent = await bot.http.send_message(channel, params=params)
    row = await bot.service.store.tables.get_table(channel)
    assert await bot.service.store.tables.set_post(channel, int(sent["id"]), row.version)
    await tablee.restart()  # the upgrade: nothing of the old process is left
    old = sim.world.messages[int(sent["id"])]
    assert not old.is_v2 and "My hand / Play" in old.labels

    await sim.click(alice, old, label="My hand / Play")  # its button still works
    assert "Your move" in last_private(sim, alice).content
    await move(sim, alice)
    assert to_move(sim, users) is bob
    new = table_post(sim)
    assert new.is_v2 and new.id != old.id
    assert not old.labels and old.content == f"<@{alice.id}>, your turn (an old post)."
    assert not old.is_v2  # retired as a classic post: its text kept, its buttons gone
    assert_all_requests_valid(sim)


async def test_posts_ride_on_the_movers_interaction_and_fall_back_when_its_token_is_refused(
    discord_sim: Any, tablee: Any
) -> None:
    """A move's post goes out as a followup of the mover's interaction (no request on the
    bot's token); when Discord no longer takes the token that sent a post (expired), the post is
    retired with the bot's token instead, and the game goes on."""
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    await lobby_of(sim, alice, [bob], game=TOY_ID, rounds=2, first=1)
    await move(sim, alice)
    by_alice = sim.last_interaction
    first = table_post(sim)
    assert first.webhook_id is not None  # sent as a followup of alice's /move
    since = len(sim.requests)
    sim.expire(by_alice)  # its token is refused from now on (50027)
    await move(sim, bob)
    second = table_post(sim)
    assert second.id != first.id and not first.labels  # the older post was retired all the same
    made = [(r.method, r.route, r.status) for r in sim.requests[since:]
            if r.route.startswith(("/webhooks/", "/channels/"))]
    assert ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", 401) in made
    assert ("PATCH", "/channels/{channel_id}/messages/{message_id}", 200) in made
    assert not [m for m in made if m[:2] == ("POST", "/channels/{channel_id}/messages")]
    assert_all_requests_valid(sim)


# -- slow tables: a post is edited only while recent ---------------------------------------------
SEAS = "maitre-des-mers"  # a player rolls and moves again within a turn: the post is extended
LATER = 50 * 60.0  # past the 45 minutes a post is extended in place


@pytest.fixture
def now() -> FakeTime:
    clock = FakeTime()
    clock.t = time.time()  # after Discord's epoch: the emulator stamps its ids with it
    return clock


@pytest.fixture
async def slow_tablee(discord_sim: Any, tmp_path: Path, now: FakeTime,
                      request: pytest.FixtureRequest) -> AsyncIterator[Any]:
    """A daily table's bot whose clock is Discord's too (``now``); in ``request.param``'s place
    (the channel by default); turn DMs for everyone (``[dms] default = true``), to see them left
    as they were once old."""
    register_toy()
    discord_sim.world.clock = now
    async with running_tablee(discord_sim, tmp_path, now=now,
                              tables_place=getattr(request, "param", "channel"),
                              clock=ClockConfig(default_speed="daily"), dm_default=True) as app:
        yield app
    assert_all_requests_valid(discord_sim)


async def until_moving_again(sim: Any, users: dict[int, Any], before_each: Any) -> tuple:
    """/move (the first suggestion) turn after turn, ``before_each()`` before each, until a move
    leaves its player to move again: (that player's post before, the post after).
    ``before_each(post)`` is told the current post before each move."""
    for _ in range(300):
        mover, before = to_move(sim, users), table_post(sim)
        assert mover is not None, "the game ended before a player moved again"
        before_each(before)
        await move(sim, mover)
        if to_move(sim, users) is mover:
            return before, table_post(sim)
    raise AssertionError("nobody moved again")


async def test_a_slow_tables_next_move_past_45_minutes_posts_anew_and_retires_the_old_post(
    discord_sim: Any, slow_tablee: Any, now: FakeTime, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_with_seed(monkeypatch, 9)
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game=SEAS)

    def later(_post: Any) -> None:
        now.t += LATER

    before, after = await until_moving_again(sim, users, later)
    assert after is not before  # not extended: 50 minutes old
    assert "My hand / Play" not in before.labels and "My hand / Play" in after.labels
    assert "moves again" in after.content
    dms = sim.dms(alice) + sim.dms(bob)  # turn DMs, each 50 minutes old once its turn is over
    assert dms and all(dm.history == [] for dm in dms)  # left as they were


async def test_a_refused_extension_30046_goes_out_as_a_new_post(
    discord_sim: Any, slow_tablee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    deal_with_seed(monkeypatch, 9)
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game=SEAS)
    since = len(sim.requests)

    def refuse_its_next_edit(post: Any) -> None:  # Discord's limit met anyway, whatever its age
        sim.limits.old_edits.refuse.add(post.id)

    before, after = await until_moving_again(sim, users, refuse_its_next_edit)
    assert after is not before and "moves again" in after.content  # the move is shown
    assert "My hand / Play" not in before.labels  # the refused post was retired after
    refused = [r for r in sim.requests[since:] if r.status == 400]
    assert refused and all(r.response["code"] == 30046 for r in refused)


@pytest.mark.parametrize("slow_tablee", ["threads"], indirect=True)
async def test_an_old_summary_waits_for_the_end_then_is_edited_once(
    discord_sim: Any, slow_tablee: Any, now: FakeTime, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_threads, "SUMMARY_EVERY", 0.0)  # each turn at once while recent
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    summary, _seats = await lobby_of(sim, alice, [bob], game=TOY_ID, rounds=2, first=1)
    await move(sim, alice)
    assert "Bob (seat 2) to move" in summary.content  # recent: it follows the turns
    said, edits = summary.content, len(summary.history)
    now.t += 2 * HOUR
    await move(sim, bob)
    assert summary.content == said and len(summary.history) == edits  # old: left alone
    await move(sim, alice)
    await move(sim, bob)  # the end
    assert len(summary.history) == edits + 1 and "the game:" in summary.content
    assert "Rematch" in summary.labels
    assert sim.limits.old_edits.refused == 0


@pytest.mark.parametrize("slow_tablee", ["threads"], indirect=True)
async def test_an_end_refused_on_the_old_summary_goes_out_as_a_new_message(
    discord_sim: Any, slow_tablee: Any, now: FakeTime
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    summary, _seats = await lobby_of(sim, alice, [bob], game=TOY_ID, rounds=1, first=1)
    said = summary.content
    now.t += 2 * HOUR
    sim.limits.old_edits.allowance = Limit(0, HOUR)  # Discord's allowance used up
    await move(sim, alice)
    await move(sim, bob)  # the end: the summary and the older table post are two hours old
    assert summary.content == said
    news = sim.public(sim.general)[-1]
    assert news is not summary and "the game:" in news.content and "Rematch" in news.labels
    assert sim.limits.old_edits.refused >= 2  # the summary, and the table post's retirement
