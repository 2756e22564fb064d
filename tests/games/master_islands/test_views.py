"""Views (docs/views/master-islands.md shape, hidden information), events, menus and determinization."""

from __future__ import annotations

import random
from collections import Counter

from games.base import MenuStep, move_text
from tests.games.master_islands.test_support import GAME, at_conquest, new, play

COMMON = {"game", "viewer", "players", "options", "to_move", "last_move", "result"}
MI_KEYS = {"mode", "phase", "map", "holes", "seats", "pile", "hand", "round", "rounds_max", "moves_left",
           "target", "team_scores"}
SEAT_KEYS = {"seat", "role", "team", "galleons", "hand_size", "collected", "score"}


def test_view_has_exactly_the_documented_keys() -> None:
    for state in (new(), new(4, mode="coop"), new(3, [["B1", "G2", "R3"]] * 2, mode="corsair")):
        for seat in (None, 1, 2):
            view = GAME.view(state, seat)
            assert set(view) == COMMON | MI_KEYS
            assert all(set(s) == SEAT_KEYS for s in view["seats"])
            assert view["game"] == "master-islands" and view["viewer"] == seat


def test_view_values_per_mode() -> None:
    std = GAME.view(new(3), None)
    assert (std["mode"], std["target"], std["team_scores"], std["round"]) == ("standard", 10, None, None)
    assert [s["role"] for s in std["seats"]] == ["player"] * 3
    assert [s["team"] for s in std["seats"]] == [None] * 3
    assert std["to_move"] == [1] and std["last_move"] is None and std["result"] is None


def test_last_move_cells_and_result_in_view() -> None:
    state, _ = play(new(), "place B1 1,0")
    assert GAME.view(state, None)["last_move"] == {"seat": 1, "move": "place B1 1,0", "cells": [[1, 0]]}
    state, _ = play(state, "sail 2 E")
    assert GAME.view(state, None)["last_move"]["cells"] == [[0, 0], [1, 0]]
    done = at_conquest(new(), {(0, 0): "Y5", (0, 1): "B5", (0, 2): "G5"})
    done["collected"][0] = ["B1"] * 10
    done, _ = play(done, "take 0,1 0,2")
    view = GAME.view(done, 2)
    assert view["last_move"]["cells"] == [[0, 1], [0, 2]]
    assert view["result"]["finished"] and view["result"]["winners"] == [1]
    assert view["phase"] == "over" and view["to_move"] == []


def test_public_view_and_events_never_show_hidden_cards() -> None:
    a = new(2, [["B1", "G2", "R3"], ["Y4", "Y3", "Y2"]], pile=["R4", "R5", "G5", "B4"] * 2)
    b = new(2, [["B1", "G2", "R3"], ["G1", "G4", "B5"]], pile=["R4", "R5", "G5", "B4"] * 2)
    for move in ("place B1 1,0", "sail 1 E"):
        a, ev_a = play(a, move)
        b, ev_b = play(b, move)
    assert GAME.view(a, None) == GAME.view(b, None)
    assert GAME.view(a, 1) == GAME.view(b, 1) and GAME.view(a, 2) != GAME.view(b, 2)
    assert [e["text"] for e in ev_a] == [e["text"] for e in ev_b]
    assert ev_a[-1]["private"] == {1: "You drew R4."}
    assert all("Y4" not in e["text"] and "G1" not in e["text"] for e in ev_a + ev_b)


def test_menu_paths_have_readable_labels() -> None:
    view = GAME.view(at_conquest(new(), {(0, 0): "Y5", (1, 2): "B5", (2, 2): "G4", (4, 2): "Y1"}), 1)
    assert GAME.menu_path(view, "place B4 1,0") == [
        MenuStep("place", "Place a card"), MenuStep("B4", "B4 (blue 4)", icon="card:blue"),
        MenuStep("1,0", "1,0")]
    assert GAME.menu_path(view, "sail 2 W") == [
        MenuStep("sail", "Sail a galleon"), MenuStep("2 W", "Galleon 2 → west")]
    assert GAME.menu_path(view, "take 1,2 2,2 4,2") == [
        MenuStep("take", "Take an alignment"),
        MenuStep("1,2 2,2 4,2", "B5 (1,2) + G4 (2,2) + Y1 (4,2) · row 2")]
    for verb, label in [("again", "Play another Discovery"), ("stop", "End Discovery"),
                        ("pass", "Take nothing"), ("done", "End corsair moves")]:
        assert GAME.menu_path(view, verb) == [MenuStep(verb, label)]
    for move in GAME.legal(new(), 1)[:3] + ["take 1,2 2,2 4,2", "sail 1 N"]:
        assert move_text(GAME.menu_path(view, move)) == move


def test_determinize_reshuffles_only_what_the_seat_cannot_see() -> None:
    start = GAME.new(3, {"first": 1}, 4)
    state, _ = play(start, GAME.legal(start, 1)[0])
    seen = Counter()
    for i in range(30):
        det = GAME.determinize(state, 2, random.Random(i))
        assert det["hands"][1] == state["hands"][1]  # own hand kept
        assert [len(h) for h in det["hands"]] == [len(h) for h in state["hands"]]
        assert len(det["pile"]) == len(state["pile"])
        assert GAME.view(det, 2) == GAME.view(state, 2)
        unseen = det["pile"] + det["hands"][0] + det["hands"][2]
        assert Counter(unseen) == Counter(state["pile"] + state["hands"][0] + state["hands"][2])
        seen[tuple(det["hands"][0])] += 1
    assert len(seen) > 1  # it does reshuffle
    corsair = new(3, [["B1", "G2", "R3"], ["Y1", "Y2", "Y3"]], mode="corsair")
    det = GAME.determinize(corsair, 3, random.Random(1))  # the corsair sees no hand at all
    assert Counter(det["hands"][0] + det["hands"][1] + det["pile"]) == Counter(
        corsair["hands"][0] + corsair["hands"][1] + corsair["pile"])
