"""A move stored just before the database fails is answered as played, and the table goes on by
itself once the database is back (issue 30, items 1 and 2), seen in Discord through the real
discord.py client: another connection takes the SQLite write lock right after Alice's move is
stored, so the computer's answer and the post's bookkeeping meet a busy database."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.storage.errors import BUSY
from tests.bot.toy import TOY_ID, toy_game
from tests.e2e.test_play_helpers import (
    assert_all_requests_valid,
    lobby_of,
    running_tablee,
    table_post,
)
from tests.outage import SQLiteLock

CATCH_UP = 30  # seconds: the bound on the catch-up once the database is back (loaded machine)
APOLOGY = "Sorry, something went wrong"


async def _move_of(app: Any, channel_id: int, user: Any) -> str:
    entries = await app.bot.service.views.legal_moves(channel_id, user.id)
    assert entries, f"{user.name} has no legal move"
    return entries[0].move


async def _until(condition: Any, what: str) -> None:
    """Until ``condition()`` holds, within :data:`CATCH_UP` seconds."""
    loop = asyncio.get_running_loop()
    limit = loop.time() + CATCH_UP
    while not condition():
        assert loop.time() < limit, f"not within {CATCH_UP} s: {what}"
        await asyncio.sleep(0.05)


async def test_a_stored_move_is_played_and_the_computer_follows_after_the_database_is_back(
    discord_sim: Any, toy_tablee: Any
) -> None:
    sim = discord_sim
    alice = sim.user("alice")
    await lobby_of(sim, alice, [], computers=1, game="toy-rounds")  # the computer may open
    channel = sim.general.id
    turn = f"<@{alice.id}>, your turn"
    assert turn in table_post(sim).content
    move = await _move_of(toy_tablee, channel, alice)
    lock = SQLiteLock(str(toy_tablee.db))
    lock.after_commit(toy_tablee.bot.service.store)
    try:
        reply = await sim.slash(alice, "move", move=move)
        assert lock.down  # the database was busy from right after the move
        assert reply.ephemeral and reply.content == f"You played `{move}`."
        said = [m.content for m in sim.visible_to(alice) if m.visible_only_to is alice]
        assert not any(BUSY in text or APOLOGY in text for text in said), said
        waiting = table_post(sim)  # the move's post went out; the computer has not answered
        assert "Alice" in waiting.content and "played" in waiting.content
        assert turn not in waiting.content
    finally:
        lock.restore()
    # Back: no restart, nobody presses anything; the computer moves and its post goes out.
    await _until(lambda: turn in table_post(sim).content, "the computer's move posted")
    answered = table_post(sim)
    assert answered.id != waiting.id and "Computer" in answered.content
    row = await toy_tablee.bot.service.store.tables.get_table(channel)
    logged = await toy_tablee.bot.service.store.log.moves(row.id)
    assert [e.move for e in logged if e.user_id == alice.id] == [move]  # stored once
    again = await _move_of(toy_tablee, channel, alice)
    reply = await sim.slash(alice, "move", move=again)
    assert reply.content == f"You played `{again}`."


async def test_a_post_whose_bookkeeping_failed_stands_and_the_next_post_sets_it_right(
    discord_sim: Any, toy_tablee: Any
) -> None:
    """Two people: the move and its outcome are stored and read, the post goes out, then
    telling the service about the post meets the busy database. Alice is told she played; the
    next post retires hers and is recorded as the table's post."""
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game="toy-rounds")
    channel = sim.general.id
    first = next(u for u in users.values() if f"<@{u.id}>, your turn" in table_post(sim).content)
    second = bob if first is alice else alice
    move = await _move_of(toy_tablee, channel, first)
    lock = SQLiteLock(str(toy_tablee.db))
    lock.after_commit(toy_tablee.bot.service.store)
    try:
        reply = await sim.slash(first, "move", move=move)
        assert lock.down
        assert reply.content == f"You played `{move}`."
        unrecorded = table_post(sim)
        assert f"<@{second.id}>, your turn" in unrecorded.content
    finally:
        lock.restore()
    row = await toy_tablee.bot.service.store.tables.get_table(channel)
    assert row.post_message_id != unrecorded.id  # the bookkeeping did fail
    answer = await _move_of(toy_tablee, channel, second)
    reply = await sim.slash(second, "move", move=answer)
    assert reply.content == f"You played `{answer}`."
    latest = table_post(sim)
    assert latest.id != unrecorded.id and not unrecorded.labels  # retired: no buttons left
    row = await toy_tablee.bot.service.store.tables.get_table(channel)
    assert row.post_message_id == latest.id and row.post_version == row.version


@pytest.fixture
async def cards_tablee(discord_sim: Any, tmp_path: Path) -> AsyncIterator[Any]:
    """The bot offering the test-only card game whose moves show a value once (registered
    before it starts, as any game is offered)."""
    toy_game()
    async with running_tablee(discord_sim, tmp_path) as app:
        yield app
    assert_all_requests_valid(discord_sim)


async def test_a_value_shown_by_a_post_whose_bookkeeping_failed_is_still_edited_away(
    discord_sim: Any, cards_tablee: Any
) -> None:
    """A post showing a value once (a transient line: the toy's "psst"), whose bookkeeping met
    the busy database: the poster keeps its value-free text, and the next post edits the value
    away as it would have from the database."""
    toy_tablee = cards_tablee
    sim = discord_sim
    alice, bob = sim.user("alice"), sim.user("bob")
    users = {alice.id: alice, bob.id: bob}
    await lobby_of(sim, alice, [bob], game=TOY_ID, chatty="yes")
    channel = sim.general.id
    first = next(u for u in users.values() if f"<@{u.id}>, your turn" in table_post(sim).content)
    second = bob if first is alice else alice
    lock = SQLiteLock(str(toy_tablee.db))
    lock.after_commit(toy_tablee.bot.service.store)
    try:
        reply = await sim.slash(first, "move", move=await _move_of(toy_tablee, channel, first))
        assert lock.down and reply.content.startswith("You played")
        showing = table_post(sim)
        assert "psst" in showing.content
    finally:
        lock.restore()
    assert await toy_tablee.bot.service.store.sent_posts.transient_posts(channel) == {}  # not stored
    await sim.slash(second, "move", move=await _move_of(toy_tablee, channel, second))
    assert table_post(sim).id != showing.id
    assert "psst" not in showing.content and not showing.labels  # the value edited away
