"""Backups of a real running bot (issue 29, part 1), on a SQLite file: ``python -m bot`` (the real
runner against the emulator) mid-game makes its regular backup into the data folder's
``backups/``; ``python -m bot backup`` copies the file while it runs; ``python -m bot restore``
refuses that file while the bot runs (one sentence naming the process); the backup restored into
a fresh folder gives a new bot that resumes the game and plays on."""

from __future__ import annotations

import asyncio
import contextlib
import io
import random
from pathlib import Path

from bot.__main__ import main
from bot.storage.schema import SCHEMA_VERSION
from tests.e2e.emulator import DiscordSim, Emulator
from tests.e2e.test_play_helpers import assert_all_requests_valid, table_post
from tests.e2e.test_play_shards import (
    QUIET,
    BotProcess,
    one_turn,
    open_table,
    posted,
    processes,
    until,
)


async def bot_cli(*args: str) -> tuple[int, str, str]:
    """``python -m bot ARGS`` as an owner runs it beside the bot (another process than the bot:
    this test's own, in a thread with its own event loop); (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()

    def run() -> int:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            return main(list(args))

    code = await asyncio.to_thread(run)
    return code, out.getvalue(), err.getvalue()


def config(folder: Path) -> str:
    path = folder / "config.toml"
    path.write_text(f'[database]\npath = "{folder / "tablee.db"}"\n', encoding="utf-8")
    return str(path)


async def test_a_running_bots_backup_restores_to_a_bot_that_resumes_the_game(
    discord_sim: DiscordSim, discord_env: Emulator, tmp_path: Path
) -> None:
    sim, world = discord_sim, discord_env.world
    sim.quiet = QUIET
    channel = world.general_of(world.add_guild("Backup server"))
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {u.id: u for u in (alice, bob)}
    rng = random.Random(29)
    live, fresh = tmp_path / "live", tmp_path / "fresh"
    live.mkdir()
    fresh.mkdir()
    copy = tmp_path / "mid-game.db"
    bot = BotProcess(discord_env, None, str(live / "tablee.db"), live)
    async with processes(bot):
        await open_table(sim, alice, bob, channel)
        assert await one_turn(sim, users, channel, rng)
        await sim.wait_idle()
        # Its regular backup, made once the tables were resumed.
        await until(lambda: any((live / "backups").glob("tablee-*.db")))
        code, out, err = await bot_cli("backup", "--config", config(live), "--out", str(copy))
        assert (code, err) == (0, ""), err
        assert out.startswith(f"Backed up {live / 'tablee.db'} to {copy} (")
        assert out.endswith(f", schema version {SCHEMA_VERSION}).\n")
        at_backup = await posted(str(copy))
        assert list(at_backup) == [channel.id]

        code, out, err = await bot_cli("restore", str(copy), "--config", config(live))
        assert code == 1 and out == "" and "Traceback" not in err, err
        assert err.startswith(f"error: a bot is running on {live / 'tablee.db'} (host ")
        assert f"pid {bot.pid}, started " in err and len(err.splitlines()) == 1
    assert "backups every 24 h into" in "".join(bot.lines)

    code, out, err = await bot_cli("restore", str(copy), "--config", config(fresh))
    assert (code, err) == (0, ""), err
    assert out == (f"Restored {copy} (schema version {SCHEMA_VERSION}) to {fresh / 'tablee.db'}, "
                   "where there was no database before.\n")
    assert await posted(str(fresh / "tablee.db")) == at_backup
    restarted = BotProcess(discord_env, None, str(fresh / "tablee.db"), fresh)
    async with processes(restarted):
        await sim.wait_idle()
        assert "My hand / Play" in table_post(sim, channel).labels
        before = await posted(str(fresh / "tablee.db"))
        for _ in range(2):  # it plays on from where the backup was
            assert await one_turn(sim, users, channel, rng)
        await sim.wait_idle()
        after = await posted(str(fresh / "tablee.db"))
        assert after[channel.id][0] > before[channel.id][0] == at_backup[channel.id][0]
        assert after[channel.id][1] == after[channel.id][0]  # and posted it
    assert_all_requests_valid(sim)
