"""Quiet notifications (issue 26 item 7), on the emulator with the real discord.py client.

A live Le Maître des Mers table of three people who play along in the channel: nobody gets a
"Your turn" DM, private replies never carry the board (the table post shows it) and carry the
hand only when it changed. Someone who idles past the wait gets exactly one DM, edited once they
played; someone who pressed anything at the table gets none; daily and clock-less tables DM at
once; a restart arms a wait still to come again and sends no stale DM.

The per-person numbers of the played game are printed (``pytest -s``) for the record."""

from __future__ import annotations

import asyncio
import random
import re
from collections import Counter
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.config import ClockConfig, Config
from bot.storage.rows import NotifyPrefs
from tests.bot.drive import FakeTime
from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    last_private,
    last_public,
    lobby_of,
    play_turn_by_menu,
    running_tablee,
    table_post,
    to_move,
)

GAME = "maitre-des-mers"
NAME = "Le Maître des Mers"
ARM = ("Arm a ship",)  # people who arm end the game sooner (the port empties)
WAIT = 1  # a short configured wait (whole seconds, as people choose), for tests idling past it
EPHEMERAL = 1 << 6
TURN_DM = re.compile(r"^Your turn in \*\*")


async def until(check: Callable[[], bool], what: str, seconds: float = 30.0) -> None:
    """Wait (bounded short steps) for the bot's timer to act."""
    loop = asyncio.get_running_loop()
    limit = loop.time() + seconds
    while not check():
        assert loop.time() < limit, f"never happened: {what}"
        await asyncio.sleep(0.01)


def sent_images(sim: Any, user: Any) -> list[tuple[str, str, bytes]]:
    """Every image the bot uploaded to ``user`` alone, in order: (where: "dm" or "private",
    file name, bytes), read from the requests (an edit keeping an image uploads nothing)."""
    tokens = {i.token: i.user for i in sim.world.interactions.values()}
    dm = f"/channels/{sim.world.dm_channel(user).id}/"
    out = []
    for record in sim.requests:
        if not record.files:
            continue
        if dm in record.path:
            where = "dm"
        elif any(token in record.path and owner is user for token, owner in tokens.items()):
            if _public_answer(record):
                continue  # a table post carried by the person's interaction: public
            where = "private"
        else:
            continue
        out += [(where, f.filename, f.data) for f in record.files]
    return out


def _public_answer(record: Any) -> bool:
    """A request on an interaction's token that made or edited a message everyone sees (a
    followup carrying a table post) rather than one only its person sees."""
    answer = record.response
    if isinstance(answer, dict) and isinstance(answer.get("resource"), dict):
        answer = answer["resource"].get("message")
    return (isinstance(answer, dict) and "channel_id" in answer
            and not int(answer.get("flags") or 0) & EPHEMERAL)


def tally(sim: Any, user: Any) -> dict[str, int]:
    """What one person got: turn DMs, private messages (and their edits), images by kind."""
    private = [m for m in sim.world.messages.values() if m.visible_only_to is user]
    images = Counter(f"{where} {name}" for where, name, _data in sent_images(sim, user))
    return {
        "repeated hands": repeated_hands(sim, user),
        "turn DMs": sum(1 for m in sim.dms(user) if TURN_DM.match(m.history[0]["content"]
                                                                  if m.history else m.content)),
        "private messages": len(private),
        "private edits": sum(len(m.history) for m in private),
        **{kind: images[kind] for kind in ("private hand.png", "private board.png",
                                           "dm hand.png")},
    }


def repeated_hands(sim: Any, user: Any) -> int:
    """How often a private reply attached the very hand image this person got just before."""
    hands = [data for where, name, data in sent_images(sim, user)
             if where == "private" and name == "hand.png"]
    return sum(1 for a, b in zip(hands, hands[1:], strict=False) if a == b)


# -- played along: quiet ------------------------------------------------------------------------
@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path, dm_default=True) as app:  # waits 60 s
        yield app
    assert_all_requests_valid(discord_sim)


async def played_along(sim: Any, turns: int | None) -> Any:
    """Alice, Bob and Carol at a live table (the default wait, 60 s), each playing their turn
    by the menu as soon as the post calls them, for ``turns`` human turns (None: to the end);
    then each one's numbers are printed and checked. Who is to move next (None: game over)."""
    people = [sim.user("alice"), sim.user("bob"), sim.user("carol")]
    users = {u.id: u for u in people}
    lobby, _seats = await lobby_of(sim, people[0], people[1:], game=GAME)
    assert any("Table speed: live" in old.get("content", "") for old in lobby.history)
    rng = random.Random(5)
    played = 0
    while (user := to_move(sim, users)) is not None and played != turns:
        played += 1
        assert played < 600, "the game does not end"
        await play_turn_by_menu(sim, user, rng, prefer=ARM)
    numbers = {u.name: tally(sim, u) for u in people}
    print(f"\nlive 3-player {GAME}, {played} human turns"
          f"{' (to the end)' if user is None else ''}, everyone playing along:")
    for name, counts in numbers.items():
        print(f"  {name}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    for user in people:
        counts = numbers[user.name]
        assert counts["turn DMs"] == 0, f"{user.name} was DMed while playing along: {counts}"
        assert counts["private board.png"] == 0, f"{user.name} was sent the board: {counts}"
        assert counts["repeated hands"] == 0, f"{user.name} got the same hand twice: {counts}"
        assert counts["private hand.png"] >= 1  # the first look shows it
    return to_move(sim, users)


async def test_a_live_table_played_along_gets_no_turn_dm_nor_repeated_images(
    discord_sim: Any, tablee: Any
) -> None:
    # Three rounds (the whole game: the slow test below).
    following = await played_along(discord_sim, turns=9)
    # Only the turn that just began still waits (the others were called off by playing).
    assert tablee.bot.poster.turn_dms.pending(discord_sim.general.id) == [following.id]
    assert Config().clock.turn_dm_after == 60.0


@pytest.mark.slow
async def test_a_whole_live_game_played_along_is_quiet(discord_sim: Any, tablee: Any) -> None:
    """The issue's measure: a whole game (about a minute; opt-in with --runslow)."""
    await played_along(discord_sim, turns=None)
    assert "The game is over" in last_public(discord_sim).content


async def test_hand_shows_the_hand_again_on_demand(discord_sim: Any, tablee: Any) -> None:
    """My hand / Play leaves out a hand already shown (and says so); /hand always shows it."""
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    await lobby_of(sim, alice, [bob], game=GAME)
    waiting = bob if to_move(sim, {alice.id: alice, bob.id: bob}) is alice else alice
    first = await sim.click(waiting, table_post(sim), label="My hand / Play")
    first = first if first is not None and first.ephemeral else last_private(sim, waiting)
    assert [a.filename for a in first.attachments] == ["hand.png"]
    again = await sim.click(waiting, table_post(sim), label="My hand / Play")
    again = again if again is not None and again.ephemeral else last_private(sim, waiting)
    assert again is not first and again.attachments == []
    assert "Your hand has not changed since I last showed it; /hand shows it again." \
        in again.content
    shown = await sim.slash(waiting, "hand")
    assert [a.filename for a in shown.attachments] == ["hand.png"]
    assert "has not changed" not in shown.content


# -- idling: one DM, edited -----------------------------------------------------------------
@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture
async def waiting_tablee(discord_sim: Any, tmp_path: Path, clock: FakeTime
                         ) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path, now=clock, dm_default=True,
                              clock=ClockConfig(turn_dm_after=WAIT)) as app:
        yield app
    assert_all_requests_valid(discord_sim)


async def test_an_idle_player_gets_one_dm_edited_once_they_played(
    discord_sim: Any, waiting_tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game=GAME)
    idle = to_move(sim, users)
    other = bob if idle is alice else alice
    await until(lambda: len(sim.dms(idle)) == 1, f"{idle.name}'s turn DM")
    [dm] = sim.dms(idle)
    assert dm.content.startswith(f"Your turn in **{NAME}**: https://discord.com/channels/")
    assert [a.filename for a in dm.attachments] == ["hand.png"]
    dms = waiting_tablee.bot.poster.turn_dms
    assert dms.pending(sim.general.id) == []  # sent: nothing waits any more

    # The other player chose a long wait (no race with a loaded machine); they press something
    # at the table: their wait is called off, for the whole turn.
    await waiting_tablee.bot.service.store.prefs.set_notify_prefs(
        other.id, NotifyPrefs(how="both", live_after=3600))
    await play_turn_by_menu(sim, idle, random.Random(1), prefer=ARM)
    assert to_move(sim, users) is other
    assert [m.content for m in sim.dms(idle)] == [f"You played your turn in **{NAME}**."]
    assert sim.dms(idle)[0].attachments == [] and len(dm.history) == 1
    assert dms.pending(sim.general.id) == [other.id]
    await sim.click(other, table_post(sim), label="Board")
    assert dms.pending(sim.general.id) == []  # acted: their wait was called off
    assert sim.dms(other) == []


async def test_a_late_dm_to_closed_dms_says_so_on_the_post(
    discord_sim: Any, waiting_tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice", dms_open=False), sim.user("bob", dms_open=False)
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game=GAME)
    idle = to_move(sim, users)
    post = table_post(sim)
    assert "I couldn't DM you" not in post.content  # nothing was tried yet
    note = f"<@{idle.id}>, your turn. I couldn't DM you: your hand is under **My hand / Play**."
    await until(lambda: note in post.content, "the closed-DM note on the post")
    assert table_post(sim) is post and sim.dms(idle) == []


async def test_the_game_ending_edits_a_waiting_turn_dm(
    discord_sim: Any, waiting_tablee: Any
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game=GAME)
    idle = to_move(sim, users)
    await until(lambda: len(sim.dms(idle)) == 1, f"{idle.name}'s turn DM")
    await sim.slash(alice, "abandon")
    await until(lambda: sim.dms(idle)[0].content == f"The **{NAME}** game is over.",
                "the DM edited once the game ended")
    assert len(sim.dms(idle)) == 1


async def test_a_dm_still_on_its_way_when_the_turn_ends_is_corrected(
    discord_sim: Any, waiting_tablee: Any
) -> None:
    """The wait ran out and the DM went on its way, held up by Discord (a 429), while the game
    ended: once it arrives it is corrected at once."""
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    await lobby_of(sim, alice, [bob], game=GAME)
    idle = to_move(sim, {alice.id: alice, bob.id: bob})
    held = sim.rate_limit("POST", "/channels/{channel_id}/messages", retry_after=2.0)
    await until(lambda: held.count == 0, "the DM's first try")
    assert sim.dms(idle) == []  # still on its way
    await sim.slash(alice, "abandon")
    await until(lambda: [m.content for m in sim.dms(idle)] == [f"The **{NAME}** game is over."],
                "the late DM corrected")


@pytest.mark.parametrize("speed", ["daily", "off"])
async def test_daily_and_clockless_tables_dm_at_once(discord_sim: Any, tmp_path: Path,
                                                     speed: str) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    async with running_tablee(sim, tmp_path, dm_default=True,
                              clock=ClockConfig(default_speed=speed, turn_dm_after=3600)) as app:
        await lobby_of(sim, alice, [bob], game=GAME)
        first = to_move(sim, users)
        # Sent while the start was answered: nothing waits at these speeds.
        assert [m for m in sim.dms(first) if TURN_DM.match(m.content)]
        assert app.bot.poster.turn_dms.pending(sim.general.id) == []
    assert_all_requests_valid(sim)


# -- a restart ------------------------------------------------------------------------------
async def test_a_restart_arms_a_wait_still_to_come_and_sends_no_stale_dm(
    discord_sim: Any, tmp_path: Path, clock: FakeTime
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    async with running_tablee(sim, tmp_path, now=clock, dm_default=True,
                              clock=ClockConfig(turn_dm_after=3600)) as app:
        await lobby_of(sim, alice, [bob], game=GAME)
        idle = to_move(sim, users)
        assert app.bot.poster.turn_dms.pending(sim.general.id) == [idle.id]
        # The bot stops before the DM was due; its wait is armed again from the turn's start.
        clock.t += 3600 - WAIT
        await app.restart()
        assert app.bot.poster.turn_dms.pending(sim.general.id) == [idle.id]
        await until(lambda: len(sim.dms(idle)) == 1, "the re-armed turn DM")
        assert sim.dms(idle)[0].content.startswith(f"Your turn in **{NAME}**")
        # Stopped again long after the turn began (its DM moment passed while down): nothing
        # is sent at start-up (the clock's reminder DMs them).
        clock.t += 60
        await app.restart()
        assert app.bot.poster.turn_dms.pending(sim.general.id) == []
        assert len(sim.dms(idle)) == 1
    assert_all_requests_valid(sim)
