"""``Game.record_setup``: a record's ``setup`` that fixes the deal, whatever the seed (QA item 7)."""

from __future__ import annotations

from typing import Any

import pytest

from games import get_game
from games.records import replay, simulate
from tests.games.every_game import setup_id, setups

CASES = setups()


def but_the_seed(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k != "seed"}


@pytest.mark.parametrize(("game_id", "players", "options"), CASES,
                         ids=[setup_id(c) for c in CASES])
@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_setup_fixes_the_deal_whatever_the_seed(
    game_id: str, players: int, options: dict[str, Any], seed: int
) -> None:
    """The whole fresh state, its seed aside: what the setup fixes and what was never random."""
    game = get_game(game_id)
    opts = {**options, "first": "2"}
    a = game.new(players, opts, seed)
    setup = game.record_setup(a)
    b = game.new(players, opts, seed + 1000, setup)
    c = game.new(players, opts, seed + 1000)
    assert but_the_seed(b) == but_the_seed(a)
    assert but_the_seed(c) != but_the_seed(a)  # the seed alone would deal otherwise


def test_master_islands_deck_is_in_dealing_order() -> None:
    game = get_game("master-islands")
    deck = [f"{c}{v}" for c in "BGRY" for v in (1, 2, 3, 4, 5)][:14]
    state = game.new(3, {"mode": "corsair", "corsair": "2", "first": "1"}, 5, {"deck": deck})
    assert game.record_setup(state) == {"deck": deck}  # seats 1 and 3 hold cards, not the corsair
    assert state["hands"] == [deck[:3], [], deck[3:6]] and state["map"][0][2] == deck[6]


def test_isis_osiris_setup_uses_record_values() -> None:
    game = get_game("isis-osiris")
    tiles = [["+2", "-3"], ["+1", "-4", "+4"]]
    state = game.new(2, {"first": "1"}, 3, {"tiles": tiles})
    assert game.record_setup(state) == {"tiles": tiles}
    common = game.new(2, {"reserve": "common", "first": "1"}, 3, {"pile": ["-1", "+3"]})
    assert game.record_setup(common) == {"pile": ["-1", "+3"]}


DEAL_ONLY = [("master-islands", 2, {}), ("master-islands", 4, {"mode": "coop"}),
             ("isis-osiris", 2, {}), ("isis-osiris", 3, {"reserve": "common"})]
"""Games whose only chance is the deal (no dice later on): their setup fixes every draw."""


@pytest.mark.parametrize(("game_id", "players", "options"), DEAL_ONLY)
def test_a_record_with_its_setup_replays_under_another_seed(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """What the host stores: the moves of a whole game replay with the setup and any seed, as
    long as ``first`` is in the options (the first seat is otherwise drawn from the seed)."""
    game = get_game(game_id)
    record = simulate(game_id, players, 11, {**options, "first": "1"}, bots=["random"] * players)
    record["setup"] = game.record_setup(game.new(players, record["options"], 11))
    original = replay(record)
    record["seed"] = 99
    assert replay(record) == original and original["ok"] and original["finished"]
