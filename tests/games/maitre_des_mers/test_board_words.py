"""The board in words (Game.board_words, games/maitre_des_mers/position.py), over whole random
games of every sample, several seeds: every card is face up, so every fact of the view is said
(the port, the stacks in order, each fleet and cargo, the scores, the action in progress with
its dice and fight); the ship pile is a count and its ships are never named."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games import get_game
from games.maitre_des_mers.cards import POWER_LABELS
from tests.games.board_words import (
    check_first_line,
    line_of,
    positions,
    samples_of,
    words,
)
from tests.games.every_game import setup_id

GAME = get_game("maitre-des-mers")
SAMPLES = samples_of(GAME.id)
FAMILY = {"C": "Caravelle", "F": "Frégate", "G": "Galion"}
SHIP = re.compile(r"\b(Caravelle|Frégate|Galion) (\d+)\b")


def ship(code: str) -> str:
    return f"{FAMILY[code[0]]} {code[1:]}"


def goods(card: dict[str, Any]) -> str:
    return f"goods {card['letter']} ({POWER_LABELS[card['power']]})"


def treasure(card: dict[str, Any]) -> str:
    return f"treasure {card['letter']} (+{card['points']})"


def dice(values: list[int]) -> str:
    return ", ".join(map(str, values)) if values else "no dice"


def check_action(turn: dict[str, Any], lines: list[str], head: str) -> None:
    line = line_of(lines, head)
    if turn["action"] is None:
        return
    target = turn["target"]
    if target["kind"] == "ship":
        assert f"the {ship(target['ship'])}" in line
    elif target["kind"] == "goods":
        assert goods(target) in line
    else:
        assert treasure(target) in line
    after = lines[lines.index(line) + 1:]
    if turn["combination"]:
        needs = after[0]
        assert f"on {turn['slots']} dice" in needs and f"{turn['pool']} dice in the pool" in needs
        assert (f"On the card: {dice(turn['placed'])}; rolled: {dice(turn['rolled'])}; set aside: "
                f"{dice(turn['aside'])};") in needs
    if turn["powers"]:
        powers = next(x for x in after if x.startswith(f"Goods powers of Seat {turn['seat']}: "))
        assert powers.count("(used)") == len(turn["powers_used"])
        assert all(POWER_LABELS[p] in powers for p in turn["powers"])
    fight = turn["fight"]
    if fight:
        line = next(x for x in after if x.startswith("Fight: "))
        for side in (fight["attacker"], fight["defender"]):
            assert (f"{ship(side['ship'])} of Seat {side['seat']} (firepower {side['firepower']} "
                    f"+ die {side['die']} = {side['total']})") in line
        assert line.endswith(f"; Seat {fight['winner']} wins.")


def check_public(view: dict[str, Any], lines: list[str]) -> None:
    check_first_line(view, lines)
    if view["result"]:
        assert "No ship is left in the port." in lines[0]
    for s in view["seats"]:
        points = "point" if s["score"] == 1 else "points"
        assert f"Seat {s['seat']}: {s['score']} {points}." in lines
        fleet = line_of(lines, f"Fleet of Seat {s['seat']}: ")
        if not s["fleet"]:
            assert fleet.endswith("no ship.")
        items = fleet[len(f"Fleet of Seat {s['seat']}: "):-1].split("; ")
        for entry, item in zip(s["fleet"], items, strict=False):
            assert item.startswith(f"{ship(entry['ship'])} (firepower {entry['firepower']}")
            assert ("treasure map" in item) == entry["map"]
            cargo = entry["cargo"]
            if cargo is None:
                assert "carrying" not in item
            else:
                assert item.endswith(" carrying " + (goods(cargo) if cargo["kind"] == "goods"
                                                     else treasure(cargo)))
        assert len(items) == max(1, len(s["fleet"]))
    port = ", ".join(ship(c) for c in view["port"])
    assert (f"Port: {port}." if port else "The port is empty.") in lines
    pile = "ship" if view["pile"] == 1 else "ships"
    assert f"{view['pile']} {pile} face down in the pile." in lines
    stack = "; ".join(goods(g) for g in view["goods"])
    assert (f"Goods stack, top first: {stack}." if stack else "The goods stack is empty.") in lines
    stack = ", ".join(treasure(t) for t in view["treasures"])
    assert (f"Treasure stack, top first: {stack}." if stack
            else "The treasure stack is empty.") in lines
    if view["turn"]:
        turn = view["turn"]
        check_action(turn, lines, f"Action of Seat {turn['seat']}: " if turn["action"]
                     else f"Seat {turn['seat']} has not announced an action yet (")
    if view["last_action"]:
        last = view["last_action"]
        check_action(last, lines, f"Previous action, by Seat {last['seat']}: ")
        assert line_of(lines, "Previous action").endswith(f"; {last['outcome']}.")


@pytest.mark.parametrize("sample", SAMPLES, ids=lambda s: setup_id((GAME.id, s.players, {})))
def test_the_words_say_every_card_and_never_the_pile(sample: Any) -> None:
    for state in positions(GAME, sample):
        view = GAME.view(state, None)
        lines = words(GAME, view)
        check_public(view, lines)
        named = {f"{m[1][0]}{m[2]}" for m in SHIP.finditer("\n".join(lines))}
        for turn in (view["turn"], view["last_action"]):
            fight = (turn or {}).get("fight")
            if fight:  # a ship beaten with nothing aboard went back under the pile: named
                named -= {fight["attacker"]["ship"], fight["defender"]["ship"]}
            target = (turn or {}).get("target") or {}
            named -= {target.get("ship")}
        public = set(view["port"]) | {e["ship"] for s in view["seats"] for e in s["fleet"]}
        assert named <= public, "a ship of the pile is named"
        assert not set(state["pile"]) & named
        for seat in range(1, state["players"] + 1):  # nothing is private in this game
            assert words(GAME, GAME.view(state, seat)) == lines


def test_the_words_read_in_french() -> None:
    state = next(positions(GAME, SAMPLES[0], seeds=(1,)))
    lines = words(GAME, GAME.view(state, None), "fr")
    assert lines[0] == f"À Place {state['turn']['seat']} de jouer."
    assert any(line.startswith("Pile des Marchandises, du dessus au dessous : ") for line in lines)
