"""The engine contract every game implements.

A game is plain data plus pure functions (boardgame.io's spirit): the *state* is a JSON-serialisable
dict that holds everything, its random generator included (as ``seed`` + ``rng_counter``), so that
seed + moves replays a game exactly. A :class:`Game` object carries no per-table data: it is a
namespace of functions over states, registered once in :mod:`games.registry`.

Seats are numbered from 1 everywhere (records, notation, messages).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

State = dict[str, Any]
"""A game state: plain JSON data (dicts, lists, str, int, bool, None). Never mutated in place."""

View = dict[str, Any]
"""What one seat (or a spectator, ``None``) may see. Renderers and messages take Views only."""

Event = dict[str, Any]
"""A log entry produced by ``apply``.

Keys: ``text`` (public sentence, safe for everyone), optionally ``private`` (``{seat: sentence}``
shown only to that seat, e.g. "You drew B4"), ``seat`` (who acted), and ``transient`` (True when
the public line must vanish from the table once the next move is made, e.g. an Isis & Osiris
reveal in memory mode).
"""


class IllegalMove(ValueError):
    """A move the rules refuse. ``str(exc)`` is a sentence a player understands."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BadOptions(ValueError):
    """Options or player count a game cannot be set up with; the message names the option."""


@dataclass(frozen=True)
class Option:
    """A table option: its name, allowed values (strings as typed in Discord), default, help."""

    name: str
    choices: tuple[str, ...] | None
    default: str | None
    description: str


FIRST_OPTION = Option(
    "first", None, None,
    "The seat number that plays first (default: drawn at random).",
)
"""The ``first`` option every game offers (design.md: records fix the first seat with it)."""


@dataclass(frozen=True)
class Result:
    """Where a game stands. ``scores`` has one number per seat (index 0 = seat 1)."""

    finished: bool
    scores: list[float | int]
    winners: list[int] = field(default_factory=list)
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "finished": self.finished,
            "scores": list(self.scores),
            "winners": list(self.winners),
            "reason": self.reason,
        }


@dataclass(frozen=True)
class MenuStep:
    """One step of a move in a menu: the token(s) it adds to the move text and a readable label.

    ``join`` is the separator written before ``token`` when the move text is rebuilt from the
    steps (:func:`move_text`): a space by default, ``""`` to glue the token to the previous one,
    so one notation token can be chosen in two steps (column ``C``, then row ``4`` -> ``C4``).
    A menu keys its choices by ``token`` (never empty, no ``|``); it plays the legal move
    itself, so it never needs to rebuild the text.
    """

    token: str
    label: str
    join: str = " "


def move_text(steps: list[MenuStep]) -> str:
    """The move text a menu path spells: the tokens, each after its ``join`` (none before the
    first). ``move_text(game.menu_path(view, m)) == m`` for every legal move ``m``."""
    return "".join((step.join if i else "") + step.token for i, step in enumerate(steps))


class Game(ABC):
    """A board game's rules. Subclasses are stateless; every method takes the state it needs."""

    id: str
    name: str
    min_players: int
    max_players: int
    options: tuple[Option, ...] = ()
    summary: str = ""
    """A concise rules summary for ``/rules`` (plain text / Discord markdown, < 1800 chars)."""

    # -- set-up -----------------------------------------------------------------------------
    def normalize_options(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and check values and player count; raise :class:`BadOptions` if wrong.

        The default checks option names and choices; games override to add cross-checks
        (e.g. coop needs 4 players) and to convert types. The result is stored in the state.
        """
        options = dict(options or {})
        known = {o.name: o for o in self.options}
        for key in options:
            if key not in known:
                names = ", ".join(sorted(known)) or "none"
                raise BadOptions(f"{self.name} has no option '{key}' (options: {names}).")
        out: dict[str, Any] = {}
        for opt in self.options:
            value = options.get(opt.name, opt.default)
            if value is not None:
                value = str(value).strip().lower() if opt.choices else str(value).strip()
                if opt.choices and value not in opt.choices:
                    raise BadOptions(
                        f"Option '{opt.name}' must be one of {', '.join(opt.choices)}, not '{value}'."
                    )
            out[opt.name] = value
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(
                f"{self.name} is for {self.min_players}–{self.max_players} players, not {players}."
            )
        if out.get("first") is not None:
            out["first"] = seat_option("first", out["first"], players)
        return out

    @abstractmethod
    def new(
        self,
        players: int,
        options: Mapping[str, Any] | None,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> State:
        """A fresh state. ``setup`` may fix hidden/random elements (see design.md, records)."""

    def record_setup(self, state: State) -> dict[str, Any]:
        """The ``setup`` object of a record that fixes this *initial* state's hidden and random
        parts (deck order, tiles …), so a stored record replays even if shuffling code changes.
        Called by the table host on the state ``new`` returned. Default: nothing to fix."""
        return {}

    # -- play ---------------------------------------------------------------------------------
    @abstractmethod
    def to_move(self, state: State) -> list[int]:
        """Seats that may move now (empty when the game is over)."""

    @abstractmethod
    def legal(self, state: State, seat: int) -> list[str]:
        """Legal moves of ``seat`` in canonical text, sorted as Python sorts strings."""

    @abstractmethod
    def parse(self, text: str) -> str:
        """Canonical text of a move typed by a person; :class:`IllegalMove` if it cannot be read.

        Parsing checks the notation only, not legality: ``"place b4 1,0"`` -> ``"place B4 1,0"``.
        """

    @abstractmethod
    def apply(self, state: State, seat: int, move: str) -> tuple[State, list[Event]]:
        """Play ``move`` (any accepted spelling) for ``seat``; a new state and the events.

        Raises :class:`IllegalMove` with a player-facing reason (wrong turn, not legal and why).
        Never mutates ``state``.
        """

    @abstractmethod
    def view(self, state: State, seat: int | None) -> View:
        """What ``seat`` may see; ``None`` is a spectator (public information only)."""

    @abstractmethod
    def result(self, state: State) -> Result:
        """Finished?, scores per seat, winners (ties shared), why it ended."""

    @abstractmethod
    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A full state consistent with what ``seat`` knows (hidden parts resampled)."""

    # -- presentation helpers (pure, used by menus and logs) ----------------------------------
    def menu_path(self, view: View, move: str) -> list[MenuStep]:
        """How a menu reaches ``move``: one step per choice, with readable labels.

        The tokens, each after its ``join`` (a space unless the step says otherwise), spell the
        move text: :func:`move_text`. The default is one step per token; games override to merge
        tokens (an alignment is one choice), to split one (a cell as column, then row) and to give
        labels such as "R5 (-3,0) + B4 (-1,0) + G1 (1,0) · row 0".
        """
        return [MenuStep(token, token) for token in move.split()]

    def describe(self, view: View, move: str) -> str:
        """A one-line readable label of a whole move (autocomplete, logs)."""
        return " → ".join(step.label for step in self.menu_path(view, move))

    # -- computer players ------------------------------------------------------------------------
    bots: Mapping[str, Callable[[Game, State, int, random.Random], str]] = {}
    """Computer players by level name (``random``, ``greedy`` …).

    A bot is ``choose(game, state, seat, rng) -> move text``. It must decide from
    ``game.view(state, seat)``, ``game.legal(state, seat)`` and ``game.determinize`` only,
    never from hidden parts of ``state``.
    """


def seat_option(name: str, value: Any, players: int) -> int:
    """An option that names a seat (``first``, ``corsair``): a number from 1 to ``players``."""
    try:
        seat = int(value)
    except (TypeError, ValueError):
        raise BadOptions(f"Option '{name}' must be a seat number, not '{value}'.") from None
    if not 1 <= seat <= players:
        raise BadOptions(f"Option '{name}' must be a seat from 1 to {players}, not {seat}.")
    return seat


def rng_for(state: State, purpose: str = "") -> random.Random:
    """A generator derived from the state's seed and counter (the counter is *not* bumped here:
    callers store ``state["rng_counter"] + 1`` in the next state when they use it)."""
    return random.Random(f"{state['seed']}:{state.get('rng_counter', 0)}:{purpose}")


def random_bot(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """The baseline computer player: a uniformly random legal move."""
    moves = game.legal(state, seat)
    if not moves:
        raise IllegalMove(f"Seat {seat} has no legal move.")
    return rng.choice(moves)
