"""A substitute on the emulator with the real discord.py client (issue 26 item 5): Bob's time
runs out, Alice lets a computer play for him, Dave (not playing) presses **Take seat 2 (Bob)**
on the table post, Alice accepts the request (it pings her only while she chose a mention, else
it is silent), and Dave plays Bob's seat with its own hand to the end; /history names both
("Bob → Dave (from turn n)")."""

from __future__ import annotations

import re
from typing import Any

from bot.storage.rows import NotifyPrefs
from tests.bot.drive import FakeTime
from tests.e2e.test_play_clock import BANK, T0, clock, one_move, pass_time, tablee  # noqa: F401
from tests.e2e.test_play_helpers import (
    SILENT,
    last_private,
    last_public,
    table_post,
    to_move,
)
from tests.e2e.toy_game import TOY_ID


async def test_a_substitute_takes_a_timed_out_seat_and_finishes_the_game(
    discord_sim: Any, tablee: Any, clock: FakeTime  # noqa: F811
) -> None:
    sim = discord_sim
    alice, bob, dave = sim.user("alice"), sim.user("bob"), sim.user("dave")
    users = {u.id: u for u in (alice, bob, dave)}
    lobby = await sim.slash(alice, f"play {TOY_ID}", rounds=4, first=2)
    await sim.click(bob, lobby, label="Join")
    await sim.click(alice, lobby, label="Start")
    assert to_move(sim, users) is bob

    # Bob's time runs out; Alice lets a computer play for him: the post offers his seat.
    await pass_time(sim, tablee, clock, T0 + BANK + 1,
                    lambda: "Computer plays for Bob (seat 2)" in table_post(sim).labels)
    await sim.click(alice, table_post(sim), label="Computer plays for Bob (seat 2)")
    post = table_post(sim)
    assert "Take seat 2 (Bob)" in post.labels
    assert "Not playing? Press **Take seat …**" in post.content
    await sim.click(alice, post, label="Take seat 2 (Bob)")
    assert last_private(sim, alice).content == (
        "You already have a seat at this table, so you can't take another one.")
    await sim.click(bob, post, label="Take seat 2 (Bob)")
    assert "That is your own seat" in last_private(sim, bob).content

    # Dave asks; the request pings Alice, the one person still playing (she kept the default
    # mention); once she chose no mention, a request names her without a ping, silently.
    await sim.click(dave, post, label="Take seat 2 (Bob)")
    request = last_public(sim)
    assert request.content.startswith(f"<@{alice.id}>: <@{dave.id}> asks to take Bob (seat 2)")
    assert request.labels == ["Accept", "Decline"]
    assert request.pinged == [alice] and not request.flags & SILENT
    await tablee.bot.service.store.prefs.set_notify_prefs(alice.id, NotifyPrefs(how="dm"))
    await sim.click(dave, post, label="Take seat 2 (Bob)")
    request = last_public(sim)
    assert request.content.startswith(f"<@{alice.id}>: <@{dave.id}> asks to take Bob (seat 2)")
    assert request.pinged == [] and request.flags & SILENT
    assert "Your request to take Bob (seat 2) is posted" in last_private(sim, dave).content
    await sim.click(dave, request, label="Accept")  # not his to answer
    assert last_private(sim, dave).content == (
        "Only the people playing at this table can answer this request.")
    await sim.click(alice, request, label="Accept")
    await sim.wait_idle()
    assert request.content == f"Alice accepted: <@{dave.id}> now plays seat 2." and not \
        request.buttons()
    post = table_post(sim)
    assert "Alice (seat 1) accepted: Dave now plays seat 2 in Bob's place." in post.content
    assert not [label for label in post.labels if label.startswith("Take seat")]
    assert "I'm back" not in post.labels

    # Dave plays seat 2 with its hand until the game ends.
    moves = {alice.id: 0, dave.id: 0}
    while (who := to_move(sim, users)) is not None:
        assert who is not bob
        await one_move(sim, who)
        moves[who.id] += 1
    assert "The game is over" in last_public(sim).content
    assert moves[dave.id] > 0

    store = tablee.bot.service.store
    [game_row] = await store.history.games_in_channel(sim.general.id)
    game = await store.history.game(game_row)
    [change] = game["record"]["substitutes"]
    assert (change["seat"], change["before"], change["after"]) == (2, "Bob", "Dave")
    listed = await sim.slash(alice, "history")
    assert re.search(r"Bob → Dave \(from turn \d+\)", listed.content), listed.content
