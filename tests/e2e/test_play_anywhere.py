"""Playing where the bot can't post by itself (issue 41): a group DM of three people who have
Tablée as their own app, a server that never added the bot. Everything they see comes as
interaction answers and followups; the emulator refuses the bot's token there, and these tests
assert it was never even tried."""

from __future__ import annotations

import asyncio
import random
import re
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.config import ClockConfig
from games import get_game
from tests.bot.drive import FakeTime
from tests.e2e.french import assert_french, texts_seen
from tests.e2e.test_play_helpers import (
    OVER,
    PREFERRED,
    Words,
    add_computer,
    assert_all_requests_valid,
    last_public,
    lobby_of,
    play_turn_by_menu,
    running_tablee,
    seats_from_lobby,
    table_post,
    to_move,
)
from tests.e2e.test_play_maitre_des_mers import ARM
from tests.e2e.test_play_shards import QUIET, BotProcess, unposted, until
from tests.e2e.toy_game import TOY_ID, register_toy

FR = Words("fr")


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


GAMES = (("master-islands", PREFERRED), ("isis-osiris", PREFERRED), ("maitre-des-mers", ARM),
         ("ile-des-contrebandiers", PREFERRED))
"""Each game, with the menu choices its own e2e test prefers (ARM: arming empties the port)."""
DEAL = 26
"""The deal of every table (``TABLEE_TEST_DEAL_SEED``): among the shorter games of Île des
contrebandiers and Maître des mers (random deals made this test take 45 to 70 s)."""


def assert_hands_private_in(sim: Any, channel: Any, seats: dict[int, int]) -> None:
    """In ``channel``: no hand in a public message; a private one shows only its owner's."""
    for message in sim.world.messages.values():
        if message.channel is not channel:
            continue
        if message.visible_only_to is None:
            assert "hand.png" not in [a.filename for a in message.attachments], message
            assert "Your hand" not in message.content, message.content
        else:
            owner = message.visible_only_to
            for seat in re.findall(r"Seat (\d+) · Your hand", message.content):
                assert int(seat) == seats[owner.id], f"{owner.name} saw seat {seat}'s hand"


async def typed_turn(sim: Any, tablee: Any, user: Any, channel: Any,
                     rng: random.Random) -> None:
    """``user`` types with /move, in ``channel``, what the medium computer would play from
    their seat (arming a ship first when they can, in Maître des mers: the port empties and the
    game ends sooner), until their turn is over."""
    for _ in range(30):
        row = await tablee.bot.service.store.tables.get_table(channel.id)
        if row is None or row.state is None:
            return
        game = get_game(row.game_id)
        [seat] = [s["seat"] for s in row.seats if s.get("user_id") == user.id]
        if seat not in game.to_move(row.state):
            return
        arm = [m for m in game.legal(row.state, seat)
               if row.game_id == "maitre-des-mers" and m.startswith("arm ")]
        move = arm[0] if arm else game.bots["medium"](game, row.state, seat, rng)
        await sim.slash(user, "move", move=move, channel=channel)
    raise AssertionError(f"{user.name}'s turn does not end")


async def test_every_game_in_group_dms_across_a_sigkill(
    discord_sim: Any, discord_env: Any, tmp_path: Path
) -> None:
    """Three people who only have the user install play each game in a group DM of their own:
    part way with a real ``python -m bot`` process, SIGKILLed just after a move was stored and
    before its post (as :func:`unposted` leaves the database); a new bot on the same database
    can't post there by itself, so the first press at each table carries its post, as that
    press's followup; then every game is played to its end (one more turn by the menus, then
    typed: three people walking the menus at random took hundreds of turns)."""
    sim = discord_sim
    sim.quiet = QUIET  # another process: its renders between two requests
    alice, bob, carol = sim.user("alice"), sim.user("bob"), sim.user("carol")
    users = {u.id: u for u in (alice, bob, carol)}
    database = tmp_path / "tablee.db"
    rng = random.Random(41)
    rooms: list[tuple[Any, dict[int, int], tuple[str, ...]]] = []
    process = BotProcess(discord_env, None, str(database), tmp_path,
                         env={"TABLEE_TEST_DEAL_SEED": str(DEAL)})
    try:
        await process.start()
        for host, (game, prefer) in zip((alice, bob, carol, alice), GAMES, strict=True):
            gdm = sim.group_dm(alice, bob, carol)
            others = [u for u in (alice, bob, carol) if u is not host]
            lobby = await sim.slash(host, f"play {game}", channel=gdm)
            for user in others:
                await sim.click(user, lobby, label="Join")
            seats = seats_from_lobby(lobby.content, [host, *others])
            await sim.click(host, lobby, label="Start")
            # the other process draws the first board after answering: it may go quiet longer
            # than the sim waits, so wait for its first post
            await until(lambda gdm=gdm: any("My hand / Play" in m.labels
                                            for m in sim.public(gdm)), timeout=30)
            assert "started with" in lobby.content and not lobby.labels, lobby.content
            rooms.append((gdm, seats, prefer))
        for gdm, _seats, prefer in rooms:
            await play_turn_by_menu(sim, to_move(sim, users, gdm), rng, gdm, prefer)
        await process.kill()
    finally:
        await process.stop()
    stuck = await unposted(str(database))
    assert {gdm.id for gdm, _s, _p in rooms} <= set(stuck)
    sim.quiet = 0.02
    async with running_tablee(sim, tmp_path) as tablee:
        for gdm, _seats, prefer in rooms:
            before = table_post(sim, gdm)
            await sim.click(to_move(sim, users, gdm), before, label="My hand / Play")
            carried = [m for m in sim.last_interaction.followups if not m.ephemeral]
            assert carried and carried[-1] is table_post(sim, gdm), "not carried by the press"
            assert (await tablee.bot.service.store.tables.get_table(gdm.id)).post_version \
                == stuck[gdm.id][0]
            turns = 0
            while (user := to_move(sim, users, gdm)) is not None:
                if turns == 0:  # one more turn by the menus, now served by the new bot
                    await play_turn_by_menu(sim, user, rng, gdm, prefer)
                else:  # then they type what a thoughtful player would: games end sooner
                    await typed_turn(sim, tablee, user, gdm, rng)
                turns += 1
                assert turns < 300, f"the game does not end: {last_public(sim, gdm).content}"
    for gdm, seats, _prefer in rooms:
        final = last_public(sim, gdm)
        assert OVER in final.content and final.visible_only_to is None
        assert_hands_private_in(sim, gdm, seats)
        assert bot_requests_in(sim, gdm) == []
    assert sim.refused_bot_requests() == []
    assert_all_requests_valid(sim)


@pytest.mark.parametrize("next_one", ["a press", "a move"])
async def test_tokens_older_than_fifteen_minutes_leave_posts_and_hold_the_next(
    discord_sim: Any, tmp_path: Path, next_one: str
) -> None:
    """A daily table in a group DM, on one clock for Discord and the bot: a post whose token
    has expired keeps its buttons, which answer privately and carry the table on; the clock's
    post a day later (a seat timed out) has no token at all: held, it goes out as the followup
    of the next press, whoever makes it; or, when the next thing is a move typed at once, it
    comes first in that move's post (nothing of it lost)."""
    register_toy()
    sim = discord_sim
    now = FakeTime()
    now.t = time.time()  # after Discord's epoch: the emulator stamps its ids with it
    sim.world.clock = now
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    gdm = sim.group_dm(alice, bob)
    async with running_tablee(sim, tmp_path, now=now,
                              clock=ClockConfig(default_speed="daily")) as tablee:
        lobby = await sim.slash(alice, f"play {TOY_ID}", channel=gdm, rounds=3, first=1)
        await sim.click(bob, lobby, label="Join")
        await sim.click(alice, lobby, label="Start")
        await toy_turn(sim, alice, gdm)
        alices = table_post(sim, gdm)  # sent with Alice's token
        now.t += 16 * 60
        await toy_turn(sim, bob, gdm)
        bobs = table_post(sim, gdm)
        assert bobs is not alices and bobs in sim.last_interaction.followups
        assert "My hand / Play" in alices.labels  # her token could not take its buttons off
        answer = await sim.click(alice, alices, label="My hand / Play")
        assert answer is not None and answer.ephemeral and "Your hand" in answer.content

        # A day and more later Alice's time is up: the clock's post has no token to go with.
        posts = len(sim.public(gdm))
        now.t += 3 * 24 * 3600
        tablee.bot.service.context.clock_bell.ring()
        for _ in range(400):
            if gdm.id in tablee.bot.poster._held:
                break
            await asyncio.sleep(0.01)
        await sim.wait_idle()
        assert len(sim.public(gdm)) == posts, "posted without a token"
        assert gdm.id in tablee.bot.poster._held
        if next_one == "a press":
            await sim.click(bob, table_post(sim, gdm), label="Board")
        else:
            await toy_turn(sim, alice, gdm)  # still hers to play: the clock only warned
        held = [m for m in sim.last_interaction.followups if not m.ephemeral]
        assert held and "time is up" in held[-1].content
        assert held[-1] is last_public(sim, gdm)
        if next_one == "a move":
            assert len(sim.public(gdm)) == posts + 1  # one post: what waited, then the move
            assert held[-1].content.index("time is up") < held[-1].content.index("played")
        assert to_move(sim, users, gdm) is not None
    assert bot_requests_in(sim, gdm) == []
    assert sim.refused_bot_requests() == []
    assert_all_requests_valid(sim)


async def test_french_people_read_the_group_dm_lobby_and_table_in_french(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice", locale="fr"), sim.user("bob", locale="fr")
    users = {alice.id: alice, bob.id: bob}
    gdm = sim.group_dm(alice, bob)
    rng = random.Random(5)
    lobby, _seats = await lobby_of(sim, alice, [bob], game="master-islands", channel=gdm,
                                   words=FR)
    assert any("/notifications" in seen["content"] for seen in lobby.history)
    for _ in range(3):
        await play_turn_by_menu(sim, to_move(sim, users, gdm, FR), rng, gdm, words=FR)
    assert_french(texts_seen(sim), names=["Alice", "Bob", "Master Islands"])
    assert bot_requests_in(sim, gdm) == []
    assert sim.refused_bot_requests() == []


async def test_outside_servers_the_table_speaks_its_hosts_language_whoever_presses(
    discord_sim: Any, tablee: Any
) -> None:
    """No server to ask: the lobby and the table posts speak the language of the person who
    opened the table, also when someone with another language presses Join or Start; their
    own private answers speak theirs."""
    sim = discord_sim
    alice, bob = sim.user("alice", locale="fr"), sim.user("bob")  # bob: English
    gdm = sim.group_dm(alice, bob)
    lobby = await sim.slash(alice, "play master-islands", channel=gdm)
    joined = await sim.click(bob, lobby, label=FR("Join"))
    assert joined is lobby and "Appuyez sur **Rejoindre**" in lobby.content
    assert "Press **Join**" not in lobby.content
    await sim.click(alice, lobby, label=FR("Start"))
    post = table_post(sim, gdm, FR)
    assert "à vous de jouer" in post.content, post.content
    board = await sim.click(bob, post, label=FR("Board"))
    assert board is not None and board.ephemeral
    assert bot_requests_in(sim, gdm) == []
