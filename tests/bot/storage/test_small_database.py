"""Issue 29, part 3: a small database. A finished game keeps its record (options, setup, seed,
moves), its results and ratings; its move log (each move's sentences, the states undo kept) goes
with its table, in the transaction that finishes it, and a replay derives the sentences again
from the record. Databases written before (schema 8) drop the logs of their closed games when
they open (migration 9); a table in play keeps its log (undo, restarts). Both stores.
"""

from __future__ import annotations

import os
import random
import sqlite3
from contextlib import closing
from dataclasses import replace
from typing import Any

import pytest

from benchmarks import load
from benchmarks.size import game_size
from bot.service import Services
from bot.storage import MoveEntry, TableRow, is_url
from bot.storage import tables as storage_tables
from bot.storage.database import Statement
from bot.storage.rows import Ending
from games import get_game
from games.records import replay as replay_record
from games.records import simulate, start, summary
from games.text import say
from games.text import seat as seat_text
from tests.bot.drive import play_first_legal
from tests.bot.service.test_undo import undoable

GAMES = ["ile-des-contrebandiers", "isis-osiris", "maitre-des-mers", "master-islands"]
GUILD = 1  # the size bench's (benchmarks.load.open_table)
ALEX, SAM = load.USERS[0], 12
LIVE = 900  # the channel of the table still in play
OLD_CLOSE = "UPDATE move_log SET before = NULL WHERE table_id = ?"
"""What closing a table did to its log before migration 9 (schema 8): kept, undo states cleared."""
LATER_THAN_9 = (  # migrations 16 (reach), 15 (seasons), 14 (tournaments), 13 (notifications),
    # 12 (web links), 11 (analyses), 10 (threads)
    "ALTER TABLE tables DROP COLUMN reach", "ALTER TABLE games DROP COLUMN reach",
    "DROP TABLE season_ratings", "DROP TABLE seasons",
    "DROP TABLE tournament_tables", "DROP TABLE tournament_players", "DROP TABLE tournaments",
    "DROP TABLE notify_prefs", "DROP TABLE held_turns", "DROP TABLE waiting_dms",
    "DROP TABLE waiting_tables",
    "DROP TABLE vacations", "ALTER TABLE clocks DROP COLUMN held_until",
    "ALTER TABLE guild_settings DROP COLUMN vacation_days",
    "DROP TABLE web_links", "DROP TABLE web_secret", "ALTER TABLE games DROP COLUMN version",
    "DROP TABLE analyses", "DROP TABLE guild_settings", "DROP INDEX tables_by_parent", "DROP INDEX tables_by_guild",
    "ALTER TABLE tables DROP COLUMN parent_id", "ALTER TABLE games DROP COLUMN parent_id")



async def _finish(host: Services, channel: int, game_id: str, seed: int) -> int:
    """A whole game of one person (random moves of their menu) against an easy computer, as the
    size bench plays it; its game number."""
    t = load.Table(channel, get_game(game_id), 1, random.Random(seed), max_games=1)
    await load.open_table(host, t, ["easy"])
    while t.games_played < 1:
        await load.click(host, t, load.Counters(), ["easy"], double=False)
    assert t.table_id is not None and await host.views.table(channel) is None
    return t.table_id


async def _logs(host: Services) -> dict[int, int]:
    """table id -> rows of the move log."""
    rows = await host.store.db.fetchall(
        "SELECT table_id, COUNT(*) FROM move_log GROUP BY table_id")
    return {int(t): int(n) for t, n in rows}


async def _seen(host: Services, rows: list[int]) -> dict[str, Any]:
    """What people see of the finished games: /history, every record /replay draws from (and
    one /replay, image and record file), the leaderboards, the stats."""
    page = await host.game_history.history(GUILD, limit=50)
    records = {row: await host.store.history.finished_game(GUILD, row) for row in rows}
    files = await host.game_history.replay(GUILD, rows[1])  # drawn from the record (one: drawing takes long)
    boards = {g: await host.ratings.leaderboard(GUILD, g, ALEX) for g in GAMES}
    return {"history": page, "records": records, "boards": boards,
            "replay": (files.image, files.record, files.frames, files.turns),
            "stats": await host.store.history.stats(GUILD, ALEX)}


async def test_a_finished_game_keeps_its_record_and_no_log(host: Services) -> None:
    rows = [await _finish(host, 100 + n, "isis-osiris", seed=n) for n in range(2)]
    await host.lobbies.create_lobby(LIVE, GUILD, "isis-osiris", {}, ALEX, "Alex", seed=1)
    await host.lobbies.add_computer(LIVE, ALEX, "easy")
    live = (await host.lobbies.start(LIVE, ALEX)).table.game_row
    await play_first_legal(host, LIVE)
    await play_first_legal(host, LIVE)  # two moves: still in play

    logs = await _logs(host)
    assert not set(rows) & set(logs), "a finished game's log was kept"
    assert logs.get(live, 0) >= 2  # a table in play keeps its log
    for row in rows:
        stored = await host.store.history.game(row)
        assert stored is not None and stored["status"] == "finished"
        again = replay_record(stored["record"])  # the record alone replays the whole game
        assert again["ok"] and again["finished"]
        assert again["scores"] == stored["result"]["scores"]
        assert again["winners"] == stored["result"]["winners"]
    assert [e.game_row for e in (await host.game_history.history(GUILD)).entries] == rows[::-1]


async def _old_finished(host: Services, channel: int, game_id: str, seed: int) -> int:
    """A finished game as schema 8 stored it: a simulated game (computers) logged move by move,
    each with its sentence (and, for the first, the state undo kept), then closed the old way
    (its log kept). Its game number."""
    rec = simulate(game_id, 2, seed, bots=["easy", "easy"])
    game, state = start(rec)
    seats = [{"seat": 1, "user_id": ALEX, "name": "Alex", "bot_level": None},
             {"seat": 2, "user_id": None, "name": "Computer 2", "bot_level": "easy"}]
    row = await host.store.tables.create_table(TableRow(
        channel_id=channel, guild_id=GUILD, game_id=game_id, options=rec["options"],
        status="playing", host_id=ALEX, seats=seats, seed=seed, state=state, version=2,
        record_head={"options": rec["options"], "setup": rec["setup"]}))
    entries, first = [], state
    for n, m in enumerate(rec["moves"]):  # logged at once (the old way logged them one by one)
        after, _events = game.apply(state, m["seat"], m["move"])
        entries.append(MoveEntry(
            row.version + 1 + n, m["seat"], m["move"], ALEX if m["seat"] == 1 else None,
            [say("{name} played {move}.", name=seat_text(m["seat"]), move=m["move"])],
            before=first if n == 0 else None))
        state = after
    new = replace(row, state=state, version=row.version + len(entries))
    await host.store.tables.update_table(new, row.version, entries)
    row = new
    result = summary(game, state)
    winners = result["winners"]
    await host.store.tables.close_table(row, row.version, [], Ending(
        "finished", rec, result,
        [(s["seat"], s["user_id"], "win" if s["seat"] in winners else "loss",
          float(result["scores"][s["seat"] - 1])) for s in seats]))
    return row.id or 0


async def test_migration_drops_closed_games_logs_and_changes_nothing_people_see(
        db_path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database written the old way (schema 8: closing a table kept its log), with a finished
    game of every game, an abandoned one and a table in play whose last move may be taken back:
    once opened by this version, only the table in play has a log, and /history, every
    /replay, the leaderboards and the stats are byte for byte what they were; the table in play
    still takes its move back."""
    monkeypatch.setattr(storage_tables, "DROP_LOG", OLD_CLOSE, raising=False)
    host = await Services.open(db_path)
    try:
        rows = [await _old_finished(host, 100 + n, g, seed=n) for n, g in enumerate(GAMES)]
        await host.lobbies.create_lobby(199, GUILD, "isis-osiris", {}, ALEX, "Alex", seed=3)
        await host.lobbies.add_computer(199, ALEX, "easy")
        abandoned = (await host.lobbies.start(199, ALEX)).table.game_row
        await play_first_legal(host, 199)
        await host.lobbies.abandon(199, ALEX)
        await host.lobbies.create_lobby(LIVE, GUILD, "master-islands", {}, ALEX, "Alex", seed=4)
        await host.lobbies.join(LIVE, SAM, "Sam")
        live = (await host.lobbies.start(LIVE, ALEX)).table.game_row
        await host.moves.play(LIVE, ALEX, await _undoable_move(host))
        assert await host.ratings.rate_unrated() == len(rows)
        before = await _seen(host, rows)
        old_logs = await _logs(host)
        assert set(rows) <= set(old_logs) and abandoned in old_logs  # the old way kept them
        # as schema 8 left it: what later migrations added goes, so they run again
        await host.store.db.write([Statement(s) for s in LATER_THAN_9])
        if is_url(db_path):
            await host.store.db.write([Statement("UPDATE tablee_schema SET version = 8")])
    finally:
        await host.close()
    if not is_url(db_path):
        with closing(sqlite3.connect(db_path)) as db:
            db.execute("PRAGMA user_version = 8")
    monkeypatch.undo()

    host = await Services.open(db_path)  # migration 9 runs
    try:
        assert await _logs(host) == {live: old_logs[live]}
        assert await _seen(host, rows) == before
        outcome = await host.moves.undo(LIVE, ALEX)
        assert outcome.table.status == "playing"
        found = await host.store.history.game(abandoned or 0)
        assert found is not None and found["status"] == "abandoned"
    finally:
        await host.close()


async def _undoable_move(host: Services) -> str:
    """A move of Alex at the live table that he may take back, reached by random legal moves."""
    rng = random.Random(0)
    for _ in range(500):
        row = await host.store.tables.get_table(LIVE)
        assert row is not None and row.state is not None
        game = get_game(row.game_id)
        seat = game.to_move(row.state)[0]
        user = row.seats[seat - 1]["user_id"]
        moves = game.legal(row.state, seat)
        found = [m for m in moves if undoable(game, row.state, seat, m)]
        if user == ALEX and found:
            return found[0]
        await host.moves.play(LIVE, user, rng.choice(moves))
    raise AssertionError("no move Alex may take back came up")


@pytest.mark.slow
@pytest.mark.parametrize("where", ["sqlite", "postgresql"])
async def test_a_finished_game_weighs_at_most_10_kb_on_average(where: str, tmp_path) -> None:
    """The size bench in miniature (a warm-up game, then three per game): the mean growth per
    finished game over the four games stays within 10 KB (it was ~57 KB on SQLite and ~90 KB on
    PostgreSQL with the log kept)."""
    url = None
    if where == "postgresql":
        url = os.environ.get("TABLEE_TEST_DATABASE_URL", "").strip()
        if not url or not is_url(url):
            pytest.skip("TABLEE_TEST_DATABASE_URL is not set")
    sizes = [await game_size(get_game(g), 3, str(tmp_path), url) for g in GAMES]
    mean = sum(s["bytes_per_game"] for s in sizes) / len(sizes)
    assert mean <= 10_000, {g: s["bytes_per_game_by_table"] for g, s in zip(GAMES, sizes, strict=True)}
    assert all("move_log" not in s["bytes_per_game_by_table"] for s in sizes)

