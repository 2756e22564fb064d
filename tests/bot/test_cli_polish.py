"""The command-line tools answer a bad value with a sentence, say what they do in --help, and
count in English ("1 finished game"), issue 29 part 7."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from benchmarks.__main__ import parse as bench_parse
from bot.__main__ import main
from bot.adapter.client import TableeBot
from games.__main__ import main as games_main


def test_demo_with_an_unknown_mode_says_so_without_a_traceback(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "master-islands", "--option", "mode=solo", "--out",
                 str(tmp_path / "d")]) == 2
    err = capsys.readouterr().err
    assert err == "error: Option 'mode' must be one of standard, coop, corsair, not 'solo'.\n"


@pytest.mark.parametrize("bad", [["chess"], ["master-islands", "--players", "9"],
                                 ["master-islands", "--option", "mode=solo"]])
def test_a_failed_demo_leaves_the_previous_demo_as_it_was(
        tmp_path: Path, bad: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "demo"
    out.mkdir()
    earlier = {"post-000.png": b"png", "log.txt": b"an earlier demo\n", "record.json": b"{}"}
    for name, data in earlier.items():
        (out / name).write_bytes(data)
    assert main(["demo", *bad, "--out", str(out)]) == 2
    assert capsys.readouterr().err.startswith("error: ")
    assert {p.name: p.read_bytes() for p in out.iterdir()} == earlier


def _help(argv: list[str], capsys: pytest.CaptureFixture[str], run: Any = main) -> str:
    with pytest.raises(SystemExit):
        run([*argv, "--help"])
    return " ".join(capsys.readouterr().out.split())


def test_demo_help_names_the_stand_in_and_explains_players_and_seed(
        capsys: pytest.CaptureFixture[str]) -> None:
    text = _help(["demo"], capsys)
    assert "seat 1 is Alex" in text and "'You'" not in text
    assert "--players PLAYERS how many seats" in text
    assert "--seed SEED the deal and every roll" in text


def test_replay_help_lists_the_games_without_options_it_does_not_take(
        capsys: pytest.CaptureFixture[str]) -> None:
    for argv, run in ((["replay"], main), (["replay"], games_main)):
        text = _help(argv, capsys, run)
        assert "master-islands: Master Islands" in text
        assert "--option" not in text and "mode=standard" not in text


def test_arena_refuses_an_unknown_level(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        games_main(["arena", "master-islands", "--a", "expert", "--games", "1"])
    assert exited.value.code == 2
    assert "argument --a: invalid choice: 'expert'" in capsys.readouterr().err


def test_bench_refuses_an_unknown_game_and_a_game_it_would_not_use(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        bench_parse(["--game", "chess"])
    assert "argument --game: invalid choice: 'chess'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        bench_parse(["--game", "master-islands"])
    assert "--game chooses the game of --computers or --size" in capsys.readouterr().err
    assert bench_parse(["--size", "--game", "master-islands"]).game == "master-islands"


def test_rebuild_counts_one_finished_game_in_the_singular(
        demo_config: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = demo_config
    capsys.readouterr()
    assert main(["rebuild-ratings", "--config", str(config)]) == 0
    assert "ratings rebuilt from 1 finished game in" in capsys.readouterr().out


async def test_the_log_says_1_server(caplog: pytest.LogCaptureFixture,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    bot = object.__new__(TableeBot)
    bot._resumed = True
    monkeypatch.setattr(TableeBot, "user", property(lambda _self: "tablee#0001"), raising=False)
    monkeypatch.setattr(TableeBot, "guilds", property(lambda _self: [object()]), raising=False)
    with caplog.at_level(logging.INFO, logger="tablee.adapter"):
        await TableeBot.on_ready(bot)
    assert "logged in as tablee#0001 (?) in 1 server" in caplog.text
    assert "1 servers" not in caplog.text
