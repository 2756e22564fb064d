"""One test per Isis & Osiris rule id (docs/rules/isis-osiris.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.base import IllegalMove
from games.isis_osiris.scoring import pawn_values, scores, winners
from games.isis_osiris.tiles import CELLS, TILE_SET
from games.options import BadOptions
from tests.games.isis_osiris.test_support import GAME, new, play


def test_io_1_board_is_six_by_six() -> None:
    state = new()
    pawn_cells = [m.split()[1] for m in GAME.legal(state, 1) if m.startswith("pawn")]
    assert pawn_cells == sorted(CELLS) and len(pawn_cells) == 36
    assert CELLS[0] == "A1" and CELLS[5] == "F1" and CELLS[-1] == "F6"
    for bad in ("pawn G1", "pawn A7", "pawn A0"):
        with pytest.raises(IllegalMove):
            GAME.parse(bad)


def test_io_2_twenty_two_tiles() -> None:
    assert Counter(TILE_SET) == {1: 2, 2: 6, 3: 2, 4: 1, -1: 2, -2: 6, -3: 2, -4: 1}
    state = new(reserve="common")
    assert sorted(state["pile"]) == sorted(TILE_SET)


def test_io_3_at_most_eight_pawns_per_colour() -> None:
    for players in (2, 3, 4):
        assert all(p <= 8 for p in new(players)["pawns"])
    with pytest.raises(BadOptions):
        new(5)


@pytest.mark.parametrize(("players", "pawns", "tiles"), [(2, 8, 11), (3, 6, 7), (4, 5, 5)])
def test_io_4_dealing_by_player_count(players: int, pawns: int, tiles: int) -> None:
    for seed in range(20):
        state = new(players, seed=seed)
        view = GAME.view(state, None)
        assert [s["pawns_left"] for s in view["seats"]] == [pawns] * players
        assert [s["tiles_left"] for s in view["seats"]] == [tiles] * players
        dealt = Counter(v for r in state["reserves"] for v in r)
        assert not dealt - Counter(TILE_SET)  # dealt from the 22
        # undealt tiles leave the game unseen: stored nowhere
        assert state["pile"] is None and sum(map(len, state["reserves"])) == players * tiles


def test_io_5_nobody_sees_a_tile_before_its_reveal() -> None:
    good = new(setup={"tiles": [["+4", "+3"], ["+2", "+1"]]})
    bad = new(setup={"tiles": [["-4", "-3"], ["-2", "-1"]]})
    for seat in (None, 1, 2):  # the owner's view is as blind as anyone's: counts only
        assert GAME.view(good, seat) == GAME.view(bad, seat)
        assert GAME.view(good, seat)["seats"][0]["tiles_left"] == 2
    assert GAME.legal(good, 1) == GAME.legal(bad, 1)


def test_io_6_one_action_per_turn_then_left_neighbour() -> None:
    state = new(3)
    state, events = play(state, "pawn C4")
    assert GAME.to_move(state) == [2] and state["board"]["C4"] == {"kind": "pawn", "seat": 1}
    assert events[0]["text"] == "Seat 1 placed a pawn on C4."
    state, _ = play(state, "reveal", "tile D2", "pawn A1")
    assert GAME.to_move(state) == [1]  # seat 3 wraps to seat 1
    with pytest.raises(IllegalMove, match="not your turn"):
        GAME.apply(state, 2, "pawn B1")


def test_io_7_reveal_forces_tile() -> None:
    state = new(setup={"tiles": [["+3"], ["-2"]]})
    state, events = play(state, "reveal")
    assert GAME.to_move(state) == [1]  # same seat chooses the cell knowing the value
    legal = GAME.legal(state, 1)
    assert legal and all(m.startswith("tile ") for m in legal) and len(legal) == 36
    assert GAME.view(state, None)["pending"] == {"seat": 1, "value": 3}  # shown to all
    assert events[0]["text"] == "Seat 1 revealed a +3 tile."
    with pytest.raises(IllegalMove, match="place it"):
        GAME.apply(state, 1, "pawn A1")
    with pytest.raises(IllegalMove):
        GAME.apply(state, 1, "reveal")
    state, _ = play(state, "tile D2")
    assert state["board"]["D2"] == {"kind": "tile", "value": 3} and GAME.to_move(state) == [2]
    with pytest.raises(IllegalMove, match="Reveal a tile first"):
        GAME.apply(state, 2, "tile A1")


def test_io_8_no_tiles_pawn_only_no_pawns_tile_only() -> None:
    state = new(setup={"tiles": [["+1"], ["-1", "+2", "-2", "+3", "-3", "+4", "-4", "+2", "-2"]]})
    state, _ = play(state, "reveal", "tile A1", "pawn B1")
    assert "reveal" not in GAME.legal(state, 1)  # seat 1 has no tiles left
    with pytest.raises(IllegalMove, match="no tiles"):
        GAME.apply(state, 1, "reveal")
    # seat 2 places its 7 other pawns; then only reveal is legal for it
    cells = iter(c for c in CELLS if c not in ("A1", "B1"))
    for _ in range(7):
        state, _ = play(state, f"pawn {next(cells)}", f"pawn {next(cells)}")
    state, _ = play(state, f"pawn {next(cells)}")
    assert GAME.to_move(state) == [2] and GAME.legal(state, 2) == ["reveal"]
    with pytest.raises(IllegalMove, match="no pawns"):
        GAME.apply(state, 2, "pawn F6")


def test_io_8_decision_seat_with_nothing_left_is_skipped() -> None:
    state = new(setup={"tiles": [[], ["+1", "+2"]]})
    cells = iter(CELLS)
    for _ in range(8):
        state, _ = play(state, f"pawn {next(cells)}", f"pawn {next(cells)}")
    state, events = play(state, "reveal", f"tile {next(cells)}")  # seat 2: seat 1 is empty
    assert GAME.to_move(state) == [2]
    assert any(e["text"] == "Seat 1 has nothing left to place and is skipped." for e in events)
    state, events = play(state, "reveal", f"tile {next(cells)}")
    res = GAME.result(state)
    assert res.finished and res.reason == "Nobody has anything left to place."
    assert len(state["board"]) == 18 and GAME.to_move(state) == []


def test_io_9_placed_tiles_face_down_and_open_option() -> None:
    setup = {"tiles": [["+3"], ["-2"]]}
    memory, events = play(new(setup=setup), "reveal", "tile D2")
    assert events[0]["transient"] is True
    assert events[1]["text"] == "Seat 1 placed the tile on D2." and "3" not in events[1]["text"]
    for seat in (None, 1, 2):
        assert GAME.view(memory, seat)["board"]["D2"] == {"kind": "tile", "value": None}
        assert GAME.view(memory, seat)["seats"][0]["score"] is None
    opened, events = play(new(setup=setup, open="true"), "reveal", "tile D2")
    assert "transient" not in events[0]
    assert events[1]["text"] == "Seat 1 placed the +3 tile on D2."
    assert GAME.view(opened, None)["board"]["D2"] == {"kind": "tile", "value": 3}


def test_io_10_game_ends_when_last_cell_filled() -> None:
    state = new(2, seed=3)
    for i, cell in enumerate(CELLS):
        seat = GAME.to_move(state)[0]
        if state["pawns"][seat - 1]:
            state, _ = play(state, f"pawn {cell}")
        else:
            state, _ = play(state, "reveal", f"tile {cell}")
        if i < 35:
            assert not GAME.result(state).finished
    res = GAME.result(state)
    assert res.finished and res.reason == "The board is full."
    assert GAME.to_move(state) == [] and GAME.legal(state, 1) == []
    assert sum(len(r) for r in state["reserves"]) > 0  # unplaced tiles leave the game
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(state, 1, "reveal")
    view = GAME.view(state, None)
    assert view["result"]["finished"] and all(
        it["value"] is not None for it in view["board"].values() if it["kind"] == "tile"
    )


def test_io_11_pawn_worth_is_sum_of_orthogonal_tiles() -> None:
    # The French example: green pawn A beside -1 and -2 (-3), pawn B beside +4 -1 -2 (+1).
    pawn, tile = (lambda s: {"kind": "pawn", "seat": s}), (lambda v: {"kind": "tile", "value": v})
    board = {
        "B2": pawn(1), "A2": tile(-1), "B3": tile(-2), "C3": tile(4),
        "D3": pawn(1), "D2": tile(-1), "D4": tile(-2), "E2": tile(4),  # E2 is diagonal: ignored
        "F5": pawn(2), "F4": tile(1), "F6": tile(2),
    }  # fmt: skip
    assert pawn_values(board) == {"B2": -3, "D3": 1, "F5": 3}
    assert scores(board, 2) == [-2, 3]


def test_io_12_best_score_wins_ties_shared() -> None:
    assert winners([3, 5, 5]) == [2, 3]
    assert winners([-4, -1, -7]) == [2]
    assert winners([0, 0]) == [1, 2]


def test_io_v1_common_pile() -> None:
    state = new(3, setup={"pile": ["+2", "-3"]}, reserve="common")
    assert GAME.view(state, None)["pile"] == 2
    assert [s["tiles_left"] for s in GAME.view(state, None)["seats"]] == [0, 0, 0]
    state, events = play(state, "reveal", "tile A1", "reveal")
    assert events[0]["text"] == "Seat 1 revealed a +2 tile." and GAME.to_move(state) == [2]
    assert GAME.view(state, None)["pending"] == {"seat": 2, "value": -3}
    state, _ = play(state, "tile B1")
    assert "reveal" not in GAME.legal(state, 3)  # pile empty: pawns only
    with pytest.raises(IllegalMove, match="pile is empty"):
        GAME.apply(state, 3, "reveal")
    assert state["pawns"] == [6, 6, 6]


def test_io_v1_setup_keys_checked() -> None:
    with pytest.raises(ValueError, match="pile"):
        new(setup={"pile": ["+1"]})
    with pytest.raises(ValueError, match="tiles"):
        new(setup={"tiles": [["+1"], []]}, reserve="common")
    with pytest.raises(ValueError, match="more tiles"):
        new(setup={"tiles": [["+4"], ["+4"]]})
    with pytest.raises(ValueError):
        new(setup={"tiles": [["+5"], []]})
