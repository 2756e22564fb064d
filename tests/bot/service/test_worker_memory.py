"""The bot's memory: a lean worker process, glibc's arenas capped, the bench's honest numbers.

The worker that chooses computer moves is ``spawn``-ed: it imports only what unpickling its
function pulls in. That must be the games, not the bot (its store, renderer, Pillow, Discord) nor
asyncio: the function lives in ``games.computer``, which imports the standard library and the
games only (tests/test_layers.py)."""

from __future__ import annotations

import inspect
import json
import os
import platform
from pathlib import Path

import pytest

from benchmarks.service import peak_rss_mb
from bot.app.process import limit_malloc_arenas
from bot.service.workers import ComputerPool
from games import get_game
from games.computer import play_computers
from tests.bot.worker_probe import MODULES_FILE, play_and_list_modules

NOT_IN_A_WORKER = {"bot", "render", "PIL", "asyncio", "aiosqlite", "asyncpg", "sqlite3", "discord",
                   "aiohttp", "i18n"}


def test_the_pool_sends_its_workers_the_games_own_function() -> None:
    default = inspect.signature(ComputerPool).parameters["worker"].default
    assert default is play_computers and play_computers.__module__ == "games.computer"


async def test_a_worker_process_holds_the_games_but_not_the_bot_pillow_or_asyncio(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    listing = tmp_path / "modules.json"
    monkeypatch.setenv(MODULES_FILE, str(listing))
    game = get_game("master-islands")
    state = game.new(2, {}, 3)
    seat = game.to_move(state)[0]
    pool = ComputerPool(1, 30.0, worker=play_and_list_modules)
    try:
        [played, *_] = await pool.play(game.id, state, {seat: "easy"}, 3, 1)
        [pid] = pool.pids()
        worker_mb = peak_rss_mb(pid)
    finally:
        await pool.close()
    assert played.seat == seat and played.move in game.legal(state, seat)
    modules = set(json.loads(listing.read_text(encoding="utf-8")))
    assert {"games.master_islands", "games.computer"} <= modules
    assert not [m for m in modules if m.split(".")[0] in NOT_IN_A_WORKER]
    assert pid != os.getpid() and worker_mb is not None and worker_mb > 0
    print(f"worker peak RSS {worker_mb} MB, {len(modules)} modules")


def test_peak_rss_is_this_processs_high_water_mark_and_none_for_no_process() -> None:
    with open("/proc/self/status") as status:
        now_kb = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    assert (peak_rss_mb() or 0) >= round(now_kb / 1024, 1) - 0.1
    assert peak_rss_mb(2**22 + 12345) is None  # above Linux's largest pid


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's malloc only")
def test_malloc_arenas_capped_on_glibc_unless_the_environment_says_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert limit_malloc_arenas() is True
    monkeypatch.setenv("MALLOC_ARENA_MAX", "4")
    assert limit_malloc_arenas() is False
