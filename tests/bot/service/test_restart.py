"""Kill and reopen: a new host object on the same file continues every table where it was."""

from __future__ import annotations

from bot.service import Services
from games.records import replay
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.drive import play_first_legal, play_to_end
from tests.bot.toy import TOY_ID


async def _snapshot(host: Services) -> tuple:
    table = await host.views.require_table(CHANNEL)
    menus = [await host.views.menu(CHANNEL, user) for user in (ALICE, BOB)]
    board = await host.views.board(CHANNEL)
    hands = [(await host.views.private_note(CHANNEL, user)).text for user in (ALICE, BOB)]
    return table, menus, board.image_png, board.status, hands


async def test_reopen_mid_game_gives_same_table_and_game_finishes(db_path: str) -> None:
    first = await Services.open(db_path)
    await first.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {"length": "long"}, ALICE, "Alice", seed=5)
    await first.lobbies.join(CHANNEL, BOB, "Bob")
    await first.lobbies.add_computer(CHANNEL, ALICE, "easy")
    await first.lobbies.start(CHANNEL, ALICE)
    for _ in range(3):
        await play_first_legal(first, CHANNEL)
    before = await _snapshot(first)
    # "kill": the first host is never closed; a second one opens the same file
    second = await Services.open(db_path)
    try:
        assert await _snapshot(second) == before
        assert [t.channel_id for t in await second.views.active_tables()] == [CHANNEL]
        outcomes = await play_to_end(second, CHANNEL)
        assert outcomes[-1].table.status == "finished"
        [game_row] = await second.store.history.games_in_channel(CHANNEL)
        record = (await second.store.history.game(game_row))["record"]
        assert replay(record)["finished"] and len(record["moves"]) == 14
    finally:
        await second.close()
        await first.close()


async def test_computer_moves_interrupted_by_a_crash_resume(db_path: str) -> None:
    first = await Services.open(db_path)
    await first.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=5)
    await first.lobbies.join(CHANNEL, BOB, "Bob")
    await first.lobbies.add_computer(CHANNEL, ALICE, "easy")
    await first.lobbies.start(CHANNEL, ALICE)
    await play_first_legal(first, CHANNEL)  # Alice; now Bob, then the computer

    async def crash(game, row, lines):  # the process dies right after storing Bob's move
        return row, []

    first.computers.run = crash  # type: ignore[method-assign]
    stuck = await play_first_legal(first, CHANNEL)
    assert stuck.post.to_move_user_ids == []  # the computer is to move, nobody is moving it
    second = await Services.open(db_path)
    try:
        [outcome] = await second.moves.resume()
        # No post was recorded, so every stored move is reported, Bob's with the computer's.
        assert len(outcome.applied) == 1
        assert any(line.startswith("Bob (seat 2) played") for line in outcome.post.lines)
        assert outcome.post.lines[-1].startswith("Computer 1 (easy, seat 3) played")
        assert outcome.post.to_move_user_ids == [ALICE]
        assert len(await second.moves.resume()) == 1  # still never posted: offered again
        await second.ledger.set_post(CHANNEL, 999, outcome.post.version)  # the adapter posted it
        assert await second.moves.resume() == []  # nothing left to do
    finally:
        await second.close()
        await first.close()
