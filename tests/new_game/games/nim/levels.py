"""Nim's computer levels: easy (random), medium (take as many stones as allowed), hard (the
search over it)."""

from __future__ import annotations

import random

from games.base import Game, State
from games.levels import Levels, random_bot
from games.search import Knobs, search_bot


def greedy(game: Game, state: State, seat: int, rng: random.Random) -> str:
    return game.legal(state, seat)[-1]


KNOBS = Knobs(policy=greedy, playouts=40)
BOTS = Levels(easy=random_bot, medium=greedy, hard=search_bot(KNOBS))
