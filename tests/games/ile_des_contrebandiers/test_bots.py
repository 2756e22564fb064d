"""L'île des contrebandiers computer players: the greedy decisions on hand-made views
(docs/views/ile-des-contrebandiers.md shape), legal moves only over random states and whole games once the engine is
registered, and (slow, opt-in) its win rate against random players and its move time."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import get_game
from games.ile_des_contrebandiers.bots import Board, greedy, sweep
from games.ile_des_contrebandiers.levels import BOTS
from games.levels import random_bot
from tests.games import bot_games

NAMES = ("gems", "coins", "jewels", "vases", "barrels")


def hidden() -> dict[str, Any]:
    return {"hidden": True}


def known(destination: int, points: int, shown: bool = True) -> dict[str, Any]:
    return {"hidden": False, "destination": destination, "points": points, "shown": shown}


def view(
    boats: dict[int, tuple[str | None, dict[str, Any] | None]],
    *,
    beam: int = 5,
    reefs: tuple[str, ...] = (),
    goods: tuple[int, ...] = (4, 4, 4, 4, 4),
    floating: dict[str, dict[str, Any]] | None = None,
    scores: dict[int, int] | None = None,
    stage: str = "sail",
    white: int = 3,
    yellow: str = "cw2",
    turn: dict[str, Any] | None = None,
    path: list[str] | None = None,
    seat: int = 1,
) -> dict[str, Any]:
    """A view as the engine gives it to ``seat`` (its own tile shown in ``hand``)."""
    scores = scores or {}
    own = boats.get(seat, (None, None))[1]
    hand = None
    if own is not None and not own.get("hidden", True):
        hand = {"destination": own["destination"], "points": own["points"]}
    return {
        "beam": beam,
        "reefs": list(reefs),
        "islands": [
            {"island": k, "name": NAMES[k], "harbour": f"H{k}", "sector": 2 * k, "goods_left": g}
            for k, g in enumerate(goods)
        ],
        "boats": [
            {"seat": s, "space": space, "tile": tile} for s, (space, tile) in sorted(boats.items())
        ],
        "floating": [{"space": sp, "tile": t} for sp, t in (floating or {}).items()],
        "seats": [{"seat": s, "score": scores.get(s, 0), "delivered": []} for s in sorted(boats)],
        "dice": None if stage == "start" else {"yellow": yellow, "white": white},
        "turn": {"seat": seat, "stage": stage, "caught": [], "drops_left": [], **(turn or {})},
        "path": path,
        "hand": hand,
    }


class FakeGame:
    """Serves a hand-made view and legal list, as the engine would."""

    def __init__(self, v: dict[str, Any], legal: list[str]) -> None:
        self.v, self.moves = v, sorted(legal)

    def view(self, state: Any, seat: int) -> dict[str, Any]:
        return self.v

    def legal(self, state: Any, seat: int) -> list[str]:
        return self.moves


def choose(v: dict[str, Any], legal: list[str], seat: int = 1, seed: int = 0) -> str:
    return greedy(FakeGame(v, legal), {}, seat, random.Random(seed))  # type: ignore[arg-type]


def test_bots_table() -> None:
    assert dict(BOTS) == {"easy": random_bot, "medium": greedy, "hard": BOTS["hard"]}
    assert BOTS["random"] is random_bot and BOTS["greedy"] is greedy  # stored old names


# -- set-up --------------------------------------------------------------------------------------


def test_start_at_an_island_with_goods() -> None:
    v = view({1: (None, None), 2: ("H2", None)}, stage="start", goods=(0, 0, 0, 4, 0))
    legal = [f"start H{k}" for k in range(5)]
    assert choose(v, legal) == "start H3"


def test_start_where_the_tiles_travel_least() -> None:
    # the reef on 3f lengthens the trips between H2 and H3 (sectors 4 and 6)
    v = view({1: (None, None), 2: (None, None)}, stage="start", reefs=("3f",), beam=9)
    board = Board(v, 1)
    values = {k: board.island_value(k) for k in range(5)}
    assert values[2] < values[0] and values[3] < values[0]
    legal = [f"start H{k}" for k in range(5)]
    picks = {choose(v, legal, seed=seed) for seed in range(20)}
    top = max(values.values())
    assert picks == {f"start H{k}" for k in range(5) if values[k] > top - 1e-9}


# -- the beam ------------------------------------------------------------------------------------


def test_sweep_stops_at_the_first_sector_with_a_boat() -> None:
    assert sweep(0, 1, 3, {2, 3}) == (2, 2)
    assert sweep(0, -1, 2, {2}) == (8, None)
    assert sweep(1, -1, 3, {0, 9}) == (0, 0)


def test_black_arrows_catch_the_rival_carrying_a_tile() -> None:
    legal = ["turn ccw", "turn cw"]
    # cw lights 1 then 2 (the rival's tile); ccw lights 9 then 8 (its own tile)
    v = view({1: ("2i", known(3, 2)), 2: ("2c", hidden())}, beam=0, stage="turn", yellow="any2")
    assert choose(v, legal) == "turn cw"
    # now the tile is on the other side; the empty rival on the cw side is not worth it
    v = view(
        {1: ("H1", known(3, 2)), 2: ("2c", None), 3: ("3i", hidden())},
        beam=0,
        stage="turn",
        yellow="any2",
    )
    assert choose(v, legal) == "turn ccw"


def test_black_arrows_stop_on_any_boat() -> None:
    # cw stops on sector 1 (an empty boat) before the loaded rival on 2: ccw catches 8
    v = view(
        {1: ("H3", None), 2: ("1b", None), 3: ("2c", hidden()), 4: ("3i", known(0, 1))},
        beam=0,
        stage="turn",
        yellow="any2",
    )
    assert choose(v, ["turn ccw", "turn cw"]) == "turn ccw"


def test_risk_follows_the_stop_rule() -> None:
    # beam on 5, a boat on sector 7 shields sector 8 from clockwise turns
    v = view({1: ("3i", known(0, 2)), 2: ("1h", None)}, beam=5)
    board = Board(v, 1)
    assert board.risk(8) < board.risk(2)
    assert board.risk(5) < board.risk(3)
    assert 0 < board.risk(2) < 1


# -- drop ----------------------------------------------------------------------------------------


def drop_view(me: tuple[str, dict[str, Any] | None], others: dict[int, Any]) -> dict[str, Any]:
    boats = {1: me, 2: ("2c", hidden()), **others}
    turn = {"caught": [2], "drops_left": [2]}
    return view(boats, beam=2, stage="drop", turn=turn, white=2)


def test_drop_a_rival_tile_within_own_reach_when_empty() -> None:
    v = drop_view(("2a", None), {3: ("2f", None)})
    assert choose(v, ["drop 1c", "drop 2b", "drop 2d", "drop 3c"]) == "drop 2b"


def test_drop_a_rival_tile_far_from_the_rivals_when_loaded() -> None:
    v = drop_view(("H0", known(2, 3)), {3: ("2f", None)})
    assert choose(v, ["drop 2b", "drop 2d"]) == "drop 2b"
    v = drop_view(("H0", known(2, 3)), {3: ("2a", None)})
    assert choose(v, ["drop 2b", "drop 2d"]) == "drop 2d"


# -- sailing -------------------------------------------------------------------------------------


def test_deliver_when_the_harbour_is_reachable() -> None:
    v = view({1: ("3a", known(1, 2)), 2: ("1f", hidden())}, beam=6, white=4)
    legal = ["sail 3b 3c H1", "sail 3b 3c", "sail 3b", "sail 2a 2b 2c", "sail H0", "stay"]
    assert choose(v, legal) == "sail 3b 3c H1"


def test_deliver_to_win_over_anything() -> None:
    v = view(
        {1: ("3b", known(1, 1)), 2: ("3d", hidden())},
        beam=6,
        white=2,
        scores={1: 6, 2: 5},
        floating={"2b": known(0, 3)},
    )
    assert choose(v, ["sail 3c H1", "sail 2b", "sail 3c 3d", "stay"]) == "sail 3c H1"


def test_head_for_the_destination() -> None:
    v = view({1: ("3a", known(3, 3)), 2: ("1a", None)}, beam=9, white=2)
    legal = ["sail 3b 3c", "sail 2a 2b", "sail 3b", "sail H0", "stay"]
    assert choose(v, legal) == "sail 3b 3c"


def test_end_outside_the_sectors_the_beam_reaches_next() -> None:
    # both ends are 3 steps from H0; the boat on sector 7 shields sector 8 from the beam on 5
    v = view({1: ("2a", known(0, 2)), 2: ("1h", None)}, beam=5, white=4)
    assert choose(v, ["sail 2b 2c 3c", "sail 2j 2i 3i"]) == "sail 2j 2i 3i"
    assert choose(v, ["sail 2b 2c 3c", "sail 2j 2i 3i"], seed=1) == "sail 2j 2i 3i"


def test_empty_boat_goes_for_the_better_floating_tile() -> None:
    floating = {"2c": known(1, 3), "2h": hidden()}
    v = view({1: ("2e", None), 2: ("1a", None)}, beam=7, white=2, floating=floating)
    assert choose(v, ["sail 2d 2c", "sail 2f 2g", "sail 3e H2", "stay"]) == "sail 2d 2c"


def test_empty_boat_goes_to_an_island_with_goods() -> None:
    v = view({1: ("3c", None), 2: ("1a", None)}, beam=7, white=2, goods=(0, 0, 4, 0, 0))
    assert choose(v, ["sail 3d 3e", "sail 3b 3a", "sail 3d", "stay"]) == "sail 3d 3e"
    v = view({1: ("3d", None), 2: ("1a", None)}, beam=7, white=2, goods=(0, 0, 4, 0, 0))
    assert choose(v, ["sail 3e H2", "sail 3e 2e", "stay"]) == "sail 3e H2"


def test_load_a_better_tile_and_keep_a_better_one() -> None:
    floating = {"3c": known(1, 3)}
    # carrying 1 point far away: take the 3 points next to their harbour
    v = view({1: ("3c", known(4, 1)), 2: ("1h", None)}, beam=7, stage="load", floating=floating)
    assert choose(v, ["load", "stay"]) == "load"
    # carrying 3 points next to their harbour: a hidden tile is worth less
    v = view(
        {1: ("3c", known(1, 3)), 2: ("1h", None)},
        beam=7,
        stage="load",
        floating={"3c": hidden()},
    )
    assert choose(v, ["load", "stay"]) == "stay"
    # an empty boat always loads
    v = view({1: ("3c", None), 2: ("1h", None)}, beam=7, stage="load", floating={"3c": hidden()})
    assert choose(v, ["load", "stay"]) == "load"


def test_push_a_loaded_rival_into_the_light() -> None:
    v = view(
        {1: ("2d", None), 2: ("2d", hidden())},
        beam=4,
        stage="push",
        path=["2c", "2d"],
    )
    assert choose(v, ["push 1d", "push 2e", "push 3d", "swap"]) == "push 2e"


def test_push_a_rival_away_from_its_destination() -> None:
    # the rival on 2d carries a shown tile for H1 (behind 3c); the bot came from 2c, so a swap
    # puts the rival there, 2 steps from H1 like 3d; 1d and 2e are 4 steps away
    v = view(
        {1: ("2d", None), 2: ("2d", known(1, 3))},
        beam=8,
        stage="push",
        path=["2b", "2c", "2d"],
    )
    legal = ["push 1d", "push 2e", "push 3d", "swap"]
    assert {choose(v, legal, seed=seed) for seed in range(10)} == {"push 1d", "push 2e"}


def test_never_swap_a_rival_into_its_destination_harbour() -> None:
    # a one-step sail into 3c, where the rival waits with a tile for H1: the view does not say
    # where the bot came from, maybe H1, where a swap would deliver the rival's tile
    v = view({1: ("3c", None), 2: ("3c", known(1, 2))}, beam=8, stage="push", path=["3c"])
    legal = ["push 2c", "push 3b", "push 3d", "swap"]
    assert choose(v, legal) != "swap"


def test_sail_into_a_loaded_rival_next_to_the_light() -> None:
    v = view({1: ("2b", None), 2: ("2d", hidden())}, beam=4, white=2, goods=(0, 0, 0, 0, 0))
    assert choose(v, ["sail 2c 2d", "sail 2a", "sail 1b", "stay"]) == "sail 2c 2d"


def test_stay_when_nothing_is_better() -> None:
    # next to the destination's access, the beam on the access sector: wait
    v = view({1: ("3b", known(1, 2)), 2: ("1f", None)}, beam=2, white=1)
    assert choose(v, ["sail 3a", "sail 2b", "stay"]) == "stay"


# -- with the engine -------------------------------------------------------------------------


GAME = get_game("ile-des-contrebandiers")


def play(players: int, seed: int, greedy_seats: set[int]) -> Any:
    return bot_games.play(GAME, greedy, players, seed, greedy_seats, cap=5000)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_only_plays_legal_moves_in_random_states(players: int) -> None:
    rng = random.Random(players)
    for seed in range(6):
        state = GAME.new(players, {}, 100 * players + seed)
        for _ in range(rng.randrange(0, 150)):
            to_move = GAME.to_move(state)
            if not to_move:
                break
            state, _ = GAME.apply(state, to_move[0], random_bot(GAME, state, to_move[0], rng))
        for _ in range(12):
            to_move = GAME.to_move(state)
            if not to_move:
                break
            seat = to_move[0]
            move = greedy(GAME, state, seat, rng)
            assert move in GAME.legal(state, seat), move
            state, _ = GAME.apply(state, seat, move)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_plays_whole_games(players: int) -> None:
    for seed in range(2):
        seats = {1 + seed % players, 1 + (seed + 1) % players}
        state = play(players, seed, seats)
        assert GAME.result(state).finished


def test_greedy_tables_finish() -> None:
    for players in (2, 4):
        state = play(players, 7, set(range(1, players + 1)))
        assert GAME.result(state).finished


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_beats_random(players: int) -> None:
    rate, median = bot_games.win_rate(GAME, greedy, players)
    bot_games.report(players, rate, median)
    assert rate > max(0.6, 1.5 / players)
