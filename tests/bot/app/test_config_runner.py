"""`python -m bot check` / `run` before Discord: config and database problems named, exit codes."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.__main__ import main
from bot.app.version import program


def config_file(tmp_path: Path, body: str) -> str:
    path = tmp_path / "config.toml"
    path.write_text(body, encoding="utf-8")
    return str(path)


def test_check_accepts_a_good_config_and_creates_the_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "tablee.db"
    path = config_file(tmp_path, f'[database]\npath = "{db}"\n')
    assert main(["check", "--config", path]) == 0
    assert db.exists()
    assert "ok: config" in capsys.readouterr().out


def test_check_says_which_shards_a_sharded_process_serves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("TABLEE_SHARD_COUNT", "TABLEE_SHARD_IDS", "DATABASE_URL", "DISCORD_TOKEN"):
        monkeypatch.delenv(name, raising=False)
    db = tmp_path / "tablee.db"
    path = config_file(tmp_path, f'[database]\npath = "{db}"\n[discord]\nshard_count = 4\n'
                       "shard_ids = [3, 1]\n")
    assert main(["check", "--config", path]) == 0
    assert capsys.readouterr().out.splitlines()[0].endswith(f", shards 3, 1 of 4, {program()}")
    path = config_file(tmp_path, f'[database]\npath = "{db}"\n')
    assert main(["check", "--config", path]) == 0
    ok_line = capsys.readouterr().out.splitlines()[0]
    assert ok_line.endswith(f"(needed to run), {program()}")  # no shards


def test_config_before_the_subcommand_works_too(tmp_path: Path) -> None:
    path = config_file(tmp_path, f'[database]\npath = "{tmp_path / "t.db"}"\n')
    assert main(["--config", path, "check"]) == 0


def test_check_names_the_bad_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = config_file(tmp_path, '[commands]\nsync = "sometimes"\n')
    assert main(["check", "--config", path]) == 2
    assert f"{path}: commands.sync must be one of global, guild, off" in capsys.readouterr().err


def test_check_names_a_missing_database_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = config_file(tmp_path, f'[database]\npath = "{tmp_path / "no" / "t.db"}"\n')
    assert main(["check", "--config", path]) == 1
    assert "does not exist" in capsys.readouterr().err


def test_run_without_a_token_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    path = config_file(tmp_path, f'[database]\npath = "{tmp_path / "t.db"}"\n')
    assert main(["--config", path]) == 2
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err


def test_run_without_network_says_so_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import discord.http

    monkeypatch.setenv("DISCORD_TOKEN", "x.y.z")
    monkeypatch.setattr(discord.http.Route, "BASE", "http://127.0.0.1:9/api/v10")  # refused
    path = config_file(tmp_path, f'[database]\npath = "{tmp_path / "t.db"}"\n')
    with pytest.raises(SystemExit) as exc:
        main(["--config", path])
    assert "cannot reach Discord" in str(exc.value.code)
    assert "Traceback" not in capsys.readouterr().err


def test_check_says_where_the_live_table_is_served_and_never_the_secret(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TABLEE_ACTIVITY_SECRET", "s3cret-value")
    db = tmp_path / "tablee.db"
    path = config_file(tmp_path, f'[database]\npath = "{db}"\n[web]\nlisten = "127.0.0.1:8080"\n'
                       'public_url = "https://tables.example.org"\n[activity]\nclient_id = 42\n')
    assert main(["check", "--config", path]) == 0
    out = capsys.readouterr().out
    assert ", live table at 127.0.0.1:8080 (https://tables.example.org), Activity on, " in out
    assert "s3cret" not in out
