"""Random playouts in every mode and player count: invariants hold, every game ends, every legal
move applies and a sample of other moves is refused. The soak run is opt-in (--runslow)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from games.base import IllegalMove
from games.levels import random_bot
from tests.games.master_islands.test_support import GAME

CONFIGS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (4, {"mode": "coop"}),
    (3, {"mode": "corsair"}),
    (4, {"mode": "corsair", "corsair": "2", "difficulty": "easy"}),
]
CI_GAMES = 80  # per config: about 500 games in all; the soak also plays seeds 80-159


def _all_cards(state: dict[str, Any]) -> Counter:
    return Counter(
        state["pile"]
        + [c for h in state["hands"] for c in h]
        + [e[2] for e in state["map"]]
        + [c for c in state["collected"] for c in c]
    )


def _check_invariants(state: dict[str, Any], cards: Counter) -> None:
    assert _all_cards(state) == cards  # conserved across pile, hands, map, collected
    occupied = {(e[0], e[1]) for e in state["map"]}
    assert len(occupied) == len(state["map"])  # one card per position
    assert not occupied & {tuple(h) for h in state["holes"]}
    for galleons in state["galleons"]:
        assert all(tuple(g) in occupied for g in galleons)  # galleons always on cards
    assert all(len(h) <= 3 for h in state["hands"])


def _wrong_moves(state: dict[str, Any], rng: random.Random) -> list[str]:
    """Plausible moves, most of them illegal now."""
    cells = [(e[0], e[1]) for e in state["map"]]
    x, y = rng.choice(cells)
    out = [
        f"place {rng.choice('BGRY')}{rng.randint(1, 5)} {x + rng.randint(-2, 2)},{y + rng.randint(-2, 2)}",
        f"sail {rng.randint(1, 2)} {rng.choice('NESW')}",
        "take " + " ".join(f"{a},{b}" for a, b in rng.sample(cells, min(len(cells), rng.randint(1, 4)))),
        rng.choice(["again", "stop", "pass", "done"]),
    ]
    return out


def playout(players: int, options: dict[str, str], seed: int, deep: bool) -> dict[str, Any]:
    rng = random.Random(seed)
    state = GAME.new(players, options, seed)
    cards = _all_cards(state)
    for _ in range(5000):
        movers = GAME.to_move(state)
        if not movers:
            break
        seat = movers[0]
        legal = GAME.legal(state, seat)
        assert legal and legal == sorted(legal)
        if deep:
            assert all(GAME.legal(state, s) == [] for s in range(1, players + 1) if s != seat)
            for move in legal:  # every legal move applies
                GAME.apply(state, seat, move)
            for move in _wrong_moves(state, rng):
                if GAME.parse(move) not in legal:
                    with pytest.raises(IllegalMove):
                        GAME.apply(state, seat, move)
        state, events = GAME.apply(state, seat, random_bot(GAME, state, seat, rng))
        assert all(isinstance(e["text"], str) for e in events)
        _check_invariants(state, cards)
    else:
        raise AssertionError("game did not end")
    assert json.loads(json.dumps(state)) == state  # plain JSON all along (it only grows)
    result = GAME.result(state)
    assert result.finished and result.winners and result.reason
    return state


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_random_playouts_keep_invariants_and_end(players: int, options: dict[str, str]) -> None:
    for seed in range(CI_GAMES):
        playout(players, options, seed, deep=seed % 16 == 0)


@pytest.mark.slow
@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_soak_random_playouts(players: int, options: dict[str, str]) -> None:
    for seed in [*range(CI_GAMES, 160), *range(1000, 4000)]:
        playout(players, options, seed, deep=seed % 4 == 0)
