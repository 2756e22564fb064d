"""History and replays of finished games through the table host, on a real SQLite file:
hundreds of stored games filtered by game and player, paged newest first, the final table post
kept with its game, replays of this server's finished games only (decoding, with the table's
names, and a record that replays)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import AsyncIterator

import pytest

from bot.service import Services
from bot.service.history import NoSuchGame, ReplayFailed, choice_label
from bot.storage import TableRow
from bot.storage.rows import Ending
from games.records import replay as replay_record
from render.replay import shown as shown_frames
from tests.bot.conftest import ALICE, BOB, CAROL, CHANNEL, GUILD
from tests.bot.drive import play_to_end
from tests.bot.finished import OTHER_GUILD, store_finished


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list[dict]]:
    """A database file with 300 finished games (made once for the module's tests)."""
    import asyncio

    path = str(tmp_path_factory.mktemp("history") / "tablee.db")

    async def make() -> list[dict]:
        host = await Services.open(path)
        try:
            return await store_finished(host, 300, GUILD)
        finally:
            await host.close()

    return path, asyncio.run(make())


@pytest.fixture
async def history_host(stored: tuple[str, list[dict]]) -> AsyncIterator[Services]:
    host = await Services.open(stored[0])
    yield host
    await host.close()


async def test_history_filters_by_game_and_player_newest_first(
    stored: tuple, history_host: Services
) -> None:
    made = stored[1]
    host = history_host
    ours = [g for g in reversed(made) if g["guild"] == GUILD]
    page = await host.game_history.history(GUILD, limit=500)
    assert [e.game_row for e in page.entries] == [g["id"] for g in ours]
    assert page.total == len(ours) == 270  # 30 in another server; abandoned games left out
    endings = [e.ended_at for e in page.entries]
    assert endings == sorted(endings, reverse=True)

    page = await host.game_history.history(GUILD, game_id="master-islands", limit=500)
    assert [e.game_row for e in page.entries] == [
        g["id"] for g in ours if g["game"] == "master-islands"]
    assert {e.game_name for e in page.entries} == {"Master Islands"}

    page = await host.game_history.history(GUILD, user_id=BOB, limit=500)
    assert [e.game_row for e in page.entries] == [g["id"] for g in ours if BOB in g["players"]]
    page = await host.game_history.history(GUILD, game_id="isis-osiris", user_id=CAROL, limit=500)
    expected = [g["id"] for g in ours if CAROL in g["players"] and g["game"] == "isis-osiris"]
    assert [e.game_row for e in page.entries] == expected and page.total == len(expected)

    assert (await host.game_history.history(OTHER_GUILD, limit=500)).total == 30
    assert (await host.game_history.history(GUILD, user_id=12345)).entries == []


async def test_history_pages_cover_every_game_once(
    stored: tuple, history_host: Services
) -> None:
    made = stored[1]
    host = history_host
    seen: list[int] = []
    offset, pages = 0, 0
    while True:
        page = await host.game_history.history(GUILD, user_id=ALICE, limit=10, offset=offset)
        assert len(page.entries) <= 10 and page.has_previous == (offset > 0)
        seen += [e.game_row for e in page.entries]
        pages += 1
        if not page.has_next:
            break
        offset += 10
    ours = [g["id"] for g in reversed(made) if g["guild"] == GUILD]
    assert seen == ours and pages == 27
    entry = page.entries[-1]  # the oldest: P1, P3 and the computer; seat 1 won
    assert [(p.name, p.score, p.won) for p in entry.players] == [
        ("P1", 0, True), ("P3", 1, False), ("Computer 3 (easy)", 2, False)]
    assert choice_label(entry).startswith(f"#{entry.game_row} · Isis & Osiris · P1, P3, ")


async def test_replay_choices_match_what_is_typed(
    stored: tuple, history_host: Services
) -> None:
    made = stored[1]
    host = history_host
    choices = await host.game_history.replay_choices(GUILD, "")
    newest = [g["id"] for g in reversed(made) if g["guild"] == GUILD][:25]
    assert [n for n, _ in choices] == newest
    islands = await host.game_history.replay_choices(GUILD, "master isl")
    assert islands and all("Master Islands" in label for _, label in islands)
    number = newest[3]
    assert (await host.game_history.replay_choices(GUILD, f"#{number}"))[0][0] == number
    assert all(len(label) <= 100 for _, label in choices)


async def test_a_finished_game_keeps_its_final_post_and_replays_with_names(
    host: Services,
) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, "isis-osiris", {}, ALICE, "Alice", seed=5)
    await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    outcome = await host.lobbies.start(CHANNEL, ALICE)
    await host.ledger.set_post(CHANNEL, 5000, outcome.table.version)
    outcomes = await play_to_end(host, CHANNEL)
    final = outcomes[-1]
    assert final.table.status == "finished" and final.post is not None
    await host.ledger.set_post(CHANNEL, 5001, final.post.version)  # what the poster does

    [entry] = (await host.game_history.history(GUILD)).entries
    assert (entry.channel_id, entry.post_message_id, entry.guild_id) == (CHANNEL, 5001, GUILD)
    assert [p.name for p in entry.players] == ["Alice", "Computer 1 (easy)"]
    assert [p.won for p in entry.players] == [s in final.post.result["winners"] for s in (1, 2)]
    assert abs(entry.ended_at - time.time()) < 600

    files = await host.game_history.replay(GUILD, entry.game_row)
    assert files.image_name == f"tablee-{entry.game_row}-isis-osiris.gif"  # every client animates it
    assert files.record_name.endswith(".json")
    assert len(shown_frames(files.image)) == files.frames == files.turns + 1
    # Captions name the players as the table did, never a bare "Seat N".
    titles = [lines[0] for lines in files.captions[1:]]
    assert all(t.endswith(("· Alice (seat 1)", "· Computer 1 (easy, seat 2)")) for t in titles)
    assert not re.search(r"\bSeat \d", " ".join(line for lines in files.captions for line in lines))
    record = json.loads(files.record)
    again = replay_record(record)
    assert again["ok"] and again["finished"] and again["scores"] == final.post.result["scores"]

    # A later post in the channel (another game) does not take the finished game's place.
    await host.ledger.set_post(CHANNEL, 5002, 99)
    [entry] = (await host.game_history.history(GUILD)).entries
    assert entry.post_message_id == 5001


async def test_replay_refuses_unknown_abandoned_and_other_servers_games(host: Services) -> None:
    await host.lobbies.create_lobby(CHANNEL, GUILD, "isis-osiris", {}, ALICE, "Alice", seed=5)
    await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    await host.lobbies.start(CHANNEL, ALICE)
    await host.lobbies.abandon(CHANNEL, ALICE)
    [abandoned] = await host.store.history.games_in_channel(CHANNEL)
    for guild, number in ((GUILD, abandoned), (GUILD, 424242), (OTHER_GUILD, abandoned)):
        with pytest.raises(NoSuchGame) as refused:
            await host.game_history.replay(guild, number)
        assert refused.value.message == (
            f"There is no finished game #{number} in this server: /history lists them.")


async def test_a_stored_record_that_no_longer_replays_is_said_so(host: Services) -> None:
    row = await host.store.tables.create_table(TableRow(
        channel_id=CHANNEL, guild_id=GUILD, game_id="isis-osiris", options={}, status="playing",
        host_id=ALICE, seats=[{"seat": 1, "user_id": ALICE, "name": "Alice"},
                              {"seat": 2, "user_id": BOB, "name": "Bob"}], seed=1, state={}))
    record = {"game": "isis-osiris", "players": 2, "seed": 1,
              "moves": [{"seat": 1, "move": "fly away"}]}
    result = {"finished": True, "scores": [1, 0], "winners": [1], "reason": ""}
    await host.store.tables.close_table(row, row.version, [], Ending(
        "finished", record, result, [(1, ALICE, "win", 1.0), (2, BOB, "loss", 0.0)]))
    with pytest.raises(ReplayFailed) as failed:
        await host.game_history.replay(GUILD, row.id)
    assert failed.value.message.startswith(
        f"Game #{row.id} can't be replayed any more: move 1 (fly away) cannot be played: ")
