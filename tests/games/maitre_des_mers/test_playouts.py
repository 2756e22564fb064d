"""Random playouts with invariants, records that replay identically, a hand-made record."""

from __future__ import annotations

import json
import random

import pytest

from games import IllegalMove
from games.maitre_des_mers.cards import GOODS_IDS, SHIP_CODES, TREASURE_IDS
from games.records import replay, simulate
from tests.games.maitre_des_mers.test_support import GAME, SHIPS, cards_accounted

ALL = (sorted(SHIP_CODES), sorted(GOODS_IDS), sorted(TREASURE_IDS))
WRONG = ["arm G12", "hunt", "buy", "attack C7 2:F9", "place 6", "place 1 1 1 1 1", "discard 3",
         "use +1 6", "use -1 1", "use flip 3", "use reroll 2", "stow C7", "loot F9", "noloot"]


def playout_checked(players: int, seed: int, ships: list[str] | None = None) -> int:
    """One random game; asserts the invariants after every move; the number of moves."""
    rng = random.Random(seed)
    setup = {"ships": ships} if ships else None
    state = GAME.new(players, {}, seed, setup)
    total = (sorted(ships), ALL[1], ALL[2]) if ships else ALL
    moves = 0
    while movers := GAME.to_move(state):
        assert len(movers) == 1
        seat = movers[0]
        legal = GAME.legal(state, seat)
        assert legal and legal == sorted(set(legal))
        for other in range(1, players + 1):
            if other != seat:
                assert GAME.legal(state, other) == []
        if moves % 7 == 0:  # a sample of illegal moves is refused, with a sentence
            for wrong in rng.sample(WRONG, 3):
                if wrong not in legal:
                    with pytest.raises(IllegalMove):
                        GAME.apply(state, seat, wrong)
        move = rng.choice(legal)
        state, events = GAME.apply(state, seat, move)
        assert events
        assert cards_accounted(state) == total  # cards conserved
        assert all(len(f) == len({e["ship"] for e in f}) for f in state["fleets"])
        turn = state["turn"]
        if turn is not None:
            assert turn["pool"] - len(turn["placed"]) - len(turn["aside"]) >= turn["slots"] - len(turn["placed"])
        moves += 1
        assert moves < 20_000, "game did not end"
    res = GAME.result(state)
    assert res.finished and not state["port"]  # MM-17
    best = max(res.scores)
    assert set(res.winners) <= {i + 1 for i, s in enumerate(res.scores) if s == best}
    return moves


SHORT_FROM = 40
"""Seeds below are full games, from it short ones (:func:`seeded_playout`)."""


def seeded_playout(seed: int) -> int:
    """Game ``seed`` of the invariant runs: a full game below :data:`SHORT_FROM`, else one with
    a short ship list (fewer ships to arm: a short game); 2-6 players."""
    if seed < SHORT_FROM:
        return playout_checked(2 + seed % 5, seed)
    ships = random.Random(seed).sample(SHIPS, 1 + seed % 5)
    return playout_checked(2 + seed % 5, seed, ships)


def test_random_playouts_keep_invariants() -> None:
    """15 full games (2-6 players, three times each), then 130 short ones; with --runslow the
    soak plays the other seeds below 300 too (25 full and 130 short) and 3,000 full games."""
    for seed in [*range(15), *range(SHORT_FROM, SHORT_FROM + 130)]:
        seeded_playout(seed)


@pytest.mark.slow
def test_random_playouts_soak() -> None:
    for seed in [*range(15, SHORT_FROM), *range(SHORT_FROM + 130, 300)]:
        seeded_playout(seed)
    for seed in range(1000, 4000):
        playout_checked(2 + seed % 5, seed)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_simulate_then_replay_is_identical(players: int) -> None:
    bots = ["random"] * players
    record = simulate("maitre-des-mers", players, 4, bots=bots)
    assert record == simulate("maitre-des-mers", players, 4, bots=bots)
    out = replay(json.loads(json.dumps(record)))
    assert out["ok"] and out["finished"] and out["to_move"] == [] and out["legal"] == []
    record["setup"] = GAME.record_setup(GAME.new(players, record["options"], 4))
    assert replay(record) == out


def test_hand_made_record_replays_to_the_expected_end() -> None:
    """Fixed ships and dice: seat 1 arms C7, seat 2 fails on G11, seat 1 attacks and sinks,
    seat 2 arms the last ship of the port."""
    record = {
        "game": "maitre-des-mers", "players": 2, "seed": 0, "options": {"first": 1},
        "setup": {"ships": ["C7", "G11", "F9"],
                  "dice": [6, 5, 4, 3, 4,    # seat 1 arms C7 at once
                           1, 2, 2, 3, 1,    # seat 2: G11, nothing fits, sets a 2 aside: fails
                           6, 5, 4, 6, 6,    # seat 1 arms F9
                           6, 5, 4, 6, 6]},  # seat 2 arms G11: the port is empty
        "moves": [{"seat": 1, "move": "arm C7"}, {"seat": 1, "move": "place 3 4 4 5 6"},
                  {"seat": 2, "move": "arm G11"}, {"seat": 2, "move": "discard 2"},
                  {"seat": 1, "move": "arm F9"}, {"seat": 1, "move": "place 4 5 6 6 6"},
                  {"seat": 2, "move": "arm G11"}, {"seat": 2, "move": "place 4 5 6 6 6"}],
    }
    out = replay(record)
    assert out == {"ok": True, "error": None, "finished": True, "to_move": [], "legal": [],
                   "scores": [0, 0], "winners": [1], "reason": "No ship is left in the port."}
    record["moves"][3]["move"] = "discard 4"
    bad = replay(record)
    assert not bad["ok"] and bad["error"]["index"] == 3 and "did not roll a 4" in bad["error"]["message"]
    assert bad["legal"] == ["discard 1", "discard 2", "discard 3"]
