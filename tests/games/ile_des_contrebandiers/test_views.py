"""The view contract (docs/views/ile-des-contrebandiers.md), hidden tiles, determinize,
menus, status facts."""

from __future__ import annotations

import collections
import json
import random

from games import move_text
from tests.games.ile_des_contrebandiers.test_support import GAME, arrange, new, play, tiles_of

TOP = {"game", "viewer", "players", "options", "to_move", "last_move", "result", "beam", "reefs",
       "islands", "boats", "floating", "seats", "dice", "turn", "path", "hand"}


def test_view_has_the_contract_keys_and_is_json() -> None:
    st, _ = play(new(2, [("sleep", 3)], beam=5), "start H1", "start H2", "sail 3c 3d")
    view = GAME.view(st, 1)
    assert set(view) == TOP and json.loads(json.dumps(view)) == view
    assert view["islands"][2] == {"island": 2, "name": "jewels", "harbour": "H2", "sector": 4,
                                  "goods_left": 3}  # seat 2's turn began: it took a tile
    assert view["islands"][1]["goods_left"] == 3 and view["reefs"] == ["3f"]
    assert view["boats"][0] == {"seat": 1, "space": "3d", "tile": {
        "hidden": False, "destination": 2, "points": 1, "shown": False}}
    assert view["path"] == ["3c", "3d"] and view["dice"]["yellow"] in (
        "cw2", "cw3", "ccw2", "ccw3", "any2", "sleep")
    assert view["last_move"] == {"seat": 1, "move": "sail 3c 3d", "cells": ["H1", "3c", "3d"]}
    assert set(view["turn"]) == {"seat", "stage", "caught", "drops_left"}
    assert view["seats"] == [{"seat": 1, "score": 0, "delivered": []},
                             {"seat": 2, "score": 0, "delivered": []}]
    fresh = GAME.view(new(3), None)
    assert fresh["turn"] == {"seat": 1, "stage": "start", "caught": [], "drops_left": []}
    assert [b["space"] for b in fresh["boats"]] == [None] * 3 and fresh["dice"] is None


def test_public_view_is_the_same_whatever_the_hidden_tiles() -> None:
    boats = {1: ("3c", "1:2"), 2: ("2e", "4:3"), 3: ("H0", None)}
    a = arrange(new(3), boats, {"2a": "0:1", "1h": "2:2"})
    other = {1: ("3c", "3:1"), 2: ("2e", "0:2"), 3: ("H0", None)}
    b = arrange(new(3, goods=[list(reversed(s)) for s in new(3)["stacks"]]), other,
                {"2a": "1:3", "1h": "4:1"})
    assert GAME.view(a, None) == GAME.view(b, None)
    assert GAME.view(a, 3) == GAME.view(b, 3)  # seat 3 carries nothing: sees nothing more
    va, vb = GAME.view(a, 1), GAME.view(b, 1)
    assert va["hand"] == {"destination": 1, "points": 2} and vb["hand"]["destination"] == 3
    assert va["boats"][1]["tile"] == {"hidden": True}  # only one's own tile
    assert {**va, "hand": None, "boats": va["boats"][1:]} == {
        **vb, "hand": None, "boats": vb["boats"][1:]}


def test_determinize_resamples_what_the_seat_cannot_see() -> None:
    st = arrange(new(3, [("cw2", 2)] * 5), {1: ("3c", "1:2"), 2: ("2e", "4:3"), 3: ("H0", "0:1")},
                 {"2a": "0:2"}, shown=[3])
    rng = random.Random(1)
    seen = collections.Counter()
    for _ in range(40):
        det = GAME.determinize(st, 1, rng)
        assert GAME.view(det, 1) == GAME.view(st, 1)
        assert det["boats"][0]["tile"] == "1:2" and det["boats"][2]["tile"] == "0:1"
        assert tiles_of(det) == tiles_of(st)  # the same tiles, dealt again
        seen[det["boats"][1]["tile"]] += 1
        assert det["script"] == [] and det["seed"] != st["seed"]
    assert len(seen) > 3  # seat 2's hidden tile is not known to seat 1
    assert st["boats"][1]["tile"] == "4:3"  # the state is unchanged


def test_menu_paths_spell_the_moves_with_readable_labels() -> None:
    st = arrange(new(3), {1: ("3b", "1:2"), 2: ("2c", None), 3: ("H0", None)},
                 {"3d": "0:1"}, white=3, beam=8)
    view = GAME.view(st, 1)
    legal = GAME.legal(st, 1)
    for move in legal:
        assert move_text(GAME.menu_path(view, move)) == move
    assert GAME.describe(view, "sail 3c H1") == "Sail to harbour H1 (Coin Island, 2 steps)"
    assert GAME.describe(view, "sail 2b 2c") == "Sail to 2c (2 steps, pushing Seat 2)"
    assert GAME.describe(view, "sail 3c 3d") == "Sail to 3d (2 steps, a tile there)"
    assert GAME.describe(view, "stay") == "Stay on 3b and end the turn"
    labels = [s.label for s in GAME.menu_path(view, "sail 3c 3d")]
    assert labels[0] == "Sail" and labels[1].startswith("Via 3c (clockwise) · ")
    items = GAME.menu(view, legal)
    assert max(collections.Counter(tuple(s.token for s in i.steps[:-1]) for i in items)
               .values()) <= 25
    st = new(2)
    assert GAME.describe(GAME.view(st, 1), "start H3") == "Start at H3 (Vase Island)"
    drop = arrange(new(2, [("cw2", 1)], beam=0), {1: ("H0", None), 2: ("2c", "4:2")}, seat=1)
    drop, _ = play(drop, "stay")
    assert GAME.describe(GAME.view(drop, 1), "drop 2d") == "Drop your own tile on 2d"
    push = arrange(new(3), {1: ("3b", None), 2: ("3c", None), 3: ("H0", None)}, beam=8)
    push, _ = play(push, "sail 3c")
    view = GAME.view(push, 1)
    assert GAME.describe(view, "push 2c") == "Push Seat 2 to 2c"
    assert GAME.describe(view, "swap") == "Swap places with Seat 2 (Seat 2 goes to 3b)"
    assert [s.icon for m in ("push 2c", "swap") for s in GAME.menu_path(view, m)] == \
        ["seat:2", "seat:2"]  # the boat pushed or swapped with


def test_status_names_the_beam_and_the_scores() -> None:
    st = arrange(new(2), {1: ("3c", None)}, beam=4)
    st["delivered"] = [["0:3"], []]
    assert GAME.status(GAME.view(st, None)) == ["beam on sector e", "scores: Seat 1 3, Seat 2 0"]
