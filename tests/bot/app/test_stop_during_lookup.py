"""A stop during a DNS outage is not held by the lookup under way (issue 44, item 5).

aiohttp looks host names up with getaddrinfo in the loop's default executor; with a DNS server
that does not answer, that thread is stuck for the resolver's whole timeout, and `docker stop`
waited for it (2-8 s, or until its SIGKILL). Here a real process runs
:func:`bot.app.runner.run_to_the_end` while its default executor holds such a job (a 20 s sleep
stands in for getaddrinfo: this process cannot change the machine's resolver; .ci/image stops the
bot in its image while it waits on a real DNS server that never answers)."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
STUCK = 20.0

SCRIPT = """
import asyncio, sys, time
from bot.app.runner import run_to_the_end

async def main():
    asyncio.get_running_loop().run_in_executor(None, time.sleep, {stuck})
    await asyncio.sleep(0.2)
    if sys.argv[1] == "error":
        raise SystemExit("error: cannot reach Discord")

run_to_the_end(main())
"""


def run(ending: str, stuck: float) -> tuple[float, subprocess.CompletedProcess[str]]:
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-c", SCRIPT.format(stuck=stuck), ending], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    return time.monotonic() - started, done


@pytest.mark.parametrize(("ending", "code"), [("stopped", 0), ("error", 1)])
def test_the_end_does_not_wait_for_a_stuck_lookup(ending: str, code: int) -> None:
    took, done = run(ending, STUCK)
    assert took < STUCK / 2, f"waited {took:.1f} s for the lookup"
    assert done.returncode == code, done.stderr
    assert ("error: cannot reach Discord" in done.stderr) == (ending == "error")
    assert "Traceback" not in done.stderr


def test_a_lookup_that_ends_in_time_is_waited_for() -> None:
    took, done = run("error", 0.5)
    assert done.returncode == 1 and done.stderr.strip() == "error: cannot reach Discord"
    assert took >= 0.5
