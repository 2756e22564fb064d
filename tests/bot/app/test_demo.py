"""``python -m bot demo``: a whole game through the host leaves images and a replayable record."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from PIL import Image

from bot.__main__ import main
from games.records import replay


@pytest.mark.parametrize(("mode", "players"), [("standard", 3), ("corsair", 4)])
def test_demo_writes_posts_hands_and_record(tmp_path: Path, mode: str, players: int) -> None:
    out = tmp_path / "demo"
    assert main(["demo", "master-islands", "--players", str(players), "--option", f"mode={mode}",
                 "--seed", "5", "--out", str(out)]) == 0
    posts = sorted(out.glob("post-*.png"))
    hands = sorted(out.glob("hand-seat*.png"))
    assert len(posts) >= 2 and len(hands) == players
    for png in [*posts, *hands]:
        assert png.stat().st_size <= 300_000
        Image.open(io.BytesIO(png.read_bytes())).load()
    record = json.loads((out / "record.json").read_text())
    assert record["options"]["mode"] == mode
    summary = replay(record)
    assert summary["ok"] and summary["finished"]
    log = (out / "log.txt").read_text()
    assert len(set(re.findall(r"\[(post-\d+\.png)", log))) == len(posts)
    # One post per turn: a Discovery has two actions, so the person's post is edited in place.
    assert "(edited in place)" in log


def test_demo_refuses_impossible_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "master-islands", "--players", "3", "--option", "mode=coop",
                 "--out", str(tmp_path)]) == 2
    assert "Cooperative mode needs exactly 4 players" in capsys.readouterr().err


def test_demo_log_tells_a_reveal_before_the_tile_it_places(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    assert main(["demo", "isis-osiris", "--players", "2", "--seed", "3", "--out", str(out)]) == 0
    lines = (out / "log.txt").read_text().splitlines()
    reveals = [i for i, line in enumerate(lines) if "revealed a" in line]
    assert reveals
    for i in reveals:
        assert lines[i].startswith("(shown once) ")
        following = lines[i + 1]
        assert "placed the tile on" in following or following.startswith(("» ", "[")), following
    # A computer's reveal has a post of its own; its tile comes in the next post, so the value
    # and its cell are never on one post (as for a person's reveal).
    alone = [i for i in reveals if "Computer" in lines[i]]
    assert alone
    for i in alone:
        assert lines[i + 1].startswith("» ") and lines[i + 2].startswith("[post-")
        assert "placed the tile on" in lines[i + 3], lines[i: i + 4]


def test_demo_clears_its_own_files_and_refuses_a_folder_holding_others(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An earlier demo's files are cleared (no stale post of a longer game is left); a folder
    holding anything else is refused, as is one that cannot be written: one sentence each."""
    out = tmp_path / "demo"
    out.mkdir()
    (out / "post-999.png").write_bytes(b"stale")
    (out / "log.txt").write_text("old", encoding="utf-8")
    assert main(["demo", "isis-osiris", "--players", "2", "--out", str(out)]) == 0
    assert not (out / "post-999.png").exists() and (out / "log.txt").read_text() != "old"
    (out / "notes.md").write_text("mine", encoding="utf-8")
    capsys.readouterr()
    assert main(["demo", "isis-osiris", "--players", "2", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err == (f"error: {out} already holds other files (notes.md); choose a new or empty "
                   "folder with --out.\n")
    assert (out / "notes.md").exists() and (out / "record.json").exists()
    a_file = tmp_path / "plain"
    a_file.write_text("x", encoding="utf-8")
    assert main(["demo", "isis-osiris", "--out", str(a_file / "demo")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: cannot write to {a_file / 'demo'}: ") and err.count("\n") == 1


def test_demo_in_french(tmp_path: Path) -> None:
    out = tmp_path / "demo"
    assert main(["demo", "isis-osiris", "--players", "2", "--seed", "3", "--out", str(out),
                 "--language", "fr"]) == 0
    log = (out / "log.txt").read_text(encoding="utf-8")
    assert "à jouer : Alex (place 1)" in log and "Partie terminée" in log
    assert "Ordinateur 1 (moyen" in log


def test_demo_help_lists_the_games_and_their_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["demo", "--help"])
    shown = capsys.readouterr().out
    for needle in ("master-islands: Master Islands, 2-4 players", "mode=standard|coop|corsair",
                   "reserve=own|common (default: own)", "first=SEAT (default: drawn at random)",
                   "refused", "--language"):
        assert needle in shown, needle
