"""Le Maître des Mers computer players: the greedy decisions on hand-made views (docs/views/maitre-des-mers.md
shape), legal moves only over whole games, and (slow, opt-in) its win rate against random."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import get_game
from games.levels import random_bot
from games.maitre_des_mers.bots import announce_value, greedy, safest_ship
from games.maitre_des_mers.levels import BOTS
from games.maitre_des_mers.odds import completion_chance
from tests.games import bot_games

TREASURES = [{"letter": "A", "points": 5}, {"letter": "B", "points": 6}]
GOODS = [{"letter": "A", "power": "flip"}, {"letter": "B", "power": "reroll"}]


def ship(code: str, cargo: dict[str, Any] | None = None) -> dict[str, Any]:
    target = int(code[1:])
    maps = {"C7", "C8", "F8", "F9", "G9", "G10"}
    return {
        "ship": code,
        "family": code[0],
        "target": target,
        "firepower": target - 6,
        "map": code in maps,
        "cargo": cargo,
    }


def view(
    fleets: list[list[dict[str, Any]]], turn: dict[str, Any] | None = None, **extra: Any
) -> dict[str, Any]:
    scores = [
        sum(e["cargo"]["points"] for e in f if e["cargo"] and e["cargo"]["kind"] == "treasure")
        for f in fleets
    ]
    out = {
        "port": ["G11", "C9", "F10", "G12"],
        "pile": 5,
        "goods": list(GOODS),
        "treasures": list(TREASURES),
        "seats": [
            {"seat": i, "score": scores[i - 1], "fleet": f} for i, f in enumerate(fleets, start=1)
        ],
        "turn": turn,
        "last_action": None,
        "hand": None,
    }
    out.update(extra)
    return out


def dice_turn(
    combination: str,
    placed: list[int],
    rolled: list[int],
    target: Any = None,
    powers: tuple[str, ...] = (),
    used: tuple[str, ...] = (),
) -> dict[str, Any]:
    return {
        "seat": 1,
        "action": "arm" if combination == "ship" else "hunt",
        "target": target,
        "combination": combination,
        "slots": 5,
        "placed": placed,
        "rolled": rolled,
        "aside": [],
        "pool": 5,
        "powers": list(powers),
        "powers_used": list(used),
        "stage": "dice",
        "fight": None,
    }


class FakeGame:
    """Serves a hand-made view and legal list, as the engine would."""

    def __init__(self, v: dict[str, Any], legal: list[str]) -> None:
        self.v, self.moves = v, sorted(legal)

    def view(self, state: Any, seat: int) -> dict[str, Any]:
        return self.v

    def legal(self, state: Any, seat: int) -> list[str]:
        return self.moves


def choose(v: dict[str, Any], legal: list[str], seat: int = 1) -> str:
    return greedy(FakeGame(v, legal), {}, seat, random.Random(0))  # type: ignore[arg-type]


def test_bots_table() -> None:
    assert dict(BOTS) == {"easy": random_bot, "medium": greedy, "hard": BOTS["hard"]}
    assert BOTS["random"] is random_bot and BOTS["greedy"] is greedy  # stored old names


def test_greedy_hunts_with_a_map_ship_and_arms_without() -> None:
    with_map = view([[ship("C7")], [ship("F11")]], {"stage": "announce", "seat": 1})
    legal = ["arm G11", "arm C9", "arm F10", "arm G12", "hunt", "buy"]
    assert choose(with_map, legal) == "hunt"
    without = view([[], [ship("F11")]], {"stage": "announce", "seat": 1})
    assert choose(without, ["arm G11", "arm C9", "arm F10", "arm G12"]) == "arm C9"


def test_announce_value_is_chance_times_worth() -> None:
    v = view([[ship("C7")], []], {"stage": "announce", "seat": 1})
    hunt = announce_value(v, 1, "hunt")
    assert hunt == pytest.approx(completion_chance("full house", (), 5) * 5 * 1.1)
    extra_die = view(
        [[ship("C7"), ship("C8", {"kind": "goods", "letter": "C", "power": "die"})], []],
        {"stage": "announce", "seat": 1},
    )
    assert announce_value(extra_die, 1, "hunt") > hunt  # six dice


def test_greedy_attacks_a_treasure_it_can_win() -> None:
    loaded = ship("F9", {"kind": "treasure", "letter": "C", "points": 7})
    v = view([[ship("G9")], [loaded]], {"stage": "announce", "seat": 1}, treasures=[], port=["G12"])
    assert choose(v, ["arm G12", "attack G9 2:F9"]) == "attack G9 2:F9"


def test_greedy_places_for_the_best_chance() -> None:
    turn = dice_turn("ship", [4, 5, 6], [1, 6], {"kind": "ship", "ship": "C10"})
    v = view([[], []], turn)
    assert choose(v, ["place 1", "place 6", "place 1 6"]) == "place 6"


def test_greedy_uses_a_power_that_completes_the_card() -> None:
    turn = dice_turn(
        "three of a kind",
        [3, 3],
        [4],
        {"kind": "goods", "letter": "A", "power": "flip"},
        powers=("-1", "flip"),
    )
    v = view([[], []], turn)
    assert choose(v, ["discard 4", "use -1 4", "use flip 4"]) == "use -1 4"


def test_greedy_keeps_a_power_that_does_not_help() -> None:
    turn = dice_turn("three of a kind", [3, 3], [3, 5], None, powers=("flip",))
    v = view([[], []], turn)
    assert choose(v, ["place 3", "use flip 3", "use flip 5"]) == "place 3"


def test_stow_and_loot_on_the_ship_hardest_to_attack() -> None:
    mine = [ship("C7"), ship("G12")]
    v = view([mine, [ship("F8")]], {"stage": "stow", "seat": 1})
    assert safest_ship(v, 1, ["C7", "G12"]) == "C7"  # no ship may attack a firepower-1 ship
    assert choose(v, ["stow C7", "stow G12"]) == "stow C7"
    fight = {
        "attacker": {"seat": 2, "ship": "F8", "firepower": 2, "die": 1, "total": 3},
        "defender": {"seat": 1, "ship": "G12", "firepower": 6, "die": 3, "total": 9},
        "winner": 1,
    }
    loser = ship("F8", {"kind": "treasure", "letter": "A", "points": 5})
    v = view([mine, [loser]], {"stage": "loot", "seat": 2, "fight": fight})
    assert choose(v, ["loot C7", "loot G12", "noloot"]) == "loot C7"


GAME = get_game("maitre-des-mers")


def play(players: int, seed: int, greedy_seats: set[int]) -> Any:
    return bot_games.play(GAME, greedy, players, seed, greedy_seats, cap=4000)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_greedy_plays_only_legal_moves_to_the_end(players: int) -> None:
    for seed in range(2):
        state = play(players, seed, {1 + seed % players, 1 + (seed + 1) % players})
        assert GAME.result(state).finished


def test_greedy_tables_finish() -> None:
    for players in (2, 3):
        state = play(players, 11, set(range(1, players + 1)))
        assert GAME.result(state).finished


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4, 6])
def test_greedy_beats_random(players: int) -> None:
    rate, median = bot_games.win_rate(GAME, greedy, players)
    bot_games.report(players, rate, median)
    assert rate > max(0.6, 1.5 / players)
