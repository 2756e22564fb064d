"""The turn clock on the emulator, with a clock the test drives: a player goes silent, gets one
reminder (channel and DM), times out, the other lets a computer play for them; they come back
with I'm back, go silent again, and a computer finishes the game for them. The finished game
marks their seat as replaced. Then /leave: in a game it hands the seat to a computer."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.storage.rows import NotifyPrefs
from tests.bot.drive import FakeTime
from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    last_private,
    last_public,
    public_sends,
    running_tablee,
    table_post,
    to_move,
)
from tests.e2e.toy_game import TOY_ID, register_toy

T0 = FakeTime.START
BANK = 330  # live: 5 minutes to start + 30 s for the turn


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path, clock: FakeTime) -> AsyncIterator[Any]:
    register_toy()
    async with running_tablee(discord_sim, tmp_path, now=clock, dm_default=True) as app:
        yield app
    assert_all_requests_valid(discord_sim)


async def one_move(sim: Any, user: Any) -> None:
    """``user`` plays one move through My hand / Play (the first choice at each step)."""
    message = await sim.click(user, table_post(sim), label="My hand / Play")
    message = message if message is not None and message.ephemeral else last_private(sim, user)
    while "You played" not in message.content:
        if message.selects():
            options = message.selects()[0]["options"]
            message = await sim.select(user, message, values=[options[0]["value"]])
        else:
            message = await sim.click(user, message, label=message.labels[0])


async def until(check: Callable[[], bool]) -> None:
    """Wait (a bounded number of short steps) for the bot's clock task to act."""
    for _ in range(2000):
        if check():
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the clock did not act")


async def pass_time(sim: Any, app: Any, clock: FakeTime, to: float,
                    check: Callable[[], bool]) -> None:
    """Move the clock to ``to`` and wake the scheduler, as if it had slept until then."""
    clock.t = to
    app.bot.service.context.clock_bell.ring()
    await until(check)
    await sim.wait_idle()


async def test_a_silent_player_is_reminded_timed_out_and_a_computer_finishes_for_them(
    discord_sim: Any, tablee: Any, clock: FakeTime
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    lobby = await sim.slash(alice, f"play {TOY_ID}", rounds=4, first=2)
    assert "Table speed: live (a few minutes a move)" in lobby.content
    await sim.click(bob, lobby, label="Join")
    await sim.click(alice, lobby, label="Start")
    post = table_post(sim)
    assert to_move(sim, users) is bob
    assert (f"<@{bob.id}>, your turn: press **My hand / Play**. ⏳ Time runs out "
            f"<t:{int(T0) + BANK}:R>.") in post.content.split("\n")  # once, on his line
    assert "Bob (seat 2)'s time" not in post.content

    # Half of Bob's time: one reminder in the channel (a link to the table post) and by DM.
    count = len(sim.public())
    await pass_time(sim, tablee, clock, T0 + BANK / 2, lambda: len(sim.public()) > count)
    reminder = last_public(sim)
    assert reminder.content.startswith(f"<@{bob.id}>, half of your time in **Toy Rounds** is gone")
    assert f"/{post.id}" in reminder.content
    assert "runs out" in sim.dms(bob)[-1].content
    # Bob takes mentions (the default here: a mention and a DM): the reminder pings him alone.
    [(body, _m)] = [(b, m) for b, m in public_sends(sim) if m is reminder]
    assert body["allowed_mentions"]["users"] == [bob.id] and not body.get("flags")
    # Time out: the post offers Alice a computer for Bob (the toy game has no pass: no Skip).
    await pass_time(sim, tablee, clock, T0 + BANK + 1, lambda: len(sim.public()) > count + 1)
    post = table_post(sim)
    assert "⌛ Bob (seat 2)'s time is up." in post.content
    assert "The others may let a computer play for Bob (seat 2)." in post.content
    assert "Skip" not in post.labels and "Computer plays for Bob (seat 2)" in post.labels
    await sim.click(bob, post, label="Computer plays for Bob (seat 2)")
    assert "That's your own turn" in last_private(sim, bob).content
    await sim.click(alice, post, label="Computer plays for Bob (seat 2)")
    post = table_post(sim)
    assert "Alice (seat 1) let a computer play for Bob (seat 2)" in post.content
    assert "🤖 A computer plays for Bob until they press **I'm back**." in post.content
    assert to_move(sim, users) is alice

    # Alice plays; the computer answers for Bob. Bob comes back from his own My hand.
    await one_move(sim, alice)
    hand = await sim.click(bob, table_post(sim), label="My hand / Play")
    hand = hand if hand is not None and hand.ephemeral else last_private(sim, bob)
    assert "A computer is playing for you now" in hand.content and hand.labels == ["I'm back"]
    await sim.click(bob, hand, label="I'm back")
    assert "Bob (seat 2) is back and plays again." in table_post(sim).content
    assert "I'm back" not in table_post(sim).labels

    # Bob goes silent again (his bank had time left: what remains of it plus 30 s).
    await one_move(sim, alice)
    assert to_move(sim, users) is bob
    await pass_time(sim, tablee, clock, clock.t + 3600,
                    lambda: "Computer plays for Bob (seat 2)" in table_post(sim).labels)
    await sim.click(alice, table_post(sim), label="Computer plays for Bob (seat 2)")
    while to_move(sim, users) is alice:
        await one_move(sim, alice)
    assert "The game is over" in last_public(sim).content

    store = tablee.bot.service.store
    [game_row] = await store.history.games_in_channel(sim.general.id)
    game = await store.history.game(game_row)
    assert game["status"] == "finished"
    assert [s.get("was_replaced", False) for s in game["seats"]] == [False, True]
    assert len(game["record"]["moves"]) == 8


async def test_leave_in_a_game_hands_the_seat_to_a_computer(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob, carol = sim.user("alice"), sim.user("bob"), sim.user("carol")
    lobby = await sim.slash(alice, f"play {TOY_ID}", rounds=3, first=1)
    for user in (bob, carol):
        await sim.click(user, lobby, label="Join")
    left = await sim.slash(carol, "leave")  # in the lobby: as the Leave button
    assert left.ephemeral and left.content == "You left the lobby."
    assert "Carol" not in lobby.content
    await sim.click(carol, lobby, label="Join")
    await sim.click(alice, lobby, label="Start")
    reply = await sim.slash(carol, "leave")
    assert reply.ephemeral and "a computer plays your seat" in reply.content
    post = table_post(sim)
    assert "Carol (seat 3) left the game: a computer plays for them." in post.content
    assert "End the game" not in post.labels  # Alice and Bob still play
    reply = await sim.slash(bob, "leave")
    post = table_post(sim)
    assert "press **End the game**" in post.content
    await sim.click(alice, post, label="End the game")
    assert "Alice ended the Toy Rounds game: no result is kept." in last_public(sim).content
    assert await tablee.bot.service.views.table(sim.general.id) is None


async def test_a_reminder_pings_only_who_chose_a_mention(
    discord_sim: Any, tablee: Any, clock: FakeTime
) -> None:
    """Bob chose DMs only: his reminder in the channel names him, silently (no ping), and
    comes by DM; quiet hours would hold that DM (bot.service.notices)."""
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    await tablee.bot.service.store.prefs.set_notify_prefs(bob.id, NotifyPrefs(how="dm"))
    lobby = await sim.slash(alice, f"play {TOY_ID}", rounds=4, first=2)
    await sim.click(bob, lobby, label="Join")
    await sim.click(alice, lobby, label="Start")
    count = len(sim.public())
    await pass_time(sim, tablee, clock, T0 + BANK / 2, lambda: len(sim.public()) > count)
    reminder = last_public(sim)
    assert reminder.content.startswith(f"<@{bob.id}>, half of your time in **Toy Rounds** is gone")
    [(body, _m)] = [(b, m) for b, m in public_sends(sim) if m is reminder]
    assert body["flags"] & (1 << 12) and not body["allowed_mentions"].get("users")
    assert "runs out" in sim.dms(bob)[-1].content
