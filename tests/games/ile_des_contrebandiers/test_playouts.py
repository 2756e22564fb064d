"""Random playouts with invariants, records that replay identically, a hand-made record."""

from __future__ import annotations

import json
import random

import pytest

from games import IllegalMove
from games.ile_des_contrebandiers.board import SPACES, distances_from, sector_of
from games.ile_des_contrebandiers.engine import standard_goods
from games.records import replay, simulate
from tests.games.ile_des_contrebandiers.test_support import GAME, tiles_of

WRONG = ["start H2", "turn cw", "turn ccw", "drop 2c", "drop 3f", "sail 3a", "sail 1a 1b",
         "sail 3c H1", "sail 2a 2b 2c 2d 2e", "push 2d", "swap", "load", "stay", "sail H0"]
ALL_TILES = [t for s in standard_goods() for t in s]


def short_goods(rng: random.Random) -> list[list[str]]:
    """A few tiles only (shorter stacks, IC-17's records), so that games end quickly."""
    tiles = rng.sample(ALL_TILES, rng.randint(1, 5))
    stacks: list[list[str]] = [[] for _ in range(5)]
    for t in tiles:
        stacks[rng.randrange(5)].append(t)
    return stacks


def choose(rng: random.Random, state: dict, legal: list[str], bias: float) -> str:
    """A test policy (it reads the whole state): with probability ``bias`` head for the
    boat's goal (its tile's harbour, else a floating tile or a harbour with goods), else a
    random legal move. Random play alone takes thousands of moves per game."""
    if rng.random() >= bias or state["turn"]["stage"] not in ("sail", "load"):
        return rng.choice(legal)
    boat = state["boats"][state["turn"]["seat"] - 1]
    if "load" in legal and boat["tile"] is None:
        return "load"
    if boat["tile"] is not None:
        goals = [f"H{boat['tile'][0]}"]
    else:
        goals = list(state["floating"]) + [f"H{k}" for k, s in enumerate(state["stacks"]) if s]
    if not goals:
        return rng.choice(legal)
    far = {}
    for goal in goals:
        for space, d in distances_from(goal, frozenset(state["reefs"])).items():
            far[space] = min(d, far.get(space, 99))
    return min(legal, key=lambda m: (far.get(m.split()[-1], 99) if m.startswith("sail")
                                      else far.get(boat["space"], 99), m))


def playout_checked(players: int, seed: int, goods: list[list[str]] | None = None,
                    reefs: int = 0, bias: float = 0.0, every_move: int = 13) -> int:
    """One game; asserts the invariants after every move; the number of moves."""
    rng = random.Random(seed)
    setup = {"goods": goods} if goods is not None else None
    state = GAME.new(players, {"reefs": reefs}, seed, setup)
    total = tiles_of(state)
    assert len(total) == (20 if goods is None else sum(map(len, goods)))
    moves = 0
    while movers := GAME.to_move(state):
        assert len(movers) == 1
        seat = movers[0]
        legal = GAME.legal(state, seat)
        assert legal and legal == sorted(set(legal))
        assert all(GAME.legal(state, o) == [] for o in range(1, players + 1) if o != seat)
        if moves % every_move == 0:
            for wrong in rng.sample(WRONG, 4):
                if GAME.parse(wrong) not in legal and not wrong.startswith("sail"):
                    with pytest.raises(IllegalMove):
                        GAME.apply(state, seat, wrong)
            for move in legal:  # every legal move applies
                GAME.apply(state, seat, move)
        move = choose(rng, state, legal, bias)
        before = state
        state, events = GAME.apply(state, seat, move)
        assert events and all(isinstance(e["text"], str) for e in events)
        assert tiles_of(state) == total  # tiles conserved
        if move.startswith("sail"):  # IC-11: never into the lit sector or a reef
            lit = before["beam"]
            assert all(sector_of(s) != lit and s not in before["reefs"] for s in move.split()[1:])
        assert all(b["space"] not in state["reefs"] for b in state["boats"])
        assert all(s in SPACES and s not in state["reefs"] for s in state["floating"])
        moves += 1
        assert moves < 200_000, "game did not end"
    res = GAME.result(state)
    assert res.finished and res.winners
    if max(res.scores) >= 7:
        assert len(res.winners) == 1 and res.scores[res.winners[0] - 1] >= 7  # IC-15
    else:  # IC-16: no tile left, most points win
        assert tiles_of(state) == sorted(t for d in state["delivered"] for t in d)
        assert res.winners == [i + 1 for i, s in enumerate(res.scores) if s == max(res.scores)]
    return moves


def seeded_playout(seed: int) -> int:
    """Game ``seed`` of the invariant runs: 2-4 players, every fifth with the 20 tiles, the
    others with a handful; reefs 0-3; a goal-seeking policy mixed with random moves."""
    rng = random.Random(seed)
    goods = None if seed % 5 == 0 else short_goods(rng)
    return playout_checked(2 + seed % 3, seed, goods, reefs=seed % 4,
                           bias=0.5 + 0.1 * (seed % 5))


def test_random_playouts_keep_invariants() -> None:
    """60 games (:func:`seeded_playout`: every mix of players, reefs and policy, once);
    with --runslow the soak plays seeds 60-299 too and 4,000 others."""
    for seed in range(60):
        seeded_playout(seed)


@pytest.mark.slow
def test_random_playouts_soak() -> None:
    for seed in range(60, 300):
        seeded_playout(seed)
    for seed in range(1000, 5000):
        rng = random.Random(seed)
        goods = None if seed % 3 == 0 else short_goods(rng)
        playout_checked(2 + seed % 3, seed, goods, reefs=seed % 4, bias=0.2 * (seed % 5),
                        every_move=29)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_then_replay_is_identical(players: int) -> None:
    bots = ["random"] * players
    record = simulate("ile-des-contrebandiers", players, 4, bots=bots)
    assert record == simulate("ile-des-contrebandiers", players, 4, bots=bots)
    out = replay(json.loads(json.dumps(record)))
    assert out["ok"] and out["finished"] and out["to_move"] == [] and out["legal"] == []
    record["setup"] = GAME.record_setup(GAME.new(players, record["options"], 4))
    assert replay(record) == out


def test_a_record_with_fixed_dice_replays_under_any_seed() -> None:
    rng = random.Random(5)
    dice = [[rng.choice(["cw2", "cw3", "ccw2", "ccw3", "any2", "sleep"]), rng.randint(1, 4)]
            for _ in range(2000)]
    setup = {"beam": 4, "goods": short_goods(rng), "dice": dice, "reefs": ["2h"]}
    state = GAME.new(3, {"first": 2}, 8, setup)
    moves = []
    while movers := GAME.to_move(state):
        move = choose(rng, state, GAME.legal(state, movers[0]), 0.8)
        moves.append({"seat": movers[0], "move": move})
        state, _ = GAME.apply(state, movers[0], move)
    record = {"game": "ile-des-contrebandiers", "players": 3, "options": {"first": 2},
              "seed": 8, "setup": setup, "moves": moves}
    out = replay(record)
    assert out["ok"] and out["finished"]
    assert replay({**record, "seed": 12345}) == out
    assert GAME.record_setup(GAME.new(3, {"first": 2}, 8, setup)) == setup


def test_hand_made_record_replays_to_the_expected_end() -> None:
    """One tile: seat 1 takes it at H0 (to coins), sails to H1 over two turns and delivers it;
    nothing is left, so seat 1 wins on points (IC-16)."""
    record = {
        "game": "ile-des-contrebandiers", "players": 2, "seed": 0, "options": {"first": 1},
        "setup": {"beam": 6, "goods": [["1:2"], [], [], [], []],
                  "dice": [["sleep", 2], ["sleep", 1], ["cw2", 2]]},
        "moves": [{"seat": 1, "move": "start H0"}, {"seat": 2, "move": "start H4"},
                  {"seat": 1, "move": "sail 3a 3b"}, {"seat": 2, "move": "stay"},
                  {"seat": 1, "move": "sail 3c H1"}],
    }
    out = replay(record)
    assert out == {"ok": True, "error": None, "finished": True, "to_move": [], "legal": [],
                   "scores": [2, 0], "winners": [1],
                   "reason": "No tile is left: Seat 1 has the most points (2)."}
    record["moves"][4]["move"] = "sail 3c 3d 3e"
    bad = replay(record)
    assert not bad["ok"] and bad["error"]["index"] == 4 and "white die shows 2" in \
        bad["error"]["message"]
