"""A PostgreSQL server that stops answering (issue 30, item 8): the server still accepts
connections but answers nothing (a TCP proxy that stops forwarding, :mod:`tests.bot.pg_proxy`).
Every request then gets the storage's own sentence within a few seconds, never a driver error
(the generic apology) and never a wait as long as the hang; once one request found the server
silent, the later ones are told at once; once the server answers again the store works within a
few seconds, and closing the store during a hang ends within its bound."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable
from dataclasses import replace

import pytest

from bot.storage import MoveEntry, Store, TableRow
from bot.storage.errors import MAYBE_SAVED, UNREACHABLE, Unavailable
from bot.storage.postgres import CLOSE_TIMEOUT, COMMAND_TIMEOUT, CONNECT_WAIT, RELEASE_TIMEOUT
from bot.storage.rows import ClockRow
from tests.pg_proxy import Proxy, silent_store, toy_table

BOUND = COMMAND_TIMEOUT + CONNECT_WAIT + RELEASE_TIMEOUT + 4.0
"""The longest a request may take during the hang: one statement's timeout, a connection, a
release, and room for a loaded machine. The hang itself lasts as long as the test wants."""


@pytest.fixture
async def silent() -> AsyncIterator[tuple[Proxy, Store]]:
    async with silent_store() as both:
        yield both


def _move(store: Store, row: TableRow) -> Awaitable[None]:
    entry = MoveEntry(version=row.version + 1, seat=1, move="draw", user_id=7, lines=["Ann."])
    return store.tables.update_table(replace(row, version=row.version + 1), row.version, [entry])


async def _timed(request: Awaitable[object]) -> tuple[float, BaseException | None]:
    started = time.monotonic()
    try:
        await request
    except Exception as exc:
        return time.monotonic() - started, exc
    return time.monotonic() - started, None


async def _all_said_in_time(requests: list[Awaitable[object]]) -> list[float]:
    """Run ``requests`` at once: each must end within BOUND with the storage's sentence."""
    tasks = [asyncio.ensure_future(_timed(r)) for r in requests]
    done, pending = await asyncio.wait(tasks, timeout=BOUND * 2)
    for task in pending:
        task.cancel()
    assert not pending, f"{len(pending)} of {len(tasks)} requests still waiting after {BOUND * 2} s"
    results = [task.result() for task in tasks]
    for waited, exc in results:
        assert isinstance(exc, Unavailable), f"not the storage's sentence: {exc!r}"
        assert exc.message in (UNREACHABLE, MAYBE_SAVED)  # a write sent may have been stored
        assert waited < BOUND, f"answered after {waited:.1f} s"
    return [waited for waited, _ in results]


async def _answering(store: Store) -> None:
    """Return once the store reaches the server again (a probe does, within BOUND)."""
    deadline = time.monotonic() + BOUND
    while True:
        try:
            await store.prefs.dm_enabled(1)
            return
        except Unavailable:
            assert time.monotonic() < deadline, "the store never found the server again"
            await asyncio.sleep(0.1)


async def test_a_silent_server_gets_the_storage_sentence_in_time(
        silent: tuple[Proxy, Store]) -> None:
    proxy, store = silent
    a, b, c = await toy_table(store, 201), await toy_table(store, 202), await toy_table(store, 204)
    await _move(store, a)  # the pool's connections are open and used
    a = replace(a, version=2)
    proxy.hang()
    first = await _all_said_in_time([
        _move(store, a), _move(store, b), store.tables.get_table(201),
        store.tables.set_post(201, 5, 2), store.clocks.put_clock(ClockRow(b.id or 0, 202, 1, seat=1,
                                                            started=1.0, deadline=2.0)),
        store.prefs.set_dm_enabled(7, True), store.prefs.dm_enabled(7), store.log.moves(a.id or 0),
        store.tables.close_table(c, c.version, [], None),  # a transaction of several statements
    ])
    # Later requests, some for the same tables, do not wait for the whole hang either.
    later = await _all_said_in_time([_move(store, a), store.tables.get_table(202),
                                     store.sent_posts.add_transient_post(201, 6, "hidden")])
    print(f"silent server: storage sentence after {max(first):.1f} s (first wave), "
          f"{max(later):.1f} s (later)")
    assert max(later) < 1.0  # the silence is known: told at once, not waited out again
    proxy.resume()
    await _answering(store)
    # What the silent server had been sent it may still run once it answers (a statement the
    # client gave up on can commit: as over any network): the store works from what is stored.
    now = await store.tables.get_table(201)
    assert now is not None
    await _move(store, now)
    assert (await store.tables.get_table(201)).version == now.version + 1  # type: ignore[union-attr]
    logged = [m.version for m in await store.log.moves(a.id or 0)]
    assert logged == list(range(2, now.version + 2))


async def test_closing_the_store_during_a_hang_ends_in_time(silent: tuple[Proxy, Store]) -> None:
    proxy, store = silent
    await toy_table(store, 203)
    proxy.hang()
    stuck = asyncio.ensure_future(_timed(store.tables.get_table(203)))
    await asyncio.sleep(0.1)  # a request is in flight on a silent connection
    waited, _ = await _timed(asyncio.wait_for(store.close(), CLOSE_TIMEOUT + BOUND * 2))
    assert waited < CLOSE_TIMEOUT + BOUND, f"close took {waited:.1f} s"
    said_after, exc = await stuck
    assert isinstance(exc, Unavailable) and said_after < BOUND, (said_after, exc)
