"""Issue 26, the service and storage side of tables in threads, on a real SQLite file and a
real PostgreSQL: lobbies keyed by their post's id (many in one channel), what a channel holds,
a thread lobby moved to its channel when no thread can be made, a rematch remembering the
summary's channel, and each server's choice of place."""

from __future__ import annotations

import pytest

from bot.service import Services, errors
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.bot.drive import play_to_end
from tests.bot.toy import TOY_ID

POST_A, POST_B = 7_001, 7_002  # two lobby posts' ids in CHANNEL (the threads' ids later)


async def _thread_lobby(host: Services, post: int, owner: int, name: str) -> None:
    await host.lobbies.create_lobby(post, GUILD, TOY_ID, {}, owner, name, seed=3, parent_id=CHANNEL)
    await host.ledger.set_post(post, post, 1)


async def test_many_lobbies_in_one_channel_each_keyed_by_its_post(host: Services) -> None:
    await _thread_lobby(host, POST_A, ALICE, "Alice")
    await _thread_lobby(host, POST_B, BOB, "Bob")
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, CAROL, "Carol")  # a channel table too
    here = await host.views.tables_here(CHANNEL)
    assert [t.channel_id for t in here] == [POST_A, POST_B, CHANNEL]
    a, b, own = here
    assert a.parent_id == CHANNEL and a.in_thread and a.waits_for_thread
    assert a.post_channel == CHANNEL  # its post is in the channel until the thread exists
    assert not own.in_thread and own.post_channel == CHANNEL
    assert await host.views.tables_here(CHANNEL + 1) == []
    # Each plays on in its thread (the post's id): joins and Start go to the right table.
    await host.lobbies.join(POST_A, CAROL, "Carol")
    started = await host.lobbies.start(POST_A, ALICE)
    assert started.table.channel_id == POST_A and started.table.status == "playing"
    assert not started.table.waits_for_thread
    info_b = await host.views.table(POST_B)
    assert info_b is not None and [s.user_id for s in info_b.seats] == [BOB]


async def test_a_start_check_refuses_what_start_would_without_starting(host: Services) -> None:
    await _thread_lobby(host, POST_A, ALICE, "Alice")
    with pytest.raises(errors.HostError):
        await host.lobbies.check_start(POST_A, ALICE)  # one player: too few
    await host.lobbies.join(POST_A, BOB, "Bob")
    with pytest.raises(errors.HostError):
        await host.lobbies.check_start(POST_A, BOB)  # not the host
    checked = await host.lobbies.check_start(POST_A, ALICE)
    assert checked.status == "lobby" and (await host.views.table(POST_A)).status == "lobby"


async def test_a_thread_lobby_moves_to_its_channel_unless_the_channel_has_a_table(
    host: Services,
) -> None:
    await _thread_lobby(host, POST_A, ALICE, "Alice")
    await _thread_lobby(host, POST_B, BOB, "Bob")
    moved = await host.lobbies.move_to_channel(POST_A)
    assert moved.channel_id == CHANNEL and moved.parent_id is None
    assert await host.views.table(POST_A) is None
    assert [s.user_id for s in (await host.views.require_table(CHANNEL)).seats] == [ALICE]
    with pytest.raises(errors.TableExists):  # the channel is taken now
        await host.lobbies.move_to_channel(POST_B)
    assert (await host.views.table(POST_B)).parent_id == CHANNEL  # left as it was


async def test_a_rematch_of_a_thread_game_opens_in_its_thread_knowing_the_channel(
    host: Services,
) -> None:
    await _thread_lobby(host, POST_A, ALICE, "Alice")
    await host.lobbies.join(POST_A, BOB, "Bob")
    await host.lobbies.start(POST_A, ALICE)
    outcomes = await play_to_end(host, POST_A)
    game_row = outcomes[-1].table.game_row
    assert game_row is not None and (await host.store.history.game(game_row))["parent_id"] == CHANNEL
    pressed = await host.lobbies.rematch(POST_A, BOB, "Bob", game_row=game_row)
    assert pressed.opened and pressed.table.channel_id == POST_A
    assert pressed.table.parent_id == CHANNEL and not pressed.table.waits_for_thread


async def test_each_server_chooses_where_its_tables_play(host: Services) -> None:
    assert await host.store.servers.tables_place(GUILD) is None  # not chosen: the configured default
    await host.store.servers.set_tables_place(GUILD, "channel")
    assert await host.store.servers.tables_place(GUILD) == "channel"
    await host.store.servers.set_tables_place(GUILD, "threads")
    assert await host.store.servers.tables_place(GUILD) == "threads"
    assert await host.store.servers.tables_place(GUILD + 1) is None
    with pytest.raises(ValueError, match="threads"):
        await host.store.servers.set_tables_place(GUILD, "forum")
