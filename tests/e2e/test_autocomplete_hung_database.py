"""/move suggestions answer within Discord's 3 s while PostgreSQL hangs (issue 30, item 8).

The bot runs against the real PostgreSQL through a TCP proxy that can stop forwarding bytes while
keeping every connection open: the server "stops answering", as in the probe. The emulator fails
any interaction not acknowledged within 3 s, so a suggestion list waiting on the hung database
fails the test; the bounded one answers with no suggestions, and with the moves again once the
database answers."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

import pytest

from tests.e2e.test_play_helpers import Tablee, assert_all_requests_valid, lobby_of, to_move
from tests.pg import fresh_schema
from tests.pg_proxy import Proxy, proxied


@pytest.fixture
async def hung(discord_sim: Any) -> AsyncIterator[tuple[Tablee, Proxy]]:
    async with fresh_schema() as url, proxied(url) as (proxy, target):
        app = Tablee(discord_sim, target)  # type: ignore[arg-type]
        try:
            await app.start()
            yield app, proxy
        finally:
            proxy.resume()
            with contextlib.suppress(Exception):
                await app.close()
    assert_all_requests_valid(discord_sim)


async def test_move_suggestions_answer_in_time_while_postgresql_hangs(
    discord_sim: Any, hung: tuple[Tablee, Proxy], caplog: pytest.LogCaptureFixture
) -> None:
    sim = discord_sim
    _app, proxy = hung
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game="master-islands")
    mover = to_move(sim, users)
    assert await sim.autocomplete(mover, "move", text="")  # suggestions while it answers
    proxy.hang()
    caplog.set_level(logging.WARNING)
    # sim.autocomplete fails the test if the answer is later than Discord's 3 s.
    assert await sim.autocomplete(mover, "move", text="") == []
    asked = sim.last_interaction
    assert asked.acked_at is not None and asked.acked_at - asked.dispatched_at < 3
    assert any("suggestions" in r.getMessage() for r in caplog.records)
    proxy.resume()
    assert await sim.autocomplete(mover, "move", text="")  # and again once it answers
