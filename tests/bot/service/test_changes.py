"""Changes (bot/service/changes.py): every commit of a table rings it, through the real service
on a real SQLite file, so the live page's hub wakes for lobbies, moves, Undo and the end alike."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import Services
from bot.service.changes import Changes
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.drive import play_first_legal

pytestmark = pytest.mark.sqlite_only


async def _after(host: Services, version: int, change) -> int:
    """Start waiting at ``version``, make ``change``, return what the waiter woke with."""
    waiter = asyncio.create_task(host.changes.wait(CHANNEL, version, timeout=30))
    await asyncio.sleep(0)  # the waiter is waiting before the change
    assert not waiter.done()
    await change()
    return await asyncio.wait_for(waiter, 30)


async def test_every_commit_wakes_the_waiters(host: Services) -> None:
    lobby = await host.lobbies.create_lobby(CHANNEL, GUILD, "master-islands", {}, ALICE, "Alice", seed=3)
    assert host.changes.newest(CHANNEL) == lobby.version
    joined = await _after(host, lobby.version, lambda: host.lobbies.join(CHANNEL, BOB, "Bob"))
    assert joined == (await host.views.require_table(CHANNEL)).version > lobby.version
    started = await _after(host, joined, lambda: host.lobbies.start(CHANNEL, ALICE))
    assert started == (await host.views.require_table(CHANNEL)).version > joined
    moved = await _after(host, started, lambda: play_first_legal(host, CHANNEL))
    assert moved == (await host.views.require_table(CHANNEL)).version == started + 1
    # Taking the move back is a commit too.
    seats = (await host.views.require_table(CHANNEL)).seats
    mover = [s.user_id for s in seats if s.user_id and await host.moves.can_undo(CHANNEL, s.user_id)]
    assert mover, "the first move of this seed can be taken back"
    undone = await _after(host, moved, lambda: host.moves.undo(CHANNEL, mover[0], version=moved))
    assert undone == moved + 1
    # The end of the game (the table leaves the channel) rings with the version after.
    ended = await _after(host, undone, lambda: host.lobbies.abandon(CHANNEL, ALICE, is_admin=True))
    assert ended == undone + 1 and await host.views.table(CHANNEL) is None
    assert host.changes.waiting() == 0


async def test_a_version_stored_before_the_wait_is_not_missed_and_timeouts_return() -> None:
    changes = Changes()
    assert await changes.wait(5, 0, timeout=0.01) == 0  # nothing: the timeout
    changes.notify(5, 3)
    assert await changes.wait(5, 2, timeout=30) == 3  # already newer: at once
    assert await changes.wait(5, 3, timeout=0.01) == 3  # nothing since 3
    # A new table in the channel starts again lower: still a change.
    waiter = asyncio.create_task(changes.wait(5, 3, timeout=30))
    await asyncio.sleep(0)
    changes.notify(6, 9)  # another table does not wake it
    await asyncio.sleep(0)
    assert not waiter.done()
    changes.notify(5, 1)
    assert await waiter == 1 and changes.waiting() == 0
