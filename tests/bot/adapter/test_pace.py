"""The bot's own-token requests paced under Discord's global limit (bot/adapter/kit/pace.py)."""

from __future__ import annotations

import asyncio
from typing import Any

import discord
import pytest

from bot.adapter.kit.pace import (
    GLOBAL_BUDGET,
    GLOBAL_LIMIT,
    GlobalPace,
    Unreachable,
    pace,
    share,
)


class Clock:
    """Virtual time: sleeping moves it on."""

    def __init__(self) -> None:
        self.t = 1000.0

    def now(self) -> float:
        return self.t

    async def sleep(self, seconds: float) -> None:
        self.t += seconds


async def test_a_burst_goes_out_at_the_limit_never_faster() -> None:
    clock = Clock()
    limit = GlobalPace(45.0, now=clock.now, sleep=clock.sleep)
    times = []
    for _ in range(200):
        await limit.turn()
        times.append(clock.t)
    # A tenth of a second's worth at once (4.5: 4 whole), then one every 1/45 s.
    assert times[3] == times[0] < times[4]
    assert times[-1] - times[0] == pytest.approx((200 - 4.5) / 45.0)
    for i in range(len(times)):  # no window of one second holds more than 1.1 x 45 starts
        assert sum(1 for t in times[i:] if t < times[i] + 1.0) <= 49.5 < GLOBAL_LIMIT
    assert limit.waited == pytest.approx((200 - 4.5) / 45.0)


async def test_an_idle_bucket_fills_up_to_one_second_only() -> None:
    clock = Clock()
    limit = GlobalPace(10.0, now=clock.now, sleep=clock.sleep)
    for _ in range(10):
        await limit.turn()
    clock.t += 3600  # an idle hour saves no more than a tenth of a second's worth (1 here)
    start = clock.t
    for _ in range(21):
        await limit.turn()
    assert clock.t - start == pytest.approx(2.0)


async def test_turns_are_taken_in_the_order_asked() -> None:
    clock = Clock()
    limit = GlobalPace(1000.0, now=clock.now, sleep=clock.sleep)
    order: list[int] = []

    async def ask(i: int) -> None:
        await limit.turn()
        order.append(i)

    await asyncio.gather(*(ask(i) for i in range(2000)))
    assert order == list(range(2000))


def test_each_process_gets_its_shards_share_below_discords_limit() -> None:
    assert share(1, 1) == GLOBAL_BUDGET < GLOBAL_LIMIT
    assert share(2, 4) == GLOBAL_BUDGET / 2
    assert sum(share(1, 4) for _ in range(4)) == pytest.approx(GLOBAL_BUDGET)


async def test_every_request_of_the_bots_http_client_waits_its_turn() -> None:
    clock = Clock()
    limit = GlobalPace(2.0, now=clock.now, sleep=clock.sleep)
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    sent: list[tuple[str, float]] = []

    async def request(route: discord.http.Route, **kwargs: Any) -> str:
        sent.append((route.path, clock.t))
        return "ok"

    http.request = request  # type: ignore[method-assign]  # what the network would do
    pace(http, limit)
    for _ in range(4):
        assert await http.request(discord.http.Route("GET", "/users/@me")) == "ok"
    assert [t for _p, t in sent] == [1000.0, 1000.5, 1001.0, 1001.5]


async def test_a_request_about_a_barred_channel_never_leaves() -> None:
    """Where only interactions may post (a group DM, a server without the bot), the bot's own
    token is refused before the request goes; other channels, and requests naming none, go."""
    clock = Clock()
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    sent: list[str] = []

    async def request(route: discord.http.Route, **kwargs: Any) -> str:
        sent.append(route.path)
        return "ok"

    http.request = request  # type: ignore[method-assign]  # what the network would do
    barred: set[int] = set()
    pace(http, GlobalPace(100.0, now=clock.now, sleep=clock.sleep), barred)
    post = "/channels/{channel_id}/messages"
    assert await http.request(discord.http.Route("POST", post, channel_id=7)) == "ok"
    barred.add(7)  # read at each request: a table opened there since
    with pytest.raises(Unreachable) as refused:
        await http.request(discord.http.Route("POST", post, channel_id=7))
    assert refused.value.channel_id == 7
    with pytest.raises(Unreachable):
        await http.request(discord.http.Route(
            "PATCH", "/channels/{channel_id}/messages/{message_id}", channel_id=7, message_id=1))
    assert await http.request(discord.http.Route("POST", post, channel_id=8)) == "ok"
    assert await http.request(discord.http.Route("POST", "/users/@me/channels")) == "ok"
    assert sent == ["/channels/{channel_id}/messages"] * 2 + ["/users/@me/channels"]
