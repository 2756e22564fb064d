"""One step of play, engine side: parse, apply, sort the events into public, transient and
private lines. Synchronous and pure; the host runs it in a thread and stores the result."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from games import Event, Game, IllegalMove, State

from . import errors


@dataclass
class Lines:
    """Event texts sorted by who may see them and how long."""

    public: list[str] = field(default_factory=list)  # stored in the move log, repeated in posts
    transient: list[str] = field(default_factory=list)  # shown once, never stored
    private: dict[int, list[str]] = field(default_factory=dict)  # seat -> sentences
    ordered: list[tuple[str, bool]] = field(default_factory=list)  # (text, transient), as they came

    def add(self, events: list[Event]) -> None:
        for event in events:
            text = event.get("text")
            if text:
                transient = bool(event.get("transient"))
                (self.transient if transient else self.public).append(str(text))
                self.ordered.append((str(text), transient))
            for seat, sentence in (event.get("private") or {}).items():
                self.private.setdefault(int(seat), []).append(str(sentence))

    def extend(self, other: Lines) -> None:
        self.public += other.public
        self.transient += other.transient
        self.ordered += other.ordered
        for seat, sentences in other.private.items():
            self.private.setdefault(seat, []).extend(sentences)


@dataclass
class Step:
    """An applied move: its canonical text, the new state and its lines."""

    seat: int
    move: str
    state: State
    lines: Lines


def plain(state: State) -> State:
    """The state exactly as it will read back from storage (JSON round trip: tuples become
    lists, int keys strings). Posts are drawn from this, so a reloaded table draws the same."""
    return json.loads(json.dumps(state))


def apply_checked(game: Game, state: State, seat: int, text: str) -> Step:
    """Parse and apply; the engine's :class:`IllegalMove` propagates."""
    move = game.parse(text)
    new_state, events = game.apply(state, seat, move)
    lines = Lines()
    lines.add(events)
    return Step(seat, move, plain(new_state), lines)


def human_step(game: Game, state: State, seat: int, text: str) -> Step:
    try:
        return apply_checked(game, state, seat, text)
    except IllegalMove as exc:
        reason = exc.reason.rstrip(". ")
        raise errors.IllegalMoveError(
            f"{reason}. Press My hand / Play to see your legal moves."
        ) from None


def record(game_id: str, players: int, options: dict[str, Any], seed: int,
           moves: list[tuple[int, str]]) -> dict[str, Any]:
    """A game record as design.md defines it: replaying it gives the same game."""
    return {
        "game": game_id,
        "players": players,
        "options": dict(options),
        "seed": seed,
        "setup": {},
        "moves": [{"seat": seat, "move": move} for seat, move in moves],
    }
