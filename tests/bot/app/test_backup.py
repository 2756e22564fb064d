"""``python -m bot backup`` and ``restore`` (issue 29, part 1), on real files: a backup taken while
another connection keeps writing is one consistent moment; a backup taken mid-game, restored into
a fresh folder, gives a host that resumes the game and plays it to the end; restore refuses the
file of a running bot (its live shard lease), a file that is not Tablée's or is too new, and keeps
the file it replaces; PostgreSQL gets its checked pg_dump line without the password; the running
bot's regular backups keep the newest ``keep``. Every answer is one sentence, no traceback."""

from __future__ import annotations

import asyncio
import shutil
import socket
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.app import backup
from bot.app.lease import ShardLease
from bot.config import Config
from bot.service import Services
from bot.shards import Shards
from bot.storage.leases import Holder, Leases
from bot.storage.schema import SCHEMA_VERSION
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.drive import play_first_legal, play_to_end
from tests.bot.toy import TOY_ID
from tests.pg import fresh_schema

pytestmark = pytest.mark.sqlite_only  # the SQLite file's backups; PostgreSQL's test says so


def config_file(folder: Path, database: str, extra: str = "") -> str:
    key = "url" if "://" in database else "path"
    path = folder / "config.toml"
    path.write_text(f'[database]\n{key} = "{database}"\n{extra}', encoding="utf-8")
    return str(path)


async def cli(*args: str) -> int:
    """``python -m bot ARGS`` (its own event loop, in a thread, as from a shell)."""
    return await asyncio.to_thread(main, list(args))


def one_sentence(capsys: pytest.CaptureFixture[str], stream: str) -> str:
    out, err = capsys.readouterr()
    text = out if stream == "out" else err
    assert "Traceback" not in out + err
    assert (err if stream == "out" else out) == ""
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


async def _game(db: str) -> Services:
    """A host with a toy game in play (Alice, Bob, an easy computer), three moves in."""
    host = await Services.open(db)
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {"length": "long"}, ALICE, "Alice", seed=5)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.add_computer(CHANNEL, ALICE, "easy")
    await host.lobbies.start(CHANNEL, ALICE)
    for _ in range(3):
        await play_first_legal(host, CHANNEL)
    return host


async def _seen(host: Services) -> tuple:
    table = await host.views.require_table(CHANNEL)
    menus = [await host.views.menu(CHANNEL, user) for user in (ALICE, BOB)]
    return table, menus, (await host.views.board(CHANNEL)).status


async def test_a_backup_made_mid_game_restores_to_a_bot_that_plays_that_game_on(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    live, fresh = tmp_path / "live", tmp_path / "fresh"
    live.mkdir()
    fresh.mkdir()
    host = await _game(str(live / "tablee.db"))
    try:
        at_backup = await _seen(host)
        assert await cli("backup", "--config", config_file(live, str(live / "tablee.db"))) == 0
        said = one_sentence(capsys, "out")
        [made] = live.glob("tablee-backup-*.db")
        assert said == (f"Backed up {live / 'tablee.db'} to {made} "
                        f"({backup.size_text(made.stat().st_size)}, schema version "
                        f"{SCHEMA_VERSION}).")
        await play_first_legal(host, CHANNEL)  # the game goes on after the backup
    finally:
        await host.close()

    restored = fresh / "tablee.db"
    assert await cli("restore", str(made), "--config", config_file(fresh, str(restored))) == 0
    assert one_sentence(capsys, "out") == (f"Restored {made} (schema version {SCHEMA_VERSION}) "
                                           f"to {restored}, where there was no database before.")
    second = await Services.open(str(restored))
    try:
        assert [t.channel_id for t in await second.views.active_tables()] == [CHANNEL]
        assert await _seen(second) == at_backup  # as it was at the backup, not after
        await second.moves.resume()
        outcomes = await play_to_end(second, CHANNEL)
        assert outcomes[-1].table.status == "finished"
        assert len(await second.store.history.games_in_channel(CHANNEL)) == 1
    finally:
        await second.close()


def _writer(path: Path, stop: threading.Event, done: list[int]) -> None:
    """Writes pairs of rows, each pair in one transaction, until told to stop."""
    conn = sqlite3.connect(path, isolation_level=None, timeout=30)
    try:
        n = 0
        while not stop.is_set():
            n += 1
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO dm_prefs VALUES (?, 1)", (n,))
            conn.execute("INSERT INTO dm_prefs VALUES (?, 0)", (-n,))
            conn.execute("COMMIT")
            done.append(n)
    finally:
        conn.close()


async def test_a_backup_while_another_connection_writes_is_one_consistent_moment(
        tmp_path: Path) -> None:
    db = tmp_path / "tablee.db"
    host = await Services.open(str(db))
    await host.close()
    stop, done = threading.Event(), []
    writer = threading.Thread(target=_writer, args=(db, stop, done))
    writer.start()
    try:
        while len(done) < 200:  # the writer is well under way
            await asyncio.sleep(0.01)
        outs = []
        for i in range(3):  # each while the writer goes on
            before = len(done)
            outs.append(tmp_path / f"copy{i}.db")
            await asyncio.to_thread(backup.backup_file, db, outs[-1], 0.0)
            assert len(done) > before or not writer.is_alive()
    finally:
        stop.set()
        writer.join(30)
    for out in outs:
        with sqlite3.connect(out) as copy:
            assert copy.execute("PRAGMA integrity_check").fetchone() == ("ok",)
            assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)
            positive = {r[0] for r in copy.execute("SELECT user_id FROM dm_prefs WHERE user_id > 0")}
            negative = {-r[0] for r in copy.execute("SELECT user_id FROM dm_prefs WHERE user_id < 0")}
        assert positive == negative  # never half a transaction
        assert positive == set(range(1, len(positive) + 1)) and len(positive) >= 200
    assert not list(tmp_path.glob("*.partial"))


async def test_restore_refuses_a_running_bots_file_and_keeps_the_file_it_replaces(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    old, db = tmp_path / "old.db", tmp_path / "tablee.db"
    first = await _game(str(old))
    at_old = await _seen(first)
    await first.close()
    host = await _game(str(db))
    await play_first_legal(host, CHANNEL)  # the current file is one move further than old.db
    # The running bot: another live process of this host holding the lease (as ShardLease takes
    # it); this test's own pid would count as ended (bot.app.lease.ended: the same pid).
    bot = subprocess.Popen(["sleep", "600"])
    lease = ShardLease(host.store.db, Shards(1, None), 10.0)
    lease.me = Holder("bot", socket.gethostname(), bot.pid, time.time() - 60)
    await lease.take()
    config = config_file(tmp_path, str(db))
    try:
        before = db.read_bytes()
        assert await cli("restore", str(old), "--config", config) == 1
        said = one_sentence(capsys, "err")
        [renewed] = [held.renewed_at for held in await lease.leases.held()]
        assert said == (f"error: a bot is running on {db} (host {socket.gethostname()}, pid "
                        f"{bot.pid}, started {backup.when(lease.me.started_at)}); stop it first, "
                        "then restore (if that process is gone, its claim lapses at "
                        f"{backup.when(renewed + 30)}).")
        assert db.read_bytes() == before and not list(tmp_path.glob("*.before-restore-*"))
        current = await _seen(host)
        await lease.release()  # the bot stopped
    finally:
        bot.kill()
        bot.wait()
        await host.close()
    assert await cli("restore", str(old), "--config", config) == 0
    said = one_sentence(capsys, "out")
    [aside] = tmp_path.glob("tablee.db.before-restore-*")
    assert said == (f"Restored {old} (schema version {SCHEMA_VERSION}) to {db}; the database it "
                    f"replaced is kept as {aside}.")
    for path, seen in ((aside, current), (db, at_old)):  # nothing lost: the replaced file is whole
        reopened = await Services.open(str(path))
        try:
            assert await _seen(reopened) == seen
        finally:
            await reopened.close()
    assert at_old != current


async def test_a_lease_of_a_process_that_is_gone_is_no_running_bot(tmp_path: Path) -> None:
    db = tmp_path / "tablee.db"
    host = await Services.open(str(db))
    now = 1_800_000_000.0
    config = Config(database_path=str(db))
    try:  # a process of this host that was killed: its pid runs no more
        gone = Holder("dead", socket.gethostname(), 2**22 + 12345, now - 60)
        await Leases(host.store.db).take(Shards(1, None), gone, now=now, expiry=30)
        with sqlite3.connect(db) as conn:
            assert backup.running_bot(conn, config, now) is None
            conn.execute("UPDATE shard_leases SET holder = 'alive', host = 'another-host', "
                         "pid = 1")  # another machine's: its lease's age alone tells
            said = backup.running_bot(conn, config, now + 5)
            assert said is not None and "(host another-host, pid 1, started " in said
            assert said.endswith(f"its claim lapses at {backup.when(now + 30)})")
            assert backup.running_bot(conn, config, now + 31) is None
    finally:
        await host.close()


@pytest.mark.parametrize(("content", "words"), [
    (b"not a database at all, " * 100, "is not a SQLite database"),
    ("foreign", "is not a Tablée database (it has none of its tables)."),
    ("newer", f"was written by a newer Tablée (schema {SCHEMA_VERSION + 1}, this one knows "
              f"{SCHEMA_VERSION}); upgrade the bot first."),
])
async def test_restore_refuses_what_is_not_a_tablee_backup_in_one_sentence(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: object, words: str) -> None:
    db, file = tmp_path / "tablee.db", tmp_path / "backup.db"
    host = await Services.open(str(db))
    await host.close()
    if isinstance(content, bytes):
        file.write_bytes(content)
    else:
        with sqlite3.connect(file) as conn:
            conn.execute("CREATE TABLE notes (x)")
            if content == "newer":
                conn.execute("CREATE TABLE tables (x)")
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = db.read_bytes()
    assert await cli("restore", str(file), "--config", config_file(tmp_path, str(db))) == 1
    said = one_sentence(capsys, "err")
    assert said.startswith(f"error: {file} ") and words in said
    assert db.read_bytes() == before and not list(tmp_path.glob("*.before-restore-*"))


async def test_backup_refusals_are_one_sentence(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "tablee.db"
    config = config_file(tmp_path, str(db))
    assert await cli("backup", "--config", config) == 1
    assert one_sentence(capsys, "err") == (f"error: {db}: no such file, so nothing to back up (the "
                                           "bot creates it when it first starts).")
    host = await Services.open(str(db))
    await host.close()
    taken = tmp_path / "taken.db"
    taken.write_text("mine", encoding="utf-8")
    assert await cli("backup", "--config", config, "--out", str(taken)) == 1
    assert one_sentence(capsys, "err") == (f"error: {taken} already exists; choose another file "
                                           "with --out (a backup never overwrites a file).")
    assert taken.read_text(encoding="utf-8") == "mine"
    assert await cli("backup", "--config", config, "--out", str(tmp_path / "no" / "x.db")) == 1
    assert one_sentence(capsys, "err") == f"error: the folder {tmp_path / 'no'} does not exist."
    bad = config_file(tmp_path, str(db), "[backup]\nkeep = -1\n")
    assert await cli("backup", "--config", bad) == 2
    assert one_sentence(capsys, "err").startswith(f"error: {bad}: backup.keep must be")


async def test_postgresql_gets_the_checked_pg_dump_line_without_the_password(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    async with fresh_schema() as url:
        config = config_file(tmp_path, url)
        assert await cli("backup", "--config", config) == 1  # nothing of Tablée's there yet
        said = one_sentence(capsys, "err")
        assert "is not a Tablée database (it has no tablee_schema table)" in said
        host = await Services.open(url)
        await host.close()
        assert await cli("backup", "--config", config, "--out", "t.dump") == 0
        out, err = capsys.readouterr()
        shown = backup.shown(url)
        assert err == "" and out.splitlines() == [
            f"{shown} is a Tablée database (schema version {SCHEMA_VERSION}); back it up with "
            "PostgreSQL's own tool, which asks for the password (or reads PGPASSWORD):",
            f"pg_dump --format=custom --file=t.dump '{shown}'"]
        password = url.split("@")[0].rsplit(":", 1)[1]
        assert f":{password}@" not in out
        assert await cli("restore", "t.dump", "--config", config) == 1
        said = one_sentence(capsys, "err")
        assert said.startswith("error: restore replaces a SQLite file") and "pg_restore" in said
        assert f":{password}@" not in said


async def test_regular_backups_keep_the_newest_and_wait_their_time(tmp_path: Path) -> None:
    db = tmp_path / "tablee.db"
    host = await Services.open(str(db))
    await host.close()
    day = 86400.0
    start = int(time.time()) - 10 * day  # whole seconds, as the names keep them
    other = tmp_path / "backups" / "mine.db"
    for i in range(5):
        out, version = backup.regular_backup(db, 3, start + i * day)
        other.write_text("an owner's own file", encoding="utf-8")
        assert version == SCHEMA_VERSION and out.name == f"tablee-{backup.stamp(start + i * day)}.db"
    kept = backup.regular_backups(tmp_path / "backups", db)
    assert [p.name for p in kept] == [f"tablee-{backup.stamp(start + i * day)}.db" for i in (2, 3, 4)]
    assert other.exists()  # never touched
    assert backup.next_due(db, day, start + 4 * day + 3600) == day - 3600
    assert backup.next_due(db, day, start + 6 * day) == 0.0

    # The task: nothing before the bot is started, then at once (the newest is days old).
    started = asyncio.Event()
    config = Config(database_path=str(db), backup_keep=3)
    task = asyncio.create_task(backup.keep_backing_up(config, started))
    try:
        await asyncio.sleep(0.2)
        assert backup.regular_backups(tmp_path / "backups", db) == kept
        started.set()
        for _ in range(300):
            now = backup.regular_backups(tmp_path / "backups", db)
            if now != kept:
                break
            await asyncio.sleep(0.1)
        assert len(now) == 3 and now[:2] == kept[1:] and now[-1] not in kept
    finally:
        task.cancel()


async def test_restore_over_a_crashed_bots_file_keeps_what_its_write_ahead_log_held(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A bot killed mid-game leaves its last moves in tablee.db-wal: the file kept aside has
    them (it is copied through SQLite, not renamed away from its log)."""
    live, crashed = tmp_path / "live", tmp_path / "crashed"
    live.mkdir()
    crashed.mkdir()
    old = tmp_path / "old.db"
    first = await _game(str(old))
    await first.close()
    host = await _game(str(live / "tablee.db"))
    try:
        await play_first_legal(host, CHANNEL)
        at_crash = await _seen(host)
        for name in ("tablee.db", "tablee.db-wal"):  # the disk as a kill -9 would leave it
            shutil.copy(live / name, crashed / name)
    finally:
        await host.close()
    alone = tmp_path / "alone.db"  # the file without its log is behind (the test can fail)
    shutil.copy(crashed / "tablee.db", alone)
    with sqlite3.connect(alone) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        versions = conn.execute("SELECT version FROM tables").fetchall() if "tables" in names \
            else []
    assert versions != [(at_crash[0].version,)]
    db = crashed / "tablee.db"
    assert await cli("restore", str(old), "--config", config_file(crashed, str(db))) == 0
    capsys.readouterr()
    [aside] = crashed.glob("tablee.db.before-restore-*")
    assert not (crashed / f"{aside.name}-wal").exists()  # one whole file
    kept = await Services.open(str(aside))
    try:
        assert await _seen(kept) == at_crash
    finally:
        await kept.close()


def test_sizes_read_as_an_owner_reads_them() -> None:
    assert [backup.size_text(n) for n in (840, 1000, 123_456, 12_345_678, 5 * 10**9)] == \
        ["840 bytes", "1.0 KB", "123.5 KB", "12.3 MB", "5.0 GB"]


async def test_restore_on_postgresql_says_what_to_do_with_each_kind_of_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 38, item 12: restore on PostgreSQL suggested pg_restore for a SQLite .db file (which
    pg_restore cannot read). Nothing is connected to: the database URL is never reached."""
    url = "postgresql://tablee:s3cret@localhost:1/tablee"
    config = config_file(tmp_path, url)
    sqlite_backup = tmp_path / "tablee-backup.db"
    host = await Services.open(str(sqlite_backup))
    await host.close()
    assert await cli("restore", str(sqlite_backup), "--config", config) == 1
    said = one_sentence(capsys, "err")
    assert said.startswith(f"error: {sqlite_backup} is a SQLite database, and this bot uses "
                           "PostgreSQL")
    assert f"python -m bot migrate --from {sqlite_backup}" in said and "pg_restore" not in said
    dump = tmp_path / "t.dump"
    dump.write_bytes(b"PGDMP\x01\x0e\x00" + bytes(64))
    assert await cli("restore", str(dump), "--config", config) == 1
    said = one_sentence(capsys, "err")
    assert "pg_restore --clean --if-exists" in said and str(dump) in said
    assert "s3cret" not in said  # the password is never printed
    other = tmp_path / "notes.txt"
    other.write_text("hello")
    assert await cli("restore", str(other), "--config", config) == 1
    assert "is neither a SQLite database nor a pg_dump file" in one_sentence(capsys, "err")
    assert await cli("restore", str(tmp_path / "missing.dump"), "--config", config) == 1
    said = one_sentence(capsys, "err")
    assert said.startswith("error: restore replaces a SQLite file") and "pg_restore" in said
