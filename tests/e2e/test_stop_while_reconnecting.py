"""SIGTERM stops the bot at once even while discord.py waits to reconnect (issue 30, item 9).

The real ``python -m bot`` process connects to the emulator; then the gateway drops the socket
and refuses every new one, as in a Discord outage, so discord.py sleeps before its next try (made
a fixed 60 s here: its back-off is random, and was seen at 124 s). `docker stop` sends SIGTERM and
waits 10 s before SIGKILL: the process must be gone well before that, having closed cleanly."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from tests.e2e.emulator import Emulator
from tests.e2e.test_play_shards import BotProcess

RECONNECT_DELAY = 60.0
STOP_WITHIN = 5.0


async def test_sigterm_stops_the_bot_while_it_waits_to_reconnect(
    discord_env: Emulator, tmp_path: Path
) -> None:
    bot = BotProcess(discord_env, None, str(tmp_path / "tablee.db"), tmp_path,
                     env={"TABLEE_TEST_RECONNECT_DELAY": str(RECONNECT_DELAY)})
    await bot.start()
    try:
        gateway = discord_env.gateway
        gateway.refusing = True
        await gateway.drop_connections()
        loop = asyncio.get_running_loop()
        limit = loop.time() + 30
        while gateway.refused == 0 or not any("reconnect" in line for line in bot.lines):
            assert loop.time() < limit, "discord.py never tried to reconnect:\n" + "".join(bot.lines)
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)  # now in its 60 s sleep
        proc = bot._proc
        assert proc is not None and proc.returncode is None
        started = loop.time()
        proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(proc.wait(), STOP_WITHIN)
        except TimeoutError:
            raise AssertionError(f"still running {STOP_WITHIN} s after SIGTERM") from None
        took = loop.time() - started
        assert proc.returncode == 0, "".join(bot.lines)
        assert took < STOP_WITHIN
        assert "Traceback" not in "".join(bot.lines[-5:])
    finally:
        discord_env.gateway.refusing = False
        await bot.stop()
