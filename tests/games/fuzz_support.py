"""Shared parts of the fuzzers (test_fuzz_moves.py, test_fuzz_records.py): the hostile
characters and values they draw from, the positions they probe, and what makes a refusal
acceptable (one short sentence a player can read, no Python internals)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from games import get_game
from games.base import Game, State
from tests.games.every_game import setups

MAX_REFUSAL = 300
"""A refusal fits a Discord reply with room to spare (the longest usage line is ~240)."""

ODD_CHARS = (
    "٣³①٠۵߃१２Ｂ４"  # digits of other scripts, superscripts, fullwidth
    "\u0301\u200b\u200d\u202e\ufeff"  # combining accent, zero-width, right-to-left, BOM
    "\x00\x1b\n\t\r\x7f\x85"  # control characters
    "\xa0\u3000−–→,;:+-_ "  # odd spaces, dashes, arrows
    "🏴\u200d☠️🎲"  # emoji with joiners
    "\ud800"  # a lone surrogate (JSON can carry one)
)
PLAIN_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,:+-"
INTERNALS = ("Traceback", "invalid literal", "NoneType", "object has no", "Error", "unhashable",
             "not subscriptable", "<class")
"""Words that betray a Python exception text passed through to a person."""

SETUPS: list[tuple[str, int, dict[str, Any]]] = setups()
"""Each registered game's samples: its modes and the options that change what moves exist."""


@dataclass
class Tally:
    """What a fuzz run saw: inputs tried, their outcomes, and the first few failures."""

    counts: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)

    def fail(self, what: str) -> None:
        self.counts["tracebacks"] += 1
        if len(self.failures) < 5:
            self.failures.append(what)

    def refusal(self, message: str, source: str) -> None:
        """Count a refusal; a failure unless it is one short, clean sentence."""
        self.counts["clear refusals"] += 1
        if not message or len(message) > MAX_REFUSAL or "\n" in message or any(
            word in message for word in INTERNALS
        ):
            self.counts["clear refusals"] -= 1
            self.fail(f"unclear refusal {message[:400]!r} for {source[:120]!r}")

    def line(self, name: str) -> str:
        self.counts["tracebacks"] += 0  # listed even when none
        parts = ", ".join(f"{k} {v}" for k, v in sorted(self.counts.items()))
        return f"{name}: {parts}"


def random_text(rng: random.Random, size: int) -> str:
    """``size`` characters, a third of them hostile."""
    return "".join(rng.choice(ODD_CHARS if rng.random() < 0.33 else PLAIN_CHARS)
                   for _ in range(size))


def positions(game_id: str, players: int, options: dict[str, Any], seed: int,
              count: int) -> list[tuple[Game, State, int]]:
    """``count`` positions from one random playout (evenly spread), each with the seat to move."""
    game = get_game(game_id)
    rng = random.Random(seed)
    state = game.new(players, options, seed)
    seen: list[tuple[Game, State, int]] = []
    while game.to_move(state):
        seat = game.to_move(state)[0]
        seen.append((game, state, seat))
        state, _ = game.apply(state, seat, rng.choice(game.legal(state, seat)))
    step = max(1, len(seen) // count)
    return seen[::step][:count]
