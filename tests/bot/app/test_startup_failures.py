"""Storage start-up problems get one clear sentence (issue 17, item 6): a read-only folder (WAL
writes NAME-wal and NAME-shm next to the file, even when the file itself is writable), a path that
is a folder (and no "Event loop is closed" tracebacks after the sentence), and a 0-byte file taken
as a new database is said."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.app.runner import database_problem

ROOT = Path(__file__).resolve().parents[3]


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
