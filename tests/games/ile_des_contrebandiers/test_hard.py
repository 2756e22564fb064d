"""L'île des contrebandiers determinization (games/ile_des_contrebandiers/deal.py): the hidden
tiles dealt again only in ways the rules allow (IC-5: an island's stack holds its own tiles,
never one going to itself), from the seat's view alone; and the hard player's playouts built on
it (levels.py: where they stop, how the position is valued there)."""

from __future__ import annotations

import random
from collections import Counter

from games.base import State
from games.ile_des_contrebandiers import deal, levels
from games.ile_des_contrebandiers.bots import greedy
from tests.games.ile_des_contrebandiers.test_support import GAME, GOODS, arrange, new, tiles_of


def game_states(players: int, seed: int, every: int = 3, goods: list[list[str]] | None = None
                ) -> list[State]:
    """Every ``every``-th state of a seeded game between medium players (standard goods
    unless ``goods`` fixes them)."""
    rng = random.Random(seed)
    state = GAME.new(players, {}, seed, None if goods is None else {"goods": goods})
    out = []
    n = 0
    while movers := GAME.to_move(state):
        if n % every == 0:
            out.append(state)
        state, _ = GAME.apply(state, movers[0], greedy(GAME, state, movers[0], rng))
        n += 1
    return out


def test_IC5_a_redealt_stack_holds_only_its_own_islands_tiles() -> None:
    rng = random.Random(2)
    dealt = 0
    for players in (2, 3, 4):
        for state in game_states(players, seed=players):
            for seat in range(1, players + 1):
                det = GAME.determinize(state, seat, rng)
                assert GAME.view(det, seat) == GAME.view(state, seat)
                assert tiles_of(det) == tiles_of(state)
                for k, stack in enumerate(det["stacks"]):
                    assert all(deal.fits(t, k) for t in stack), (k, stack)
                    assert all(not t.startswith(f"{k}:") for t in stack)  # never to itself
                dealt += 1
    assert dealt > 100


def test_IC5_at_the_start_every_island_gets_its_four_tiles_in_any_order() -> None:
    start = new(2, goods=GOODS)
    rng = random.Random(5)
    tops: Counter[str] = Counter()
    for _ in range(60):
        det = GAME.determinize(start, 1, rng)
        assert [sorted(s) for s in det["stacks"]] == [sorted(s) for s in GOODS]
        tops[det["stacks"][0][0]] += 1
    assert set(tops) == set(GOODS[0])  # the order within a stack is not known


def test_the_unseen_copy_of_a_one_point_tile_may_come_from_either_island() -> None:
    """Seat 1 holds a ``0:1`` (from island 4 or 1) and seat 2 a hidden tile, each island
    missing one: the other ``0:1`` may be in either island's stack (or on seat 2's boat)."""
    goods = [list(s) for s in GOODS]
    goods[4].remove("0:1")
    goods[1].remove("2:1")
    base = arrange(new(2, goods=goods), {1: ("3a", "0:1"), 2: ("H2", "2:1")})
    rng = random.Random(8)
    homes: Counter[int] = Counter()
    for _ in range(80):
        det = GAME.determinize(base, 1, rng)
        held = [k for k, s in enumerate(det["stacks"]) if "0:1" in s]
        homes.update(held or [-1])
        assert held or det["boats"][1]["tile"] == "0:1"
    assert set(homes) == {1, 4, -1}


def test_a_stack_that_lost_no_tile_keeps_its_one_point_tile() -> None:
    """Island 1's stack is full: the shown ``0:1`` came from island 4, the unseen one stays
    on island 1."""
    goods = [list(s) for s in GOODS]
    goods[4].remove("0:1")
    base = arrange(new(2, goods=goods), {1: ("3a", "0:1"), 2: ("H2", None)})
    rng = random.Random(8)
    for _ in range(20):
        assert "0:1" in GAME.determinize(base, 1, rng)["stacks"][1]


def test_the_deal_depends_only_on_the_view_for_a_seed() -> None:
    """The hidden tiles moved around (the seat sees the same): the same deal for a seed, with
    the standard goods and with goods a record fixed (dealt freely)."""
    shuffled = 0
    short = [s[:3] for s in GOODS]
    for players, goods in ((2, None), (3, None), (2, short)):
        for state in game_states(players, seed=10 + players, every=5, goods=goods):
            for seat in range(1, players + 1):
                slots = deal.hidden_slots(state, seat)
                tiles = [deal._get(state, s) for s in slots]
                other = GAME.determinize(state, seat, random.Random(0))  # a copy to change
                other.update(script=state["script"], dice_used=state["dice_used"],
                             seed=state["seed"], rng_counter=state["rng_counter"])
                random.Random(len(tiles)).shuffle(tiles)
                for slot, tile in zip(slots, tiles, strict=True):
                    deal._set(other, slot, tile)
                assert GAME.view(other, seat) == GAME.view(state, seat)
                shuffled += other != state
                assert (GAME.determinize(other, seat, random.Random(3))
                        == GAME.determinize(state, seat, random.Random(3)))
    assert shuffled > 10


def test_goods_fixed_by_a_record_are_dealt_freely() -> None:
    """Tiles outside the IC-5 set: the islands' sets are unknown, any stack may get any tile."""
    goods = [["0:1", "0:1"], ["1:3"], [], ["2:2"], []]
    state = new(2, goods=goods)
    rng = random.Random(1)
    seen = Counter(GAME.determinize(state, 1, rng)["stacks"][0][0] for _ in range(40))
    assert set(seen) == {"0:1", "1:3", "2:2"}


# -- the hard player's playouts (games/ile_des_contrebandiers/levels.py) -------------------------


def test_hard_playouts_stop_right_after_the_same_turns_roll() -> None:
    """Playouts of different first moves stop once the same number of turns began after the
    deal (its dice count restarts), whatever number of moves those turns took."""
    cut = levels.TurnCut(GAME, 3)
    rng = random.Random(4)
    lengths = set()
    for state in game_states(2, seed=21, every=7)[1:8]:
        seat = GAME.to_move(state)[0]
        deal_ = GAME.determinize(state, seat, rng)
        assert deal_["dice_used"] == 0
        for move in GAME.legal(deal_, seat)[:3]:
            st, _ = GAME.apply(deal_, seat, move)
            n = 0
            while movers := cut.to_move(st):
                st, _ = GAME.apply(st, movers[0], greedy(GAME, st, movers[0], random.Random(n)))
                n += 1
            assert st["dice_used"] == 3 or GAME.result(st).finished
            assert GAME.to_move(st) or GAME.result(st).finished  # the real game goes on
            lengths.add(n)
    assert len(lengths) > 2  # turns of different lengths, stopped at the same turn


def test_a_caught_boats_tile_counts_as_lost() -> None:
    """Cut right after a roll that caught seat 2: its tile is about to be thrown overboard,
    so its boat is worth what an empty one is."""
    st = arrange(new(2, goods=GOODS), {1: ("3a", None), 2: ("2c", "4:3")}, seat=1)
    free = levels.worth(GAME, st, 2)
    caught = {**st, "turn": {**st["turn"], "stage": "drop", "caught": [2], "drops_left": [2]}}
    empty = {**st, "boats": [st["boats"][0], {**st["boats"][1], "tile": None}]}
    assert levels.worth(GAME, caught, 2) == levels.worth(GAME, empty, 2) < free


def test_the_seat_about_to_sail_is_worth_its_best_sail() -> None:
    """Seat 1 has 4 points and its roll lets it deliver a 3-point tile: a win within reach.
    The same boat while seat 2 sails is worth only its tile's prospects."""
    st = arrange(new(2, goods=GOODS), {1: ("3b", "0:3"), 2: ("2f", None)}, seat=1, white=2)
    st["delivered"] = [["1:2", "2:2"], []]
    assert "sail 3a H0" in GAME.legal(st, 1)
    assert levels.worth(GAME, st, 1) == 4 + levels.WIN_WORTH
    waiting = {**st, "turn": {**st["turn"], "seat": 2}}
    assert 4 < levels.worth(GAME, waiting, 1) < 7
