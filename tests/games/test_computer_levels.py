"""Computer levels (easy, medium, hard) of every game, ``games.levels.choose`` and the hard search:
legal moves only, the deadline, view-only input, determinism, and the arena command."""

from __future__ import annotations

import dataclasses
import importlib
import logging
import random
import subprocess
import sys
from types import SimpleNamespace
from typing import Any

import pytest

from games import get_game
from games.arena import Tally, report, wilson
from games.base import Game, State
from games.levels import LEVELS, Levels, choose, level_of, random_bot
from games.search import Knobs, search
from games.thinking import Deadline
from tests.games.every_game import GAMES, setup_id, setups

CASES = setups()


def small_knobs(game: Game) -> Knobs:
    """The game's own search settings (``KNOBS`` of its package's ``levels`` module, as every
    game's hard level has them) with a tiny budget (tests stay fast)."""
    package = ".".join(type(game).__module__.split(".")[:2])  # games.<game package>
    knobs = importlib.import_module(f"{package}.levels").KNOBS
    return dataclasses.replace(knobs, playouts=6)


def positions(game: Game, players: int, options: dict[str, Any], seed: int, every: int,
              limit: int) -> list[tuple[State, int]]:
    """Up to ``limit`` positions of a game between random players, one every ``every`` moves
    (closer together in a game too short for that)."""
    rng = random.Random(seed)
    state = game.new(players, options, seed)
    seen: list[tuple[State, int]] = []
    while (movers := game.to_move(state)) and len(seen) < every * limit:
        seen.append((state, movers[0]))
        state, _ = game.apply(state, movers[0], random_bot(game, state, movers[0], rng))
    step = every if len(seen) >= every * limit else max(1, len(seen) // limit)
    return seen[::step][:limit]


def test_every_game_offers_the_three_levels_and_reads_old_names() -> None:
    for game in GAMES:
        assert tuple(game.bots) == LEVELS
        assert game.bots["random"] is game.bots["easy"] is random_bot
        assert game.bots["greedy"] is game.bots["medium"]
        assert "random" in game.bots and "expert" not in game.bots


def test_choose_resolves_old_unknown_and_missing_levels() -> None:
    played: list[str] = []

    def bot(name: str) -> Any:
        return lambda game, state, seat, rng: played.append(name) or name

    three = SimpleNamespace(bots=Levels(bot("easy"), bot("medium"), bot("hard")))
    rng = random.Random(0)
    picks = [choose(three, level, {}, 1, rng)  # type: ignore[arg-type]
             for level in ("random", "greedy", None, "nonsense", "hard", "easy")]
    assert picks == ["easy", "medium", "medium", "medium", "hard", "easy"]
    assert [level_of(x) for x in ("random", "greedy", None, "")] == ["easy", "medium"] + ["medium"] * 2
    # a game with only the old random player: every level falls back to it
    old = SimpleNamespace(bots={"random": bot("old random")})
    assert choose(old, "hard", {}, 1, rng) == "old random"  # type: ignore[arg-type]


def test_choose_passes_the_deadline_only_to_bots_that_take_it() -> None:
    seen: dict[str, Any] = {}

    def plain(game: Any, state: Any, seat: int, rng: random.Random) -> str:
        return "plain"

    def timed(game: Any, state: Any, seat: int, rng: random.Random, *, deadline: float | None = None
              ) -> str:
        seen["deadline"] = deadline
        return "timed"

    game = SimpleNamespace(bots=Levels(plain, plain, timed))
    assert choose(game, "medium", {}, 1, random.Random(0), deadline=5.0) == "plain"  # type: ignore[arg-type]
    assert choose(game, "hard", {}, 1, random.Random(0), deadline=5.0) == "timed"  # type: ignore[arg-type]
    assert seen == {"deadline": 5.0}


LEGAL_POSITIONS = [6, pytest.param(12, marks=pytest.mark.slow)]
"""Positions searched per setup by :func:`test_hard_plays_only_legal_moves`: 6 by default, the
12 it searched before in the soak (``--runslow``)."""
REDEALT_POSITIONS = [4, pytest.param(6, marks=pytest.mark.slow)]
"""Positions redealt per setup by :func:`test_hard_sees_only_its_own_view`: 4 by default, the 6
it redealt before in the soak (``--runslow``)."""


@pytest.mark.parametrize("limit", LEGAL_POSITIONS)
@pytest.mark.parametrize(("game_id", "players", "options"), CASES, ids=[setup_id(c) for c in CASES])
def test_hard_plays_only_legal_moves(game_id: str, players: int, options: dict[str, Any],
                                     limit: int) -> None:
    game = get_game(game_id)
    knobs = small_knobs(game)
    rng = random.Random(3)
    checked = 0
    for state, seat in positions(game, players, options, seed=5, every=9, limit=limit):
        legal = game.legal(state, seat)
        assert search(game, state, seat, rng, knobs) in legal
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("limit", REDEALT_POSITIONS)
@pytest.mark.parametrize(("game_id", "players", "options"), CASES, ids=[setup_id(c) for c in CASES])
def test_hard_sees_only_its_own_view(game_id: str, players: int, options: dict[str, Any],
                                     limit: int) -> None:
    """The hidden parts dealt again (what the seat sees unchanged): the same move for a seed."""
    game = get_game(game_id)
    knobs = small_knobs(game)
    redealt = 0
    for state, seat in positions(game, players, options, seed=8, every=11, limit=limit):
        other = game.determinize(state, seat, random.Random(99))
        assert game.view(other, seat) == game.view(state, seat)
        redealt += other != state
        first = search(game, state, seat, random.Random(4), knobs)
        assert search(game, other, seat, random.Random(4), knobs) == first
        assert search(game, state, seat, random.Random(4), knobs) == first  # deterministic
    assert redealt >= 2  # the redeal really changed hidden parts


class Ticks:
    """A stand-in clock that moves on by ``step`` each time it is read (a slowed-down thread
    or a loaded machine, without waiting for either)."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def io_position() -> tuple[Game, State, int, Knobs]:
    game = get_game("isis-osiris")
    state, seat = positions(game, 2, {}, seed=1, every=5, limit=4)[3]
    return game, state, seat, dataclasses.replace(small_knobs(game), playouts=24)


def test_load_does_not_change_a_hard_move(caplog: pytest.LogCaptureFixture) -> None:
    """On a machine so busy that each playout takes half a second of wall time, the move is the
    unhurried one: the cap counts the thread's own CPU time. A wall-clock cap of a second (the
    cap before) cuts the same search."""
    game, state, seat, knobs = io_position()
    unhurried = search(game, state, seat, random.Random(7), knobs)
    busy = Ticks(0.5)
    with caplog.at_level(logging.WARNING, logger="games.search"):
        loaded = search(game, state, seat, random.Random(7), knobs,
                        Deadline(30.0, wall=1e6, wall_clock=busy))
        assert loaded == unhurried and not caplog.records and busy.now > 10
        search(game, state, seat, random.Random(7), knobs,
               Deadline(30.0, wall=1.0, wall_clock=Ticks(0.5)))
    assert ["wall-clock safety" in r.getMessage() for r in caplog.records] == [True]


def test_a_cut_search_plays_one_move_wherever_the_cut_falls(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A CPU cap reached after 1, 4 or 15 playouts (a stand-in CPU clock, one tick a read): the
    same move each time, the medium player's, and a warning saying how far the search got."""
    game, state, seat, knobs = io_position()
    with caplog.at_level(logging.WARNING, logger="games.search"):
        moves = {search(game, state, seat, random.Random(7), knobs,
                        Deadline(ticks, cpu_clock=Ticks(1.0))) for ticks in (1, 4, 15)}
    assert len(moves) == 1 and moves <= set(game.legal(state, seat))
    assert [r.getMessage().split(" after ")[1].split(" playouts")[0]
            for r in caplog.records] == ["1", "4", "15"]
    assert all("cut by its CPU limit" in r.getMessage() for r in caplog.records)


def test_hard_with_confidence_keeps_the_medium_move_unless_clearly_beaten() -> None:
    game = get_game("isis-osiris")

    def last(game: Game, state: State, seat: int, rng: random.Random) -> str:
        return game.legal(state, seat)[-1]

    state, seat = positions(game, 2, {}, seed=3, every=5, limit=3)[2]
    sure = dataclasses.replace(small_knobs(game), policy=last, confidence=1e9)
    assert search(game, state, seat, random.Random(0), sure) == game.legal(state, seat)[-1]


def test_hard_through_choose_is_deterministic() -> None:
    game = get_game("isis-osiris")
    state, seat = positions(game, 2, {}, seed=2, every=7, limit=3)[2]
    moves = {choose(game, "hard", state, seat, random.Random(11)) for _ in range(2)}
    assert len(moves) == 1 and moves <= set(game.legal(state, seat))


def test_wilson_interval() -> None:
    low, high = wilson(5, 10)
    assert round(low, 4) == 0.2366 and round(high, 4) == 0.7634
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_arena_report_gives_the_searched_moves_times_apart_and_the_cuts() -> None:
    """Most moves of a hard player can be quick (forced): the ones it thought about get their
    own line, so their cost does not vanish in the median."""
    cpu = [0.0001] * 8 + [0.2, 0.4]
    tally = Tally(shares=[1.0, 0.0], times={"hard": cpu}, cpu={"hard": cpu}, cuts=1)
    lines = report("isis-osiris", "hard", "medium", 2, tally)
    assert "cpu median    0.10 ms" in lines[2]
    assert "hard   moves over 10 ms of CPU: median  300.00 ms" in lines[3]
    assert "(2 moves)" in lines[3] and lines[4] == "  searches cut by the thinking cap: 1"


def test_arena_command_prints_win_share_and_move_times() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "games", "arena", "isis-osiris", "--a", "medium", "--b", "random",
         "--games", "2", "--seed", "4"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert out.returncode == 0, out.stderr
    assert "2 players, 2 games: medium (one seat, rotated) against easy" in out.stdout
    assert "medium win share" in out.stdout and "95% CI" in out.stdout
    assert "easy   move wall median" in out.stdout
