"""Issue 38, item 11: ``python -m bot check`` (and every offline command) run while the bot's
SQLite file has been deleted must not make an empty database beside the running bot (the bot
would go on writing into the deleted file, and everything from then on would be lost at its
next restart). The real runner (``bot.app.runner._run``) against the emulated Discord marks its
folder; ``check`` says what is wrong and creates nothing; once the bot stopped, ``check`` makes
the new database as on a first install."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest

from bot.app import runner
from bot.app.cli import main
from bot.app.folder import folder_in_use
from bot.config import Config
from tests.e2e.emulator import Emulator


async def _until(condition, seconds: float = 10.0) -> None:
    async with asyncio.timeout(seconds):
        while not condition():
            await asyncio.sleep(0.05)


async def test_check_refuses_to_replace_a_running_bots_deleted_database(
        discord_env: Emulator, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "data" / "tablee.db"
    db.parent.mkdir()
    config_file = tmp_path / "config.toml"
    config_file.write_text(f'[database]\npath = "{db}"\n[commands]\nsync = "off"\n')
    config = Config(database_path=str(db), sync="off", backup_keep=0, computer_workers=0)
    bot = asyncio.get_running_loop().create_task(runner._run(config, discord_env.world.token))
    try:
        await _until(lambda: folder_in_use(str(db)) or bot.done())
        assert not bot.done()
        for file in db.parent.glob("tablee.db*"):  # the owner's mistake: rm data/tablee.db*
            file.unlink()
        capsys.readouterr()
        assert main(["check", "--config", str(config_file)]) == 1
        said = capsys.readouterr().err.strip()
        assert said.startswith(f"error: database {db} is missing, but a running Tablée uses")
        assert "Stop the bot first" in said and "\n" not in said
        assert not db.exists(), "check made a new database beside the running bot"
        # forget-user goes through the same door
        assert main(["forget-user", "123456789012345678", "--config", str(config_file)]) == 1
        assert not db.exists()
    finally:
        bot.cancel()
        with contextlib.suppress(asyncio.CancelledError, SystemExit):
            await bot
    assert not folder_in_use(str(db))  # the mark goes with the bot
    assert await asyncio.to_thread(main, ["check", "--config", str(config_file)]) == 0
    assert db.exists()
