"""The garbage collector is settled once the bot is up: start-up's objects leave collections."""

from __future__ import annotations

import asyncio
import gc

import pytest

from bot.app.process import settle_garbage_collector
from bot.app.runner import settle_when_resumed


@pytest.fixture
def unfrozen():
    yield
    gc.unfreeze()  # the test process goes on collecting as before


def test_settling_freezes_what_lives_now_and_leaves_new_objects_collectable(unfrozen) -> None:
    kept = [[n] for n in range(1000)]  # tracked objects alive at start-up
    assert gc.get_freeze_count() == 0
    frozen = settle_garbage_collector()
    assert frozen >= len(kept) and gc.get_freeze_count() > 0
    collected = {id(o) for o in gc.get_objects()}  # what collections still walk
    assert not any(id(k) in collected for k in kept)
    cycle: list[object] = []
    cycle.append(cycle)  # garbage made after start-up is still collected
    assert id(cycle) in {id(o) for o in gc.get_objects()}
    del cycle
    assert gc.collect() >= 1


async def test_the_runner_settles_only_once_the_tables_are_resumed(unfrozen) -> None:
    resumed = asyncio.Event()
    settling = asyncio.get_running_loop().create_task(settle_when_resumed(resumed))
    await asyncio.sleep(0.05)
    assert not settling.done() and gc.get_freeze_count() == 0
    resumed.set()
    assert await settling > 0 and gc.get_freeze_count() > 0
