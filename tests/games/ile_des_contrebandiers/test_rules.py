"""One test per rule id (docs/rules/ile-des-contrebandiers.md), from fixed setups."""

from __future__ import annotations

import pytest

from games import IllegalMove
from games.ile_des_contrebandiers.board import (
    ANCHOR,
    HARBOURS,
    SPACES,
    distance,
    harbour_access,
    harbours_connected,
    neighbours,
    ring_of,
    sector_of,
)
from games.ile_des_contrebandiers.engine import standard_goods
from tests.games.ile_des_contrebandiers.test_support import (
    GAME,
    GOODS,
    arrange,
    ends,
    new,
    play,
    texts,
    tiles_of,
)


def started(players: int = 2, dice=(("sleep", 2),), harbours=("H1", "H2", "H3", "H4"), **kw):
    """Every boat placed (seat 1 first), seat 1's turn begun."""
    st, _ = play(new(players, dice, **kw), *[f"start {h}" for h in harbours[:players]])
    return st


# -- board ----------------------------------------------------------------------------------------
def test_ic_1_the_sea_is_a_polar_grid_of_3_rings_by_10_sectors() -> None:
    assert len(SPACES) == 30 and SPACES[0] == "1a" and SPACES[-1] == "3j"
    assert neighbours("2c") == ("1c", "2b", "2d", "3c")
    assert neighbours("1a") == ("1b", "1j", "2a")  # nothing crosses the lighthouse
    assert "3a" in neighbours("3j") and "3j" in neighbours("3a")  # the ring wraps round
    assert "2d" not in neighbours("3c")  # no diagonal step
    assert (ring_of("2c"), sector_of("2c")) == (2, 2)
    assert distance("1a", "1f", frozenset()) == 5


def test_ic_2_each_harbour_joins_the_outer_space_of_sector_2k() -> None:
    assert [harbour_access(k) for k in range(5)] == ["3a", "3c", "3e", "3g", "3i"]
    assert all(neighbours(h) == (harbour_access(k),) for k, h in enumerate(HARBOURS))
    assert sector_of("H2") is None and ring_of("H2") is None
    st = started(3, harbours=("H2", "H2", "H2"), dice=[("cw2", 1)], beam=2)
    assert [b["space"] for b in st["boats"]] == ["H2"] * 3  # boats share a harbour
    assert st["beam"] == 4 and st["turn"]["caught"] == []  # a harbour is never lit


def test_ic_3_the_beam_starts_on_an_island_and_turns_a_sector_per_step() -> None:
    beams = {GAME.new(3, {}, seed)["beam"] for seed in range(40)}
    assert beams <= {0, 2, 4, 6, 8} and len(beams) > 2
    st = started(3, dice=[("ccw3", 1)], beam=2)
    assert st["beam"] == 9


def test_ic_4_anchor_reef_with_two_players_and_the_reef_variant() -> None:
    assert ANCHOR == "3f"
    assert new(2)["reefs"] == ["3f"] and new(3)["reefs"] == []
    for seed in range(20):
        st = GAME.new(3, {"reefs": 3}, seed)
        assert len(st["reefs"]) == 3 and harbours_connected(frozenset(st["reefs"]))
        two = GAME.new(2, {"reefs": 3}, seed)
        assert len(two["reefs"]) == 3 and "3f" in two["reefs"]  # 3 in all
    st = arrange(new(2), {1: ("3e", None), 2: ("H0", None)}, white=2, beam=0)
    assert "3f" not in ends(st) and "3g" not in ends(st)  # no entering, no crossing
    with pytest.raises(IllegalMove, match="reef"):
        play(st, "sail 3f")
    with pytest.raises(ValueError, match="harbour"):
        new(3, reefs=["3b", "3d", "2c"])  # H1 (3c) is cut off
    with pytest.raises(ValueError, match="at most 3"):
        new(2, reefs=["1a", "1c", "1e"])


# -- goods ----------------------------------------------------------------------------------------
def test_ic_5_four_tiles_per_island_to_the_four_other_islands() -> None:
    assert standard_goods()[0] == ["1:1", "2:2", "3:3", "4:1"]
    assert standard_goods()[4] == ["0:1", "1:2", "2:3", "3:1"]
    st = GAME.new(4, {}, 3)
    for k, stack in enumerate(st["stacks"]):
        assert sorted(stack) == sorted(standard_goods()[k])
    assert sum(int(t[-1]) for s in st["stacks"] for t in s) == 35


def test_ic_6_the_owner_sees_its_tile_the_others_do_not() -> None:
    st = started()
    assert GAME.view(st, 1)["boats"][0]["tile"] == {"hidden": False, "destination": 2,
                                                    "points": 1, "shown": False}
    assert GAME.view(st, 1)["hand"] == {"destination": 2, "points": 1}
    assert GAME.view(st, 2)["boats"][0]["tile"] == {"hidden": True}
    assert GAME.view(st, None)["boats"][0]["tile"] == {"hidden": True}
    assert GAME.view(st, 2)["hand"] is None


# -- set-up ---------------------------------------------------------------------------------------
def test_ic_s1_boats_start_in_harbours_in_seat_order_from_the_first() -> None:
    st = new(3, first=2)
    order = []
    for h in ("H4", "H4", "H0"):
        seat = GAME.to_move(st)[0]
        order.append(seat)
        assert GAME.legal(st, seat) == [f"start {x}" for x in HARBOURS]
        st, _ = play(st, f"start {h}")
    assert order == [2, 3, 1]
    assert [b["space"] for b in st["boats"]] == ["H0", "H4", "H4"]
    assert GAME.to_move(st) == [2] and st["turn"]["stage"] != "start"  # the first plays
    drawn = {GAME.new(4, {}, seed)["turn"]["seat"] for seed in range(30)}
    assert drawn == {1, 2, 3, 4}


def test_ic_s2_stacks_and_beam_are_drawn_or_fixed_by_the_record() -> None:
    a, b = GAME.new(2, {}, 1), GAME.new(2, {}, 2)
    assert (a["stacks"], a["beam"]) != (b["stacks"], b["beam"])
    fixed = GAME.new(2, {}, 2, GAME.record_setup(a))
    assert (fixed["stacks"], fixed["beam"]) == (a["stacks"], a["beam"])
    assert GAME.record_setup(a) == {"beam": a["beam"], "goods": a["stacks"]}
    st = new(3, goods=[["2:3"], [], [], [], []], beam=7)
    assert st["stacks"][0] == ["2:3"] and st["beam"] == 7
    for bad in ({"beam": 10}, {"goods": [["5:1"], [], [], [], []]}, {"dice": [["cw4", 1]]},
                {"dice": [["cw2", 5]]}, {"reefs": ["H1"]}, {"shuffle": True}):
        with pytest.raises(ValueError):
            GAME.new(2, {}, 1, bad)


# -- a turn ---------------------------------------------------------------------------------------
def test_ic_7_an_empty_boat_in_a_harbour_takes_the_top_tile_without_a_move() -> None:
    st, events = play(new(2, [("sleep", 2)]), "start H1", "start H2")
    assert st["boats"][0]["tile"] == "2:1" and st["stacks"][1] == GOODS[1][1:]
    taken = events[-2]
    assert taken["text"] == "Seat 1 takes a tile from Coin Island."
    assert taken["private"] == {1: "Your tile goes to Jewel Island (1 point)."}
    assert st["boats"][1]["tile"] is None  # seat 2 takes at its own turn
    empty = new(2, [("sleep", 2)], goods=[["1:1"], [], [], [], []])
    st, events = play(empty, "start H1", "start H0")
    assert st["boats"][0]["tile"] is None and "Seat 1 finds no tile left on Coin Island." in texts(events)


def test_ic_8_both_dice_roll_by_themselves_from_the_record_then_the_seed() -> None:
    st, events = play(new(2, [("cw3", 2)], beam=0), "start H4", "start H4")
    assert "Seat 1 rolls: lighthouse 3 clockwise, white 2." in texts(events)
    assert st["dice"] == {"yellow": "cw3", "white": 2} and st["beam"] == 3
    st, events = play(st, "stay")  # seat 2's roll comes from the seed, the same each time
    again, _ = play(play(new(2, [("cw3", 2)], beam=0), "start H4", "start H4")[0], "stay")
    assert st["dice"] == again["dice"] and st["dice"]["yellow"] in (
        "cw2", "cw3", "ccw2", "ccw3", "any2", "sleep") and st["dice"]["white"] in (1, 2, 3, 4)
    assert any(t.startswith("Seat 2 rolls: ") for t in texts(events))
    st = started(dice=[("any2", 3)])
    assert GAME.legal(st, 1) == ["turn ccw", "turn cw"] and st["turn"]["stage"] == "turn"


def test_ic_9_the_beam_stops_on_the_first_sector_holding_a_boat() -> None:
    st = arrange(new(2, [("cw3", 2)], beam=0), {1: ("3c", "4:2"), 2: ("2e", None)}, seat=2)
    st, events = play(st, "stay")
    assert st["beam"] == 2 and st["turn"]["caught"] == [1]  # stopped after 2 steps of 3
    assert "The beam turns 2 steps clockwise to sector c and stops: Seat 1 is caught." \
        in texts(events)
    st = arrange(new(3, [("ccw2", 2)], beam=4), {1: ("1h", None), 2: ("2c", "0:1"),
                                                 3: ("3c", "0:2")}, seat=3)
    st, _ = play(st, "stay")
    assert st["beam"] == 2 and st["turn"]["caught"] == [2, 3]  # every boat in the sector


def test_ic_10_a_caught_tile_goes_overboard_next_to_its_boat_by_the_roller() -> None:
    st = arrange(new(2, [("cw3", 2)], beam=0), {1: ("3c", "4:2"), 2: ("2e", None)}, seat=2)
    st, _ = play(st, "stay")
    assert GAME.to_move(st) == [1] and st["turn"]["stage"] == "drop"
    assert GAME.legal(st, 1) == ["drop 2c", "drop 3b", "drop 3d"]  # never the harbour
    st, events = play(st, "drop 3d")
    assert st["floating"] == {"3d": {"tile": "4:2", "shown": False}}
    assert st["boats"][0] == {"space": "3c", "tile": None, "shown": False}
    assert "Seat 1 throws their own tile overboard onto 3d." in texts(events)
    assert st["turn"]["stage"] == "sail" and GAME.view(st, 1)["floating"][0]["tile"] == {
        "hidden": True}


def test_ic_11_sail_up_to_the_white_die_never_into_the_lit_sector() -> None:
    st = arrange(new(3), {1: ("3c", None), 2: ("H0", None), 3: ("H0", None)}, white=2, beam=3)
    assert sorted(ends(st)) == ["1c", "2b", "2c", "3a", "3b", "H1"]
    assert ends(st)["3a"] == "sail 3b 3a"
    for wrong, why in (("sail 3d", "lit sector"), ("sail 3b 3a 3j", "too long"),
                       ("sail 2c 2e", "not next to"), ("sail 3b 3c", "write stay")):
        with pytest.raises(IllegalMove, match=why):
            play(st, wrong)
    st, _ = play(st, "sail 3b")  # fewer points than the die is fine
    assert st["boats"][0]["space"] == "3b" and GAME.to_move(st) == [2]
    lit = arrange(new(3), {1: ("2d", None)}, white=1, beam=3)  # inside the lit sector
    assert sorted(ends(lit)) == ["2c", "2e"]  # it must leave with its first step


def test_ic_12_entering_a_boat_pushes_it_or_swaps_and_ends_the_move() -> None:
    st = arrange(new(3), {1: ("3c", None), 2: ("2c", "1:2"), 3: ("H4", None)}, white=3, beam=6)
    assert ends(st)["2c"] == "sail 2c" and "1c" not in ends(st)  # not through 2c
    st, events = play(st, "sail 2c")
    assert st["turn"]["stage"] == "push" and GAME.legal(st, 1) == [
        "push 1c", "push 2b", "push 2d", "push 3c", "swap"]  # 3c: the mover just left it
    pushed, _ = play(st, "push 2b")
    assert [b["space"] for b in pushed["boats"]] == ["2c", "2b", "H4"]
    assert GAME.to_move(pushed) == [2]  # remaining points are lost
    swapped, events = play(st, "swap")
    assert [b["space"] for b in swapped["boats"]] == ["2c", "3c", "H4"]
    assert "Seat 1 swaps places with Seat 2, who goes to 3c." in texts(events)
    lit = arrange(new(3), {1: ("3c", None), 2: ("2c", "1:2"), 3: ("H4", None)}, white=3, beam=1)
    lit, events = play(lit, "sail 2c", "push 2b")  # pushed into the beam: caught
    assert lit["turn"]["stage"] == "drop" and GAME.to_move(lit) == [1]
    assert "Seat 2 is caught in the beam." in texts(events)


def test_ic_13_a_floating_tile_is_loaded_or_swapped_and_that_ends_the_move() -> None:
    st = arrange(new(3), {1: ("3c", None), 2: ("H0", None), 3: ("H0", None)},
                 {"3d": "0:3", "2e": "4:1"}, white=3, beam=8)
    assert "3e" in ends(st) and ends(st)["3e"] == "sail 3d 3e"  # over a tile
    st, _ = play(st, "sail 3d")
    assert st["turn"]["stage"] == "load" and GAME.legal(st, 1) == ["load", "stay"]
    loaded, events = play(st, "load")
    assert loaded["boats"][0]["tile"] == "0:3" and "3d" not in loaded["floating"]
    assert events[0]["private"] == {1: "Your tile goes to Gem Island (3 points)."}
    swap = arrange(new(3), {1: ("2e", "1:1")}, {"2e": "4:1"}, white=2, beam=8)
    assert "load" in GAME.legal(swap, 1)  # standing on a tile: load without moving
    swap, events = play(swap, "load")
    assert swap["boats"][0]["tile"] == "4:1" and swap["floating"]["2e"]["tile"] == "1:1"
    assert "Seat 1 swaps their tile for the one on 2e." in texts(events)
    left, _ = play(st, "stay")
    assert left["floating"]["3d"]["tile"] == "0:3" and left["boats"][0]["tile"] is None


def test_ic_14_a_harbour_ends_the_move_shows_the_tile_and_delivers_it() -> None:
    st = arrange(new(3), {1: ("3b", "1:2"), 2: ("H0", None), 3: ("H0", None)}, white=4, beam=8)
    assert ends(st)["H1"] == "sail 3c H1" and ends(st)["H2"] == "sail 3c 3d 3e H2"
    done, events = play(st, "sail 3c H1")
    assert done["delivered"][0] == ["1:2"] and GAME.result(done).scores == [2, 0, 0]
    assert done["boats"][0]["tile"] == GOODS[1][0]  # the next tile of coins, at once
    assert "Seat 1 delivers a tile to Coin Island: 2 points (total 2)." in texts(events)
    wrong = arrange(new(3), {1: ("3b", "4:2"), 2: ("H0", None), 3: ("H0", None)}, beam=8)
    wrong, events = play(wrong, "sail 3c H1")
    assert wrong["boats"][0] == {"space": "H1", "tile": "4:2", "shown": True}
    assert "Seat 1 shows their tile at Coin Island: it goes to Barrel Island (2 points)." in texts(events)
    assert GAME.view(wrong, None)["boats"][0]["tile"] == {
        "hidden": False, "destination": 4, "points": 2, "shown": True}


def test_ic_15_seven_points_win_at_once() -> None:
    st = arrange(new(3), {1: ("3c", "1:2"), 2: ("H0", None), 3: ("H0", None)}, beam=8)
    st["delivered"] = [["0:3", "2:2"], [], []]
    st, events = play(st, "sail H1")
    res = GAME.result(st)
    assert res.finished and res.winners == [1] and res.scores == [7, 0, 0]
    assert GAME.to_move(st) == [] and st["boats"][0]["tile"] is None  # no next tile taken
    assert texts(events)[-1] == "Seat 1 wins with 7 points!"


# -- decisions ------------------------------------------------------------------------------------
def test_ic_16_overboard_falls_back_to_the_nearest_free_sea_spaces() -> None:
    st = arrange(new(3, [("cw2", 1)], beam=0), {1: ("H0", None), 2: ("1c", "3:3"),
                                                  3: ("H0", None)},
                 {"1b": "0:1", "1d": "0:2", "2c": "0:1"}, seat=3)
    st, _ = play(st, "stay")
    assert st["turn"]["drops_left"] == [2] and GAME.to_move(st) == [1]
    assert GAME.legal(st, 1) == ["drop 1a", "drop 1e", "drop 2b", "drop 2d", "drop 3c"]


def test_ic_16_no_sailing_through_a_boat_and_swap_only_without_room() -> None:
    st = arrange(new(3), {1: ("2a", None), 2: ("2b", None), 3: ("1b", None)}, white=2, beam=5)
    with pytest.raises(IllegalMove, match="pushes that boat"):
        play(st, "sail 2b 2c")
    assert "2c" not in ends(st) and ends(st)["2b"] == "sail 2b"
    boxed = arrange(new(4), {1: ("3b", None), 2: ("3c", None), 3: ("2c", None), 4: ("3d", None)},
                    white=1, beam=5)
    boxed, _ = play(boxed, "sail 3c")
    assert GAME.legal(boxed, 1) == ["push 3b", "swap"]  # 3b: just left; never H1
    boxed = arrange(new(4), {1: ("H1", None), 2: ("3c", None), 3: ("2c", None), 4: ("3d", None)},
                    white=1, beam=5)
    boxed, _ = play(boxed, "sail 3c")
    assert GAME.legal(boxed, 1) == ["push 3b", "swap"]
    full = arrange(new(4), {1: ("H1", None), 2: ("3c", None), 3: ("2c", None), 4: ("3d", None)},
                   white=1, beam=2)
    assert "sail 3c" not in GAME.legal(full, 1)  # 3c is lit: its boat cannot be pushed


def test_ic_16_a_shown_tile_stays_face_up_on_the_sea() -> None:
    st = arrange(new(2, [("cw2", 1)], beam=0), {1: ("H0", None), 2: ("2c", "4:2")}, seat=1,
                 shown=[2])
    st, _ = play(st, "stay", "drop 2d")
    assert GAME.view(st, None)["floating"] == [{"space": "2d", "tile": {
        "hidden": False, "destination": 4, "points": 2, "shown": True}}]


def test_ic_16_the_sleeping_keeper_catches_nobody() -> None:
    st = arrange(new(2, [("sleep", 1)], beam=2), {1: ("H0", None), 2: ("2c", "4:2")}, seat=2)
    st, events = play(st, "stay")
    assert st["beam"] == 2 and st["turn"]["caught"] == [] and st["boats"][1]["tile"] == "4:2"
    assert "Seat 1 rolls: the keeper sleeps, white 1." in texts(events)


def test_ic_16_no_tile_left_ends_the_game_most_points_win() -> None:
    st = arrange(new(3, goods=[[], [], [], [], []]), {1: ("3c", "1:2"), 2: ("H0", None),
                                                      3: ("H0", None)}, beam=8)
    st["delivered"] = [["0:1"], ["0:3"], []]
    st, events = play(st, "sail H1")
    res = GAME.result(st)
    assert res.finished and res.scores == [3, 3, 0] and res.winners == [1, 2]
    assert res.reason.startswith("No tile is left")


def test_ic_17_rolls_happen_by_themselves_and_legal_passes_on_at_once() -> None:
    st = arrange(new(2, [("cw2", 3)], beam=0), {1: ("2g", None), 2: ("H0", None)})
    st, events = play(st, "stay")
    assert GAME.to_move(st) == [2] and GAME.legal(st, 1) == []
    assert texts(events)[1:3] == ["Seat 2 takes a tile from Gem Island.",
                                  "Seat 2 rolls: lighthouse 2 clockwise, white 3."]


def test_ic_17_black_arrows_offer_both_ways_even_if_equal() -> None:
    st = arrange(new(2, [("any2", 1)], beam=0), {1: ("2g", None), 2: ("H0", None)})
    st, _ = play(st, "stay")
    assert GAME.legal(st, 2) == ["turn ccw", "turn cw"]
    cw, _ = play(st, "turn cw")
    ccw, _ = play(st, "turn ccw")
    assert (cw["beam"], ccw["beam"]) == (2, 8) and cw["turn"]["stage"] == "sail"


def test_ic_17_any_boat_stops_the_beam_and_drops_go_in_seat_order_from_the_roller() -> None:
    st = arrange(new(4, [("cw3", 2)], beam=0), {1: ("2b", "0:1"), 2: ("H0", None),
                                                  3: ("3b", "0:2"), 4: ("1b", "0:3")}, seat=2)
    st, _ = play(st, "stay")  # seat 3 rolls; the beam stops on sector b
    assert st["beam"] == 1 and st["turn"]["caught"] == [3, 4, 1]
    assert st["turn"]["drops_left"] == [3, 4, 1] and GAME.to_move(st) == [3]
    assert GAME.legal(st, 3) == ["drop 2b", "drop 3a", "drop 3c"]  # 2b: a boat is fine
    st, _ = play(st, "drop 2b")
    assert GAME.legal(st, 3) == ["drop 1a", "drop 1c"]  # seat 4's: drops see earlier ones
    st, _ = play(st, "drop 1a")
    assert GAME.legal(st, 3) == ["drop 1b", "drop 2a", "drop 2c", "drop 3b"]
    st, _ = play(st, "drop 2a")
    assert st["turn"]["stage"] == "sail" and sorted(st["floating"]) == ["1a", "2a", "2b"]
    own = arrange(new(2, [("cw2", 1)], beam=0), {1: ("2c", None), 2: ("H0", None)}, seat=2)
    own, _ = play(own, "stay")  # seat 1's own empty boat stops the beam
    assert own["beam"] == 2 and own["turn"]["caught"] == [1] and own["turn"]["stage"] == "sail"


def test_ic_17_a_typed_path_is_stored_in_its_canonical_form() -> None:
    st = arrange(new(3), {1: ("3c", None), 2: ("H0", None), 3: ("H0", None)}, white=3, beam=8)
    assert ends(st)["2d"] == "sail 2c 2d"
    done, _ = play(st, "sail 3d 2d")
    assert done["last_move"]["move"] == "sail 2c 2d" and done["path"] == ["2c", "2d"]
    done, _ = play(st, "SAIL 3b-2b-2c")
    assert done["last_move"]["move"] == "sail 2c"


def test_ic_17_a_swap_into_a_harbour_delivers_for_the_pushed_boat() -> None:
    st = arrange(new(3), {1: ("H1", None), 2: ("3c", "1:3"), 3: ("H0", None)}, white=2, beam=8)
    st, events = play(st, "sail 3c", "swap")
    assert st["boats"][1]["space"] == "H1" and st["delivered"][1] == ["1:3"]
    assert st["boats"][1]["tile"] == GOODS[1][0] and GAME.to_move(st) == [2]


def test_tiles_are_conserved_by_the_fixed_scenarios() -> None:
    st = started(4, dice=[("cw3", 4)] * 10)
    assert tiles_of(st) == sorted(t for s in GOODS for t in s)
