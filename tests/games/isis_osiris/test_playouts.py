"""Random playouts with invariants, and record replay determinism (Isis & Osiris)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from games.isis_osiris.tiles import CELLS, DEAL
from games.records import replay, simulate, start
from tests.games.isis_osiris.test_support import GAME

VARIANTS = [{}, {"reserve": "common"}, {"open": "true"}, {"reserve": "common", "open": "true"}]


def _brute_scores(board: dict, players: int) -> list[int]:
    """IO-11 recomputed from coordinates, independently of the engine's scoring module."""
    out = [0] * players
    for cell, item in board.items():
        if item["kind"] != "pawn":
            continue
        x, y = "ABCDEF".index(cell[0]), int(cell[1])
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= x + dx < 6 and 1 <= y + dy <= 6:
                other = board.get("ABCDEF"[x + dx] + str(y + dy))
                if other and other["kind"] == "tile":
                    out[item["seat"] - 1] += other["value"]
    return out


def _tiles_in(state: dict) -> Counter:
    """Every tile the state still holds: reserves or pile, pending, board."""
    held = Counter(it["value"] for it in state["board"].values() if it["kind"] == "tile")
    held.update(state["pile"] if state["pile"] is not None else [v for r in state["reserves"] for v in r])
    if state["pending"]:
        held[state["pending"]["value"]] += 1
    return held


def playout_checked(players: int, options: dict, seed: int) -> None:
    """One random game; asserts the invariants after every move."""
    rng = random.Random(seed)
    state = GAME.new(players, options, seed)
    tiles0, pawns0 = _tiles_in(state), sum(state["pawns"])
    assert pawns0 == players * DEAL[players][0]
    filled: list[str] = []
    for _ in range(200):
        movers = GAME.to_move(state)
        if not movers:
            break
        seat = movers[0]
        move = rng.choice(GAME.legal(state, seat))
        before = set(state["board"])
        state, _ = GAME.apply(state, seat, move)
        new_cells = set(state["board"]) - before
        assert set(state["board"]) >= before and len(new_cells) == (move != "reveal")
        filled.extend(new_cells)
        assert _tiles_in(state) == tiles0  # tiles conserved (IO-2, IO-4)
        placed_pawns = sum(1 for it in state["board"].values() if it["kind"] == "pawn")
        assert placed_pawns + sum(state["pawns"]) == pawns0  # pawns conserved
    else:
        pytest.fail("game did not end")
    assert sorted(filled) == sorted(CELLS)  # every cell exactly once (IO-10)
    res = GAME.result(state)
    assert res.finished and res.scores == _brute_scores(state["board"], players)
    assert res.winners == [i + 1 for i, s in enumerate(res.scores) if s == max(res.scores)]


def test_random_playouts_keep_invariants() -> None:
    """~1000 games over player counts and variants."""
    for seed in range(1000):
        playout_checked(2 + seed % 3, VARIANTS[seed // 3 % 4], seed)


@pytest.mark.slow
def test_random_playouts_soak() -> None:
    for seed in range(1000, 21000):
        playout_checked(2 + seed % 3, VARIANTS[seed // 3 % 4], seed)


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_records_replay_identically(players: int, options: dict) -> None:
    for seed in range(3):
        record = json.loads(json.dumps(simulate("isis-osiris", players, seed, options)))
        first, again = replay(record), replay(record)
        assert first == again and first["ok"] and first["finished"]
        game, state = start(record)
        for entry in record["moves"]:
            state, _ = game.apply(state, entry["seat"], entry["move"])
        assert first["scores"] == game.result(state).scores
        assert simulate("isis-osiris", players, seed, options) == record


def test_record_with_setup_fixes_tiles() -> None:
    record = {
        "game": "isis-osiris", "players": 2, "options": {"first": 2}, "seed": 9,
        "setup": {"tiles": [["+1", "-2"], ["+4", "-4"]]},
        "moves": [{"seat": 2, "move": "reveal"}, {"seat": 2, "move": "tile c3"},
                  {"seat": 1, "move": "pawn C2"}, {"seat": 2, "move": "pawn D3"}],
    }  # fmt: skip
    out = replay(record)
    assert out["ok"] and out["to_move"] == [1] and "reveal" in out["legal"]
    _, state = start(record)
    for entry in record["moves"]:
        state, _ = GAME.apply(state, entry["seat"], entry["move"])
    assert state["board"]["C3"] == {"kind": "tile", "value": 4}
    record["moves"].append({"seat": 1, "move": "tile A1"})
    bad = replay(record)
    assert not bad["ok"] and bad["error"]["index"] == 4 and "Reveal a tile first" in bad["error"]["message"]
