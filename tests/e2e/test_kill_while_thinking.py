"""The real bot killed with SIGKILL while a hard computer thinks leaves no process behind (issue 30,
item 4: an OOM kill or a supervisor's hard stop used to leave a 44–50 MB worker per kill).

``python -m bot`` runs against the emulator with one worker process and a long think budget;
Alice plays Master Islands against a hard computer until a process of the bot's is busy thinking
(its CPU time grows), then the bot is killed with SIGKILL: every process it had started must end
by itself within a few seconds."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
from pathlib import Path
from typing import Any

from tests.e2e.emulator import DiscordSim, Emulator
from tests.e2e.test_play_helpers import add_computer, last_public, turn_ending
from tests.e2e.test_play_shards import QUIET, BotProcess, until

THINK_SECONDS = 30  # the computer is still thinking when it is killed
GONE_WITHIN = 15.0
BUSY = 0.03  # CPU seconds in 0.1 s: thinking (the clock counts in ticks of 10 ms)
TICKS = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    """/proc/PID/stat's fields after the command name (None: gone, or a zombie)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    fields = text[text.rindex(")") + 2:].split()
    return None if fields[0] == "Z" else fields


def descendants(pid: int) -> set[int]:
    """Every living process under ``pid`` (children, their children …)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (fields := _stat(int(entry))) is not None:
            parents[int(entry)] = int(fields[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def cpu_seconds(pid: int) -> float:
    fields = _stat(pid)
    return 0.0 if fields is None else (int(fields[11]) + int(fields[12])) / TICKS


async def kill_while_thinking(proc: asyncio.subprocess.Process) -> tuple[int, set[int]]:
    """SIGKILL ``proc`` as soon as a process under it runs (uses CPU between two looks 0.1 s
    apart: an idle worker uses none); that process and all of ``proc``'s at that moment."""
    last: dict[int, float] = {}
    while True:
        now = {p: cpu_seconds(p) for p in descendants(proc.pid)}
        busy = [p for p, used in now.items() if p in last and used - last[p] >= BUSY]
        if busy:
            processes = descendants(proc.pid)
            proc.send_signal(signal.SIGKILL)
            return busy[0], processes
        last = now
        await asyncio.sleep(0.1)


async def plays_on(sim: DiscordSim, alice: Any) -> None:
    """Alice moves whenever the latest table post says it is her turn (a turn-ending move when
    offered), so the computer keeps getting turns to think about."""
    while True:
        post = last_public(sim).content
        if f"<@{alice.id}>" in post or f"**{alice.name.title()}** moves again." in post:
            values = [c["value"] for c in await sim.autocomplete(alice, "move", text="")]
            await sim.slash(alice, "move", move=turn_ending(values))
        await asyncio.sleep(0.05)


async def test_sigkill_while_a_hard_computer_thinks_leaves_no_process(
    discord_sim: DiscordSim, discord_env: Emulator, tmp_path: Path
) -> None:
    sim = discord_sim
    sim.quiet = QUIET
    bot = BotProcess(discord_env, None, str(tmp_path / "tablee.db"), tmp_path,
                     computer=f"workers = 1\nthink_seconds = {THINK_SECONDS}")
    await bot.start()
    left: set[int] = set()
    try:
        proc = bot._proc
        assert proc is not None
        alice = sim.user("alice")
        lobby = await sim.slash(alice, "play master-islands")
        await add_computer(sim, alice, lobby, level="hard")
        await sim.click(alice, lobby, label="Start")
        await until(lambda: "started" in lobby.content)
        player = asyncio.create_task(plays_on(sim, alice))
        try:
            worker, left = await asyncio.wait_for(kill_while_thinking(proc), 120)
        except TimeoutError:
            raise AssertionError("the hard computer never started thinking:\n"
                                 + "".join(bot.lines)) from None
        finally:
            player.cancel()
            with contextlib.suppress(BaseException):
                await player
        assert worker in left
        # Not proc.wait(): on Python 3.11 it also waits for the pipes to close, and a worker left
        # running keeps the bot's stderr open.
        loop = asyncio.get_running_loop()
        limit = loop.time() + GONE_WITHIN
        while _stat(proc.pid) is not None and loop.time() < limit:
            await asyncio.sleep(0.05)
        assert _stat(proc.pid) is None, "the bot outlived SIGKILL"
        while (alive := {p for p in left if _stat(p) is not None}) and loop.time() < limit:
            await asyncio.sleep(0.1)
        assert not alive, (f"{len(alive)} of the bot's {len(left)} processes still running "
                           f"{GONE_WITHIN:.0f} s after it was killed")
    finally:
        for pid in left:
            if _stat(pid) is not None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        await bot.stop()
