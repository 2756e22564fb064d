"""The per-channel lock maps stay bounded (issue 17, item 7): 1,000 refused /move-like calls in
empty channels (and as many posters' channel closes) leave no lock behind (10,000 with
--runslow: one lock kept per call would show after the first), while two users of one channel
still share one lock."""

from __future__ import annotations

import asyncio

import pytest

from bot.adapter.posting.poster import Poster
from bot.adapter.posting.threads import TableThreads
from bot.adapter.rooms import LAYOUT
from bot.service import Services
from bot.service.errors import NoTable
from bot.service.locks import ChannelLocks

CALLS = [1_000, pytest.param(10_000, marks=pytest.mark.slow)]
"""How many channels: every call that kept its lock would count, so a thousand show a leak."""


@pytest.mark.parametrize("calls", CALLS)
async def test_refused_moves_in_empty_channels_leave_no_locks(host: Services, calls: int) -> None:
    for channel in range(1, calls + 1):
        with pytest.raises(NoTable):
            await host.moves.play(channel, 1, "pass")
    assert len(host.context.locks) == 0
    print(f"{calls} refused calls: {len(host.context.locks)} host locks kept")


@pytest.mark.parametrize("calls", CALLS)
async def test_poster_closes_in_many_channels_leave_no_locks(host: Services, calls: int) -> None:
    threads = TableThreads(None, host, rematch_seconds=300,  # type: ignore[arg-type]
                           layout=LAYOUT)
    client = Dispatches()
    poster = Poster(client=client, service=host,  # type: ignore[arg-type]
                    threads=threads, layout=LAYOUT)
    for channel in range(1, calls + 1):
        await poster.close_table(channel, [])
    assert len(poster._locks) == 0
    assert client.events == [("table_ended", c) for c in range(1, calls + 1)]  # each close told


class Dispatches:
    """The one thing a poster asks of its client when a table closes: to dispatch the event
    (the tournament room listens to it)."""

    def __init__(self) -> None:
        self.events: list[tuple[str, int]] = []

    def dispatch(self, event: str, *args: int) -> None:
        self.events.append((event, *args))


async def test_one_channel_one_lock_while_in_use() -> None:
    locks = ChannelLocks()
    order: list[str] = []

    async def hold(name: str) -> None:
        async with locks(7):
            order.append(f"{name} in")
            await asyncio.sleep(0.01)
            order.append(f"{name} out")

    await asyncio.gather(hold("a"), hold("b"), hold("c"))
    assert order == ["a in", "a out", "b in", "b out", "c in", "c out"]  # never interleaved
    assert len(locks) == 0
