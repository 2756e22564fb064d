"""``python -m bot`` (run) says in one sentence why it cannot open its database, as ``check``
does, instead of a traceback (issue 30, item 5): a file that is not a database, another
application's SQLite file written by a newer schema, a PostgreSQL server that is not running,
a wrong password. The database is opened before Discord is contacted, so no network is needed.

Storage start-up problems get one clear sentence (issue 17, item 6): a read-only folder (WAL
writes NAME-wal and NAME-shm next to the file, even when the file itself is writable), a path that
is a folder (and no "Event loop is closed" tracebacks after the sentence), and a 0-byte file taken
as a new database is said."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.app.runner import database_problem
from bot.storage.url import url_problem
from tests.pg import URL_ENV

ROOT = Path(__file__).resolve().parents[3]
CLEARED_ENV = ("DATABASE_URL", "TABLEE_CONFIG", "TABLEE_SHARD_COUNT", "TABLEE_SHARD_IDS")


ROOT = Path(__file__).resolve().parents[3]


def run_bot(tmp_path: Path, database: str) -> subprocess.CompletedProcess[str]:
    key = "url" if "://" in database else "path"
    config = tmp_path / "config.toml"
    config.write_text(f'[database]\n{key} = "{database}"\n', encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in CLEARED_ENV}
    env["DISCORD_TOKEN"] = "not.a.token"
    return subprocess.run([sys.executable, "-m", "bot", "--config", str(config)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)


def assert_one_sentence(done: subprocess.CompletedProcess[str], *words: str) -> None:
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
    errors = [line for line in lines if line.startswith("error: database ")]
    assert len(errors) == 1, done.stderr
    for word in words:
        assert word in errors[0], errors[0]
    # Nothing but the logging of the start (config line) beside the sentence.
    assert len(lines) <= 2, done.stderr


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    db = tmp_path / "tablee.db"
    db.write_bytes(b"hello, not a database at all, just some text" * 40)
    assert_one_sentence(run_bot(tmp_path, str(db)), str(db), "not a database")


def test_a_schema_newer_than_the_program(tmp_path: Path) -> None:
    db = tmp_path / "tablee.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)")
        conn.execute("PRAGMA user_version = 999")
    assert_one_sentence(run_bot(tmp_path, str(db)), "newer than this program")


def test_a_postgresql_server_that_is_not_running(tmp_path: Path) -> None:
    url = f"postgresql://tablee:secret@127.0.0.1:{free_port()}/tablee"
    done = run_bot(tmp_path, url)
    assert_one_sentence(done, "127.0.0.1")
    assert "secret" not in done.stderr  # the password is never shown


def test_a_wrong_postgresql_password(tmp_path: Path) -> None:
    url = os.environ.get(URL_ENV, "").strip()
    if not url:
        pytest.skip(f"{URL_ENV} is not set: no PostgreSQL to refuse a password")
    user_and_host = url.split("://", 1)[1].split("@", 1)
    wrong = f"postgresql://{user_and_host[0].split(':')[0]}:wrong-password@{user_and_host[1]}"
    done = run_bot(tmp_path, wrong)
    assert_one_sentence(done)
    assert "wrong-password" not in done.stderr


@pytest.mark.parametrize("char", ["/", "#", "?"])
def test_a_password_with_a_reserved_character_is_told_to_be_percent_encoded(char: str) -> None:
    """Item 5: `pa/ss` used to be reported as "a port that is not a number"."""
    url = f"postgresql://tablee:pa{char}ss@localhost:5432/tablee"
    problem = url_problem(url)
    assert problem is not None and "percent-encoded" in problem and "%2F" in problem
    assert "port" not in problem
    encoded = {"/": "%2F", "#": "%23", "?": "%3F"}[char]
    assert url_problem(f"postgresql://tablee:pa{encoded}ss@localhost:5432/tablee") is None


def test_an_at_sign_in_a_query_is_not_taken_for_a_password() -> None:
    assert url_problem("postgresql://localhost/tablee?options=a@b") is None


def config_file(tmp_path: Path, db: Path) -> str:
    path = tmp_path / "config.toml"
    path.write_text(f'[database]\npath = "{db}"\n', encoding="utf-8")
    return str(path)


def test_a_writable_file_in_a_read_only_folder_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "tablee.db"
    db.write_bytes(b"")
    real_access = os.access
    # As root (CI containers) chmod does not stop writes, so the folder's answer is given here.
    monkeypatch.setattr(os, "access", lambda p, mode: False if Path(p) == tmp_path
                        else real_access(p, mode))
    problem = database_problem(str(db))
    assert problem is not None and "tablee.db-wal" in problem and str(tmp_path) in problem


@pytest.mark.skipif(os.name != "posix", reason="uids are POSIX's")
def test_an_unwritable_working_folder_is_named_with_the_uid(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The image's default, a relative tablee.db in /data: the sentence names the folder itself
    and the uid to give it to (`docker run --user`, `chown`), not "." and "this user"."""
    monkeypatch.chdir(tmp_path)
    real_access = os.access
    monkeypatch.setattr(os, "access", lambda p, mode: False if Path(p) == tmp_path
                        else real_access(p, mode))
    problem = database_problem("tablee.db")
    assert problem is not None
    assert f"uid {os.getuid()} cannot create files in {tmp_path} " in problem
    assert f"give that folder to uid {os.getuid()}" in problem
    (tmp_path / "tablee.db").write_bytes(b"")
    monkeypatch.setattr(os, "access", lambda p, mode: False)
    problem = database_problem("tablee.db")
    assert problem is not None
    assert f"{tmp_path / 'tablee.db'} is not readable and writable by uid {os.getuid()}" in problem


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root writes anywhere")
def test_check_refuses_a_read_only_folder_for_real(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "ro"
    folder.mkdir()
    db = folder / "tablee.db"
    db.write_bytes(b"")
    folder.chmod(0o555)
    try:
        assert main(["check", "--config", config_file(tmp_path, db)]) == 1
    finally:
        folder.chmod(0o755)
    assert "-wal" in capsys.readouterr().err


def test_a_folder_as_database_path_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "tablee.db"
    folder.mkdir()
    assert main(["check", "--config", config_file(tmp_path, folder)]) == 1
    err = capsys.readouterr().err
    assert "this is a folder, not a file" in err and err.count("\n") == 1


def test_a_failed_open_leaves_no_event_loop_traceback(tmp_path: Path) -> None:
    """Opening fails inside aiosqlite (here: a folder): the error, and nothing from its thread."""
    folder = tmp_path / "folder.db"
    folder.mkdir()
    code = (
        "import asyncio, sqlite3\n"
        "from bot.storage import Store\n"
        "async def main():\n"
        "    try:\n"
        f"        await Store.open({str(folder)!r})\n"
        "    except sqlite3.OperationalError as exc:\n"
        "        print('refused:', exc)\n"
        "asyncio.run(main())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert "refused: unable to open database file" in done.stdout
    assert "Event loop is closed" not in done.stderr and "Traceback" not in done.stderr


def test_an_empty_file_is_said_to_start_a_new_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "tablee.db"
    db.write_bytes(b"")
    assert main(["check", "--config", config_file(tmp_path, db)]) == 0
    assert "is empty: starting a new database" in capsys.readouterr().err
    assert db.stat().st_size > 0
