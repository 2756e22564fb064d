"""The fixture fails the test that broke a Discord rule, naming path and reason (run in a
child pytest, since the failure we want to see is a teardown error)."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import contextlib

import discord

from tests.e2e.conftest import discord_env, discord_sim  # noqa: F401
from tests.e2e.emulator.tinybot import TinyBot


async def test_sends_2001_characters_from_a_background_task(discord_sim):
    bot = await discord_sim.start_bot(TinyBot())
    with contextlib.suppress(discord.HTTPException):  # as a bot's background task would log it
        await bot.get_channel(discord_sim.general.id).send("x" * 2001)


async def test_clean(discord_sim):
    await discord_sim.start_bot(TinyBot())
    await discord_sim.slash(discord_sim.user("alice"), "secret")
"""


def test_a_violation_outside_any_helper_fails_its_test_at_teardown(tmp_path):
    (tmp_path / "test_child.py").write_text(CHILD)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = ["-m", "pytest", str(tmp_path), "-p", "no:cacheprovider", "-o", "asyncio_mode=auto"]
    args += ["--rootdir", str(tmp_path), "-q"]
    run = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, timeout=120
    )
    out = run.stdout
    assert run.returncode == 1, out
    assert out.splitlines()[0].startswith(".E."), out  # passed, its teardown errored, passed
    assert "the bot broke Discord's rules" in out
    assert "POST /channels/{channel_id}/messages: $.content: 2001 characters > 2000" in out
    assert "ERROR at teardown of test_sends_2001_characters_from_a_background_task" in out
