"""The board in words (Game.board_words, games/ile_des_contrebandiers/position.py), over whole
random games of every sample, several seeds: every public fact of the public view is said (the
beam, reefs, dice, the turn, each boat and the tile it carries as far as it is known, the
floating tiles, the islands' stacks, the scores and deliveries, the path), a tile's hidden side
never is (IC-6), and a seat's own view says its own tile."""

from __future__ import annotations

from typing import Any

import pytest

from games import get_game
from games.ile_des_contrebandiers.board import LETTERS
from games.ile_des_contrebandiers.words import ISLANDS, YELLOW
from tests.games.board_words import (
    check_first_line,
    line_of,
    positions,
    samples_of,
    words,
)
from tests.games.every_game import setup_id

GAME = get_game("ile-des-contrebandiers")
SAMPLES = samples_of(GAME.id)
STAGES = {"start": "the boats choose their starting harbours",
          "turn": "choose which way the beam turns", "drop": "throw the caught tiles overboard",
          "sail": "sail, stay or load", "load": "load the floating tile or stay",
          "push": "push the boat or swap places"}


def points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def tile(t: dict[str, Any]) -> str:
    return f"{ISLANDS[t['destination']]} ({points(t['points'])})"


def seats(numbers: list[int]) -> str:
    who = [f"Seat {n}" for n in numbers]
    return who[0] if len(who) == 1 else ", ".join(who[:-1]) + " and " + who[-1]


def check_public(view: dict[str, Any], lines: list[str]) -> None:
    check_first_line(view, lines)
    for s in view["seats"]:
        line = line_of(lines, f"Seat {s['seat']}: ")
        assert line.startswith(f"Seat {s['seat']}: {points(s['score'])}, ")
        if s["delivered"]:
            assert line.endswith(f"delivered {', '.join(tile(t) for t in s['delivered'])}.")
        else:
            assert line.endswith("nothing delivered.")
    turn = view["turn"]
    if turn:
        assert f"Turn of Seat {turn['seat']}: {STAGES[turn['stage']]}." in lines
        if turn["caught"]:
            assert f"Caught by the beam this turn: {seats(turn['caught'])}." in lines
        if turn["drops_left"]:
            assert (f"Tiles still to throw overboard: those of {seats(turn['drops_left'])}."
                    in lines)
    dice = view["dice"]
    if dice:
        assert (f"Dice: the lighthouse die shows {YELLOW[dice['yellow']]}, the white die "
                f"{dice['white']}.") in lines
    beam = line_of(lines, "The beam lights ")
    assert beam.startswith(f"The beam lights sector {LETTERS[view['beam']]}.")
    if view["reefs"]:
        assert beam.endswith(f" Reefs: {', '.join(view['reefs'])}.")
    for boat in view["boats"]:
        line = line_of(lines, f"The boat of Seat {boat['seat']} ")
        if boat["space"] is None:
            assert line.endswith("is not placed yet.")
            continue
        assert f" is on {boat['space']}, " in line
        t = boat["tile"]
        if t is None:
            assert line.endswith(", empty.")
        elif t["hidden"]:
            assert line.endswith("carrying a hidden tile.")
        else:
            assert line.endswith(f"carrying a tile for {tile(t)}, shown to all.")
    floating = view["floating"]
    if not floating:
        assert "No tile floats on the sea." in lines
    else:
        line = line_of(lines, f"{len(floating)} tile")
        for f in floating:
            t = f["tile"]
            said = "hidden" if t["hidden"] else f"for {tile(t)}"
            assert f"{f['space']}, {said}" in line
        assert line.count("; ") + 1 == len(floating)
    stacks = line_of(lines, "Goods left on the islands: ")
    for i in view["islands"]:
        n = i["goods_left"]
        assert (f"{ISLANDS[i['island']]} ({i['harbour']}, sector {LETTERS[i['sector']]}): "
                f"{n} {'tile' if n == 1 else 'tiles'}") in stacks
    if view["path"]:
        assert f"Path just sailed: {', '.join(view['path'])}." in lines


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: setup_id((GAME.id, s.players,
                                                                     dict(s.options))))
def test_the_words_say_every_public_fact_and_no_hidden_tile(sample: Any) -> None:
    own_tiles = hidden = 0
    for state in positions(GAME, sample):
        view = GAME.view(state, None)
        lines = words(GAME, view)
        check_public(view, lines)
        assert not [line for line in lines if line.startswith("Your ")]
        for seat, boat in enumerate(state["boats"], start=1):
            if boat["tile"] is not None and not boat["shown"]:  # IC-6: the owner's secret
                hidden += 1
                assert line_of(lines, f"The boat of Seat {seat} ").endswith("a hidden tile.")
            mine = words(GAME, GAME.view(state, seat))
            own = GAME.view(state, seat)["hand"]
            if own is None:
                assert mine == [*lines, "Your boat carries no tile."]
                continue
            own_tiles += 1
            assert mine[-1] == f"Your tile: {tile(own)}."
            line = line_of(mine, f"The boat of Seat {seat} ")
            assert line.endswith(f"carrying a tile for {tile(own)}, "
                                 f"{'shown to all' if boat['shown'] else 'seen only by you'}.")
            others = [x for x in mine[:-1] if not x.startswith(f"The boat of Seat {seat} ")]
            assert others == [x for x in lines if not x.startswith(f"The boat of Seat {seat} ")]
    assert own_tiles and hidden


def test_the_words_read_in_french() -> None:
    state = list(positions(GAME, SAMPLES[0], seeds=(1,)))[5]
    lines = words(GAME, GAME.view(state, None), "fr")
    assert any(line.startswith("Le rayon de lumière éclaire le secteur ") for line in lines)
    assert any(line.startswith("Marchandises restant sur les îles : ") for line in lines)
