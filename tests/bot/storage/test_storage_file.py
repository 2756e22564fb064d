"""The SQLite file in trouble under a running bot (issue 30, items 10 and 11).

* Deleted or replaced (item 10): the file open is no longer the file at the configured path.
  The next move is refused with its own sentence, nothing is written (neither into the deleted
  file nobody will read again, nor into the database put in its place: the old database's
  write-ahead log beside the path, which the next opener of the path would read into the new
  file, is emptied into the file open), and the log says so at ERROR, once, naming the path.
* Read-only, or a disk that fails a write (item 11): SQLITE_READONLY and SQLITE_IOERR (any of
  their extended codes) are said in a sentence, not the generic apology.

Making a file read-only with ``chmod`` does not stop root (the tests may run as root), so a
read-only file is made with the immutable attribute (``chattr +i``), which binds root too and
makes SQLite open the file read-only, as it does for a file a non-root bot may not write; an
I/O error is the same attribute put on the open database's WAL file: the kernel then refuses the
write to an open descriptor (EPERM), and SQLite says SQLITE_IOERR_WRITE. Where the file system
has no such attribute (tmpfs) or the test may not set it, those two tests skip, saying why.
"""

from __future__ import annotations

import hashlib
import logging
import os
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from bot.service import Services
from bot.storage import Store, TableRow
from bot.storage.errors import (
    DISK_ERROR,
    FILE_REPLACED,
    READ_ONLY,
    DiskError,
    FileReplaced,
    ReadOnly,
    Unavailable,
)
from bot.storage.sqlite import READONLY_DBMOVED, sqlite_unavailable
from tests.bot.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.bot.toy import TOY_ID

pytestmark = pytest.mark.sqlite_only  # the SQLite file itself


def _row(channel: int) -> TableRow:
    return TableRow(channel_id=channel, guild_id=1, game_id=TOY_ID, options={}, status="lobby",
                    host_id=9, seats=[{"seat": 1, "user_id": 9, "name": "Ann",
                                       "bot_level": None}], seed=42)


async def _playing(path: str) -> tuple[Services, int, str]:
    """A host on ``path`` with a started toy game: (host, the user to move, a legal move)."""
    host = await Services.open(path)
    await host.lobbies.create_lobby(CHANNEL, GUILD, TOY_ID, {}, ALICE, "Alice", seed=3)
    await host.lobbies.join(CHANNEL, BOB, "Bob")
    await host.lobbies.start(CHANNEL, ALICE)
    for user in (ALICE, BOB):
        _version, menu = await host.views.menu(CHANNEL, user)
        if menu:
            return host, user, menu[0].move
    raise AssertionError("nobody to move")


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _errors_naming(caplog: pytest.LogCaptureFixture, path: str) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.ERROR and path in r.getMessage()]


# -- item 10: the file deleted or replaced -----------------------------------------------------
async def test_a_deleted_file_refuses_the_next_move_and_says_so_once(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = str(tmp_path / "tablee.db")
    host, user, move = await _playing(path)
    try:
        version = (await host.views.require_table(CHANNEL)).version
        for name in ("tablee.db", "tablee.db-wal", "tablee.db-shm"):  # as `rm tablee.db*`
            (tmp_path / name).unlink(missing_ok=True)
        with caplog.at_level(logging.WARNING, logger="tablee"):
            for _ in range(2):
                with pytest.raises(Unavailable) as said:
                    await host.moves.play(CHANNEL, user, move)
                assert isinstance(said.value, FileReplaced) and said.value.message == FILE_REPLACED
        assert len(_errors_naming(caplog, path)) == 1  # loud, and once per detection
        assert (await host.views.require_table(CHANNEL)).version == version  # nothing written
        assert not (tmp_path / "tablee.db").exists()
    finally:
        await host.close()


async def test_a_replaced_file_is_left_untouched_and_the_move_refused(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = str(tmp_path / "tablee.db")
    other = tmp_path / "other.db"
    elsewhere = await Store.open(str(other))  # another database of the same schema
    await elsewhere.tables.create_table(_row(77))
    await elsewhere.close()
    sqlite3.connect(other).execute("PRAGMA wal_checkpoint(TRUNCATE)").close()
    host, user, move = await _playing(path)
    try:
        os.replace(other, path)  # as `mv other.db tablee.db` (or a restore) under the bot
        before = _digest(Path(path))
        with caplog.at_level(logging.WARNING, logger="tablee"):
            with pytest.raises(FileReplaced) as said:
                await host.moves.play(CHANNEL, user, move)
            with pytest.raises(FileReplaced):
                await host.store.tables.create_table(_row(78))
        assert said.value.message == FILE_REPLACED
        assert len(_errors_naming(caplog, path)) == 1
        assert _digest(Path(path)) == before  # the other database is as it was
        check = sqlite3.connect(path)
        try:
            assert check.execute("SELECT channel_id FROM tables").fetchall() == [(77,)]
            assert check.execute("SELECT COUNT(*) FROM move_log").fetchone() == (0,)
        finally:
            check.close()
    finally:
        await host.close()


async def test_the_file_check_lets_writes_go_on_when_the_same_file_is_back(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """A file moved away and back (the same inode) is the file open: writes go on."""
    path = tmp_path / "tablee.db"
    store = await Store.open(str(path))
    try:
        await store.tables.create_table(_row(1))
        path.rename(tmp_path / "aside.db")
        with caplog.at_level(logging.WARNING, logger="tablee"), pytest.raises(FileReplaced):
            await store.tables.create_table(_row(2))
        (tmp_path / "aside.db").rename(path)
        await store.tables.create_table(_row(3))
        assert [t.channel_id for t in await store.tables.active_tables()] == [1, 3]
    finally:
        await store.close()


# -- item 11: a read-only file, a disk that fails a write --------------------------------------
@contextmanager
def immutable(path: Path) -> Iterator[None]:
    """``path`` with the immutable attribute for the block (skips where it cannot be set)."""
    done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True)
    if done.returncode:
        pytest.skip(f"no immutable attribute here ({done.stderr.strip()}): cannot make a file "
                    "read-only for root")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


async def test_a_read_only_file_says_so(tmp_path: Path) -> None:
    path = tmp_path / "tablee.db"
    store = await Store.open(str(path))  # created and migrated
    await store.tables.create_table(_row(1))
    await store.close()
    with immutable(path):
        store = await Store.open(str(path))  # SQLite opens it read-only
        try:
            with pytest.raises(ReadOnly) as said:
                await store.tables.create_table(_row(2))
            assert said.value.message == READ_ONLY and "permissions" in READ_ONLY
            assert [t.channel_id for t in await store.tables.active_tables()] == [1]  # reads go on
        finally:
            await store.close()


async def test_a_failed_disk_write_says_so_and_writes_go_on_after(tmp_path: Path) -> None:
    path = tmp_path / "tablee.db"
    store = await Store.open(str(path))
    try:
        await store.tables.create_table(_row(1))
        with immutable(tmp_path / "tablee.db-wal"):  # the open WAL file refuses writes: EIO-like
            with pytest.raises(DiskError) as said:
                await store.tables.create_table(_row(2))
        assert said.value.message == DISK_ERROR
        await store.tables.create_table(_row(3))  # the disk is back: SQLite recovers by itself
        assert [t.channel_id for t in await store.tables.active_tables()] == [1, 3]
    finally:
        await store.close()


def _engine_error(code: int) -> sqlite3.OperationalError:
    """A real error of the engine, its extended code set as SQLite's would be for ``code``."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.execute("SELECT * FROM nowhere")
    except sqlite3.OperationalError as exc:
        exc.sqlite_errorcode = code  # type: ignore[attr-defined]
        exc.args = ("",)
        return exc
    finally:
        conn.close()
    raise AssertionError("no error")


@pytest.mark.parametrize("extended", range(0, 34))
def test_every_io_error_code_is_the_disk_sentence(extended: int) -> None:
    assert isinstance(sqlite_unavailable(_engine_error(sqlite3.SQLITE_IOERR | extended << 8)),
                      DiskError)


@pytest.mark.parametrize("extended", range(0, 7))
def test_every_read_only_code_is_a_sentence(extended: int) -> None:
    code = sqlite3.SQLITE_READONLY | extended << 8
    said = sqlite_unavailable(_engine_error(code))
    assert isinstance(said, FileReplaced if code == READONLY_DBMOVED else ReadOnly)


def test_a_bug_stays_a_bug() -> None:
    assert sqlite_unavailable(_engine_error(sqlite3.SQLITE_ERROR)) is None
