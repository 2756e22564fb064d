"""The command-line tools answer a bad value with a sentence, say what they do in --help, and
count in English ("1 finished game"), issue 29 part 7."""

from __future__ import annotations

import argparse
import logging
import os
import re
from pathlib import Path
from typing import Any

import pytest

from benchmarks.__main__ import parse as bench_parse
from bot.__main__ import main
from bot.adapter.client import TableeBot
from bot.app import cli
from bot.app.environment import EVERY_COMMAND, VARIABLES
from games.__main__ import main as games_main

ROOT = Path(__file__).resolve().parents[3]


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


# -- every command's --help: what it does, then the environment variables it reads (issue 44) --
class Recorded(dict[str, str]):
    """``os.environ`` as a command sees it, noting every variable the command looks up."""

    def __init__(self, values: dict[str, str]) -> None:
        super().__init__(values)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> str:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:  # type: ignore[override]
        self.read.add(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        if isinstance(key, str):
            self.read.add(key)
        return super().__contains__(key)


def _ours(name: object) -> bool:
    if not isinstance(name, str):  # os.get_exec_path() asks for b"PATH" too
        return False
    return name in VARIABLES or name.startswith(("TABLEE_", "DISCORD_")) or name == "DATABASE_URL"


def _named(epilog_text: str) -> set[str]:
    """The variables an epilog lists (after its "environment variables" line)."""
    tail = epilog_text[epilog_text.index("environment variables"):]
    return set(re.findall(r"^  ([A-Z][A-Z0-9_]+) ", tail, re.MULTILINE))


def _commands() -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in cli.parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def test_every_command_says_what_it_does_and_ends_with_its_environment() -> None:
    commands = _commands()
    assert set(commands) == {"run", "check", "demo", "replay", "rebuild-ratings", "migrate",
                             "backup", "restore", "forget-user", "health", "emojis"}
    for name, command in commands.items():
        assert command.description and len(command.description) > 80, name
        assert command.epilog and "environment variables" in command.epilog, name
        assert command.format_help().rstrip().endswith(command.epilog.rstrip()), name
    top = cli.parser()
    assert top.epilog and _named(top.epilog) == set(VARIABLES)
    assert top.format_help().rstrip().endswith(top.epilog.rstrip())
    sources = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "bot").rglob("*.py")
                        if p.name != "environment.py")
    for name in VARIABLES:  # a variable the code no longer reads leaves the help
        assert re.search(rf"\b{name}\b", sources), name


def test_each_commands_help_names_exactly_the_variables_it_reads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Each command run for real (offline, in a folder with an owner's ./config.toml naming a
    SQLite file), the variables it looked up against those its --help names."""
    for name in [*VARIABLES, "DISCORD_TOKEN"]:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "config.toml").write_text('[database]\npath = "tablee.db"\n', encoding="utf-8")
    demo_out = tmp_path / "demo"
    runs = {  # each ends as it does for an owner (run: no token, so it stops before Discord)
        "check": (["check"], 0), "run": (["run"], 2),
        "demo": (["demo", "isis-osiris", "--players", "2", "--out", str(demo_out)], 0),
        "replay": (["replay", str(demo_out / "record.json"), "--out", str(tmp_path / "r.gif")],
                   0),
        "rebuild-ratings": (["rebuild-ratings"], 0),
        "backup": (["backup", "--out", str(tmp_path / "b.db")], 0),
        "restore": (["restore", str(tmp_path / "b.db")], 0),
        "forget-user": (["forget-user", "123456789"], 1),  # nobody has that id: said, exit 1
        "health": (["health"], 1),  # no bot started here: said, exit 1
        "emojis": (["emojis"], 2),  # no token, so it stops before Discord
        "migrate": (["migrate", "--from", "tablee.db", "--to",
                     "postgresql://nobody@127.0.0.1:1/none"], 1),
    }
    commands = _commands()
    assert set(runs) == set(commands)
    for name, (argv, code) in runs.items():
        recorded = Recorded(dict(os.environ))
        monkeypatch.setattr(os, "environ", recorded)
        assert main(argv) == code, (name, capsys.readouterr())
        monkeypatch.undo()
        monkeypatch.chdir(tmp_path)
        read = {v for v in recorded.read if _ours(v)}
        assert read - set(VARIABLES) == set(), name  # every variable is in the top-level help
        assert read - set(EVERY_COMMAND) == _named(commands[name].epilog or ""), name
