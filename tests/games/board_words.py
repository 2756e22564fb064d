"""One driver for the games' board-in-words tests (no tests here): positions from random play
over whole games of every sample of a game, several seeds each, and the words of a view as a
person reads them (English, or another language)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import i18n
from games import Game, Sample, State, View

from .every_game import SAMPLES

SEEDS = (1, 2, 3)
MAX_MOVES = 20_000
"""A random game longer than this is taken as one that never ends."""
POSITIONS = 40
"""Positions kept per game (evenly spread over it, the first and the last included)."""


def samples_of(game_id: str) -> list[Sample]:
    return [sample for game, sample in SAMPLES if game.id == game_id]


def positions(game: Game, sample: Sample, seeds: tuple[int, ...] = SEEDS) -> Iterator[State]:
    """Positions of whole random games of ``sample``, one per seed (the deal and the players'
    choices both come from the seed): about :data:`POSITIONS` of each, the end included."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new(sample.players, dict(sample.options), seed)
        played = [state]
        while movers := game.to_move(state):
            seat = rng.choice(movers)
            state, _ = game.apply(state, seat, rng.choice(game.legal(state, seat)))
            played.append(state)
            assert len(played) < MAX_MOVES, "a random game did not end"
        step = max(1, len(played) // POSITIONS)
        yield from played[::step]
        if (len(played) - 1) % step:
            yield played[-1]


def words(game: Game, view: View, code: str = "en") -> list[str]:
    """``game.board_words(view)`` as a reader of ``code`` reads it (seats left as "Seat n")."""
    return [i18n.translate(line, code) for line in game.board_words(view)]


def line_of(lines: list[str], start: str) -> str:
    """The one line starting with ``start``."""
    found = [line for line in lines if line.startswith(start)]
    assert len(found) == 1, (start, lines)
    return found[0]


def counted(n: int, one: str, many: str) -> str:
    """"1 tile", "3 tiles"."""
    return f"{n} {one if n == 1 else many}"


def check_first_line(view: View, lines: list[str]) -> None:
    """The first line says who is to move, or that the game is over."""
    if view["result"]:
        assert lines[0].startswith("Game over:")
    else:
        assert lines[0] == f"Seat {view['to_move'][0]} is to move."
