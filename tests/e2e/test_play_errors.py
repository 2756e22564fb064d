"""Every wrong input gets a private, specific sentence and changes nothing: wrong user, stale
menu, closed DMs, illegal /move, no table, missing permissions, commands in DMs, and an
unexpected exception (logged, answered with an apology, never silence)."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.config import ClockConfig
from tests.e2e.emulator.state import ALL_PERMISSIONS, DEFAULT_PERMISSIONS
from tests.e2e.emulator.validate import flatten
from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    last_private,
    lobby_of,
    running_tablee,
    table_post,
    to_move,
    turn_ending,
)

ATTACH_FILES = 1 << 15
MANAGE_CHANNELS = 1 << 4


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    # Turn DMs at once, as at a daily table (a live one waits a minute): these tests read them.
    async with running_tablee(discord_sim, tmp_path, clock=ClockConfig(turn_dm_after=0),
                              dm_default=True) as app:
        yield app
    assert_all_requests_valid(discord_sim)


async def two_player_game(sim: Any, **options: Any) -> tuple[Any, Any, dict[int, Any]]:
    """Alice and Bob at a started Master Islands table; (mover, other, users)."""
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game="master-islands", **options)
    mover = to_move(sim, users)
    return mover, (bob if mover is alice else alice), users


async def play_until(sim: Any, users: dict[int, Any], done: Callable[[], bool],
                     moves: int = 40, answered: bool = True) -> None:
    """Whoever is to move plays (a turn-ending move when offered, else the first listed) until
    ``done()``; with ``answered``, each move's answer must say it was played."""
    for _ in range(moves):
        mover = to_move(sim, users)
        values = [c["value"] for c in await sim.autocomplete(mover, "move", text="")]
        reply = await sim.slash(mover, "move", move=turn_ending(values))
        assert not answered or "You played" in reply.content, reply.content
        if done():
            return
    raise AssertionError(f"not done after {moves} moves")


async def test_lobby_refuses_strangers_privately(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    lobby = await sim.slash(alice, "play master-islands")
    before = lobby.content
    reply = await sim.click(bob, lobby, label="Start")
    assert reply is lobby and lobby.content == before  # unchanged
    refusal = last_private(sim, bob)
    assert refusal.ephemeral and "Only the host (Alice)" in refusal.content
    await sim.click(bob, lobby, label="Leave")
    assert "not sitting" in last_private(sim, bob).content
    again = await sim.slash(bob, "play isis-osiris")
    assert again.ephemeral and "There is already a game of Master Islands" in again.content
    await sim.click(alice, lobby, label="Cancel")
    assert "cancelled" in lobby.content and not lobby.labels
    assert (await sim.slash(bob, "hand")).content == "No game here. Start one with /play."


async def test_not_your_turn_and_not_seated(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    mover, other, _users = await two_player_game(sim)
    carol = sim.user("carol")
    posts = len(sim.public())
    hand = await sim.click(other, table_post(sim), label="My hand / Play")
    assert hand.ephemeral and "Your hand" in hand.content and "Your move" not in hand.content
    assert not hand.labels and not hand.selects()
    watcher = await sim.click(carol, table_post(sim), label="My hand / Play")
    assert watcher.ephemeral and "You are not seated at this table" in watcher.content
    assert [a.filename for a in watcher.attachments] == ["board.png"]
    refused = await sim.slash(other, "move", move="pass")
    assert refused.ephemeral and "turn, not yours" in refused.content
    stranger = await sim.slash(carol, "move", move="pass")
    assert stranger.ephemeral and "not playing at this table" in stranger.content
    assert len(sim.public()) == posts  # nothing was posted


async def test_a_stale_menu_says_so_privately(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    mover, _other, _users = await two_player_game(sim)
    menu = await sim.click(mover, table_post(sim), label="My hand / Play")
    assert "Your move" in menu.content
    choices = await sim.autocomplete(mover, "move", text="")
    played = await sim.slash(mover, "move", move=random.Random(1).choice(choices)["value"])
    assert "You played" in played.content
    posts = len(sim.public())
    await sim.click(mover, menu, label=menu.labels[0])
    stale = last_private(sim, mover)
    assert stale.ephemeral and "out of date" in stale.content
    assert len(sim.public()) == posts


async def test_an_illegal_move_gets_the_reason_and_a_hint(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    mover, _other, _users = await two_player_game(sim)
    posts = [m.content for m in sim.public()]
    unreadable = await sim.slash(mover, "move", move="dance wildly")
    assert unreadable.ephemeral and "My hand / Play" in unreadable.content
    assert "Sorry" not in unreadable.content
    illegal = await sim.slash(mover, "move", move="place B4 7,7")
    assert (
        illegal.ephemeral and "My hand / Play" in illegal.content and "Sorry" not in illegal.content
    )
    assert [m.content for m in sim.public()] == posts


async def test_closed_dms_point_to_my_hand_instead(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob", dms_open=False)
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game="master-islands")
    rng = random.Random(3)
    closed_note = (
        f"<@{bob.id}>, your turn. I couldn't DM you: your hand is under **My hand / Play**."
    )
    seen = False
    for _ in range(12):
        seen = seen or closed_note in table_post(sim).content
        if seen and sim.dms(alice):
            break
        user = to_move(sim, users)
        choices = await sim.autocomplete(user, "move", text="")
        await sim.slash(user, "move", move=rng.choice(choices)["value"])
    assert seen, "Bob's turn never said where his hand is"
    assert sim.dms(bob) == []
    assert sim.dms(alice)  # open DMs still get their reminder


async def test_dm_opt_out(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    for user in (alice, bob):
        reply = await sim.slash(user, "dms", enabled=False)
        assert reply.ephemeral and "No more turn DMs" in reply.content
    await lobby_of(sim, alice, [bob], game="master-islands")
    assert sim.dms(alice) == [] and sim.dms(bob) == []


async def test_no_table_here(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    for command, options in (
        ("hand", {}),
        ("board", {}),
        ("move", {"move": "pass"}),
        ("abandon", {}),
    ):
        reply = await sim.slash(alice, command, **options)
        assert reply.ephemeral and reply.content == "No game here. Start one with /play.", command


async def test_missing_permissions_are_named(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    world = sim.world
    world.everyone.permissions = DEFAULT_PERMISSIONS & ~ATTACH_FILES
    world.bot_role.permissions = ALL_PERMISSIONS & ~ATTACH_FILES & ~8  # no admin either
    reply = await sim.slash(alice, "play master-islands")
    assert reply.ephemeral and "missing Attach Files" in reply.content
    assert sim.public() == []
    world.everyone.permissions = DEFAULT_PERMISSIONS
    world.bot_role.permissions = ALL_PERMISSIONS
    lobby = await sim.slash(alice, "play master-islands")
    assert not lobby.ephemeral and "Join" in lobby.labels


async def test_in_the_bots_dm_a_lobby_opens_and_commands_without_a_table_say_so(
        discord_sim: Any, tablee: Any) -> None:
    """The bot's own DM is a place like any other (issue 41): /play opens a lobby there, which
    the bot posts as in a channel (it may post in its own DM), table commands with no table say
    so privately, /rules works."""
    sim = discord_sim
    alice = sim.user("alice")
    dm = sim.world.dm_channel(alice)
    for command in ("hand", "board", "abandon"):
        refused = await sim.slash(alice, command, channel=dm)
        assert refused.ephemeral and "No game here" in refused.content, command
    lobby = await sim.slash(alice, "play master-islands", channel=dm)
    assert not lobby.ephemeral and "Join" in lobby.labels
    assert "/notifications" not in lobby.content  # the bot posts here: no word on reaching
    assert "stats" not in sim.commands_offered(alice, dm)  # a server's ratings: servers only
    rules = await sim.slash(alice, "rules", channel=dm, game="master-islands")
    assert rules.ephemeral and "Master Islands" in rules.content and len(rules.content) <= 2000


async def test_board_rules_and_abandon(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    mover, other, _users = await two_player_game(sim)
    board = await sim.click(other, table_post(sim), label="Board")
    assert board.ephemeral and board.attachments[0].image().size[0] > 200
    rules = await sim.click(other, table_post(sim), label="Rules")
    assert rules.ephemeral and "Master Islands" in rules.content
    carol = sim.user("carol")
    refused = await sim.slash(carol, "abandon")
    assert refused.ephemeral and "host" in refused.content
    post = table_post(sim)
    moderator = sim.user("dave", permissions=MANAGE_CHANNELS)
    done = await sim.slash(moderator, "abandon")
    assert not done.ephemeral and "abandoned by Dave" in done.content
    assert not post.labels  # the table post lost its buttons
    stats = await sim.slash(carol, "stats")
    assert stats.ephemeral and "0 finished games" in stats.content


async def test_an_unexpected_error_is_logged_and_apologised_for(
    discord_sim: Any, tablee: Any, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    sim = discord_sim
    mover, _other, _users = await two_player_game(sim)

    async def broken(channel_id: int) -> Any:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(tablee.bot.service.views, "board", broken)
    with caplog.at_level(logging.ERROR, logger="tablee.adapter"):
        await sim.click(mover, table_post(sim), label="Board")
    reply = last_private(sim, mover)
    assert "Sorry, something went wrong on my side" in reply.content
    assert any("disk on fire" in (r.exc_text or "") or r.exc_info for r in caplog.records)
    assert any(f"user {mover.id}" in r.getMessage() for r in caplog.records)


async def test_a_rate_limited_table_post_waits_and_arrives_once(
    discord_sim: Any, tablee: Any
) -> None:
    sim = discord_sim
    _mover, _other, users = await two_player_game(sim)
    route = "/channels/{channel_id}/messages"
    sim.rate_limit("POST", route, retry_after=0.3)
    posts_before = len(sim.public())
    # Moves within a turn edit the post; play until the turn passes.
    await play_until(sim, users, lambda: len(sim.public()) > posts_before)
    sent = [r for r in sim.requests if r.method == "POST" and r.route == route]
    statuses = [r.status for r in sent]
    limited = statuses.index(429)  # the table post met the 429 (turn DMs may follow it)
    assert statuses[limited + 1] == 200
    assert sent[limited + 1].at - sent[limited].at >= 0.3
    assert len(sim.public()) == posts_before + 1  # one new table post, not two


async def test_a_menu_opened_before_a_restart_still_plays(discord_sim: Any, tablee: Any) -> None:
    sim = discord_sim
    mover, _other, _users = await two_player_game(sim)
    menu = await sim.click(mover, table_post(sim), label="My hand / Play")
    await tablee.restart()
    message = await sim.click(mover, menu, label=menu.labels[0])
    for _ in range(6):
        if "You played" in message.content:
            break
        options = message.selects()[0]["options"]
        message = await sim.select(mover, message, values=[options[0]["value"]])
    assert "You played" in message.content


def failing_sends(monkeypatch: pytest.MonkeyPatch, poster: Any,
                  failures: int | None = None) -> list[str]:
    """Make the poster's new posts fail (the first ``failures`` ones; None: all), as a network
    failure would, whether the bot's token or a mover's interaction carries them; the texts it
    tried to send (a V2 post's text displays, as the emulator's ``.content`` reads them)."""
    real = poster.carriers.send
    attempts: list[str] = []

    async def send(channel_id: int, channel: Any, content: str | None, **kwargs: Any) -> Any:
        attempts.append(content if content is not None else layout_text(kwargs["view"]))
        if failures is None or len(attempts) <= failures:
            raise RuntimeError("network down")
        return await real(channel_id, channel, content, **kwargs)

    monkeypatch.setattr(poster.carriers, "send", send)
    return attempts


def layout_text(view: Any) -> str:
    """A V2 layout's text displays, in order, one per line (as the emulator's ``.content``)."""
    return "\n".join(c.get("content") or "" for c in flatten(view.to_components())
                     if c.get("type") == 10)


async def test_a_table_post_that_failed_is_sent_again_within_seconds(
    discord_sim: Any, tablee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30, item 1: the move whose post failed is answered as played, and the bot sends the
    post again by itself (no restart), with the buttons moving to it."""
    sim = discord_sim
    _mover, _other, users = await two_player_game(sim)
    attempts = failing_sends(monkeypatch, tablee.bot.poster, failures=1)
    old = table_post(sim)
    await play_until(sim, users, lambda: bool(attempts))
    loop = asyncio.get_running_loop()
    limit = loop.time() + 10
    while table_post(sim).id == old.id:
        assert loop.time() < limit, "the failed table post was not sent again"
        await asyncio.sleep(0.05)
    await sim.wait_idle()
    new = table_post(sim)
    assert new.content == attempts[0] and len(attempts) == 2  # the same post, sent once more
    assert "My hand / Play" in new.labels and "My hand / Play" not in old.labels
    assert_all_requests_valid(sim)


async def test_a_failed_table_post_keeps_the_old_buttons_and_comes_after_a_restart(
    discord_sim: Any, tablee: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The new post is sent before the old one loses its buttons; a move stored but never posted
    is posted when the bot starts again."""
    sim = discord_sim
    _mover, _other, users = await two_player_game(sim)
    attempts = failing_sends(monkeypatch, tablee.bot.poster)
    old = table_post(sim)
    # The mover is told the move was played (it is stored) although its post failed.
    await play_until(sim, users, lambda: bool(attempts))  # a move passes the turn: a new post
    assert table_post(sim).id == old.id and "My hand / Play" in old.labels  # still playable
    await tablee.restart()
    new = table_post(sim)
    assert new.id != old.id and "My hand / Play" not in old.labels
    assert new.content == attempts[0]  # the post that failed, now sent
    assert_all_requests_valid(sim)
