"""Hints for learners (:mod:`games.hints`): the hard search watched, from the seat's own
information only (as the hard level is tested: the hidden parts dealt again give the same hint
for a seed), legal moves with chances, the suggestion being the hard player's own move."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import get_game
from games.hints import Advice, advise, hint_rng, suggest
from games.levels import choose
from games.search import Estimate, search, watching
from games.thinking import Deadline
from tests.games.every_game import setup_id, setups
from tests.games.test_computer_levels import Ticks, io_position, positions, small_knobs

CASES = setups()
PLAYOUTS = 6  # a tiny budget: these tests check who decides, not how well


@pytest.mark.parametrize(("game_id", "players", "options"), CASES, ids=[setup_id(c) for c in CASES])
def test_a_hint_never_depends_on_hidden_information(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    """Two states that differ only in what the seat cannot see (re-dealt hidden parts) give the
    same hint, chances included, for a fixed seed; every move named is legal."""
    game = get_game(game_id)
    redealt = 0
    for state, seat in positions(game, players, options, seed=8, every=11, limit=3):
        other = game.determinize(state, seat, random.Random(99))
        assert game.view(other, seat) == game.view(state, seat)
        redealt += other != state
        first = suggest(game, state, seat, random.Random(4), playouts=PLAYOUTS)
        assert suggest(game, other, seat, random.Random(4), playouts=PLAYOUTS) == first
        legal = game.legal(state, seat)
        assert first and all(e.move in legal for e in first)
        assert len({e.move for e in first}) == len(first) <= 3
        assert all(e.chance is None or 0.0 <= e.chance <= 1.0 for e in first)
    assert redealt >= 1  # the redeal really changed hidden parts


def test_the_suggestion_is_the_hard_players_move_and_the_rest_are_ranked() -> None:
    game = get_game("isis-osiris")
    state, seat = positions(game, 2, {}, seed=1, every=5, limit=4)[3]
    with watching(PLAYOUTS * 4) as ranking:
        hard = choose(game, "hard", state, seat, random.Random(7))
    hint = suggest(game, state, seat, random.Random(7), playouts=PLAYOUTS * 4)
    assert hint[0].move == hard == ranking.estimates[0].move
    assert len(hint) == 3 and all(e.chance is not None and e.playouts > 0 for e in hint)
    # the worker's entry point: the table's seed and version make the generator
    request = Advice(game.id, state, seat, seed=5, version=9, playouts=PLAYOUTS * 4)
    assert advise(request) == suggest(game, state, seat, hint_rng(5, 9, seat),
                                      playouts=PLAYOUTS * 4)


def test_watching_a_search_does_not_change_its_move() -> None:
    """Watching only reads the search: the move a search plays unwatched is the one it plays
    watched, and the one the ranking puts first."""
    game = get_game("master-islands")
    knobs = small_knobs(game)
    for state, seat in positions(game, 3, {}, seed=2, every=7, limit=3):
        unwatched = search(game, state, seat, random.Random(3), knobs)
        with watching() as ranking:
            assert search(game, state, seat, random.Random(3), knobs) == unwatched
        assert ranking.estimates[0].move == unwatched


def test_a_hint_cut_by_its_deadline_names_the_move_the_cut_search_plays() -> None:
    """The thinking cap reached (a stand-in CPU clock): the hint is the move the cut search
    plays (the medium player's), without a chance, wherever the cut fell."""
    game, state, seat, knobs = io_position()
    cut = search(game, state, seat, random.Random(7), knobs, Deadline(3, cpu_clock=Ticks(1.0)))
    for ticks in (1, 3):
        hint = suggest(game, state, seat, random.Random(7), playouts=knobs.playouts,
                       deadline=Deadline(ticks, cpu_clock=Ticks(1.0)))
        assert hint == [Estimate(cut, None, 0)]
