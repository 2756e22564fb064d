"""Shard leases (issue 30, item 6) on both databases: a second process for shards a live one
holds is refused with the holder named; other shards of the same count are fine; a clean stop
frees them at once, a lease three renewals old is taken over (and its old holder learns it);
two processes taking the same free shard at once: exactly one gets it. The clock is injected;
the real processes: tests/e2e/test_play_leases.py."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app.lease import RENEWALS, LeaseRefused, ShardLease, ended
from bot.shards import ALL, Shards
from bot.storage.leases import Holder
from bot.storage.store import Store

EVERY = 10.0


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def stores(db_path: str) -> AsyncIterator[tuple[Store, Store]]:
    """Two processes' stores on one database."""
    first, second = await Store.open(db_path), await Store.open(db_path)
    yield first, second
    await first.close()
    await second.close()


def lease(store: Store, shards: Shards, clock: Clock) -> ShardLease:
    """One process's lease; the processes these tests stand for run on different hosts (here
    they share this one's host and pid, which :func:`ended` would take for a restart)."""
    return ShardLease(store.db, shards, EVERY, clock, gone=lambda *_: False)


def test_a_holder_of_this_host_that_is_no_longer_running_has_ended() -> None:
    me = Holder("me", "host-a", os.getpid(), 0.0)
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()  # reaped: its pid runs nothing now
    assert ended(Holder("old", "host-a", child.pid, 0.0), me)
    # the same container, started again: its previous life left its token
    assert ended(Holder("old", "host-a", me.pid, 0.0), me, "old")
    # the same host name and pid, another token: a bot in another container (--network host)
    assert not ended(Holder("other", "host-a", me.pid, 0.0), me, "old")
    assert not ended(Holder("other", "host-a", me.pid, 0.0), me)
    assert not ended(Holder("other", "host-a", os.getppid(), 0.0), me)  # running
    assert not ended(Holder("other", "host-b", child.pid, 0.0), me)  # another host's: its age


async def test_a_crashed_process_of_this_host_is_taken_over_at_once(
    stores: tuple[Store, Store], tmp_path: Path,
) -> None:
    clock = Clock()
    memo = tmp_path / "container-tmp" / "tablee.lease"
    memo.parent.mkdir()
    crashed = ShardLease(stores[0].db, ALL, EVERY, clock, memo=memo)
    await crashed.take()
    # this host, this pid, and the token the crashed one left in this container: the restart
    restarted = ShardLease(stores[1].db, ALL, EVERY, clock, memo=memo)
    await restarted.take()
    assert [held.holder.token for held in await restarted.leases.held()] == [restarted.me.token]
    assert await crashed.leases.renew(crashed.me, clock.now) == 0  # the old one learns it


async def test_two_containers_with_one_host_name_and_pid_refuse_each_other(
    stores: tuple[Store, Store], tmp_path: Path,
) -> None:
    """Issue 44, item 5: under ``--network host`` every container has the host's name and runs
    the bot as pid 1 (here: both this test's host and pid); each has its own /tmp (here: its own
    memo file). The second is refused while the first renews, and takes over only once the first's
    lease lapsed (``restore`` judges a lease with :func:`ended` and no token of its own, so a
    one-off container's restore is refused the same way: the first test's last two lines)."""
    clock = Clock()
    memos = [tmp_path / name for name in ("a.lease", "b.lease")]
    first = ShardLease(stores[0].db, ALL, EVERY, clock, memo=memos[0])
    await first.take()
    second = ShardLease(stores[1].db, ALL, EVERY, clock, memo=memos[1])
    for _restart in range(3):  # --restart unless-stopped: it tries again and again
        with pytest.raises(LeaseRefused, match=f"pid {os.getpid()}"):
            second = ShardLease(stores[1].db, ALL, EVERY, clock, memo=memos[1])
            await second.take()
        clock.now += EVERY
        assert await first.leases.renew(first.me, clock.now) == 1  # never evicted
    assert not memos[1].exists()  # a refused process leaves no token behind
    clock.now += EVERY * RENEWALS  # the first stopped renewing (its container was removed)
    await second.take()
    assert await first.leases.renew(first.me, clock.now) == 0


async def test_a_second_process_for_the_same_shards_is_refused_until_the_first_stops(
    stores: tuple[Store, Store],
) -> None:
    clock = Clock()
    running = lease(stores[0], ALL, clock)
    await running.take()
    second = lease(stores[1], ALL, clock)
    clock.now += EVERY * (RENEWALS - 1)
    assert await running.leases.renew(running.me, clock.now) == 1
    with pytest.raises(LeaseRefused) as refused:
        await second.take()
    sentence = str(refused.value)
    assert f"host {running.me.host}, pid {running.me.pid}, started 2027-01-15 08:00:00 UTC" \
        in sentence and "stop that process first" in sentence and "\n" not in sentence
    await running.release()  # a clean stop
    await second.take()
    assert [(held.shard, held.holder.token) for held in await second.leases.held()] == [
        (0, second.me.token)]


async def test_shards_of_one_count_share_a_database_and_other_counts_are_refused(
    stores: tuple[Store, Store],
) -> None:
    clock = Clock()
    await lease(stores[0], Shards(2, (0,)), clock).take()
    await lease(stores[1], Shards(2, (1,)), clock).take()
    with pytest.raises(LeaseRefused, match="shard 1 of 2"):
        await lease(stores[0], Shards(2, (1,)), clock).take()
    with pytest.raises(LeaseRefused, match=r"as 2 shards \(this process: 1\)"):
        await lease(stores[1], ALL, clock).take()  # an unsharded one would answer both
    with pytest.raises(LeaseRefused, match="as 2 shards"):
        await lease(stores[1], Shards(4, (3,)), clock).take()


async def test_a_lease_not_renewed_in_time_is_taken_over_and_its_holder_stops(
    stores: tuple[Store, Store],
) -> None:
    clock = Clock()
    killed = lease(stores[0], ALL, clock)
    await killed.take()
    later = lease(stores[1], ALL, clock)
    clock.now += EVERY * RENEWALS - 1
    with pytest.raises(LeaseRefused, match="lapses at 2027-01-15 08:00:30 UTC"):
        await later.take()
    clock.now += 1
    await later.take()
    assert await killed.leases.renew(killed.me, clock.now) == 0  # it was taken over
    killed.every = 0.01
    await asyncio.wait_for(killed.keep(), 10)  # returns: the runner stops the process


async def test_two_processes_taking_the_same_free_shard_at_once_one_gets_it(
    stores: tuple[Store, Store],
) -> None:
    clock = Clock()
    both = [lease(store, Shards(2, (0, 1)), clock) for store in stores]
    results = await asyncio.gather(*(one.take() for one in both), return_exceptions=True)
    assert sum(r is None for r in results) == 1, results
    assert all(r is None or isinstance(r, LeaseRefused) for r in results), results
    winner = both[results.index(None)]
    assert {held.holder.token for held in await winner.leases.held()} == {winner.me.token}
