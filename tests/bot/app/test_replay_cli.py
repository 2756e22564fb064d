"""``python -m bot replay RECORD.json --out FILE``: writes a replay that decodes, and every
mistake (missing file, not JSON, not a record, a refused move, a bad or unwritable output) is
one sentence on stderr with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PIL import Image

from bot.__main__ import main
from games.records import simulate


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("records") / "game.json"
    path.write_text(json.dumps(simulate("isis-osiris", 2, 4)), encoding="utf-8")
    return path


def test_writes_the_replay_named_by_out(record_file: Path, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.gif"
    assert main(["replay", str(record_file), "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith(f"{out}: ") and "frames for" in printed and "(gif)" in printed
    with Image.open(out) as image:
        assert image.format == "GIF" and image.n_frames > 2


def test_without_out_a_gif_goes_next_to_the_record(
        record_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(record_file)]) == 0
    written = Path(capsys.readouterr().out.split(":")[0])
    assert written.parent == record_file.parent and written.name == "game.gif"
    with Image.open(written) as image:
        assert image.format == "GIF" and image.n_frames > 2


def test_out_ending_in_webp_writes_a_lossless_webp(
        record_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.webp"
    assert main(["replay", str(record_file), "--out", str(out)]) == 0
    assert "(webp)" in capsys.readouterr().out
    with Image.open(out) as image:
        assert image.format == "WEBP" and image.n_frames > 2


@pytest.mark.parametrize("content, said", [
    (None, "no such file."),
    ('{"game": 3', ": not JSON: Expecting ',' delimiter at line 1 column 11"),
    ("[1, 2]", ": a record must be a JSON object"),
    ('{"game": "chess", "players": 2}', "unknown game"),
    ('{"game": "isis-osiris", "players": 2, "moves": [{"seat": 1, "move": "fly"}]}',
     "move 1 (fly) cannot be played: "),
])
def test_a_bad_record_is_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      content: str | None, said: str) -> None:
    path = tmp_path / "record.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["replay", str(path), "--out", str(tmp_path / "r.webp")]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: {path}") and said.lower() in err.lower(), err
    assert err.count("\n") == 1 and not (tmp_path / "r.webp").exists()


@pytest.mark.parametrize("out, said", [
    ("missing/r.webp", "cannot write {out}: the folder {folder} does not exist."),
    ("r.png", "--out must name a .webp or .gif file, not '{out}'."),
    ("adir.gif", "cannot write {out}: it is a folder."),
])
def test_a_bad_output_is_one_sentence(record_file: Path, tmp_path: Path, out: str, said: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "adir.gif").mkdir()
    target = tmp_path / out
    assert main(["replay", str(record_file), "--out", str(target)]) == 2
    expected = said.format(out=target, folder=target.parent)
    assert capsys.readouterr().err == f"error: {expected}\n"


def test_a_huge_or_deep_record_is_one_short_sentence(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 10 MB move is quoted by its first few dozen characters; JSON nested 100,000 deep is
    refused without a traceback (issue 15: one sentence, at most ~100 characters echoed)."""
    huge = tmp_path / "huge.json"
    huge.write_text(json.dumps({"game": "isis-osiris", "players": 2, "seed": 1, "moves": [
        {"seat": 1, "move": "x" * 10_000_000}]}), encoding="utf-8")
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    for path, said in ((huge, "cannot be played"), (deep, "nested too deeply")):
        assert main(["replay", str(path), "--out", str(tmp_path / "r.gif")]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and said in err, err[:300]
        assert err.count("x") <= 100 and len(err) < 400


def test_help_lists_the_games_but_no_options(capsys: pytest.CaptureFixture[str]) -> None:
    """A record carries its options: replay takes none (issue 29 part 7)."""
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    shown = capsys.readouterr().out
    for needle in ("master-islands: Master Islands, 2-4 players", "isis-osiris", "--language"):
        assert needle in shown
    assert "mode=standard|coop|corsair" not in shown and "--option" not in shown


def test_captions_speak_the_language_asked(record_file: Path, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from render import replay as replays

    seen: list[str] = []
    real = replays.caption

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        lines = real(*args, **kwargs)
        seen.extend(text for text, _bold in lines)
        return lines

    monkeypatch.setattr(replays, "caption", spy)
    assert main(["replay", str(record_file), "--out", str(tmp_path / "r.gif"),
                 "--language", "fr"]) == 0
    assert seen[0].startswith("La table après la mise en place")
    assert any(line.startswith("Tour 1 sur ") for line in seen)
