"""Fixtures for end-to-end tests against the local Discord emulator.

    async def test_something(discord_sim):
        await discord_sim.start_bot(make_my_bot())        # waits for on_ready
        alice = discord_sim.user("alice")
        reply = await discord_sim.slash(alice, "play", game="master-islands")

`discord_env` is the running Emulator (world, api, gateway); `discord_sim` the person-like
helpers on it. At teardown every bot is closed, discord.py's globals are restored, and the test
fails if the bot broke a Discord rule (invalid body, late or missing acknowledgement...).
"""

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.config import ClockConfig
from tests.e2e.emulator import DiscordSim, Emulator


@pytest.fixture
async def discord_env() -> AsyncIterator[Emulator]:
    emulator = Emulator()
    await emulator.start()
    try:
        yield emulator
    finally:
        await emulator.stop()
    if emulator.api.violations:  # tests using discord_env without discord_sim
        pytest.fail(_report(emulator.api.violations), pytrace=False)


@pytest.fixture
async def discord_sim(discord_env: Emulator) -> AsyncIterator[DiscordSim]:
    sim = DiscordSim(discord_env)
    yield sim
    await sim.stop_bot()
    problems = sim.problems()
    sim.take_violations()  # reported once, here
    if problems:
        pytest.fail(_report(problems), pytrace=False)


def _report(problems: list[str]) -> str:
    return "the bot broke Discord's rules:\n" + "\n".join(problems)


@pytest.fixture
async def toy_tablee(discord_sim: DiscordSim, tmp_path: Path) -> AsyncIterator[Any]:
    """The Tablée bot with the test-only toy game offered (registered before it starts), on a
    fresh database; every request it made must have been valid."""
    async with _toy_tablee(discord_sim, tmp_path) as app:
        yield app


@pytest.fixture
async def toy_tablee_dms_at_once(discord_sim: DiscordSim, tmp_path: Path) -> AsyncIterator[Any]:
    """:func:`toy_tablee` sending turn DMs (``[dms] default = true``) at once, as at a daily
    table (a live one waits a minute for the person to act first), for tests that read them."""
    async with _toy_tablee(discord_sim, tmp_path, clock=ClockConfig(turn_dm_after=0),
                           dm_default=True) as app:
        yield app


@contextlib.asynccontextmanager
async def _toy_tablee(discord_sim: DiscordSim, tmp_path: Path,
                      **settings: Any) -> AsyncIterator[Any]:
    from tests.e2e.test_play_helpers import assert_all_requests_valid, running_tablee
    from tests.e2e.toy_game import register_toy

    register_toy()
    async with running_tablee(discord_sim, tmp_path, **settings) as app:
        yield app
    assert_all_requests_valid(discord_sim)
