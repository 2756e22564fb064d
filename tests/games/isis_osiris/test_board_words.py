"""The board in words (Game.board_words, games/isis_osiris/position.py), over whole random games
of every sample (memory mode, the common pile, open tiles), several seeds: every public fact of
the public view is said, and a face-down tile's value never is (IO-5, IO-9)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games import get_game
from games.isis_osiris.tiles import CELLS, COLUMNS, ROWS
from tests.games.board_words import (
    check_first_line,
    counted,
    line_of,
    positions,
    samples_of,
    words,
)
from tests.games.every_game import setup_id

GAME = get_game("isis-osiris")
SAMPLES = samples_of(GAME.id)


def check_public(view: dict[str, Any], lines: list[str]) -> None:
    check_first_line(view, lines)
    if view["result"]:
        assert all(f"Seat {w}" in lines[0] for w in view["result"]["winners"])
    pending = view["pending"]
    if pending:
        assert (f"Seat {pending['seat']} revealed a {pending['value']:+d} tile and must place it "
                "now.") in lines
    else:
        assert not [line for line in lines if "revealed" in line]
    if view["pile"] is not None:
        assert f"{counted(view['pile'], 'tile', 'tiles')} left in the common pile." in lines
    for s in view["seats"]:
        line = line_of(lines, f"Seat {s['seat']}: ")
        assert f"{counted(s['pawns_left'], 'pawn', 'pawns')} and " \
               f"{counted(s['tiles_left'], 'tile', 'tiles')} left to place." in line
        if s["score"] is not None:
            assert f": {counted(s['score'], 'point', 'points')}; " in line
        else:
            assert "point" not in line
    board = view["board"]
    empty = 36 - len(board)
    assert line_of(lines, "The board has ").startswith(
        f"The board has {counted(empty, 'empty cell', 'empty cells')} of 36")
    worth = (view["final"] or {}).get("pawn_values") or {}
    for row in ROWS:
        line = line_of(lines, f"Row {row}: ")
        occupied = [c + row for c in COLUMNS if c + row in board]
        if not occupied:
            assert line == f"Row {row}: empty."
            continue
        items = line[len(f"Row {row}: "):-1].split("; ")
        assert [item.split(" ", 1)[0] for item in items] == occupied  # west to east, no other
        for cell, item in zip(occupied, items, strict=True):
            what = board[cell]
            if what["kind"] == "pawn":
                expected = f"{cell} pawn of Seat {what['seat']}"
                if cell in worth:
                    expected += f", worth {worth[cell]}"
            elif what["value"] is None:
                expected = f"{cell} face-down tile"
            else:
                expected = f"{cell} tile {what['value']:+d}"
            assert item == expected


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: setup_id((GAME.id, s.players,
                                                                     dict(s.options))))
def test_the_words_say_every_public_fact_and_no_hidden_value(sample: Any) -> None:
    hidden_seen = 0
    for state in positions(GAME, sample):
        view = GAME.view(state, None)
        lines = words(GAME, view)
        check_public(view, lines)
        shown = state["over"] or state["options"]["open"]
        values = re.findall(r"[+-]\d", "\n".join(  # not in scores ("Seat 1: -3 points")
            line for line in lines[1:] if not re.match(r"Seat \d+: ", line)))
        if not shown:  # memory mode: only the tile being revealed has a value in words
            assert values == ([f"{view['pending']['value']:+d}"] if view["pending"] else [])
            hidden_seen += sum(1 for c in CELLS if state["board"].get(c, {}).get("kind") == "tile")
        for seat in range(1, state["players"] + 1):  # IO-5: nobody sees their own tiles
            assert words(GAME, GAME.view(state, seat)) == lines
    if not (sample.options.get("open")):
        assert hidden_seen  # face-down tiles were on the board, and their values not said


def test_the_words_read_in_french() -> None:
    *_, last = positions(GAME, SAMPLES[0], seeds=(1,))
    lines = words(GAME, GAME.view(last, None), "fr")
    assert lines[0].startswith("Partie terminée : ")
    assert any(line.startswith("Rangée 1 : ") for line in lines)
