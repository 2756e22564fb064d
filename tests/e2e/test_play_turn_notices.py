"""Each person's notification choices on the real bot and the emulated Discord: a table post
pings only the person whose turn starts, only when they chose a mention, else it is silent;
turn DMs go only to those who chose them; quiet hours across midnight hold the mention back, a
restart loses nothing, and at their end (or at the digest hour) one waiting-list DM, in the
reader's language, lists the table and is edited in place once that turn is played; a person
away (/vacation) is held the same way until they are back (by themselves or early); and a real
``python -m bot`` killed with SIGKILL while quiet hours hold a turn sends the waiting list after
its restart, when they end (in real time: the next minute's start).

The bot's clock is driven (FakeTime) near the real time: the emulator's message ids carry the real
time, which the "still recent enough to edit" rule reads."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
from discord.utils import snowflake_time

from bot.config import ClockConfig
from bot.storage.database import Statement
from bot.storage.rows import NotifyPrefs
from bot.storage.store import Store
from tests.bot.drive import FakeTime
from tests.e2e.emulator import DiscordSim, Emulator
from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    assert_pings_only_who_asked,
    lobby_of,
    public_sends,
    running_tablee,
    table_post,
    to_move,
)
from tests.e2e.test_play_shards import QUIET, BotProcess, shared_database
from tests.e2e.toy_game import TOY_ID, register_toy

__all__ = ["shared_database"]  # the fixture, for the SIGKILL test

TURN_DM = "Your turn in **Toy Rounds**"


@pytest.fixture(autouse=True)
def toy() -> None:
    register_toy()  # before the bot starts: its commands are built from the registry then


async def play_by_move(sim: Any, user: Any) -> None:
    suggestions = await sim.autocomplete(user, "move", text="")
    reply = await sim.slash(user, "move", move=suggestions[0]["value"])
    assert reply is not None and ("You played" in reply.content
                                  or "Vous avez joué" in reply.content), reply


async def until(check: Callable[[], bool], what: str, seconds: float = 30.0) -> None:
    loop = asyncio.get_running_loop()
    limit = loop.time() + seconds
    while not check():
        assert loop.time() < limit, f"never happened: {what}"
        await asyncio.sleep(0.01)


async def test_each_choice_is_followed_at_a_slow_table(discord_sim: Any, tmp_path: Path) -> None:
    sim = discord_sim
    alice, bob, carol, dave = (sim.user(n) for n in ("alice", "bob", "carol", "dave"))
    users = {u.id: u for u in (alice, bob, carol, dave)}
    chosen = {alice: "mention", bob: "dm", carol: "both", dave: "none"}
    async with running_tablee(sim, tmp_path, clock=ClockConfig(default_speed="daily")) as app:
        for user, how in chosen.items():
            await app.bot.service.store.prefs.set_notify_prefs(user.id, NotifyPrefs(how=how))
        since = len(sim.requests)
        await lobby_of(sim, alice, [bob, carol, dave], game=TOY_ID, rounds=2, first=2)
        called = []
        while (mover := to_move(sim, users)) is not None:
            called.append(mover)
            await play_by_move(sim, mover)
        await sim.wait_idle()
    assert set(called) == set(chosen)  # everyone's turn started
    assert assert_pings_only_who_asked(sim, {alice.id, carol.id}, since) >= len(called)
    sends = public_sends(sim, since)
    pinged = {int(u) for body, _m in sends for u in body["allowed_mentions"].get("users", [])}
    assert pinged == {alice.id, carol.id}
    # The posts calling bob and dave were silent, though they name them.
    for user in (bob, dave):
        calling = [body for body, m in sends if f"<@{user.id}>, your turn" in m.content]
        assert calling and all(body["flags"] & (1 << 12) for body in calling)
    # Turn DMs only to those who chose them; none at all for the person who chose nothing.
    for user in (bob, carol):
        sent = [m.history[0]["content"] if m.history else m.content for m in sim.dms(user)]
        assert sent and all(text.startswith(TURN_DM) for text in sent), sent
    assert sim.dms(alice) == [] and sim.dms(dave) == []
    assert_all_requests_valid(sim)


def zone_at(stamp: float, local_hour: int) -> str:
    """A fixed-offset zone (Etc/GMT±N) in which ``stamp`` is ``local_hour``:MM local time."""
    hour = time.gmtime(stamp).tm_hour
    offset = (local_hour - hour) % 24
    offset = offset - 24 if offset > 12 else offset
    return "Etc/GMT" if offset == 0 else f"Etc/GMT{-offset:+d}"  # Etc/GMT-3 is UTC+3


@pytest.fixture
def clock() -> FakeTime:
    now = time.time()
    fake = FakeTime()
    fake.t = now - now % 3600 - 600  # HH:50 of the hour before: 10 to 70 minutes ago
    return fake


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path, clock: FakeTime) -> AsyncIterator[Any]:
    async with running_tablee(discord_sim, tmp_path, now=clock,
                              clock=ClockConfig(default_speed="daily")) as app:
        yield app
    assert_all_requests_valid(discord_sim)


WAITING = {
    "en": ("Your turn is waiting at these tables:", "- **Toy Rounds**: {link}",
           "Nothing is waiting for you now."),
    "fr": ("C’est à vous de jouer à ces tables :", "- **Toy Rounds** : {link}",
           "Plus rien ne vous attend pour l’instant."),
}


@pytest.mark.parametrize("held_by", ["quiet hours", "digest"])
async def test_a_held_turn_comes_in_one_waiting_list_edited_in_place(
    discord_sim: Any, tablee: Any, clock: FakeTime, held_by: str
) -> None:
    """Quiet hours from 22:00 to 00:10 (across midnight; Bob, in French, chose a mention), or a
    digest at 18:00 (Bob, in English, chose DMs gathered in a digest): it is 23:50, or 17:50, in
    Bob's zone when his turn starts."""
    sim = discord_sim
    began = clock.t
    if held_by == "quiet hours":
        code, wait, prefs = "fr", 1200, NotifyPrefs(
            how="mention", zone=zone_at(began, 23), quiet_from=22 * 60, quiet_to=10)
    else:
        code, wait, prefs = "en", 600, NotifyPrefs(
            how="dm", slow="digest", digest_hour=18, zone=zone_at(began, 17))
    alice, bob = sim.user("alice"), sim.user("bob", locale="fr" if code == "fr" else "en-US")
    users = {alice.id: alice, bob.id: bob}
    await tablee.bot.service.store.prefs.set_notify_prefs(bob.id, prefs)
    since = len(sim.requests)
    await lobby_of(sim, alice, [bob], game=TOY_ID, rounds=2, first=2)
    assert to_move(sim, users) is bob
    post = table_post(sim)
    [(body, _message)] = [(b, m) for b, m in public_sends(sim, since) if m is post]
    assert body["flags"] & (1 << 12) and not body["allowed_mentions"].get("users")
    assert sim.dms(bob) == []
    [held] = await tablee.bot.service.store.notices.held(bob.id)
    assert (held.channel_id, held.post_id, held.due) == (sim.general.id, post.id, began + wait)

    await tablee.restart()  # the held turn is stored: a restart loses nothing
    assert sim.dms(bob) == []
    clock.t = began + wait  # 00:10 for Bob (the quiet hours end), or 18:00 (his digest)
    tablee.bot.service.context.clock_bell.ring()
    await until(lambda: len(sim.dms(bob)) == 1, "bob's waiting list")
    [waiting] = sim.dms(bob)
    link = f"https://discord.com/channels/{sim.general.guild_id}/{sim.general.id}/{post.id}"
    head, line, nothing = WAITING[code]
    assert waiting.content.split("\n")[:2] == [head, line.format(link=link)]
    for _ in range(3000):  # told: the held turn goes once the DM is out
        if not await tablee.bot.service.store.notices.held(bob.id):
            break
        await asyncio.sleep(0.01)
    assert await tablee.bot.service.store.notices.held(bob.id) == []

    await play_by_move(sim, bob)  # the turn is played: the list says so, in the same message
    await until(lambda: waiting.history != [], "the waiting list edited")
    assert [m.id for m in sim.dms(bob)] == [waiting.id]
    assert waiting.content == nothing
    assert_pings_only_who_asked(sim, {alice.id}, since)


DAY = 86400


@pytest.mark.parametrize("back", ["by itself", "early"])
async def test_away_holds_the_turn_until_they_are_back(
    discord_sim: Any, tablee: Any, clock: FakeTime, back: str
) -> None:
    """Bob chose a mention and a DM, then goes away for a day: his turn beginning while he is
    away neither pings him nor DMs him; once he is back (the day over, or /vacation days:0 an
    hour later) one waiting-list DM lists the table, and nothing else reaches him."""
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await tablee.bot.service.store.prefs.set_notify_prefs(bob.id, NotifyPrefs(how="both"))
    since = len(sim.requests)
    await lobby_of(sim, alice, [bob], game=TOY_ID, rounds=2, first=1)
    assert to_move(sim, users) is alice
    away = await sim.slash(bob, "vacation", days=1)
    assert "You are away until" in away.content
    assert "once you are back, one DM lists the tables waiting for you" in away.content
    ends = clock.t + DAY
    await play_by_move(sim, alice)
    await sim.wait_idle()
    assert to_move(sim, users) is bob
    post = table_post(sim)
    [(body, _message)] = [(b, m) for b, m in public_sends(sim, since) if m is post]
    assert body["flags"] & (1 << 12) and not body["allowed_mentions"].get("users")
    assert sim.dms(bob) == []
    [held] = await tablee.bot.service.store.notices.held(bob.id)
    assert (held.channel_id, held.post_id, held.due) == (sim.general.id, post.id, ends)

    if back == "early":
        clock.t += 3600
        reply = await sim.slash(bob, "vacation", days=0)
        assert "Welcome back" in reply.content
    else:
        clock.t = ends + 1
        tablee.bot.service.context.clock_bell.ring()
    await until(lambda: len(sim.dms(bob)) == 1, "bob's waiting list")
    await sim.wait_idle()
    [waiting] = sim.dms(bob)
    link = f"https://discord.com/channels/{sim.general.guild_id}/{sim.general.id}/{post.id}"
    assert waiting.content.split("\n")[:2] == [
        "Your turn is waiting at these tables:", f"- **Toy Rounds**: {link}"]
    assert "is away until" not in table_post(sim).content  # the fresh post: his clock runs
    assert table_post(sim).id != post.id
    # Nothing else reached him: no ping in any post (the fresh one included), no other DM.
    assert_pings_only_who_asked(sim, {alice.id}, since)  # Alice kept the default mention
    assert await tablee.bot.service.store.notices.held(bob.id) == []


async def _held(database: str, user_id: int) -> list[Any]:
    store = await Store.open(database)
    try:
        return await store.notices.held(user_id)
    finally:
        await store.close()


async def test_a_sigkill_loses_no_turn_held_by_quiet_hours(
    discord_sim: DiscordSim, discord_env: Emulator, shared_database: str, tmp_path: Path
) -> None:
    """Bob's quiet hours (UTC) end at the next minute's start; his turn begins in them (a
    silent post, no DM, a held turn) and the bot process is killed (SIGKILL). While it is down
    his quiet hours end (the process reads the real clock, so the test moves them and the held
    turn's moment back to the minute now begun rather than wait for one): the new process finds
    the turn held in the database, overdue, and sends his waiting list at once, once."""
    sim = discord_sim
    sim.quiet = QUIET
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    daily = '[clock]\ndefault_speed = "daily"\n'
    first = BotProcess(discord_env, None, shared_database, tmp_path, extra=daily)
    second = BotProcess(discord_env, None, shared_database, tmp_path, extra=daily)
    try:
        await first.start()
        ends = (int(time.time()) // 60 + 1) * 60  # the next minute's start
        minute = ends // 60 % 1440
        store = await Store.open(shared_database)
        try:
            await store.prefs.set_notify_prefs(bob.id, NotifyPrefs(
                how="mention", zone="Etc/UTC", quiet_from=(minute - 120) % 1440,
                quiet_to=minute))
        finally:
            await store.close()
        since = len(sim.requests)
        await lobby_of(sim, alice, [bob], game=TOY_ID, rounds=2, first=2)
        await until(lambda: to_move(sim, users) is bob, "bob's turn")
        post = table_post(sim)
        [(body, _message)] = [(b, m) for b, m in public_sends(sim, since) if m is post]
        assert body["flags"] & (1 << 12) and not body["allowed_mentions"].get("users")
        [held] = await _held(shared_database, bob.id)
        assert (held.channel_id, held.post_id, held.due) == (sim.general.id, post.id, ends)
        await first.kill()  # SIGKILL: nothing is cleaned up, nothing is kept in memory
        # The quiet hours end while the bot is down: at the minute now begun.
        ends = int(time.time()) // 60 * 60
        minute = ends // 60 % 1440
        store = await Store.open(shared_database)
        try:
            await store.prefs.set_notify_prefs(bob.id, NotifyPrefs(
                how="mention", zone="Etc/UTC", quiet_from=(minute - 120) % 1440,
                quiet_to=minute))
            await store.db.write([Statement("UPDATE held_turns SET due = ? WHERE user_id = ?",
                                            (float(ends), bob.id))])
        finally:
            await store.close()

        await second.start()
        await until(lambda: len(sim.dms(bob)) == 1, "bob's waiting list", seconds=30)
        [waiting] = sim.dms(bob)
        link = f"https://discord.com/channels/{sim.general.guild_id}/{sim.general.id}/{post.id}"
        assert waiting.content.split("\n")[:2] == [
            "Your turn is waiting at these tables:", f"- **Toy Rounds**: {link}"]
        assert snowflake_time(waiting.id).timestamp() >= ends  # sent once they ended
        for _ in range(1000):  # told: the held turn goes once the DM is out
            if not await _held(shared_database, bob.id):
                break
            await asyncio.sleep(0.02)
        assert await _held(shared_database, bob.id) == []
        await asyncio.sleep(1)
        assert len(sim.dms(bob)) == 1  # once
        assert_pings_only_who_asked(sim, {alice.id}, since)
    finally:
        await first.stop()
        await second.stop()
