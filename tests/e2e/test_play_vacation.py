"""/vacation on the emulator, through the real discord.py client: a daily table's post says who
is away until when, the clock waits for them and runs again by itself, coming back early gives
the time back; and across a SIGKILL of the real bot process (``python -m bot``), the vacation
and the waiting clock are read back from the database as they were."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.config import ClockConfig
from bot.storage.store import Store
from tests.bot.drive import FakeTime
from tests.e2e.emulator import DiscordSim, Emulator
from tests.e2e.french import assert_french, message_texts
from tests.e2e.test_play_clock import pass_time
from tests.e2e.test_play_helpers import (
    EN,
    Words,
    assert_all_requests_valid,
    running_tablee,
    table_post,
)
from tests.e2e.test_play_shards import QUIET, BotProcess, shared_database, until
from tests.e2e.toy_game import TOY_ID, register_toy

__all__ = ["shared_database"]  # the fixture, for the SIGKILL test

T0 = FakeTime.START
MANAGE_SERVER = 1 << 5
DAY = 86400
BANK = 2 * DAY  # a daily table's first turn: a day to start, a day a turn
AWAY = "🏖️ Alice (seat 1) is away until <t:{when}:f>: their clock waits for them."


@pytest.fixture
def clock() -> FakeTime:
    return FakeTime()


@pytest.fixture
async def tablee(discord_sim: Any, tmp_path: Path, clock: FakeTime) -> AsyncIterator[Any]:
    register_toy()
    async with running_tablee(discord_sim, tmp_path, now=clock,
                              clock=ClockConfig(default_speed="daily")) as app:
        yield app
    assert_all_requests_valid(discord_sim)


FR = Words("fr")


async def open_daily_table(sim: Any, alice: Any, bob: Any, words: Words = EN) -> None:
    lobby = await sim.slash(alice, f"play {TOY_ID}", rounds=4, first=1)
    assert words("Table speed") in lobby.content
    assert words("daily (about a day a move)") in lobby.content
    await sim.click(bob, lobby, label=words("Join"))
    await sim.click(alice, lobby, label=words("Start"))


async def test_the_post_says_who_is_away_and_the_clock_runs_again_by_itself(
    discord_sim: Any, tablee: Any, clock: FakeTime
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    await open_daily_table(sim, alice, bob)
    before = table_post(sim)
    assert f"<t:{int(T0) + BANK}:R>" in before.content
    reply = await sim.slash(alice, "vacation")
    assert reply.ephemeral and "You are not away." in reply.content
    assert "21 days of vacation a calendar year (UTC)" in reply.content
    assert "21 left this year" in reply.content
    reply = await sim.slash(alice, "vacation", days=3)
    until_ = int(T0) + 3 * DAY
    assert reply.ephemeral and f"You are away until <t:{until_}:f>" in reply.content
    assert "18 left this year" in reply.content and "`/vacation days:0`" in reply.content
    post = table_post(sim)
    assert post.id != before.id  # a fresh post, so everyone sees it
    assert AWAY.format(when=until_) in post.content
    assert f"<t:{int(T0) + BANK + 3 * DAY}:R>" in post.content
    assert not (await sim.slash(bob, "vacation")).content.startswith("🏖️")  # Bob is not away

    # Her old deadline passes: nothing happens.
    count = len(sim.public())
    clock.t = T0 + BANK + 3600
    tablee.bot.service.context.clock_bell.ring()
    await sim.wait_idle()
    assert len(sim.public()) == count
    # Back by herself: a fresh post without the line, and her clock runs again: half her
    # time, then the time out.
    await pass_time(sim, tablee, clock, T0 + 3 * DAY + 1,
                    lambda: "is away until" not in table_post(sim).content)
    assert f"<t:{int(T0) + BANK + 3 * DAY}:R>" in table_post(sim).content
    count = len(sim.public())
    await pass_time(sim, tablee, clock, T0 + BANK / 2 + 3 * DAY + 1,
                    lambda: len(sim.public()) > count)
    assert sim.public()[-1].content.startswith(f"<@{alice.id}>, half of your time")
    await pass_time(sim, tablee, clock, T0 + BANK + 3 * DAY + 1,
                    lambda: "⌛ Alice (seat 1)'s time is up." in table_post(sim).content)
    assert "is away until" not in table_post(sim).content


async def test_coming_back_early_gives_back_the_time_and_the_days(
    discord_sim: Any, tablee: Any, clock: FakeTime
) -> None:
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    await open_daily_table(sim, alice, bob)
    await sim.slash(alice, "vacation", days=5)
    assert AWAY.format(when=int(T0) + 5 * DAY) in table_post(sim).content
    again = await sim.slash(alice, "vacation", days=2)
    assert "You are already away until" in again.content
    clock.t = T0 + DAY + 3600  # back on the second day
    reply = await sim.slash(alice, "vacation", days=0)
    assert reply.ephemeral and "Welcome back" in reply.content
    assert "19 left this year" in reply.content  # two days begun, three given back
    post = table_post(sim)
    assert "is away until" not in post.content
    assert f"<t:{int(T0) + BANK + DAY + 3600}:R>" in post.content
    reply = await sim.slash(alice, "vacation", days=0)
    assert "You are not away." in reply.content


async def test_an_admin_sets_the_servers_allowance(
    discord_sim: Any, tablee: Any, clock: FakeTime
) -> None:
    sim = discord_sim
    admin, alice = sim.user("ada", permissions=MANAGE_SERVER), sim.user("alice")
    refused = await sim.slash(alice, "settings vacation", days=2)
    assert refused.ephemeral and "Manage Server permission" in refused.content
    said = await sim.slash(admin, "settings vacation", days=2)
    assert said.ephemeral and said.content.startswith(
        "Each person may now take 2 days of vacation a calendar year on this server")
    assert await tablee.bot.service.store.servers.vacation_days(sim.world.guild_id) == 2
    too_many = await sim.slash(alice, "vacation", days=3)
    assert too_many.ephemeral and too_many.content == (
        "This server allows 2 days of vacation a year: you can be away for 2 days at most now.")
    reply = await sim.slash(alice, "vacation", days=2)
    assert "This server allows 2 days of vacation" in reply.content
    assert ": 0 left this year." in reply.content


async def test_vacation_reads_french(discord_sim: Any, tmp_path: Path, clock: FakeTime) -> None:
    register_toy()
    async with running_tablee(discord_sim, tmp_path, now=clock, guild_locale="fr",
                              clock=ClockConfig(default_speed="daily")):
        sim = discord_sim
        alice, bob = sim.user("alice", locale="fr"), sim.user("bob", locale="fr")
        await open_daily_table(sim, alice, bob, FR)
        away = await sim.slash(alice, "vacation", days=3)
        when = int(T0) + 3 * DAY
        assert f"Vous êtes en vacances jusqu'au <t:{when}:f>" in away.content
        assert "`/vacances jours:0`" in away.content and "il vous en reste 18" in away.content
        post = table_post(sim, words=FR)
        assert (f"🏖️ Alice (place 1) est en vacances jusqu'au <t:{when}:f> : son horloge "
                "l'attend.") in post.content
        clock.t = T0 + 3600
        back = await sim.slash(alice, "vacation", days=0)
        assert back.content.startswith("Bon retour")
        status = await sim.slash(bob, "vacation")
        assert status.content.startswith("Vous n'êtes pas en vacances.")
        assert_french([t for m in (away, post, back, status) for t in message_texts(m)],
                      names=["Alice", "Bob", "Toy Rounds"])
    assert_all_requests_valid(discord_sim)


async def _vacation_rows(database: str) -> tuple[list[Any], Any]:
    store = await Store.open(database)
    try:
        rows = await store.db.fetchall("SELECT guild_id, user_id, starts, ends FROM vacations")
        [table] = await store.tables.active_tables()
        return list(rows), await store.clocks.get_clock(table.id)
    finally:
        await store.close()


async def test_a_sigkill_changes_nothing_of_a_vacation(
    discord_sim: DiscordSim, discord_env: Emulator, shared_database: str, tmp_path: Path
) -> None:
    sim = discord_sim
    sim.quiet = QUIET
    alice, bob = sim.user("alice"), sim.user("bob")
    daily = '[clock]\ndefault_speed = "daily"\n'
    first = BotProcess(discord_env, None, shared_database, tmp_path, extra=daily)
    second = BotProcess(discord_env, None, shared_database, tmp_path, extra=daily)
    try:
        await first.start()
        lobby = await sim.slash(alice, f"play {TOY_ID}", rounds=2, first=1)
        await sim.click(bob, lobby, label="Join")
        await sim.click(alice, lobby, label="Start")
        await until(lambda: "started" in lobby.content)
        reply = await sim.slash(alice, "vacation", days=3)
        assert reply is not None and "You are away until" in reply.content
        await until(lambda: "is away until" in table_post(sim).content)
        before = await _vacation_rows(shared_database)
        [(_guild, user, starts, ends)] = before[0]
        assert user == alice.id and ends - starts == 3 * DAY
        assert before[1].held_until == ends
        await first.kill()  # SIGKILL: nothing is cleaned up, nothing is kept in memory

        await second.start()
        await sim.wait_idle()
        assert await _vacation_rows(shared_database) == before  # the restart changed nothing
        reply = await sim.slash(alice, "vacation")
        assert reply is not None and f"You are away until <t:{int(ends)}:f>" in reply.content
        reply = await sim.slash(alice, "vacation", days=0)
        assert reply is not None and "Welcome back" in reply.content
        await until(lambda: "is away until" not in table_post(sim).content)
        rows, clock = await _vacation_rows(shared_database)
        back = rows[0][3]
        assert clock.held_until is None and back < ends
        # The bank left (two days, less the seconds before she went) counts from her return.
        assert clock.deadline == pytest.approx(back + BANK - (starts - clock.started), abs=1)
        assert clock.deadline - time.time() < BANK
    finally:
        await first.stop()
        await second.stop()
