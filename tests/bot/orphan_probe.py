"""A stand-in for the bot's process for tests/bot/service/test_worker_orphans.py: starts the real
computer-player pool with one worker process, prints the worker's pid, then waits to be killed.
Ctrl+C ends it quietly through the runner's own stop (:func:`bot.app.runner.install_stop`), as it
ends ``python -m bot``: any traceback on its standard error is then the worker's."""

from __future__ import annotations

import asyncio

from bot.app.runner import install_stop
from bot.service.workers import ComputerPool


async def main() -> int:
    stopping = install_stop(asyncio.get_running_loop())
    pool = ComputerPool(1)
    await pool.start()
    print(" ".join(map(str, pool.pids())), flush=True)
    try:
        await asyncio.sleep(600)  # nothing wakes the loop meanwhile, as in an idle bot
    except asyncio.CancelledError:
        if not stopping.is_set():
            raise
    finally:
        await pool.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(asyncio.run(main()))
