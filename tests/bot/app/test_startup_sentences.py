"""``python -m bot`` (run) says in one sentence why it cannot open its database, as ``check``
does, instead of a traceback (issue 30, item 5): a file that is not a database, another
application's SQLite file written by a newer schema, a PostgreSQL server that is not running,
a wrong password. The database is opened before Discord is contacted, so no network is needed."""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.storage.url import url_problem
from tests.pg import URL_ENV

ROOT = Path(__file__).resolve().parents[3]
CLEARED_ENV = ("DATABASE_URL", "TABLEE_CONFIG", "TABLEE_SHARD_COUNT", "TABLEE_SHARD_IDS")


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
