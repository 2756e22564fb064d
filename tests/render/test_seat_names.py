"""Engine sentences drawn in images name the players (render/seats.py), in any language."""

from __future__ import annotations

import random

import pytest

import i18n
from games import get_game
from games.text import say, seat
from render import kit
from render import master_islands as mi_render
from render.seats import named_sentence, with_names


def test_seat_fields_become_the_names_the_view_carries() -> None:
    view = {"seats": [{"seat": 1, "name": "Zoe"}, {"seat": 2}]}
    text = say("Team {team} ({first} and {second})", team=1, first=seat(1), second=seat(2))
    assert with_names(text, view) == "Team 1 (Zoe and Seat 2)"  # no name: the seat
    assert with_names("plain", view) == "plain" and named_sentence("", view) == ""
    with i18n.language("fr"):
        assert named_sentence(text, view).startswith("L’équipe 1 (Zoe et ")


def test_a_french_master_islands_board_names_the_winning_team(monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game("master-islands")
    state, rng = game.new(4, {"mode": "coop"}, 1), random.Random(1)
    while game.to_move(state):
        mover = game.to_move(state)[0]
        state, _ = game.apply(state, mover, rng.choice(game.legal(state, mover)))
    view = game.view(state, None)
    for row, name in zip(view["seats"], ("Ann", "Bob", "Cléo", "Dan"), strict=True):
        row["name"] = name
    drawn: list[str] = []
    real = kit.text
    monkeypatch.setattr(kit, "text", lambda d, xy, s, *a, **k: (drawn.append(s), real(d, xy, s, *a, **k)))
    with i18n.language("fr"):
        mi_render.board(view)
    closing = " ".join(drawn)
    assert "L’équipe 2 (Bob et Dan) a récupéré 14 cartes" in closing
