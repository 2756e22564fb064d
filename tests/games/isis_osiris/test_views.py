"""Views, hidden information, events, menus and determinize (Isis & Osiris)."""

from __future__ import annotations

import random
from collections import Counter

from games import move_text
from games.isis_osiris.deal import revealed_values
from games.isis_osiris.tiles import TILE_SET
from tests.games.isis_osiris.test_support import GAME, new, play, random_playout

COMMON_KEYS = {"game", "viewer", "players", "options", "to_move", "last_move", "result"}
IO_KEYS = {"board", "seats", "pile", "pending", "final"}


def _shuffled_reserves(state: dict, seed: int) -> dict:
    """The same state with every unrevealed tile in another order (reserves or pile)."""
    rng = random.Random(seed)
    other = dict(state)
    if state["pile"] is not None:
        other["pile"] = rng.sample(state["pile"], len(state["pile"]))
    else:
        other["reserves"] = [rng.sample(r, len(r)) for r in state["reserves"]]
    return other


def test_view_has_exactly_the_documented_keys() -> None:
    state, _ = play(new(3), "pawn C4", "reveal")
    view = GAME.view(state, 2)
    assert set(view) == COMMON_KEYS | IO_KEYS
    assert view["viewer"] == 2 and view["to_move"] == [2] and view["result"] is None
    assert view["last_move"] == {"seat": 2, "move": "reveal", "cells": []}
    assert view["board"] == {"C4": {"kind": "pawn", "seat": 1}}
    assert view["seats"][0] == {"seat": 1, "pawns_left": 5, "tiles_left": 7, "score": None}
    assert view["seats"][1]["tiles_left"] == 6 and view["pile"] is None and view["final"] is None
    state, _ = play(state, "tile D2")
    assert GAME.view(state, None)["last_move"] == {"seat": 2, "move": "tile D2", "cells": ["D2"]}


def test_public_view_ignores_unrevealed_tile_order() -> None:
    for seed in range(30):
        options = {"reserve": "common"} if seed % 2 else {}
        state = GAME.new(2 + seed % 3, options, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(40)):
            if not GAME.to_move(state):
                break
            seat = GAME.to_move(state)[0]
            state, _ = GAME.apply(state, seat, rng.choice(GAME.legal(state, seat)))
        other = _shuffled_reserves(state, seed)
        for seat in (None, *range(1, state["players"] + 1)):
            assert GAME.view(state, seat) == GAME.view(other, seat)


def test_final_view_shows_every_placed_value() -> None:
    state, _ = random_playout(new(2, seed=4), random.Random(4))
    view = GAME.view(state, None)
    final = view["final"]
    assert set(final["tiles"]) == {c for c, it in state["board"].items() if it["kind"] == "tile"}
    assert final["scores"] == view["result"]["scores"] == [s["score"] for s in view["seats"]]
    assert sum(final["pawn_values"].values()) == sum(final["scores"])


def test_memory_mode_events_never_repeat_a_placed_value() -> None:
    state = new(2, seed=5)
    rng = random.Random(5)
    while GAME.to_move(state):
        seat = GAME.to_move(state)[0]
        move = rng.choice(GAME.legal(state, seat))
        pending = state["pending"]
        state, events = GAME.apply(state, seat, move)
        if move == "reveal":
            assert events[0]["transient"] is True and "revealed a" in events[0]["text"]
        elif move.startswith("tile"):
            assert events[0]["text"] == f"Seat {pending['seat']} placed the tile on {move[5:]}."
        assert all(e.get("transient") for e in events if "revealed" in e["text"])


def test_menu_paths_and_labels() -> None:
    state = new(setup={"tiles": [["-2"], ["+1"]]})
    view = GAME.view(state, 1)
    for move in GAME.legal(state, 1):
        assert move_text(GAME.menu_path(view, move)) == move
    assert [(s.token, s.label, s.join) for s in GAME.menu_path(view, "pawn C4")] == [
        ("pawn", "Place a pawn", " "),
        ("C", "Column C", " "),
        ("4", "C4", ""),
    ]
    assert GAME.describe(view, "pawn C4") == "Place a pawn on C4"
    assert [s.label for s in GAME.menu_path(view, "reveal")] == ["Reveal a tile"]
    assert GAME.describe(view, "reveal") == "Reveal a tile"
    state, _ = play(state, "reveal")
    view = GAME.view(state, 1)
    assert move_text(GAME.menu_path(view, "tile D2")) == "tile D2"
    assert GAME.describe(view, "tile D2") == "Place the -2 tile on D2"


def test_cell_menu_offers_at_most_six_choices_a_step() -> None:
    """QA item 8: column, then row, so no select needs a second page (25 options a page)."""
    view = GAME.view(new(), 1)
    paths = [GAME.menu_path(view, m) for m in GAME.legal(new(), 1) if m != "reveal"]
    columns = {p[1].token for p in paths}
    rows_of_c = {p[2].label for p in paths if p[1].token == "C"}
    assert columns == set("ABCDEF") and rows_of_c == {f"C{r}" for r in "123456"}


def test_determinize_keeps_revealed_and_resamples_the_rest() -> None:
    state = new(2, seed=7)
    state, _ = play(state, "reveal", "tile A1", "pawn A2", "reveal", "tile B1", "reveal")
    shown = Counter(revealed_values(state))
    assert sum(shown.values()) == 3
    seen_orders = set()
    for k in range(20):
        det = GAME.determinize(state, 2, random.Random(k))
        assert det["board"] == state["board"] and det["pending"] == state["pending"]
        assert [len(r) for r in det["reserves"]] == [len(r) for r in state["reserves"]]
        hidden = Counter(v for r in det["reserves"] for v in r)
        assert not (hidden + shown) - Counter(TILE_SET)  # drawn from the unseen multiset only
        assert GAME.view(det, 2) == GAME.view(state, 2)
        seen_orders.add(tuple(map(tuple, det["reserves"])))
        random_playout(det, random.Random(k))  # a determinized state plays to the end
    assert len(seen_orders) > 1


def test_determinize_common_pile() -> None:
    state, _ = play(new(3, seed=2, reserve="common"), "reveal", "tile C3")
    det = GAME.determinize(state, 1, random.Random(0))
    assert len(det["pile"]) == 21
    assert Counter(det["pile"]) + Counter([state["board"]["C3"]["value"]]) == Counter(TILE_SET)
