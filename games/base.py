"""The engine contract every game implements.

A game is plain data plus pure functions (boardgame.io's spirit): the *state* is a JSON-serialisable
dict that holds everything, its random generator included (as ``seed`` + ``rng_counter``), so that
seed + moves replays a game exactly. A :class:`Game` object carries no per-table data: it is a
namespace of functions over states, registered once in :mod:`games.registry`.

Seats are numbered from 1 everywhere (records, notation, messages).

Around the contract: :mod:`games.options` (the options a game declares), :mod:`games.levels`
(its computer players' levels), :mod:`games.views` (building a view), :mod:`games.echo` (quoting
bad input in a refusal).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from .echo import echo
from .menu_order import ordered
from .options import BadOptions, Option
from .text import Text, listing, say, say_n
from .text import seat as seat_text

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

    ``icon`` names the one thing the step picks when a small picture helps tell it at a glance:
    ``"seat:<n>"`` (a seat's mark), ``"die:<n>"`` (a die face 1-6), ``"card:<colour>"`` (a card
    colour: ``blue``, ``green``, ``red``, ``yellow``); ``""`` (the default) for none. The bot
    shows it beside the label (never in its place: the label says it all).
    """

    token: str
    label: str
    join: str = " "
    icon: str = ""


@dataclass(frozen=True)
class Sample:
    """A table worth checking a game at: the tests that hold for every registered game (the
    contract, records, notation, playouts, views and images) play each of a game's
    :meth:`Game.samples` from its fresh state to the end."""

    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 1

    def new(self, game: Game) -> State:
        """The fresh state of this table."""
        return game.new(self.players, dict(self.options), self.seed)


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
        """A fresh state. ``setup`` may fix hidden/random elements (see docs/rules/<game>.md, setup
        keys; :func:`setup_of` checks its keys)."""

    def samples(self) -> tuple[Sample, ...]:
        """A few tables that together show everything the game can do (each mode, each option
        that changes what moves exist or what is drawn, the fewest and the most players); the
        tests that hold for every game play them. Default: the fewest players, default
        options."""
        return (Sample(self.min_players),)

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

    def board_words(self, view: View) -> list[Text]:
        """The whole position in words, from ``view`` only (docs/views/README.md, "The board in
        words"): the alt text of the board image and ``/board text``. The first line matters
        most (whose turn, or the result), then the scores and status, then the board, the
        pieces and the piles; hidden things only as counts. A seat's own view says its hand
        too. Every line is a ``say(...)`` with seats as ``seat(n)`` fields.

        Default: the turn line, the :meth:`status` facts and the hand; games override it to
        say their whole board."""
        lines = [turn_words(view)]
        facts = self.status(view)
        if facts:
            lines.append(say("Status: {facts}.", facts=listing(list(facts))))
        hand = hand_words(view)
        if hand is not None:
            lines.append(hand)
        return lines

    # -- table talk --------------------------------------------------------------------------------
    offers_partner_talk: bool = False
    """True when the game has a partner channel (the bot then offers ``/partner``)."""

    def partner_talk(self, view: View, seat: int) -> PartnerTalk | None:
        """How ``seat`` may reach its partner now, decided from the public ``view``; None when
        it has none (outside a team mode, once the game is over)."""
        return None

    # -- computer players ------------------------------------------------------------------------
    bots: Mapping[str, Bot] = {}
    """Computer players by level: ``easy``, ``medium``, ``hard``
    (a :class:`~games.levels.Levels`).

    A bot is ``bot(game, state, seat, rng) -> move text`` (search bots also take a keyword
    ``deadline``). It must decide from ``game.view(state, seat)``, ``game.legal(state, seat)``
    and ``game.determinize`` only, never from hidden parts of ``state``. Call bots through
    :func:`games.levels.choose`, which resolves old level names and passes the deadline.
    """


def scores_of(view: View) -> list[Any] | None:
    """The scores a view shows: the result's, else every seat's ``score`` when all are known."""
    result = view.get("result")
    if result and result.get("scores") is not None:
        return list(result["scores"])
    scores = [s.get("score") for s in view.get("seats") or []]
    return scores if scores and all(v is not None for v in scores) else None


def seats_words(seats: Sequence[int]) -> Any:
    """Seats as one field, each a ``seat(n)`` the host names."""
    return listing([seat_text(n) for n in seats])


def turn_words(view: View) -> Text:
    """The first line of :meth:`Game.board_words`: who won (and why), or who moves."""
    result = view.get("result")
    if result:
        winners = list(result.get("winners") or [])
        reason = result.get("reason") or ""
        if not winners:
            line = say("Game over: nobody wins.")
        else:
            line = say_n("Game over: {players} wins.", "Game over: {players} win.",
                         len(winners), players=seats_words(winners))
        if not reason:
            return line
        # a reason kept as a plain msgid (str) is looked up as one when shown
        return say("{result} {reason}", result=line,
                   reason=reason if isinstance(reason, Text) else Text(str(reason)))
    movers = list(view.get("to_move") or [])
    if not movers:
        return say("Nobody is to move.")
    return say_n("{players} is to move.", "{players} are to move.", len(movers),
                 players=seats_words(movers))


def hand_words(view: View, card: Callable[[Any], Any] = str) -> Text | None:
    """"Your hand: …" when ``view`` is a seat's own view with a hand (a list), else None;
    ``card`` names each card."""
    hand = view.get("hand")
    if not isinstance(hand, list):
        return None
    if not hand:
        return say("Your hand is empty.")
    return say("Your hand: {cards}.", cards=listing([card(c) for c in hand]))


def rng_for(state: State, purpose: str = "") -> random.Random:
    """A generator derived from the state's seed and counter (the counter is *not* bumped here:
    callers store ``state["rng_counter"] + 1`` in the next state when they use it)."""
    return random.Random(f"{state['seed']}:{state.get('rng_counter', 0)}:{purpose}")


def setup_of(setup: Mapping[str, Any] | None, keys: Sequence[str]) -> dict[str, Any]:
    """The ``setup`` object ``new`` was given, as a dict, once its keys are checked: a misspelt
    key is refused (``ValueError``, the sentence a record's reader gets), never ignored."""
    setup = dict(setup or {})
    unknown = set(setup) - set(keys)
    if unknown:
        raise ValueError(f"unknown setup key(s) {echo(', '.join(sorted(unknown)))} "
                         f"(use {', '.join(keys)})")
    return setup
