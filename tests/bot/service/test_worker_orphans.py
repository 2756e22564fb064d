"""Computer-player workers outlive nothing (issue 30, items 4 and 5): when the bot's process is
killed with SIGKILL (an OOM kill, a supervisor's hard stop) its worker ends by itself, and Ctrl+C
(SIGINT to the whole process group) leaves no KeyboardInterrupt traceback from the worker."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PROBE = [sys.executable, "-m", "tests.bot.orphan_probe"]


def alive(pid: int) -> bool:
    """Running (a zombie waiting for a reaper counts as gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


def start_probe() -> tuple[subprocess.Popen[str], list[int]]:
    proc = subprocess.Popen(PROBE, cwd=ROOT, text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    assert proc.stdout is not None
    pids = [int(p) for p in proc.stdout.readline().split()]
    assert pids and all(alive(p) for p in pids), proc.stderr.read() if proc.stderr else ""
    return proc, pids


def test_a_worker_ends_when_its_bot_is_killed() -> None:
    proc, pids = start_probe()
    try:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=10)
        limit = time.monotonic() + 10
        while any(alive(p) for p in pids) and time.monotonic() < limit:
            time.sleep(0.1)
        assert not [p for p in pids if alive(p)], "worker still running after its bot was killed"
    finally:
        for pid in pids:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_ctrl_c_prints_no_traceback_from_the_worker() -> None:
    proc, pids = start_probe()
    try:
        time.sleep(1)  # the worker now waits for work, where Ctrl+C used to interrupt it
        os.killpg(proc.pid, signal.SIGINT)  # what the terminal sends on Ctrl+C
        _, err = proc.communicate(timeout=30)
        assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
        assert proc.returncode == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        for pid in pids:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)
