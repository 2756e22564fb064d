"""The engine contract every game implements.

A game is plain data plus pure functions (boardgame.io's spirit): the *state* is a JSON-serialisable
dict that holds everything, its random generator included (as ``seed`` + ``rng_counter``), so that
seed + moves replays a game exactly. A :class:`Game` object carries no per-table data: it is a
namespace of functions over states, registered once in :mod:`games.registry`.

Seats are numbered from 1 everywhere (records, notation, messages).
"""

from __future__ import annotations

import inspect
import random
import reprlib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from .menu_order import ordered
from .text import Text, listing, say
from .text import seat as seat_text
from .thinking import Deadline

State = dict[str, Any]
"""A game state: plain JSON data (dicts, lists, str, int, bool, None). Never mutated in place."""

View = dict[str, Any]
"""What one seat (or a spectator, ``None``) may see. Renderers and messages take Views only."""

Event = dict[str, Any]
"""A log entry produced by ``apply``.

Keys: ``text`` (public sentence, safe for everyone), optionally ``private`` (``{seat: sentence}``
shown only to that seat, e.g. "You drew B4"), ``seat`` (who acted), ``transient`` (True when
the public line must vanish from the table once the next move is made, e.g. an Isis & Osiris
reveal in memory mode), and ``chance`` (an :data:`UndoBarrier`: "die" when dice were rolled,
"card" or "tile" when something hidden was revealed or drawn, to anyone, the mover included; the
move can then not be taken back, see :meth:`Game.undo_barrier`).
"""

UndoBarrier = Literal["die", "card", "tile", "turn"]
"""Why a move cannot be taken back (Board Game Arena's undo rule): it rolled dice, revealed or drew
a hidden card or tile (an undo would let the player peek), or ended the mover's turn or the
game."""


Bot = Callable[..., str]
"""A computer player: ``bot(game, state, seat, rng[, *, deadline]) -> move text``."""


class IllegalMove(ValueError):
    """A move the rules refuse. ``str(exc)`` is a sentence a player understands."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BadOptions(ValueError):
    """Options or player count a game cannot be set up with; the message names the option."""


ECHO_LIMIT = 40
"""How many characters of a person's bad input a refusal quotes back (then "…")."""

_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxtuple, _SHORT.maxdict = 2, 4, 4, 4
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = ECHO_LIMIT


_SHOWN = {
    **{c: " " for c in (*range(0x20), *range(0x7F, 0xA0))},  # control characters, line breaks
    **{c: "" for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))},  # text direction
    **{c: "\ufffd" for c in range(0xD800, 0xE000)},  # lone surrogates (not valid text)
}
"""What a quoted character becomes when it could break the sentence around it."""


def echo(value: Any, limit: int = ECHO_LIMIT) -> str:
    """Bad input as a refusal quotes it: at most ``limit`` characters then "…", on one line.

    Every sentence that repeats what someone typed or what a record holds goes through here, so
    a 2,000-character move (or a 10 MB one, a list nested 1,000 deep, a 4,000-digit number)
    still gets a short refusal that fits a Discord reply and a log line.
    """
    if isinstance(value, str):
        text = value[: limit + 1]
    elif isinstance(value, bool) or value is None:
        text = {True: "true", False: "false", None: "null"}[value]
    elif isinstance(value, int):
        try:
            text = str(value)[: limit + 1]
        except ValueError:  # over sys.get_int_max_str_digits() digits: Python will not print it
            text = "a number too long to show"
    else:
        try:
            text = _SHORT.repr(value)  # a few items, two levels deep: never the whole thing
        except (ValueError, RecursionError):
            text = type(value).__name__
    text = text.translate(_SHOWN)
    return text if len(text) <= limit else text[:limit].rstrip() + "…"


OptionKind = Literal["choice", "yesno", "seat", "number"]


@dataclass(frozen=True)
class Option:
    """A table option as a game declares it; the Discord command, the lobby settings, ``/rules``
    and the records are all built from these declarations (the bot names no option itself).

    ``kind`` (derived when empty): ``choice`` (one of ``choices``), ``yesno`` (a bool),
    ``seat`` (a seat number, 1 to the player count) or ``number`` (``minimum``..``maximum``).
    ``label`` is the short name people read ("First player"); ``unset`` says what no value
    means for an option whose default is None ("drawn at random"); ``choice_texts`` how people
    read each of ``choices`` (``{"coop": say("cooperative")}``; a value without one reads as
    itself).
    """

    name: str
    choices: tuple[str, ...] | None
    default: Any
    description: str
    kind: OptionKind | Literal[""] = ""
    label: str = ""
    minimum: int | None = None
    maximum: int | None = None
    unset: str = ""
    choice_texts: Mapping[str, str] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if not self.kind:
            object.__setattr__(self, "kind", "choice" if self.choices else "seat")
        if not self.label:
            object.__setattr__(self, "label", self.name.replace("_", " ").capitalize())

    def normalize(self, value: Any, players: int) -> Any:
        """``value`` as stored (str, bool or int), or :class:`BadOptions` naming the option."""
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        if self.kind == "choice":
            text = str(value).strip().lower()
            if text not in (self.choices or ()):
                raise BadOptions(say(
                    "Option '{name}' must be one of {choices}, not '{value}'.", name=self.name,
                    choices=", ".join(self.choices or ()), value=echo(text)))
            return text
        if self.kind == "yesno":
            return yes_no(self.name, value)
        if self.kind == "seat":
            return seat_option(self.name, value, players)
        return number_option(self.name, value, self.minimum, self.maximum)

    def value_text(self, value: Any) -> str:
        """How people read a stored value: "yes", "3", "drawn at random"."""
        if value is None:
            return self.unset or say("default")
        if self.kind == "yesno":
            return say("yes") if value else say("no")
        if self.choice_texts and value in self.choice_texts:
            return self.choice_texts[value]
        return str(value)


FIRST_OPTION = Option(
    "first", None, None,
    say("The seat number that plays first (default: drawn at random)."),
    kind="seat", label=say("First player"), unset=say("drawn at random"),
)
"""The ``first`` option every game offers (a record fixes the first seat with it)."""


@dataclass(frozen=True)
class PartnerTalk:
    """How a seat may talk to its partner right now (a game's table-talk rule): ``reach`` is
    ``secret`` (privately), ``aloud`` (the whole table hears) or ``gestures`` (emoji only)."""

    partner: int
    reach: Literal["secret", "aloud", "gestures"]


@dataclass(frozen=True)
class MenuItem:
    """A legal move as a menu offers it: the steps that reach it and a label for the whole."""

    move: str
    steps: list[MenuStep]
    label: str


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

        The default checks names and values by each option's kind; games override to add
        cross-checks. The result is stored in the state.
        """
        options = dict(options or {})
        known = {o.name: o for o in self.options}
        for key in options:
            if key not in known:
                names = ", ".join(sorted(known)) or "none"
                raise BadOptions(say("{game} has no option '{name}' (options: {names}).",
                                     game=self.name, name=echo(key), names=names))
        out: dict[str, Any] = {}
        for opt in self.options:
            value = options.get(opt.name)
            if value is None or (isinstance(value, str) and not value.strip()):
                value = opt.default
            out[opt.name] = opt.normalize(value, max(players, 1))
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(say("{game} is for {low}–{high} players, not {players}.", game=self.name,
                                 low=self.min_players, high=self.max_players, players=echo(players)))
        return out

    def player_range(self, options: Mapping[str, Any]) -> tuple[int, int]:
        """How many players these options allow (the lobby's seat count follows it). Games
        whose modes need other counts override it; ``options`` may be partial or raw."""
        return self.min_players, self.max_players

    def active_options(self, options: Mapping[str, Any]) -> tuple[Option, ...]:
        """The options that matter with these values (a mode's own options only when that mode
        is chosen); the lobby offers and shows only these. Default: all of them."""
        return self.options

    def teams(self, players: int, options: Mapping[str, Any]) -> list[list[int]]:
        """Seats that win or lose together (ratings rate them as one side); ``options`` as a
        record keeps them. Default: every seat plays for itself."""
        return [[seat] for seat in range(1, players + 1)]

    @abstractmethod
    def new(
        self,
        players: int,
        options: Mapping[str, Any] | None,
        seed: int,
        setup: Mapping[str, Any] | None = None,
    ) -> State:
        """A fresh state. ``setup`` may fix hidden/random elements (see docs/rules/<game>.md, setup keys)."""

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

    # -- undo (BGA's rule) --------------------------------------------------------------------
    def undo_barrier(
        self, before: State, after: State, seat: int, move: str, events: list[Event]
    ) -> UndoBarrier | None:
        """Why ``seat``'s ``move`` (from ``before`` to ``after``, with its ``events``) may not be
        taken back, or None when it may: the mover may undo their own last action while it is
        still their turn and nothing was rolled or revealed since.

        Default: the first event's ``chance`` mark (engines mark every roll, reveal and draw),
        else "turn" when the game is over or ``seat`` is no longer to move. A game whose turn
        can pass and come back to the same seat within one move overrides this."""
        for event in events:
            if event.get("chance"):
                return event["chance"]  # type: ignore[no-any-return]
        if self.result(after).finished or seat not in self.to_move(after):
            return "turn"
        return None

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

    def menu(self, view: View, moves: list[str]) -> list[MenuItem]:
        """The seat's legal ``moves`` as a menu shows them, in the order a person reads them.
        Default: :func:`games.menu_order.ordered` over ``menu_path`` and ``describe``."""
        return ordered([MenuItem(m, self.menu_path(view, m), self.describe(view, m)) for m in moves])

    def status(self, view: View) -> list[str]:
        """Short public facts for the table post's status line ("pile 21", "scores: Seat 1 3,
        Seat 2 2"), from the view only; seats are written "Seat n" and the host puts names in.
        Default: the scores, when the view shows every seat's score."""
        scores = scores_of(view)
        if scores is None:
            return []
        return [say("scores: {scores}", scores=listing(
            [Text("{seat} {score}", {"seat": seat_text(i), "score": v})
             for i, v in enumerate(scores, start=1)]))]

    # -- table talk --------------------------------------------------------------------------------
    offers_partner_talk: bool = False
    """True when the game has a partner channel (the bot then offers ``/partner``)."""

    def partner_talk(self, view: View, seat: int) -> PartnerTalk | None:
        """How ``seat`` may reach its partner now, decided from the public ``view``; None when
        it has none (outside a team mode, once the game is over)."""
        return None

    # -- computer players ------------------------------------------------------------------------
    bots: Mapping[str, Bot] = {}
    """Computer players by level: ``easy``, ``medium``, ``hard`` (a :class:`Levels`).

    A bot is ``bot(game, state, seat, rng) -> move text`` (search bots also take a keyword
    ``deadline``). It must decide from ``game.view(state, seat)``, ``game.legal(state, seat)``
    and ``game.determinize`` only, never from hidden parts of ``state``. Call bots through
    :func:`choose`, which resolves old level names and passes the deadline.
    """


def seat_option(name: str, value: Any, players: int) -> int:
    """An option that names a seat (``first``, ``corsair``): a number from 1 to ``players``."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise BadOptions(say("Option '{name}' must be a seat number, not '{value}'.", name=name,
                             value=echo(value))) from None
    if not 1 <= number <= players:
        raise BadOptions(say("Option '{name}' must be a seat from 1 to {players}, not {value}.",
                             name=name, players=players, value=echo(number)))
    return number


def yes_no(name: str, value: Any) -> bool:
    """A yes/no option from a bool or the words people and records use."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "on", "1"):
        return True
    if text in ("false", "no", "off", "0"):
        return False
    raise BadOptions(say("Option '{name}' must be yes or no, not '{value}'.", name=name,
                         value=echo(value)))


def number_option(name: str, value: Any, low: int | None, high: int | None) -> int:
    """A whole-number option within its declared bounds."""
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise BadOptions(say("Option '{name}' must be a whole number, not '{value}'.", name=name,
                             value=echo(value))) from None
    if (low is not None and number < low) or (high is not None and number > high):
        raise BadOptions(say("Option '{name}' must be from {low} to {high}, not {value}.",
                             name=name, low=low, high=high, value=echo(number)))
    return number


def view_head(
    game_id: str, state: State, seat: int | None, to_move: list[int],
    last_move: dict[str, Any] | None, result: Result | None,
) -> View:
    """The keys every game's view starts with (docs/views.md, "Keys common to every game");
    ``last_move`` is already a copy the view may hand out; ``result`` None: not over (a game
    need not work its result out for an unfinished view)."""
    return {
        "game": game_id,
        "viewer": seat,
        "players": state["players"],
        "options": dict(state["options"]),
        "to_move": list(to_move),
        "last_move": last_move,
        "result": result.to_json() if result is not None and result.finished else None,
    }


def scores_of(view: View) -> list[Any] | None:
    """The scores a view shows: the result's, else every seat's ``score`` when all are known."""
    result = view.get("result")
    if result and result.get("scores") is not None:
        return list(result["scores"])
    scores = [s.get("score") for s in view.get("seats") or []]
    return scores if scores and all(v is not None for v in scores) else None


def rng_for(state: State, purpose: str = "") -> random.Random:
    """A generator derived from the state's seed and counter (the counter is *not* bumped here:
    callers store ``state["rng_counter"] + 1`` in the next state when they use it)."""
    return random.Random(f"{state['seed']}:{state.get('rng_counter', 0)}:{purpose}")


def random_bot(game: Game, state: State, seat: int, rng: random.Random) -> str:
    """The baseline computer player: a uniformly random legal move."""
    moves = game.legal(state, seat)
    if not moves:
        raise IllegalMove(say("{player} has no legal move.", player=seat_text(seat)))
    return rng.choice(moves)

LEVELS = ("easy", "medium", "hard")
"""Computer levels, weakest first; ``medium`` is the default."""

LEVEL_ALIASES = {"random": "easy", "greedy": "medium"}
"""Level names stored by earlier versions (lobby seats, records) -> the level they are now."""


def level_of(name: str | None) -> str:
    """The level a stored name means: old names resolve, None or anything unknown is medium."""
    name = LEVEL_ALIASES.get(name or "", name or "")
    return name if name in LEVELS else "medium"


class Levels(Mapping[str, Bot]):
    """A game's ``bots``: the three levels; the old names (``random``, ``greedy``) look up the
    level they became, so stored tables and records that name them keep working."""

    def __init__(self, easy: Bot, medium: Bot, hard: Bot) -> None:
        self._bots = {"easy": easy, "medium": medium, "hard": hard}

    def __getitem__(self, name: str) -> Bot:
        return self._bots[LEVEL_ALIASES.get(name, name)]

    def __iter__(self) -> Iterator[str]:
        return iter(self._bots)

    def __len__(self) -> int:
        return len(self._bots)


def choose(
    game: Game, level: str | None, state: State, seat: int, rng: random.Random,
    *, deadline: Deadline | None = None,
) -> str:
    """The move the computer of ``level`` plays for ``seat``. Old or unknown names resolve
    (:func:`level_of`); a game without that level uses its next weaker one. ``deadline`` (a
    :class:`~games.thinking.Deadline`, in the thinking thread's own CPU time) reaches bots that
    take it: a safety cap, the move is otherwise decided by fixed budgets and ``rng`` alone."""
    bot = _bot_for(game, level_of(level))
    if deadline is not None and _takes_deadline(bot):
        return bot(game, state, seat, rng, deadline=deadline)
    return bot(game, state, seat, rng)


def _bot_for(game: Game, level: str) -> Bot:
    names = {new: old for old, new in LEVEL_ALIASES.items()}
    for lower in reversed(LEVELS[: LEVELS.index(level) + 1]):
        for name in (lower, names.get(lower)):
            if name and name in game.bots:
                return game.bots[name]
    return random_bot


def _takes_deadline(bot: Bot) -> bool:
    try:
        return "deadline" in inspect.signature(bot).parameters
    except (TypeError, ValueError):
        return False

