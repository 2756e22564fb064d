"""Game records and ``python -m games``: simulate -> replay is identical, bad inputs are refused
with a clear message, a non-zero exit and no traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from games import get_game
from games.records import BadRecord, replay, simulate, start
from tests.games.every_game import GAMES

ROOT = Path(__file__).resolve().parents[2]
MODES = [(3, []), (2, []), (4, ["mode=coop"]), (3, ["mode=corsair"]),
         (4, ["mode=corsair", "corsair=1", "difficulty=hard"])]


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "games", *args], input=stdin, text=True,
                          capture_output=True, cwd=ROOT, env=env, timeout=60)


def final_state(record: dict) -> dict:
    game, state = start(record)
    for entry in record["moves"]:
        state, _ = game.apply(state, entry["seat"], entry["move"])
    return state


@pytest.mark.parametrize(("players", "options"), MODES)
def test_simulate_then_replay_is_identical(players: int, options: list[str]) -> None:
    opts = dict(o.split("=") for o in options)
    for seed in range(3):
        record = simulate("master-islands", players, seed, opts)
        again = simulate("master-islands", players, seed, opts)
        assert record == again  # deterministic from the seed
        out = replay(json.loads(json.dumps(record)))
        state = final_state(record)
        game = get_game("master-islands")
        assert out["ok"] and out["error"] is None and out["finished"]
        assert out["scores"] == game.result(state).scores
        assert out["winners"] == game.result(state).winners
        assert out["to_move"] == [] and out["legal"] == []


@pytest.mark.parametrize(("players", "options"), [MODES[0], MODES[2], MODES[3]])
def test_cli_simulate_then_replay(tmp_path: Path, players: int, options: list[str]) -> None:
    extra = [a for o in options for a in ("--option", o)]
    sim = cli("simulate", "master-islands", "--players", str(players), "--seed", "1", *extra)
    assert sim.returncode == 0, sim.stderr
    record = json.loads(sim.stdout)
    path = tmp_path / "r.json"
    path.write_text(sim.stdout)
    rep = cli("replay", str(path))
    assert rep.returncode == 0, rep.stderr
    out = json.loads(rep.stdout)
    assert out == replay(record) and out["finished"] and out["ok"]
    assert cli("replay", "-", stdin=sim.stdout).stdout == rep.stdout


@pytest.mark.parametrize(("game_id", "players"), [
    (g.id, n) for g in GAMES for n in sorted({g.min_players, g.max_players})])
def test_cli_simulate_then_replay_with_random_players(game_id: str, players: int) -> None:
    bots = [a for _ in range(players) for a in ("--bot", "random")]
    sim = cli("simulate", game_id, "--players", str(players), "--seed", "2", *bots)
    assert sim.returncode == 0, sim.stderr
    record = json.loads(sim.stdout)
    rep = cli("replay", "-", stdin=sim.stdout)
    assert rep.returncode == 0, rep.stderr
    assert json.loads(rep.stdout) == replay(record) and json.loads(rep.stdout)["finished"]


def test_cli_refuses_a_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_bytes(b"\xff\xfe\x00")
    res = cli("replay", str(path))
    assert res.returncode == 2 and "not UTF-8" in res.stderr and "Traceback" not in res.stderr


def test_replay_reports_the_first_illegal_move() -> None:
    record = {"game": "master-islands", "players": 2, "seed": 1, "options": {"first": 1},
              "setup": {"deck": ["B1", "G2", "R3", "B1", "G2", "R3", "Y5", "Y1", "Y2", "Y3"]},
              "moves": [{"seat": 1, "move": "place B1 1,0"}, {"seat": 1, "move": "sail 1 W"}]}
    out = replay(record)
    assert not out["ok"] and out["error"]["index"] == 1 and "open sea" in out["error"]["message"]
    assert out["to_move"] == [1] and out["legal"] == ["sail 1 E", "sail 2 E"]
    res = cli("replay", "-", stdin=json.dumps(record))
    assert res.returncode == 1 and json.loads(res.stdout)["error"]["index"] == 1


@pytest.mark.parametrize(
    ("args", "stdin", "words"),
    [
        (["replay", "/nonexistent/r.json"], None, "cannot read"),
        (["replay", "-"], "{bad", "not JSON"),
        (["replay", "-"], "[1, 2]", "JSON object"),
        (["replay", "-"], '{"game": "chess", "players": 2}', "Unknown game 'chess'"),
        (["replay", "-"], '{"game": ["x"], "players": 2}', "'game' must be a game id"),
        (["replay", "-"], '{"game": "master-islands", "players": 2, "setup": {"dek": []}}',
         "unknown setup key(s) dek"),
        (["replay", "-"], '{"game": "master-islands", "players": 2, "moves": "x"}', "must be a list"),
        (["replay", "-"], '{"game": "master-islands", "players": 3, "options": {"mode": "coop"}}',
         "exactly 4 players"),
        (["replay", "-"], '{"game": "master-islands", "players": 2, "setup": {"deck": ["B1"]}}',
         "bad setup"),
        (["simulate", "chess", "--players", "2"], None, "invalid choice"),
        (["simulate", "master-islands", "--players", "5"], None, "2–4 players"),
        (["simulate", "master-islands", "--players", "2", "--option", "mode"], None, "key=value"),
        (["simulate", "master-islands", "--players", "2", "--bot", "x", "--bot", "y"], None,
         "no computer player"),
    ],
)
def test_cli_bad_inputs_are_clear(args: list[str], stdin: str | None, words: str) -> None:
    res = cli(*args, stdin=stdin)
    assert res.returncode != 0
    assert words in res.stderr
    assert "Traceback" not in res.stderr


def test_bad_record_shapes_raise_bad_record() -> None:
    for record in ({"game": "master-islands", "players": "2"},
                   {"game": "master-islands", "players": 2, "seed": True},
                   {"game": "master-islands", "players": 2, "options": ["x"]}):
        with pytest.raises(BadRecord):
            replay(record)


@pytest.mark.parametrize("game_id", [["x"], None, {"a": 1}, 3])
def test_get_game_refuses_a_non_string_id_with_a_sentence(game_id: object) -> None:
    from games.registry import UnknownGame

    with pytest.raises(UnknownGame, match="Unknown game .* Known games: .*isis-osiris"):
        get_game(game_id)  # type: ignore[arg-type]
    with pytest.raises(BadRecord, match="'game' must be a game id"):
        start({"game": game_id, "players": 2})
