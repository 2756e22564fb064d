"""Which stored games a message may show (issue 41, the right-click Replay and Analysis), on
SQLite and PostgreSQL: the game whose final post it is, the newest game of the thread it is the
summary of, the newest game of the conversation started before it; a server's games only, and
outside servers (``guild_id`` None) the games of no server."""

from __future__ import annotations

from bot.service import Services
from bot.storage import TableRow
from bot.storage.rows import Ending, PostedGames
from tests.bot.conftest import ALICE, BOB, GUILD

DM = 500  # a conversation outside servers (a group DM)
THREAD = 501  # a thread of a server channel whose id is DM's (ids are unique: a test's liberty)
FINAL_POST = 555


async def stored_game(host: Services, channel: int, guild: int | None, status: str, *,
                  parent: int | None = None, winner: int = 1) -> TableRow:
    seats = [{"seat": 1, "user_id": ALICE, "name": "Alice", "bot_level": None},
             {"seat": 2, "user_id": BOB, "name": "Bob", "bot_level": None}]
    row = await host.store.tables.create_table(TableRow(
        channel_id=channel, guild_id=guild, game_id="isis-osiris", options={}, status="playing",
        host_id=ALICE, seats=seats, seed=1, state={}, version=2, parent_id=parent))
    finished = status == "finished"
    result = {"finished": True, "scores": [1, 0], "winners": [winner], "reason": ""}
    await host.store.tables.close_table(row, row.version, [], Ending(
        status, {"game": "isis-osiris", "players": 2, "moves": []} if finished else {},
        result if finished else None,
        [(s["seat"], s["user_id"], "win" if s["seat"] == winner else "loss", 0.0)
         for s in seats] if finished else []))
    return row


async def test_the_games_a_message_may_show(host: Services) -> None:
    first = await stored_game(host, DM, None, "finished")
    assert await host.store.history.keep_final_post(DM, FINAL_POST)
    second = await stored_game(host, DM, None, "abandoned")
    threaded = await stored_game(host, THREAD, GUILD, "finished", parent=DM)
    later = second.created_at + 10
    history = host.store.history
    assert await history.posted_games(None, DM, FINAL_POST, later) == PostedGames(
        (first.id, "finished"), None, (second.id, "abandoned"))
    between = (first.created_at + second.created_at) / 2
    assert (await history.posted_games(None, DM, 1, between)).earlier == (first.id, "finished")
    assert await history.posted_games(None, DM, 1, first.created_at - 1) == PostedGames(
        None, None, None)
    # The summary of a thread, in its server's channel (here the same id as the group DM's:
    # the server's own games only, and the group DM's are no server's).
    assert await history.posted_games(GUILD, DM, THREAD, later) == PostedGames(
        None, (threaded.id, "finished"), None)
    assert (await history.posted_games(None, DM, THREAD, later)).summarised is None
    assert (await history.posted_games(GUILD, DM, FINAL_POST, later)).final is None
