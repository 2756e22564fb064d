"""After the last move, on the emulator: the final post offers Rematch (still after a restart),
the rematch lobby has the same seats rotated, the other player confirms with their own press,
and a second game starts; /leaderboard and /stats show the ratings of the first game. Two
players pressing Rematch at once get one lobby post (issue 30, item 7)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

from tests.e2e.test_play_helpers import (
    last_private,
    last_public,
    lobby_of,
    play_to_the_end,
    slash_with_user_option,
    to_move,
)
from tests.e2e.toy_game import TOY_ID


async def _play_out(sim: Any, users: dict[int, Any]) -> Any:
    async def turn(user: Any) -> None:
        choices = await sim.autocomplete(user, "move", text="")
        await sim.slash(user, "move", move=choices[0]["value"])

    await play_to_the_end(sim, users, turn, limit=20)
    final = last_public(sim)
    assert "The game is over" in final.content
    return final


def seat_lines(text: str) -> list[str]:
    return re.findall(r"^\d\. .+$", text, re.M)


async def test_a_finished_game_offers_rematch_and_a_second_game_starts_with_the_same_seats(
    discord_sim: Any, toy_tablee: Any
) -> None:
    sim = discord_sim
    alice, bob, carol = sim.user("alice"), sim.user("bob"), sim.user("carol")
    users = {alice.id: alice, bob.id: bob}
    lobby, _seats = await lobby_of(sim, alice, [bob], computers=1, game=TOY_ID, rounds=1,
                                   deck="high", first=1)
    assert seat_lines(lobby.content) == []  # the lobby post became "started"
    final = await _play_out(sim, users)
    assert final.labels == ["Rematch", "Analysis"]

    # The buttons of a finished game survive a restart.
    await toy_tablee.restart()
    refused = await sim.click(carol, final, label="Rematch")
    assert refused.ephemeral and refused.content == (
        "Only the players of that game can ask for a rematch.")
    answer = await sim.click(bob, final, label="Rematch")
    assert answer.ephemeral and answer.content == (
        f"The rematch lobby is open in <#{sim.general.id}>.")
    rematch = sim.public()[-1]  # a message of its own: its mentions ping
    assert not rematch.ephemeral and rematch is not final
    assert f"**Bob** wants a rematch! <@{alice.id}>: press **Join**" in rematch.content
    assert "Deck: high" in rematch.content and "First player: 1" in rematch.content
    assert seat_lines(rematch.content) == [
        "1. Bob (host)", "2. Computer 1 (medium)", "3. Alice (not confirmed yet)"]
    assert "keep their seats until <t:" in rematch.content

    started = await sim.click(bob, rematch, label="Start")
    assert started is not None
    waiting = last_private(sim, bob)
    assert "Waiting for players of the last game to press Join: Alice." in waiting.content
    again = await sim.click(alice, final, label="Rematch")  # Alice's own press keeps her seat
    assert again.ephemeral and again.content == "You're in for the rematch (seat 3)."
    assert seat_lines(rematch.content)[2] == "3. Alice"
    busy = await sim.click(carol, final, label="Rematch")
    assert busy.ephemeral and "There is already a game of Toy Rounds" in busy.content

    await sim.click(bob, rematch, label="Start")
    assert "**Toy Rounds** started with Bob, Computer 1 (medium), Alice." in rematch.content
    assert to_move(sim, users) is bob  # first player: seat 1, now Bob's seat
    await _play_out(sim, users)

    board = await sim.slash(carol, "leaderboard", game=TOY_ID)
    assert not board.ephemeral and "🏆 **Toy Rounds** on this server" in board.content
    lines = [line for line in board.content.splitlines() if re.match(r"\d+\. ", line)]
    assert len(lines) == 3 and any("Computer (medium)" in line for line in lines)
    assert f"<@{alice.id}>" in board.content and "2 played" in board.content
    assert "You have no Toy Rounds rating yet" in board.content
    stats = await slash_with_user_option(sim, carol, "stats", user=alice)
    assert stats.ephemeral and "**Alice** on this server: 2 finished games." in stats.content
    assert re.search(r"• Toy Rounds: 2 played, \d won · rating \d+ \(#\d of 3\)", stats.content)
    mine = await sim.slash(alice, "stats", game="toy rounds")
    assert mine.ephemeral and "Toy Rounds: 2 played" in mine.content
    unknown = await sim.slash(alice, "leaderboard", game="chess")
    assert unknown.ephemeral and "I don't know the game 'chess'" in unknown.content


async def test_two_rematch_presses_at_once_make_one_lobby_post_with_both_seated(
    discord_sim: Any, toy_tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game=TOY_ID, rounds=1, deck="high", first=1)
    final = await _play_out(sim, users)
    before = len(sim.public())
    answers = await asyncio.gather(sim.click(alice, final, label="Rematch"),
                                   sim.click(bob, final, label="Rematch"))
    await sim.wait_idle()
    posted = sim.public()[before:]
    assert len(posted) == 1, [m.content for m in posted]  # one lobby post, no stale twin
    lobby = posted[0]
    table = await toy_tablee.bot.service.views.table(sim.general.id)
    opener, second = (alice, bob) if table.host_id == alice.id else (bob, alice)
    assert all(a.ephemeral for a in answers)
    assert f"open in <#{sim.general.id}>" in last_private(sim, opener).content
    private = last_private(sim, second)
    assert private.ephemeral and private.content.startswith("You're in for the rematch (seat ")
    assert table.post_message_id == lobby.id
    assert {s.user_id for s in table.seats} == {alice.id, bob.id}
    assert all(s.pending_until is None for s in table.seats)  # both seated
    assert "not confirmed yet" not in lobby.content  # the post shows the second seat taken
    assert sorted(line[3:] for line in seat_lines(lobby.content)) == sorted(
        [f"{opener.name.title()} (host)", second.name.title()])
    await sim.click(opener, lobby, label="Start")
    assert "**Toy Rounds** started with" in lobby.content
