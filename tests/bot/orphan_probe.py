"""A stand-in for the bot's process for tests/bot/test_worker_orphans.py: starts the real
computer-player pool with one worker process, prints the worker's pid, then waits to be killed.
Ctrl+C ends it quietly, as it ends ``python -m bot`` (bot.app.runner): any traceback on its
standard error is then the worker's."""

from __future__ import annotations

import asyncio
import sys

from bot.service.workers import ComputerPool


async def main() -> None:
    pool = ComputerPool(1)
    await pool.start()
    print(" ".join(map(str, pool.pids())), flush=True)
    await asyncio.sleep(600)


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
