"""Issue 38 item 2, storage side, on a real SQLite file and a real PostgreSQL: a game whose
thread was deleted moves to its channel with its clock (the scheduler times it there), its
post of the dead thread forgotten but not its version (the next post shows only what the last
one did not), and plays on there."""

from __future__ import annotations

from bot.service import Services
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.drive import play_first_legal
from tests.bot.toy import TOY_ID

THREAD = 7_001  # the lobby post's id, then its thread's
POST = 7_050  # a table post in the thread


async def test_a_game_moved_out_of_its_deleted_thread_keeps_its_clock_and_plays_on(
    host: Services,
) -> None:
    await host.lobbies.create_lobby(THREAD, GUILD, TOY_ID, {}, ALICE, "Alice", seed=3, speed="live",
                            parent_id=CHANNEL)
    await host.lobbies.join(THREAD, BOB, "Bob")
    started = await host.lobbies.start(THREAD, ALICE)
    await host.ledger.set_post(THREAD, POST, started.table.version)
    assert await play_first_legal(host, THREAD) is not None
    before = await host.store.tables.get_table(THREAD)
    assert before is not None and before.id is not None and before.version > before.post_version
    assert (await host.store.clocks.get_clock(before.id)).channel_id == THREAD

    moved = await host.lobbies.move_to_channel(THREAD)
    assert moved.channel_id == CHANNEL and moved.parent_id is None and moved.status == "playing"
    assert await host.views.table(THREAD) is None
    row = await host.store.tables.get_table(CHANNEL)
    assert row is not None and row.id == before.id and row.state == before.state
    assert row.post_message_id is None and row.post_version == before.post_version
    assert (await host.store.clocks.get_clock(row.id)).channel_id == CHANNEL
    assert await play_first_legal(host, CHANNEL) is not None  # it plays on in the channel
