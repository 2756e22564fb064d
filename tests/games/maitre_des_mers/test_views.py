"""The view contract (docs/views/maitre-des-mers.md), hidden pile order, determinize, menus,
status facts and the bench."""

from __future__ import annotations

import json
import random

from games import move_text
from games.maitre_des_mers.cards import SHIP_CODES
from tests.games.maitre_des_mers.test_support import GAME, new, play, with_fleets

TOP = {"game", "viewer", "players", "options", "to_move", "last_move", "result", "port", "pile",
       "goods", "treasures", "seats", "turn", "last_action", "hand"}
TURN = {"seat", "action", "target", "combination", "slots", "placed", "rolled", "aside", "pool",
        "powers", "powers_used", "stage", "fight"}


def test_view_has_the_contract_keys_and_is_json() -> None:
    st, _ = play(new(dice=[6, 5, 4, 1, 1]), "arm C7", "place 4 5 6")
    view = GAME.view(st, 1)
    assert set(view) == TOP and view["hand"] is None and view["viewer"] == 1
    assert json.loads(json.dumps(view)) == view
    assert set(view["turn"]) == TURN
    assert view["turn"] | {"rolled": None} == {
        "seat": 1, "action": "arm", "target": {"kind": "ship", "ship": "C7"},
        "combination": "ship", "slots": 5, "placed": [4, 5, 6], "rolled": None, "aside": [],
        "pool": 5, "powers": [], "powers_used": [], "stage": "dice", "fight": None}
    assert view["port"] == ["G11", "C7", "F9", "C8"] and view["pile"] == 8
    assert view["last_move"] == {"seat": 1, "move": "place 4 5 6", "cells": ["C7"]}
    assert view["seats"][0] == {"seat": 1, "score": 0, "fleet": []}


def test_last_action_and_fight_in_the_view() -> None:
    st = with_fleets(new(dice=[1, 6]), {1: [("C7", "t0")], 2: [("F9", None)]})
    st, _ = play(st, "attack C7 2:F9")
    view = GAME.view(st, None)
    assert view["turn"]["stage"] == "loot" and view["to_move"] == [2] and view["turn"]["seat"] == 1
    assert view["turn"]["fight"] == {
        "attacker": {"seat": 1, "ship": "C7", "firepower": 1, "die": 1, "total": 2},
        "defender": {"seat": 2, "ship": "F9", "firepower": 3, "die": 6, "total": 9},
        "winner": 2}
    assert view["seats"][0]["fleet"][0]["cargo"] == {"kind": "treasure", "letter": "A", "points": 5}
    st, _ = play(st, "loot F9")
    view = GAME.view(st, None)
    assert view["last_action"]["outcome"] == "failure" and view["last_action"]["action"] == "attack"
    assert view["turn"]["stage"] == "announce" and view["turn"]["seat"] == 2
    assert view["last_move"]["cells"] == ["C7", "F9"]


def test_views_hide_only_the_pile_order() -> None:
    a = new(ships=list(SHIP_CODES))
    b = new(ships=list(SHIP_CODES[:4]) + list(reversed(SHIP_CODES[4:])))
    for seat in (None, 1, 2):
        assert GAME.view(a, seat) == GAME.view(b, seat)
    assert a["pile"] != b["pile"]


def test_determinize_reshuffles_the_pile_and_reseeds_the_dice() -> None:
    st = new(dice=[6, 5, 4, 3, 4] * 4)
    rng = random.Random(1)
    det = GAME.determinize(st, 1, rng)
    assert GAME.view(det, 1) == GAME.view(st, 1)
    assert sorted(det["pile"]) == sorted(st["pile"]) and det["script"] == []
    assert det["seed"] != st["seed"]
    dice = {tuple(play(GAME.determinize(st, 1, rng), "arm C7")[0]["turn"]["rolled"])
            for _ in range(8)}
    assert len(dice) > 1  # future rolls are not known to a bot
    assert play(st, "arm C7")[0]["turn"]["rolled"] == [6, 5, 4, 3, 4]  # the state is unchanged


def test_menu_labels_and_paths_spell_the_moves() -> None:
    st = with_fleets(new(dice=[6, 1, 3, 3, 2]), {1: [("C7", "g1")], 2: [("F9", None)]})
    view = GAME.view(st, 1)
    assert GAME.describe(view, "arm G11") == "Arm Galion 11 (cargo 11, firepower 5)"
    assert [s.label for s in GAME.menu_path(view, "attack C7 2:F9")] == [
        "Attack a ship", "With your Caravelle 7 (firepower 1)", "Seat 2's Frégate 9 (firepower 3)"]
    assert [s.icon for s in GAME.menu_path(view, "attack C7 2:F9")] == ["", "", "seat:2"]
    assert GAME.describe(view, "buy").startswith("Buy goods A")
    st, _ = play(st, "arm G11")
    view = GAME.view(st, 1)
    assert GAME.describe(view, "use +1 3") == "+1 on a 3 → 4"
    assert [s.icon for s in GAME.menu_path(view, "use +1 3")] == ["die:3"]  # the die it changes
    assert [s.icon for s in GAME.menu_path(view, "discard 1")] == ["die:1"]
    assert [s.icon for s in GAME.menu_path(view, "place 3 6")] == [""]  # several dice: none
    assert GAME.describe(view, "place 3 6") == "Place 3 6"
    legal = GAME.legal(st, 1)
    items = GAME.menu(view, legal)
    assert sorted(i.move for i in items) == legal
    assert all(move_text(i.steps) == i.move for i in items)
    assert len({i.label for i in items}) == len(items)


def test_menus_along_random_games_spell_every_move() -> None:
    rng = random.Random(5)
    for seed in range(6):
        state = GAME.new(2 + seed % 5, {}, seed)
        for _ in range(200):
            movers = GAME.to_move(state)
            if not movers:
                break
            view = GAME.view(state, movers[0])
            legal = GAME.legal(state, movers[0])
            items = GAME.menu(view, legal)
            assert all(move_text(i.steps) == i.move for i in items)
            assert len({i.label for i in items}) == len(items)
            assert all(len(s.label) <= 100 for i in items for s in i.steps)
            state, _ = GAME.apply(state, movers[0], rng.choice(legal))


def test_status_facts() -> None:
    st = with_fleets(new(), {1: [("C7", "t0")]})
    assert GAME.status(GAME.view(st, None)) == ["port 3", "pile 8", "scores: Seat 1 5, Seat 2 0"]


def test_summary_is_plain_and_short() -> None:
    assert 300 < len(GAME.summary) < 1300 and "MM-" not in GAME.summary
