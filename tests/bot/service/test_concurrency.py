"""Concurrent clicks and two host objects on one file: never two moves on one version."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import Services, errors
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.toy import TOY_ID


async def _started(host: Services) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=11)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.start(CHANNEL, ALICE)


async def _race(calls: list) -> tuple[list, list]:
    results = await asyncio.gather(*calls, return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    refused = [r for r in results if isinstance(r, BaseException)]
    return applied, refused


@pytest.mark.parametrize(("with_version", "refusal"),
                         [(True, errors.StaleVersion), (False, errors.NotYourTurn)])
async def test_fifty_concurrent_clicks_apply_exactly_once(
    host: Services, with_version: bool, refusal: type[errors.HostError]
) -> None:
    await _started(host)
    version, entries = await host.views.menu(CHANNEL, ALICE)  # the toy starts with seat 1
    move = entries[0].move
    sent = version if with_version else None  # /move carries no version: the turn check refuses
    applied, refused = await _race(
        [host.moves.play(CHANNEL, ALICE, move, version=sent) for _ in range(50)]
    )
    assert len(applied) == 1 and len(refused) == 49
    assert all(isinstance(e, refusal) for e in refused), refused
    row = await host.store.tables.get_table(CHANNEL)
    assert row.version == version + 1
    assert [m.move for m in await host.store.log.moves(row.id)] == [move]


async def test_two_host_objects_on_one_file_apply_exactly_once(host: Services, db_path: str) -> None:
    await _started(host)
    other = await Services.open(db_path)
    try:
        version, entries = await host.views.menu(CHANNEL, ALICE)
        move = entries[0].move
        calls = [h.moves.play(CHANNEL, ALICE, move, version=version)
                 for _ in range(10) for h in (host, other)]
        applied, refused = await _race(calls)
        assert len(applied) == 1, refused
        assert all(isinstance(e, errors.StaleVersion | errors.NotYourTurn) for e in refused), refused
        row = await other.store.tables.get_table(CHANNEL)
        assert row.version == version + 1
        assert len(await other.store.log.moves(row.id)) == 1
    finally:
        await other.close()


async def test_two_host_objects_race_for_one_channel(host: Services, db_path: str) -> None:
    other = await Services.open(db_path)
    try:
        applied, refused = await _race([
            host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice"),
            other.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, BOB, "Bob"),
        ])
        assert len(applied) == 1 and len(refused) == 1
        assert isinstance(refused[0], errors.TableExists)
    finally:
        await other.close()


async def test_tables_in_different_channels_move_independently(host: Services) -> None:
    channels = list(range(200, 220))
    for channel in channels:
        await host.lobbies.create_lobby(channel, GUILD, TOY_ID, {}, ALICE, "Alice", seed=channel)
        await host.lobbies.join(channel, BOB, "Bob")
        await host.lobbies.start(channel, ALICE)
    menus = [await host.views.menu(c, ALICE) for c in channels]
    outcomes = await asyncio.gather(*[
        host.moves.play(c, ALICE, entries[0].move, version=v) for c, (v, entries) in zip(channels, menus, strict=True)
    ])
    assert [o.table.channel_id for o in outcomes] == channels
    assert all(o.post.to_move_user_ids == [BOB] for o in outcomes)


async def test_a_stored_move_is_reported_when_the_computer_reply_loses_a_race(
    host: Services, db_path: str
) -> None:
    """Alice's move is stored by a slow host; another host plays the computer's reply first.
    Alice gets the outcome of her move, not a "stale" error; nothing is played twice."""
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=11)
    await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    await host.lobbies.start(CHANNEL, ALICE)
    version, entries = await host.views.menu(CHANNEL, ALICE)  # the toy starts with seat 1
    slow = await Services.open(db_path, computer_delay=0.5)
    try:
        task = asyncio.create_task(slow.moves.play(CHANNEL, ALICE, entries[0].move, version=version))
        for _ in range(200):  # until Alice's move is stored and the slow host waits
            if (await host.store.tables.get_table(CHANNEL)).version > version:
                break
            await asyncio.sleep(0.01)
        [resumed] = await host.moves.resume()  # the computer's reply, played by the other host
        outcome = await task
        assert outcome.applied == [entries[0].move]
        assert outcome.table.version == version + 1 and outcome.table.status == "playing"
        assert outcome.post is not None and outcome.post.lines[0].startswith("Alice (seat 1) played")
        assert len(resumed.applied) == 1
        row = await host.store.tables.get_table(CHANNEL)
        logged = [(m.seat, m.move) for m in await host.store.log.moves(row.id)]
        assert logged == [(1, entries[0].move), (2, resumed.applied[0])]
        assert row.version == version + 2
    finally:
        await slow.close()


async def test_the_computer_delay_is_not_taken_inside_the_table_lock(
    host: Services, db_path: str
) -> None:
    """With computer.delay set, the human's move is stored at once and the table stays free
    (Board, My hand) while the pause runs; the computer's reply still comes in the same post."""
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=11)
    await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    await host.lobbies.start(CHANNEL, ALICE)
    version, entries = await host.views.menu(CHANNEL, ALICE)
    paced = await Services.open(db_path, computer_delay=0.5)
    try:
        task = asyncio.create_task(paced.moves.play(CHANNEL, ALICE, entries[0].move, version=version))
        for _ in range(200):
            if (await paced.store.tables.get_table(CHANNEL)).version > version:
                break
            await asyncio.sleep(0.01)
        assert not task.done()  # pausing
        assert not paced.context.lock(CHANNEL).locked()
        board = await paced.views.board(CHANNEL)  # served during the pause
        assert board.version == version + 1
        outcome = await task
        assert len(outcome.applied) == 2 and outcome.table.version == version + 2
    finally:
        await paced.close()
