"""One step of play, engine side: parse, apply, sort the events into public, transient and
private lines. Synchronous and pure; the service runs it and stores the result."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games import Event, Game, IllegalMove, State
from games.computer import Played, apply_text, plain
from games.text import Text, say

from ...storage.rows import TableRow
from .. import errors
from .tables import names, seat_of
from .wording import Name, named


@dataclass
class Lines:
    """Event texts sorted by who may see them and how long: Text as the engines said them (or
    plain str already named), translated only when someone reads them."""

    ordered: list[tuple[str, bool]] = field(default_factory=list)  # (text, transient), as they came
    private: dict[int, list[str]] = field(default_factory=dict)  # seat -> sentences
    # seat -> the public lines of its own dice (events with "chance": "die"), which its private
    # answer repeats: what was rolled, where the person reads what they did
    rolled: dict[int, list[str]] = field(default_factory=dict)

    @property
    def public(self) -> list[str]:
        """Lines stored in the move log and repeated in posts."""
        return [text for text, transient in self.ordered if not transient]

    @property
    def transient(self) -> list[str]:
        """Lines shown once, never stored."""
        return [text for text, transient in self.ordered if transient]

    def add(self, events: list[Event], names: Mapping[int, Name] | None = None) -> None:
        """Sort events. A Text is kept as the engine said it (``seat(n)`` fields and all: it is
        named and translated when shown, :func:`bot.service.rules.wording.tell`); a plain English str
        is named now with ``names`` (seat -> player name): "Seat 2" -> "Bob (seat 2)"."""
        for event in events:
            text = event.get("text")
            if text:
                self.ordered.append((_kept(text, names), bool(event.get("transient"))))
                if event.get("chance") == "die" and isinstance(event.get("seat"), int):
                    self.rolled.setdefault(event["seat"], []).append(_kept(text, names))
            for seat, sentence in (event.get("private") or {}).items():
                self.private.setdefault(int(seat), []).append(_kept(sentence, names))

    def extend(self, other: Lines) -> None:
        self.ordered += other.ordered
        for mine, theirs in ((self.private, other.private), (self.rolled, other.rolled)):
            for seat, sentences in theirs.items():
                mine.setdefault(seat, []).extend(sentences)


def _kept(text: Any, names: Mapping[int, Name] | None) -> str:
    return text if isinstance(text, Text) else named(str(text), names)


@dataclass
class Step:
    """An applied move: its canonical text, the new state and its lines; ``barrier`` says why
    it could not be taken back (:meth:`games.Game.undo_barrier`), None when it could."""

    seat: int
    move: str
    state: State
    lines: Lines
    barrier: str | None = None


__all__ = ["Lines", "Step", "apply_checked", "human_step", "plain", "record", "record_head",
           "step_of"]


def step_of(played: Played, names: Mapping[int, str] | None = None) -> Step:
    """An applied move as the service stores and posts it: the engine's events sorted into lines
    (the state is already :func:`~games.computer.plain`: posts are drawn from it, so a reloaded
    table draws the same)."""
    lines = Lines()
    lines.add(played.events, names)
    return Step(played.seat, played.move, played.state, lines, played.barrier)


def apply_checked(
    game: Game, state: State, seat: int, text: str, names: Mapping[int, str] | None = None
) -> Step:
    """Parse and apply; the engine's :class:`IllegalMove` propagates."""
    return step_of(apply_text(game, state, seat, text), names)


def human_step(
    game: Game, state: State, seat: int, text: str, names: Mapping[int, str] | None = None
) -> Step:
    try:
        return apply_checked(game, state, seat, text, names)
    except IllegalMove as exc:
        reason = exc.reason if isinstance(exc.reason, Text) else exc.reason.rstrip(". ") + "."
        raise errors.IllegalMoveError(say(
            "{reason} Press My hand / Play to see your legal moves.",
            reason=named(reason, names))) from None


def said_to(row: TableRow, user_id: int, move: str, lines: Lines) -> Text:
    """What the person who played ``move`` reads of it privately: "You played `x`.", then the
    last roll of their own dice it brought (a game rolling as an action is announced), which
    the table post shows too: where they read what they did, they read what came of it."""
    seat = seat_of(row, user_id)
    rolls = lines.rolled.get(seat) if seat is not None else None
    if not rolls:
        return say("You played `{move}`.", move=move)
    rolled = named(rolls[-1], names(row)) if isinstance(rolls[-1], Text) else rolls[-1]
    return say("You played `{move}`. {rolled}", move=move, rolled=rolled)


def record_head(game: Game, options: Mapping[str, Any], state: State) -> dict[str, Any]:
    """What a record needs beyond the seed, fixed on the initial state: the options with the
    seat that actually went first, and the engine's setup (deck order, tiles …). With both, the
    record replays the same game even if the seed or the shuffling code changes."""
    opts = dict(options)
    if "first" in state and any(o.name == "first" for o in game.options):
        opts["first"] = state["first"]
    return {"options": opts, "setup": plain(game.record_setup(state))}


def record(game_id: str, players: int, options: Mapping[str, Any], seed: int,
           moves: list[tuple[int, str]], setup: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A game record (setup keys per game in docs/rules/<game>.md): replaying it gives the same game."""
    return {
        "game": game_id,
        "players": players,
        "options": dict(options),
        "seed": seed,
        "setup": dict(setup or {}),
        "moves": [{"seat": seat, "move": move} for seat, move in moves],
    }
