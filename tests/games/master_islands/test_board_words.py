"""The board in words (Game.board_words, games/master_islands/position.py), over whole random
games of every mode (standard, cooperative, corsair with 3 and 4 players), several seeds: every
public fact of the public view is said, no hand card is, and a seat's own view says its hand."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.master_islands.cards import COLOURS
from tests.games.board_words import (
    check_first_line,
    counted,
    line_of,
    positions,
    samples_of,
    words,
)
from tests.games.every_game import setup_id
from tests.games.master_islands.test_support import GAME

SAMPLES = samples_of(GAME.id)
CARD = re.compile(r"\b[BGRY][1-5]\b")
ENGLISH_COLOURS = {"B": "blue", "G": "green", "R": "red", "Y": "yellow"}
assert set(ENGLISH_COLOURS) == set(COLOURS)


def label(card: str) -> str:
    return f"{card} ({ENGLISH_COLOURS[card[0]]} {card[1]})"


def seat_line(lines: list[str], seat: int) -> str:
    found = [line for line in lines if re.match(rf"Seat {seat}(, [^:]*)?: ", line)]
    assert len(found) == 1, (seat, lines)
    return found[0]


def check_public(view: dict[str, Any], lines: list[str]) -> None:
    """Each fact of the public view, compared with its own field."""
    check_first_line(view, lines)
    if view["result"]:
        assert all(f"Seat {w}" in lines[0] for w in view["result"]["winners"])
    assert lines[1].startswith("Phase: ")
    assert counted(view["pile"], "card", "cards") + " in the draw pile." in lines
    if view["mode"] == "corsair":
        line = line_of(lines, "Corsair mode:")
        assert f"round {view['round']} of {view['rounds_max']}" in line
        assert f"the corsair has {view['moves_left']} steps left" in line
        crew = view["team_scores"]["crew"]
        assert f"The crew has {crew} of the {view['target']} cards it needs." in lines
    elif view["mode"] == "coop":
        for team, score in view["team_scores"].items():
            assert f"Team {team} " in line_of(lines, f"Team {team} ")
            assert f"has {score} of the {view['target']} cards" in line_of(lines, f"Team {team} ")
    else:
        assert f"A player needs {view['target']} collected cards to win." in lines
    for s in view["seats"]:
        line = seat_line(lines, s["seat"])
        for i, (x, y) in enumerate(s["galleons"], start=1):
            assert f"galleon {i} on {x},{y}" in line
            assert f"galleon {i} of Seat {s['seat']}" in line_of(lines, f"Row {y}:")
        if s["role"] == "corsair":
            assert ", the corsair: " in line and "in hand" not in line
            continue
        assert counted(len(s["collected"]), "collected card", "collected cards") in line
        assert all(label(c) in line for c in s["collected"])
        assert counted(s["hand_size"], "card in hand", "cards in hand") in line
        if s["team"] is not None:
            assert f", team {s['team']}: " in line
    assert counted(len(view["map"]), "card", "cards") in line_of(lines, "The map has ")
    for cell in view["map"]:
        assert f"{cell['x']},{cell['y']}: {label(cell['card'])}" in line_of(lines,
                                                                           f"Row {cell['y']}:")
    said = sum(len(line.split("; ")) for line in lines if line.startswith("Row "))
    assert said == len(view["map"])  # no card said twice, none made up
    if view["holes"]:
        holes = line_of(lines, "Holes left by conquests: ")
        assert all(f"{x},{y}" in holes for x, y in view["holes"])
    else:
        assert not [line for line in lines if line.startswith("Holes")]


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: setup_id((GAME.id, s.players,
                                                                     dict(s.options))))
def test_the_words_say_every_public_fact_and_no_hand(sample: Any) -> None:
    seen = 0
    for state in positions(GAME, sample):
        view = GAME.view(state, None)
        lines = words(GAME, view)
        check_public(view, lines)
        text = "\n".join(lines)
        assert "Your hand" not in text
        public = {c["card"] for c in view["map"]} | {
            c for s in view["seats"] for c in s["collected"]}
        assert set(CARD.findall(text)) <= public  # a card in a hand is never named
        for seat in range(1, state["players"] + 1):
            own = GAME.view(state, seat)
            mine = words(GAME, own)
            if own["hand"] is None:  # the corsair holds no cards
                assert mine == lines
                continue
            assert mine[:-1] == lines  # the same position, and then the hand
            hand = own["hand"]
            assert mine[-1] == (f"Your hand: {', '.join(label(c) for c in hand)}." if hand
                                else "Your hand is empty.")
            seen += 1
    assert seen


def test_a_finished_game_says_the_winner_and_why() -> None:
    for sample in SAMPLES:
        *_, last = positions(GAME, sample, seeds=(1,))
        view = GAME.view(last, None)
        first = words(GAME, view)[0]
        assert view["result"] and first.startswith("Game over: ")
        assert str(view["result"]["reason"]) in first
        assert "Phase: the game is over." in words(GAME, view)


def test_the_words_read_in_french() -> None:
    state = next(positions(GAME, SAMPLES[0], seeds=(1,)))
    lines = words(GAME, GAME.view(state, 1), "fr")
    assert lines[0] == f"À Place {state['current']} de jouer."
    assert lines[-1].startswith("Votre main : ")
    assert "carte dans la pioche" in "\n".join(lines) or "cartes dans la pioche" in "\n".join(lines)
