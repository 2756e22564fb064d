"""``python -m games … --help`` lists every game with its player counts, and its options where
the command takes ``--option``."""

from __future__ import annotations

import pytest

from games import all_games
from games.__main__ import main


@pytest.mark.parametrize("command", ["simulate", "arena"])
def test_help_lists_the_games_and_their_options(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    shown = capsys.readouterr().out
    for game in all_games():
        assert f"{game.id}: {game.name}, {game.min_players}-{game.max_players} players" in shown
        for opt in game.options:
            assert f"{opt.name}=" in shown
    assert "difficulty=easy|medium|hard (default: medium)" in shown


def test_replay_help_lists_the_games_without_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    shown = capsys.readouterr().out
    for game in all_games():
        assert f"{game.id}: {game.name}, {game.min_players}-{game.max_players} players" in shown
    assert "--option" not in shown and "difficulty=" not in shown
