"""Issue 38 item 2: the back-off of tables whose post Discord refuses
(:mod:`bot.adapter.posting.stuck`), on simulated time: one table backs off and gives up; a thread
reopened tries at once; however many tables are stuck, their failed tries stay within the
budget per 10 minutes (Discord restricts an address at 10,000 invalid requests)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.adapter.posting.stuck import Backoff, StuckPosts, ThreadLocked
from bot.service import Services
from bot.service.results import TableInfo
from tests.bot.conftest import GUILD

POLICY = Backoff()


class Time:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def timed(tmp_path: Path) -> AsyncIterator[tuple[StuckPosts, Time, Services]]:
    time = Time()
    service = await Services.open(str(tmp_path / "t.db"), clock=time)
    try:
        yield StuckPosts(service, POLICY), time, service
    finally:
        await service.close()


def table(channel_id: int) -> TableInfo:
    return TableInfo(channel_id=channel_id, guild_id=GUILD, game_id="toy", game_name="Toy",
                     options={}, status="playing", host_id=1, seats=[], version=2,
                     parent_id=GUILD + 1)


def run(stuck: StuckPosts, time: Time, service: Services, seconds: float) -> list[float]:
    """``seconds`` of the scheduler: each table the service says is due
    (:class:`~bot.service.followup.Behind`, as ``catch_up`` reads it) is posted, unless held,
    and refused again. The moments of the failed tries."""
    behind = service.context.behind
    tries = []
    end = time.now + seconds
    while (at := behind.next_at()) is not None and at < end:
        time.now = max(time.now, at)
        for channel_id, marks, _repost in behind.due(time.now):
            behind.settled(channel_id, marks)
            if not stuck.hold(channel_id):
                stuck.failed(table(channel_id), ThreadLocked(channel_id))
                tries.append(time.now)
    time.now = end
    return tries


async def test_one_table_backs_off_gives_up_and_tries_again_when_its_thread_reopens(
    timed: tuple[StuckPosts, Time, Services],
) -> None:
    stuck, time, service = timed
    start = time.now
    assert stuck.failed(table(1), ThreadLocked(1))  # the first refusal: tell the players
    tries = [t - start for t in run(stuck, time, service, 600)]
    assert tries == [2, 6, 14, 30, 62, 126, 254, 510]  # 2 s, doubling, then it gave up
    assert service.context.behind.next_at() is None  # nothing more is tried by itself
    assert stuck.hold(1)  # a move played now waits out the pause, then is tried once
    assert [t - start for t in run(stuck, time, service, 3000)] == [510 + POLICY.pause]
    assert stuck.reopened(1) and not stuck.hold(1)  # THREAD_UPDATE: try now
    assert not stuck.failed(table(1), ThreadLocked(1))  # told once, not again
    assert stuck.hold(1)  # refused again: it gives up again at once
    stuck.posted(1)
    assert 1 not in stuck and not stuck.hold(1)


@pytest.mark.parametrize("tables", [20, 1000])
async def test_however_many_tables_are_stuck_their_tries_stay_within_the_budget(
    timed: tuple[StuckPosts, Time, Services], tables: int
) -> None:
    stuck, time, service = timed
    channels = list(range(1, tables + 1))
    for channel_id in channels:  # each table's first refusal: a move played there
        stuck.failed(table(channel_id), ThreadLocked(channel_id))
    tries = run(stuck, time, service, 3600)
    start = time.now - 3600
    worst = max(sum(1 for t in tries if s <= t < s + POLICY.window)
                for s in range(int(start), int(start + 3600 - POLICY.window), 10))
    assert worst <= POLICY.budget
    assert len(tries) <= tables * POLICY.tries  # each gives up in the end
