"""One test per Master Islands rule id (docs/rules/master-islands.md), from small fixed decks."""

from __future__ import annotations

from collections import Counter

import pytest

from games.base import IllegalMove
from games.master_islands import flow
from games.master_islands.cards import full_deck
from tests.games.master_islands.test_support import GAME, at_conquest, laid_out, new, play, texts


# -- components and set-up --------------------------------------------------------------------
def test_mi_1_forty_eight_cards_four_colours() -> None:
    deck = full_deck()
    assert len(deck) == 48
    assert Counter(c[0] for c in deck) == {"B": 12, "G": 12, "R": 12, "Y": 12}
    assert Counter(c for c in deck if c[0] == "B") == {"B1": 3, "B2": 3, "B3": 2, "B4": 2, "B5": 2}
    state = GAME.new(3, {}, 5)
    everything = state["pile"] + [c for h in state["hands"] for c in h] + [e[2] for e in state["map"]]
    assert Counter(everything) == Counter(deck)


def test_mi_2_two_galleons_per_player() -> None:
    view = GAME.view(new(4), None)
    assert [len(s["galleons"]) for s in view["seats"]] == [2, 2, 2, 2]


def test_mi_3_three_cards_each_seen_only_by_their_owner() -> None:
    state = new(2, [["B1", "B2", "B3"], ["G1", "G2", "G3"]], pile=["R1", "R2"] * 3 + ["Y1", "Y2"] * 2)
    assert GAME.view(state, 1)["hand"] == ["B1", "B2", "B3"]
    assert GAME.view(state, 2)["hand"] == ["G1", "G2", "G3"]
    assert GAME.view(state, None)["hand"] is None
    assert [s["hand_size"] for s in GAME.view(state, None)["seats"]] == [3, 3]
    assert GAME.view(state, None)["pile"] == 10
    other = new(2, [["B1", "B2", "B3"], ["R5", "R4", "Y4"]], pile=["R1", "R2"] * 3 + ["Y1", "Y2"] * 2)
    assert GAME.view(state, 1) == GAME.view(other, 1)  # seat 2's cards change nothing for seat 1


def test_mi_4_start_card_at_origin_with_every_galleon() -> None:
    state = new(3, start="G4")
    view = GAME.view(state, None)
    assert view["map"] == [{"x": 0, "y": 0, "card": "G4"}]
    assert all(g == [0, 0] for s in view["seats"] for g in s["galleons"])


def test_mi_5_first_player_chosen_or_drawn() -> None:
    assert GAME.to_move(new(3, first=2)) == [2]
    drawn = {GAME.to_move(GAME.new(3, {}, seed))[0] for seed in range(40)}
    assert drawn == {1, 2, 3}
    assert GAME.to_move(GAME.new(3, {}, 7)) == GAME.to_move(GAME.new(3, {}, 7))


# -- geometry -------------------------------------------------------------------------------------
def test_mi_6_grid_coordinates_and_orthogonal_neighbours() -> None:
    state = new()
    places = {m.split()[2] for m in GAME.legal(state, 1)}
    assert places == {"0,-1", "1,0", "0,1", "-1,0"}  # no diagonal
    state, _ = play(state, "place B1 0,-1", "sail 2 N")  # north is y - 1
    assert GAME.view(state, None)["seats"][0]["galleons"] == [[0, 0], [0, -1]]


def test_mi_7_holes_take_cards_but_never_galleons() -> None:
    state = at_conquest(new(), {(0, 0): "Y5", (0, 1): "B5", (0, 2): "G5"})
    state, _ = play(state, "take 0,1 0,2")
    assert GAME.view(state, None)["holes"] == [[0, 1], [0, 2]]
    assert GAME.to_move(state) == [2]
    with pytest.raises(IllegalMove, match="never enter holes or open sea"):
        GAME.apply(state, 2, "sail 1 S")
    assert "place B1 0,1" in GAME.legal(state, 2)
    state, _ = play(state, "place B1 0,1")
    assert GAME.view(state, None)["holes"] == [[0, 2]]


# -- discovery -------------------------------------------------------------------------------------
def test_mi_8_place_and_sail_in_either_order() -> None:
    state = new()
    with pytest.raises(IllegalMove, match="sail"):
        GAME.apply(state, 1, "sail 1 E")  # nothing to sail onto yet
    placed, _ = play(state, "place B1 1,0")
    assert GAME.legal(placed, 1) == ["sail 1 E", "sail 2 E"]
    done, _ = play(placed, "sail 1 E")
    assert GAME.to_move(done) == [2]
    # the other order, and a placement must touch a card holding the player's own galleon
    laid = laid_out(new(), {(0, 0): "Y5", (1, 0): "B2"})
    with pytest.raises(IllegalMove, match="not next to a card holding one of your galleons"):
        GAME.apply(laid, 1, "place B1 2,0")
    sailed, _ = play(laid, "sail 2 E")
    assert all(m.startswith("place") for m in GAME.legal(sailed, 1))
    assert "place B1 2,0" in GAME.legal(sailed, 1)
    with pytest.raises(IllegalMove, match="already sailed"):
        GAME.apply(sailed, 1, "sail 1 E")


def test_mi_9_first_action_must_keep_the_other_possible() -> None:
    cards = {p: "B1" for p in [(0, 0), (1, 0), (-1, 0), (0, 1), (2, 0), (1, 1), (1, -1)]}
    state = laid_out(new(), cards, galleons={1: [(0, 0), (1, 0)]})
    legal = GAME.legal(state, 1)
    assert "sail 1 W" in legal and "sail 1 E" not in legal  # (1,0) is enclosed
    with pytest.raises(IllegalMove, match="keep both actions possible"):
        GAME.apply(state, 1, "sail 1 E")


def test_mi_9_decision_only_sail_when_no_room_and_skip_when_nothing() -> None:
    diamond = {(x, y): "B1" for x in range(-2, 3) for y in range(-2, 3) if abs(x) + abs(y) <= 2}
    events: list = []
    state = new()
    st = laid_out(state, diamond)
    flow.begin_discovery(st, events)
    assert "only a sail" in texts(events)
    assert all(m.startswith("sail") for m in GAME.legal(st, 1))
    after, _ = play(st, "sail 1 E")
    assert GAME.to_move(after) == [2]  # Discovery over after the one possible action
    lone = laid_out(state, {(0, 0): "Y5", (5, 5): "B1"}, galleons={2: [(5, 5)] * 2}, hands={2: []})
    stuck, events = play(lone, "place B1 1,0", "sail 1 E")
    assert "Discovery skipped" in texts(events)
    assert "Seat 2 drew 3 cards" in texts(events)
    assert GAME.to_move(stuck) == [1] and len(stuck["hands"][1]) == 3


def test_mi_10_colour_bonus_offers_again() -> None:
    state = new(2, [["Y1", "B2", "G3"], ["B1", "G2", "R3"]])
    state, events = play(state, "place Y1 1,0", "sail 1 E")
    assert "bonus" in texts(events).lower()
    assert GAME.legal(state, 1) == ["again", "stop"]
    assert GAME.view(state, None)["phase"] == "bonus"
    again, _ = play(state, "again")
    assert GAME.view(again, None)["phase"] == "discovery" and GAME.to_move(again) == [1]
    assert any(m.startswith("place B2") for m in GAME.legal(again, 1))
    stopped, _ = play(state, "stop")
    assert GAME.to_move(stopped) == [2]


def test_mi_10_no_bonus_from_a_card_without_own_galleon_or_with_empty_hand() -> None:
    cards = {(0, 0): "Y5", (1, 0): "B2", (0, 1): "Y3"}
    state = laid_out(new(2, [["Y1", "B1", "B1"], ["B1", "G2", "R3"]]), cards,
                     galleons={1: [(1, 0), (1, 0)]})
    state, _ = play(state, "place Y1 1,1", "sail 1 W")  # Y3 next to it holds no galleon of seat 1
    assert GAME.to_move(state) == [2]
    empty = laid_out(new(), {(0, 0): "Y5"}, hands={1: ["Y1"]})
    empty, events = play(empty, "place Y1 1,0", "sail 1 E")
    assert "no card left" in texts(events)
    assert GAME.to_move(empty) == [2]


# -- conquest --------------------------------------------------------------------------------------
def test_mi_11_alignment_on_any_line_with_gaps() -> None:
    cards = {(0, 0): "Y5", (1, 1): "B5", (3, 3): "G5", (2, -1): "R4", (0, 1): "R3", (-1, 2): "Y3"}
    state = at_conquest(new(), cards)
    assert GAME.legal(state, 1) == ["pass", "take -1,2 0,1 2,-1", "take 1,1 3,3"]
    labels = {m: GAME.describe(GAME.view(state, 1), m) for m in GAME.legal(state, 1)}
    assert labels["take 1,1 3,3"].endswith("B5 (1,1) + G5 (3,3) · diagonal ↘ through 0,0")
    assert labels["take -1,2 0,1 2,-1"].endswith("Y3 (-1,2) + R3 (0,1) + R4 (2,-1) · diagonal ↗ through 1,0")
    with pytest.raises(IllegalMove, match="not on one row, column or diagonal"):
        GAME.apply(state, 1, "take 1,1 0,1 2,-1")


def test_mi_12_no_galleon_and_exactly_ten() -> None:
    row = {(0, 0): "Y5", (1, 2): "B5", (2, 2): "G4", (3, 2): "R3", (4, 2): "Y1", (5, 2): "B3"}
    state = at_conquest(new(), row, galleons={2: [(3, 2), (3, 2)]})
    assert GAME.legal(state, 1) == ["pass", "take 1,2 2,2 4,2"]  # the rules' 5 + 4 + 1
    with pytest.raises(IllegalMove, match="galleon"):
        GAME.apply(state, 1, "take 1,2 3,2 4,2 5,2")
    with pytest.raises(IllegalMove, match="13"):
        GAME.apply(state, 1, "take 1,2 2,2 4,2 5,2")


TWO_ROWS = {(0, 0): "Y5", (0, 2): "B5", (1, 2): "G5", (0, 4): "R4", (1, 4): "Y4", (2, 4): "B2"}


def test_mi_13_one_alignment_of_choice_or_none() -> None:
    state = at_conquest(new(), TWO_ROWS)
    assert GAME.legal(state, 1) == ["pass", "take 0,2 1,2", "take 0,4 1,4 2,4"]
    took, _ = play(state, "take 0,4 1,4 2,4")
    assert GAME.to_move(took) == [2]  # one per turn
    assert GAME.view(took, None)["seats"][0]["collected"] == ["R4", "Y4", "B2"]
    assert {(e["x"], e["y"]) for e in GAME.view(took, None)["map"]} == {(0, 0), (0, 2), (1, 2)}
    passed, _ = play(state, "pass")
    assert GAME.to_move(passed) == [2] and len(GAME.view(passed, None)["map"]) == 6


@pytest.mark.parametrize(("players", "need"), [(2, 12), (3, 10), (4, 8)])
def test_mi_14_victory_thresholds(players: int, need: int) -> None:
    for before, wins in ((need - 2, True), (need - 3, False)):
        state = new(players)
        state["collected"][0] = ["B1"] * before
        state = at_conquest(state, {(0, 0): "Y5", (0, 1): "B5", (0, 2): "G5"})
        state, _ = play(state, "take 0,1 0,2")
        result = GAME.result(state)
        assert result.finished is wins
        assert result.winners == ([1] if wins else [])


# -- supply and end --------------------------------------------------------------------------------
def test_mi_15_draw_back_to_three() -> None:
    state = new(pile=["G4", "R5", "B2", "B3", "B3"])
    state, events = play(state, "place B1 1,0", "sail 1 E")
    assert state["hands"][0] == ["G2", "R3", "G4"]
    draw = [e for e in events if e.get("private")][0]
    assert draw["private"] == {1: "You drew G4."}
    assert "G4" not in texts(events)
    assert GAME.view(state, None)["pile"] == 4 and GAME.to_move(state) == [2]


@pytest.mark.parametrize(
    ("collected", "winners"),
    [
        ([["B1", "B1", "B1"], ["B5", "B5"]], [1]),  # most cards
        ([["B1", "B4"], ["B2", "B2"]], [1]),  # tie on cards: highest sum
        ([["B1", "B3"], ["B2", "B2"]], [1, 2]),  # still tied: shared
    ],
)
def test_mi_16_last_card_drawn_ends_the_game(collected: list, winners: list) -> None:
    state = new(pile=["G4"])
    state["collected"] = collected
    state, events = play(state, "place B1 1,0", "sail 1 E")
    result = GAME.result(state)
    assert result.finished and result.winners == winners and "last card of the pile was drawn" in result.reason
    assert GAME.to_move(state) == [] and GAME.legal(state, 2) == []


def test_mi_17_no_prompt_without_choice() -> None:
    state, _ = play(new(), "place B1 1,0", "sail 1 E")  # no bonus, no alignment
    assert GAME.to_move(state) == [2] and GAME.view(state, None)["phase"] == "discovery"
    over = at_conquest(new(2, [["B1", "G2", "R3"]] * 2), {(0, 0): "Y5", (0, 1): "B5", (0, 2): "G5"})
    over["collected"][0] = ["B1"] * 10
    over, _ = play(over, "take 0,1 0,2")
    assert GAME.to_move(over) == [] and GAME.legal(over, 1) == [] and GAME.legal(over, 2) == []
    with pytest.raises(IllegalMove, match="over"):
        GAME.apply(over, 2, "place B1 1,0")


# -- cooperative mode ------------------------------------------------------------------------------
def test_mi_c1_partners_opposite_one_galleon_each() -> None:
    state = new(4, mode="coop")
    view = GAME.view(state, None)
    assert [s["team"] for s in view["seats"]] == [1, 2, 1, 2]
    assert [len(s["galleons"]) for s in view["seats"]] == [1, 1, 1, 1]
    state, _ = play(state, "place B1 1,0")
    with pytest.raises(IllegalMove, match="one galleon"):
        GAME.apply(state, 1, "sail 2 E")


def test_mi_c2_team_of_twelve_wins_and_team_tie_breaks() -> None:
    state = new(4, mode="coop")
    state["collected"][0], state["collected"][2] = ["B1"] * 5, ["B1"] * 5
    state = at_conquest(state, {(0, 0): "Y5", (0, 1): "B5", (0, 2): "G5"})
    state, _ = play(state, "take 0,1 0,2")
    assert GAME.result(state).winners == [1, 3]
    assert GAME.view(state, None)["team_scores"] == {"1": 12, "2": 0}
    out = new(4, pile=["G4"], mode="coop")
    out["collected"] = [["B1"], ["B5"], ["B1"], ["B1"]]  # 2 cards each team; sums 2 vs 6
    out, _ = play(out, "place B1 1,0", "sail 1 E")
    assert GAME.result(out).winners == [2, 4] and "last card of the pile was drawn" in GAME.result(out).reason


# -- corsair mode ----------------------------------------------------------------------------------
def corsair_game(**options: str) -> dict:
    return new(3, [["B1", "G2", "R3"], ["B1", "G2", "R3"]], mode="corsair", **options)


def test_mi_k1_crew_one_galleon_corsair_two_and_no_cards() -> None:
    view = GAME.view(corsair_game(), 3)
    assert [s["role"] for s in view["seats"]] == ["crew", "crew", "corsair"]
    assert [len(s["galleons"]) for s in view["seats"]] == [1, 1, 2]
    assert [s["hand_size"] for s in view["seats"]] == [3, 3, 0]
    assert view["hand"] is None and view["map"][0]["card"] == "Y5"  # dealt to crew seats only


@pytest.mark.parametrize(("difficulty", "rounds"), [("easy", 10), ("medium", 7), ("hard", 4)])
def test_mi_k2_rounds_by_difficulty_and_crew_target(difficulty: str, rounds: int) -> None:
    view = GAME.view(corsair_game(difficulty=difficulty), None)
    assert (view["round"], view["rounds_max"], view["target"]) == (1, rounds, 12)
    assert view["team_scores"] == {"crew": 0}


def test_mi_k3_round_order_and_four_corsair_moves() -> None:
    state = corsair_game()
    state, _ = play(state, "place B1 1,0", "sail 1 E")
    assert GAME.to_move(state) == [2]
    state, _ = play(state, "place B1 -1,0", "sail 1 W")
    assert GAME.to_move(state) == [3] and GAME.view(state, None)["phase"] == "corsair"
    assert GAME.legal(state, 3) == ["done", "sail 1 E", "sail 1 W", "sail 2 E", "sail 2 W"]
    state, _ = play(state, "sail 1 E", "sail 1 W", "sail 2 W")
    assert GAME.to_move(state) == [3]
    state, events = play(state, "sail 2 E")  # the 4th move ends the phase; no alignment: supply
    assert "Round 2 of 7 begins." in texts(events)
    assert GAME.to_move(state) == [1] and state["hands"][0] == ["G2", "R3", "Y1"]
    assert state["hands"][1] == ["G2", "R3", "Y2"]  # crew draws in order
    early, _ = play(state, "place G2 2,0", "sail 1 E", "place G2 -2,0", "sail 1 W", "done")
    assert GAME.to_move(early) == [1] and GAME.view(early, None)["round"] == 3


def test_mi_k3_crew_conquest_in_order_after_the_corsair() -> None:
    state = laid_out(corsair_game(), {**TWO_ROWS, (3, 0): "B1"}, galleons={2: [(3, 0)]})
    state, _ = play(state, "place B1 1,0", "sail 1 E", "place R3 4,0", "sail 1 E", "done")
    assert GAME.to_move(state) == [1] and GAME.view(state, None)["phase"] == "conquest"
    state, _ = play(state, "take 0,2 1,2")
    assert GAME.to_move(state) == [2] and GAME.legal(state, 2) == ["pass", "take 0,4 1,4 2,4"]


def test_mi_k4_corsair_blocks_and_can_be_isolated() -> None:
    cards = {(0, 0): "Y1", (0, 3): "B5", (1, 3): "G5", (5, 5): "R1"}
    state = laid_out(corsair_game(), cards, galleons={3: [(0, 3), (5, 5)]})
    state, events = play(state, "place B1 1,0", "sail 1 E", "place B1 -1,0", "sail 1 W")
    assert "cannot move" not in texts(events)
    state, _ = play(state, "sail 1 E", "done")
    # the corsair's galleon on 1,3 blocks the only alignment: no conquest question
    assert GAME.view(state, None)["round"] == 2
    free = laid_out(corsair_game(), cards, galleons={3: [(5, 5)] * 2})  # same map, no blocker
    free, _ = play(free, "place B1 1,0", "sail 1 E", "place B1 -1,0", "sail 1 W")  # K4: stuck
    assert GAME.legal(free, 1) == ["pass", "take 0,3 1,3"]
    isolated = laid_out(corsair_game(), {(0, 0): "Y5", (5, 5): "R1"}, galleons={3: [(5, 5)] * 2})
    isolated, events = play(isolated, "place B1 1,0", "sail 1 E", "place B1 -1,0", "sail 1 W")
    assert "cannot move." in texts(events) and GAME.to_move(isolated) == [1]


def test_mi_k5_corsair_wins_after_last_round_or_last_card() -> None:
    state = corsair_game(difficulty="hard")
    state["round"] = 4
    state, events = play(state, "place B1 1,0", "sail 1 E", "place B1 -1,0", "sail 1 W", "done")
    assert GAME.result(state).winners == [3] and "the corsair wins" in GAME.result(state).reason
    short = new(3, [["B1", "G2", "R3"], ["B1", "G2", "R3"]], pile=["G4"], mode="corsair")
    short, _ = play(short, "place B1 1,0", "sail 1 E", "place B1 -1,0", "sail 1 W", "done")
    assert GAME.result(short).winners == [3] and "last card" in GAME.result(short).reason
    crew = corsair_game()
    crew["collected"][0], crew["collected"][1] = ["B1"] * 5, ["B1"] * 5
    crew = laid_out(crew, {(0, 0): "Y5", (0, 3): "B5", (1, 3): "G5"})
    crew, _ = play(crew, "place B1 1,0", "sail 1 E", "place B1 -1,0", "sail 1 W", "done",
                   "take 0,3 1,3")
    assert GAME.result(crew).winners == [1, 2]
