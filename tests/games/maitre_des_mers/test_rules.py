"""One test per rule id (docs/rules/maitre-des-mers.md), from fixed ``setup.ships``/``setup.dice``."""

from __future__ import annotations

import pytest

from games import IllegalMove
from games.maitre_des_mers import flow
from games.maitre_des_mers.cards import FAMILY_SIZE
from games.maitre_des_mers.cards import SHIPS as CARD_SHIPS
from tests.games.maitre_des_mers.test_support import GAME, SHIPS, new, play, texts, with_fleets


def legal(state) -> list[str]:
    return GAME.legal(state, GAME.to_move(state)[0])


def test_mm_1_five_dice_are_rolled_at_once() -> None:
    st, ev = play(new(dice=[1, 2, 3, 4, 5]), "arm C7")
    assert "Seat 1 rolls 1 2 3 4 5." in texts(ev)
    assert st["turn"]["rolled"] == [1, 2, 3, 4, 5] and st["turn"]["pool"] == 5
    assert st["dice_used"] == 5


def test_mm_2_twelve_ships_in_three_families() -> None:
    assert len(CARD_SHIPS) == 12 and FAMILY_SIZE == {"C": 4, "F": 4, "G": 4}
    assert {s.code: s.firepower for s in CARD_SHIPS.values()}["G12"] == 6
    assert sorted(s.code for s in CARD_SHIPS.values() if s.map) == ["C7", "C8", "F8", "F9", "G10", "G9"]
    view = GAME.view(with_fleets(new(), {1: [("F9", None)]}), None)
    assert view["seats"][0]["fleet"] == [{"ship": "F9", "family": "F", "target": 9, "firepower": 3,
                                          "map": True, "cargo": None}]


def test_mm_3_goods_stack_in_letter_order() -> None:
    view = GAME.view(new(), None)
    assert [(g["letter"], g["power"]) for g in view["goods"]] == [
        ("A", "flip"), ("A", "+1"), ("A", "-1"), ("B", "reroll"), ("C", "die"), ("D", "die"),
        ("D", "die")]


def test_mm_4_treasure_stack_in_letter_order() -> None:
    view = GAME.view(new(), None)
    assert [(t["letter"], t["points"]) for t in view["treasures"]] == [
        ("A", 5), ("A", 5), ("B", 6), ("C", 7), ("D", 8)]


def test_mm_5_ship_needs_6_5_4_and_enough_cargo() -> None:
    st, _ = play(new(dice=[6, 5, 4, 3, 4]), "arm C7")
    assert "place 3 4 4 5 6" in legal(st)
    st, ev = play(st, "place 3 4 4 5 6")
    assert [e["ship"] for e in st["fleets"][0]] == ["C7"]
    assert "Seat 1 arms the Caravelle 7. Caravelle 9 comes into the port." in texts(ev)
    weak, _ = play(new(dice=[6, 5, 4, 3, 4]), "arm G11")  # cargo 7 < 11
    assert "place 3 4 4 5 6" not in legal(weak)
    with pytest.raises(IllegalMove, match="could not be completed any more"):
        GAME.apply(weak, 1, "place 3 4 4 5 6")


def test_mm_6_goods_and_treasures_ask_their_letters_combination() -> None:
    hunt = with_fleets(new(dice=[3, 3, 3, 2, 2]), {1: [("C7", None)]})
    st, ev = play(hunt, "hunt")
    assert st["turn"]["combination"] == "full house" and st["turn"]["slots"] == 5
    st, ev = play(st, "place 2 2 3 3 3")
    assert st["fleets"][0] == [{"ship": "C7", "cargo": "t0"}]
    assert "Seat 1 wins treasure A (+5)." in texts(ev)
    buy = with_fleets(new(dice=[4, 4, 4, 1, 2]), {1: [("C9", None)]})
    st, _ = play(buy, "buy")
    assert st["turn"]["combination"] == "three of a kind" and st["turn"]["slots"] == 3
    st, _ = play(st, "place 4 4 4")
    assert st["fleets"][0] == [{"ship": "C9", "cargo": "g0"}] and st["goods"][0] == "g1"


def test_mm_7_pairs_kinds_and_straights() -> None:
    st = with_fleets(new(dice=[2, 2, 2, 5, 5, 1, 2, 3, 4, 4]), {1: [("C7", None)]})
    st["goods"] = st["goods"][3:]  # B: two pairs
    st, _ = play(st, "buy")
    moves = legal(st)
    assert "place 2 2 5 5" in moves and "place 2 2 2" not in moves and "place 2 2 2 5" not in moves
    st = with_fleets(new(dice=[1, 2, 3, 4, 4]), {1: [("C7", None)]})
    st["treasures"] = st["treasures"][2:]  # B: small straight
    st, _ = play(st, "hunt")
    moves = legal(st)
    assert "place 1 2 3 4" in moves and "place 4 4" not in moves


def test_mm_8_port_pile_and_first_player() -> None:
    st = new()
    assert st["port"] == SHIPS[:4] and st["pile"] == SHIPS[4:]
    assert GAME.record_setup(st) == {"ships": SHIPS}
    drawn = GAME.new(3, {}, 5)
    assert sorted(drawn["port"] + drawn["pile"]) == sorted(SHIPS) and len(drawn["port"]) == 4
    assert GAME.new(3, {}, 5) == drawn and GAME.to_move(drawn) == [drawn["first"]]
    again = GAME.new(3, {}, 5, GAME.record_setup(drawn))
    assert again["port"] == drawn["port"] and again["first"] == drawn["first"]


def test_mm_9_announce_one_action_before_rolling() -> None:
    st = new()
    assert legal(st) == ["arm C7", "arm C8", "arm F9", "arm G11"]  # no fleet: no free ship
    assert st["turn"]["rolled"] == [] and st["dice_used"] == 0
    with pytest.raises(IllegalMove, match="announce your action first"):
        GAME.apply(st, 1, "place 6")


def test_mm_10_place_at_least_one_then_roll_the_rest() -> None:
    st, _ = play(new(dice=[6, 2, 2, 2, 2, 5, 4, 1, 1]), "arm C7")
    assert legal(st) == ["place 2", "place 2 6", "place 6"]  # cargo 2 + 2 < 7 cannot be placed
    st, ev = play(st, "place 6")
    assert st["turn"]["placed"] == [6] and st["turn"]["rolled"] == [5, 4, 1, 1]
    assert texts(ev)[-1] == "Seat 1 rolls 5 4 1 1."
    # nothing fits: one die of the player's choice is set aside, the rest rolled again
    st = with_fleets(new(dice=[2, 1, 3, 4, 5, 6, 1, 3, 4, 2, 2, 6]), {1: [("C9", None)]})
    st, _ = play(st, "buy", "place 2")
    assert st["turn"]["rolled"] == [6, 1, 3, 4] and legal(st) == [
        "discard 1", "discard 3", "discard 4", "discard 6"]
    st, ev = play(st, "discard 4")
    assert st["turn"]["aside"] == [4] and st["turn"]["rolled"] == [2, 2, 6]
    st, _ = play(st, "place 2 2")
    assert st["fleets"][0] == [{"ship": "C9", "cargo": "g0"}]


def test_mm_10a_placements_and_failure_after_a_set_aside() -> None:
    st, _ = play(new(dice=[6, 5, 4, 1, 1]), "arm C7")
    subsets = {"1", "4", "5", "6", "1 4", "1 5", "1 6", "4 5", "4 6", "5 6", "1 4 5", "1 4 6",
               "1 5 6", "4 5 6", "1 4 5 6"}
    assert sorted(legal(st)) == sorted(f"place {s}" for s in subsets)  # never both 1s (cargo 2)
    st, _ = play(new(dice=[6, 5, 4, 1, 1, 1, 1]), "arm G11", "place 4 5 6")
    assert GAME.to_move(st) == [2]  # 1 + 6 < 11: set aside (automatic), 1 die left for 2 slots
    last = st["last_action"]
    assert last["outcome"] == "failure" and last["aside"] == [1] and last["placed"] == [4, 5, 6]
    assert st["dice_used"] == 7  # a failed action rolls no more dice


def test_mm_10b_automatic_set_aside_and_stow_only() -> None:
    st, ev = play(new(dice=[1, 1, 1, 1, 1]), "arm G11")
    assert "Seat 1 sets a 1 aside (no die fits)." in texts(ev) and GAME.to_move(st) == [2]
    st, _ = play(new(dice=[1, 2, 1, 2, 1]), "arm G11")
    assert legal(st) == ["discard 1", "discard 2"]  # two values: the player chooses
    power = with_fleets(new(dice=[1, 1, 1, 1, 1]), {1: [("C9", "g1")]})  # +1
    st, _ = play(power, "arm G11")
    assert legal(st) == ["discard 1", "use +1 1"]  # a usable power: no automatic set-aside
    st, _ = play(new(dice=[6, 1, 1, 1, 1]), "arm G11")
    assert legal(st) == ["place 6"] and GAME.to_move(st) == [1]  # a single placement is a move


def test_mm_11_arm_refills_the_port_failure_passes_the_dice() -> None:
    st, _ = play(new(dice=[6, 5, 4, 3, 4]), "arm C7", "place 3 4 4 5 6")
    assert st["port"] == ["G11", "C9", "F9", "C8"] and len(st["pile"]) == 7
    assert GAME.to_move(st) == [2] and st["last_action"]["outcome"] == "success"
    st, _ = play(new(dice=[1, 1, 1, 1, 1]), "arm G11")
    assert st["port"] == SHIPS[:4] and GAME.to_move(st) == [2]


def test_mm_12_hunt_needs_a_map_ship_a_free_ship_and_a_treasure() -> None:
    no_map = with_fleets(new(), {1: [("C9", None)]})
    assert "hunt" not in legal(no_map)
    with pytest.raises(IllegalMove, match="treasure-map"):
        GAME.apply(no_map, 1, "hunt")
    loaded = with_fleets(new(), {1: [("C7", "g0")]})
    assert "hunt" not in legal(loaded)
    with pytest.raises(IllegalMove, match="free ship"):
        GAME.apply(loaded, 1, "hunt")
    empty = with_fleets(new(), {1: [("C7", None)]})
    assert "hunt" in legal(empty)
    empty["treasures"] = []
    assert "hunt" not in legal(empty)


def test_mm_13_buy_needs_a_free_ship_and_goods() -> None:
    assert "buy" not in legal(new())  # no fleet, so no free ship
    assert "buy" in legal(with_fleets(new(), {1: [("C7", None)]}))
    st = with_fleets(new(), {1: [("C7", "t0")]})
    assert "buy" not in legal(st)
    st = with_fleets(new(), {1: [("C7", None)]})
    st["goods"] = []
    assert "buy" not in legal(st)


def test_mm_13a_choose_the_free_ship_when_there_are_two() -> None:
    st = with_fleets(new(dice=[4, 4, 4, 1, 2]), {1: [("C7", None), ("C8", None)]})
    st, _ = play(st, "buy", "place 4 4 4")
    assert st["turn"]["stage"] == "stow" and legal(st) == ["stow C7", "stow C8"]
    st, ev = play(st, "stow C8")
    assert st["fleets"][0][1] == {"ship": "C8", "cargo": "g0"} and GAME.to_move(st) == [2]


def test_mm_14_a_ship_carries_one_card() -> None:
    st = with_fleets(new(dice=[4, 4, 4]), {1: [("C7", "t0"), ("C8", None), ("C9", None)]})
    st, _ = play(st, "buy", "place 4 4 4")
    assert legal(st) == ["stow C8", "stow C9"]
    with pytest.raises(IllegalMove, match="already carries a card"):
        GAME.apply(st, 1, "stow C7")


def test_mm_15_goods_powers_once_per_turn() -> None:
    fleet = [("C7", "g0"), ("C8", "g1"), ("C9", "g2"), ("C10", "g3")]
    st = with_fleets(new(dice=[6, 1, 1, 1, 1, 3]), {1: fleet})
    assert not [m for m in legal(st) if m.startswith("use")]  # not before the roll
    st, _ = play(st, "arm G11")
    uses = [m for m in legal(st) if m.startswith("use")]
    assert uses == ["use +1 1", "use -1 6", "use flip 1", "use flip 6", "use reroll 1",
                    "use reroll 6"]
    st, ev = play(st, "use reroll 1")
    assert st["turn"]["rolled"] == [6, 3, 1, 1, 1] and st["turn"]["powers_used"] == ["reroll"]
    with pytest.raises(IllegalMove, match="already used"):
        GAME.apply(st, 1, "use reroll 1")
    st, _ = play(st, "use flip 1")
    assert st["turn"]["rolled"] == [6, 3, 6, 1, 1]
    extra = with_fleets(new(dice=[1, 2, 3, 4, 5, 6, 6]), {1: [("C7", "g4"), ("C8", "g5")]})
    assert extra["turn"]["pool"] == 7
    st, ev = play(extra, "arm G11")
    assert st["turn"]["rolled"] == [1, 2, 3, 4, 5, 6, 6]


def test_mm_16_attack_loyalty_fight_and_loot() -> None:
    base = new(dice=[3, 1])
    st = with_fleets(base, {1: [("C7", None)], 2: [("F9", None), ("C8", None), ("G11", None)]})
    assert [m for m in legal(st) if m.startswith("attack")] == ["attack C7 2:F9", "attack C7 2:G11"]
    with pytest.raises(IllegalMove, match="another family"):
        GAME.apply(st, 1, "attack C7 2:C8")
    strong = with_fleets(base, {1: [("G11", None)], 2: [("F9", None)]})
    with pytest.raises(IllegalMove, match="equal to or greater"):
        GAME.apply(strong, 1, "attack G11 2:F9")
    st, ev = play(st, "attack C7 2:F9")  # 3 + 1 = 4 against 1 + 3 = 4: the attacker wins ties
    fight = st["last_action"]["fight"]
    assert fight["winner"] == 1 and fight["attacker"]["total"] == fight["defender"]["total"] == 4
    assert [e["ship"] for e in st["fleets"][1]] == ["C8", "G11"] and st["pile"][-1] == "F9"
    # the defender wins and decides the loot (3 players: then the attacker's left plays)
    st = with_fleets(new(3, dice=[1, 6]), {1: [("C7", "t0")], 2: [("F9", None)]})
    st, _ = play(st, "attack C7 2:F9")
    assert GAME.to_move(st) == [2] and GAME.legal(st, 2) == ["loot F9", "noloot"]
    assert GAME.legal(st, 1) == []
    st, ev = play(st, "loot F9")
    assert st["fleets"][0] == [{"ship": "C7", "cargo": None}]
    assert st["fleets"][1] == [{"ship": "F9", "cargo": "t0"}] and GAME.to_move(st) == [2]
    # no free ship: the card stays, no prompt
    st = with_fleets(new(3, dice=[6, 1]), {1: [("C7", "g0")], 2: [("F9", "t0")]})
    st, ev = play(st, "attack C7 2:F9")
    assert st["fleets"][1] == [{"ship": "F9", "cargo": "t0"}] and GAME.to_move(st) == [2]
    st = with_fleets(new(dice=[6, 1]), {1: [("C7", None)], 2: [("F9", "t0")]})
    st, _ = play(st, "attack C7 2:F9", "noloot")
    assert st["fleets"][1] == [{"ship": "F9", "cargo": "t0"}] and GAME.to_move(st) == [2]


def test_mm_17_the_game_ends_when_the_port_is_empty() -> None:
    st = new(3, dice=[6, 5, 4, 3, 4], ships=["C7"])
    assert st["port"] == ["C7"] and st["pile"] == []
    st, ev = play(st, "arm C7", "place 3 4 4 5 6")
    assert GAME.to_move(st) == [] and GAME.result(st).finished and st["turn"] is None
    assert texts(ev)[-1].startswith("Game over: no ship is left in the port.")
    # a ship sent under the pile does not refill the port by itself
    st = with_fleets(new(dice=[6, 1], ships=["G11", "C7", "F9"]), {1: [("C7", None)],
                                                                    2: [("F9", None)]})
    st, _ = play(st, "attack C7 2:F9")
    assert st["port"] == ["G11"] and st["pile"] == ["F9"]


def _finished(st):
    st = dict(st)
    flow.finish(st, [])
    return GAME.result(st)


def test_mm_18_score_and_tie_breaks() -> None:
    st = with_fleets(new(), {1: [("C7", "t0"), ("C8", None), ("C9", None), ("C10", None)],
                             2: [("F8", "t4")]})
    res = _finished(st)
    assert res.scores == [10, 8] and res.winners == [1]
    firepower = with_fleets(new(), {1: [("C7", None), ("C8", None)], 2: [("F8", None), ("F9", None)]})
    assert _finished(firepower).winners == [2]
    size = with_fleets(new(), {1: [("C7", None), ("C8", None), ("C9", None)], 2: [("G12", None)]})
    assert _finished(size).winners == [1]
    shared = with_fleets(new(3), {1: [("C8", None), ("F9", None)], 2: [("C9", None), ("F8", None)]})
    res = _finished(shared)
    assert res.winners == [1, 2] and res.scores == [0, 0, 0]
