"""Plain results the table service returns; the Discord adapter only translates them.

Nothing here knows discord.py. Images are PNG bytes. Public things are built from
``view(state, None)``; private notes from ``view(state, seat)``.

Languages (see :mod:`bot.service.languages`): a :class:`PublicPost` and a :class:`PrivateNote`
(with its :class:`MenuEntry` labels) come written and drawn in their ``language``; the other
results hold :class:`~games.text.Text` values where people read words (names of computers, game
names, settings, the clock's names), each equal to its English, for the adapter to translate
(``i18n.translate(value, code)``, or as a field of ``_()``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .rules.tournament_model import Standing


@dataclass(frozen=True)
class Seat:
    seat: int  # from 1
    user_id: int | None  # None for a computer player
    name: str  # display name at join time; a computer: Text "Computer 2 (hard)" (unique)
    bot_level: str | None = None  # the game's level name for computer players
    pending_until: float | None = None  # rematch: a seat kept until then (epoch s) unless confirmed
    challenged: bool = False  # the held seat is a challenge's (bot.service.rules.challenge)

    @property
    def is_computer(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True)
class Setting:
    """One option the lobby's owner may change, as a select shows it."""

    name: str
    label: str  # "First player"
    description: str
    value: str  # the current value as a select value; "" = unset (the default)
    value_text: str  # how people read it: "drawn at random", "yes", "corsair"
    choices: list[tuple[str, str]]  # (value, text) pairs, the current one included


@dataclass(frozen=True)
class TableInfo:
    channel_id: int
    guild_id: int | None
    game_id: str
    game_name: str
    options: dict[str, Any]
    status: str  # "lobby" | "playing" | "finished" | "abandoned"
    host_id: int  # the lobby's owner (shown to players as its host)
    seats: list[Seat]
    version: int
    post_message_id: int | None = None  # current table (or lobby) post
    min_players: int = 1  # for the options in force (a mode may need more or fewer)
    max_players: int = 1
    settings: list[Setting] = field(default_factory=list)  # in the lobby: what its owner may set
    option_texts: list[tuple[str, str]] = field(default_factory=list)  # (label, value) in force
    game_row: int | None = None  # the table's id, which its finished game keeps in history
    # The channel holding the lobby post, later the summary, of a table that plays (or will) in
    # the thread made from that post; None: it plays in channel_id itself (channel mode).
    parent_id: int | None = None
    speed: str = "live"  # the table speed (bot.service.rules.speed): whether a turn DM waits a while
    created_at: float = 0.0
    tournament: int | None = None  # the tournament this table is a game of (no rematch then)
    # "bot": the bot's token posts the table; "interactions": only interaction responses and
    # followups reach its players (a DM, a group DM, a server without the bot: issue 41)
    reach: str = "bot"

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id:
                return s.seat
        return None

    @property
    def in_thread(self) -> bool:
        """The table plays (or will play) in a thread made from its lobby post, whose id keys
        it; the post, later its summary, is in ``parent_id``."""
        return self.parent_id is not None

    @property
    def waits_for_thread(self) -> bool:
        """A lobby whose thread Start still has to make (its post, in the channel, keys it; a
        rematch lobby opened in the thread has a post of its own there)."""
        return self.in_thread and self.status == "lobby" and self.post_message_id == self.channel_id

    @property
    def post_channel(self) -> int:
        """The channel of the table's stored post: the lobby post (the one whose id is the
        table's key: a thread's first message) is in the parent channel."""
        if self.parent_id is not None and self.post_message_id == self.channel_id:
            return self.parent_id
        return self.channel_id


@dataclass(frozen=True)
class MenuEntry:
    """One legal move and the steps a menu takes to reach it (from ``Game.menu_path``)."""

    move: str  # canonical text
    steps: list[tuple[str, str]]  # (token, label) pairs: the menu keys choices by token
    # The tokens, each after its MenuStep.join (games.base.move_text), spell ``move``; the join is
    # not kept because nothing rebuilds the text: a menu plays ``move`` itself.
    label: str  # readable label of the whole move
    icons: tuple[str, ...] = ()  # each step's MenuStep.icon ("seat:2", "die:3", "card:blue", "")


@dataclass(frozen=True)
class ClockView:
    """The turn clock and absent players as the table post shows them (see bot.service.clock)."""

    name: str | None  # whose clock runs: "Bob (seat 2)"; None when no human is timed
    deadline: float | None  # Unix time their time is spent
    timed_out: bool = False  # spent: the others may answer (Skip / Computer plays for …)
    can_skip: bool = False  # the game has a pass for them now
    replaced: list[str] = field(default_factory=list)  # names a computer plays for (I'm back)
    end_offer: bool = False  # fewer than two people still play: End the game is offered
    takeable: list[tuple[int, str]] = field(default_factory=list)  # (seat, name): Take seat …
    user_id: int | None = None  # the person whose clock runs (None: nobody, or a computer)
    away_until: float | None = None  # the timed person is away (vacation): their clock waits


@dataclass(frozen=True)
class TurnBegun:
    """A person's timed turn at a table in play, as its clock says (read at start-up, for what
    waits on turns: the adapter's turn DMs)."""

    table: TableInfo
    user_id: int
    started: float  # when their turn began, in the clock's epoch seconds


@dataclass(frozen=True)
class SeatLine:
    """One seat as the table post lists it (public facts only)."""

    seat: int
    name: str  # as the post names it, in the post's language
    score: str | None  # None: the view shows no score
    to_move: bool
    computer: bool  # a computer plays it (a computer player, or a person's seat while replaced)
    winner: bool
    colour: int  # the seat's colour in the images, as 0xRRGGBB


@dataclass(frozen=True)
class PublicPost:
    """What the channel sees after a change: one table post."""

    channel_id: int
    version: int
    status: str  # "Bob (seat 2) to move · pile 21 · scores …"
    image_png: bytes | None  # board drawn from the spectator view
    to_move_user_ids: list[int]  # humans to mention
    finished: bool = False
    result: dict[str, Any] | None = None  # Result.to_json() when finished
    ordered_lines: list[tuple[str, bool]] = field(default_factory=list)
    """What happened since the last post (computer moves included), in order, as (text,
    transient): a transient line (a reveal in memory mode) is dropped once the next move is made,
    and keeps its place among the moves until then."""
    clock: ClockView | None = None  # the turn clock, when the table has one or a seat is replaced
    language: str = "en"  # what status, lines and image are written in: the server's language
    regions: list[tuple[str, tuple[int, int, int, int]]] = field(default_factory=list)
    """Which parts of ``image_png`` stand for which menu token: (token, (x, y, width, height))
    in the image's pixels (a page makes them clickable); empty when the game's renderer names
    none (render.regions)."""
    alt_text: str = ""
    """The board image's alt text: the position in words from the public view, within Discord's
    1,024 characters (:func:`bot.service.rules.words.alt_text`)."""
    seats: list[SeatLine] = field(default_factory=list)
    accent: int | None = None
    """The colour of the seat to move (the first of them), at the end the winner's; None: no
    seat's (0xRRGGBB)."""
    facts: str = ""
    """The status without who moves: the game's own facts ("pile 21 · scores …"), for a post
    whose turn lines name the people to move (whose turn it is, said once)."""

    @property
    def lines(self) -> list[str]:
        """The lasting lines (stored in the move log)."""
        return [text for text, transient in self.ordered_lines if not transient]

    @property
    def transient_lines(self) -> list[str]:
        """The lines to drop once the next move is made."""
        return [text for text, transient in self.ordered_lines if transient]

    def in_order(self) -> list[tuple[str, bool]]:
        """(text, transient) pairs in the order they happened."""
        return list(self.ordered_lines)


@dataclass(frozen=True)
class BoardWords:
    """The position in words for one reader (/board text, Describe): from their seat's own view
    when they are seated (their hand included), else from the public view."""

    channel_id: int
    version: int
    seat: int | None  # the reader's seat, None for a spectator
    lines: list[str]  # in the reader's language, seats named


class Drawing:
    """An image drawn on the first ask, once (thread-safe): a note the adapter never shows (a
    person not to move who learned something private) costs no drawing."""

    def __init__(self, draw: Callable[[], bytes | None]) -> None:
        self._draw: Callable[[], bytes | None] | None = draw
        self._image: bytes | None = None
        self._lock = threading.Lock()

    @property
    def drawn(self) -> bool:
        return self._draw is None

    def __call__(self) -> bytes | None:
        with self._lock:
            if self._draw is not None:
                self._image = self._draw()
                self._draw = None  # lets go of the state it drew from
            return self._image


@dataclass(frozen=True)
class HandImage:
    """One seat's hand as a picture, drawn from that seat's view only, with the regions of it
    that stand for a choice (``(key, (x, y, w, h))``, keys being menu tokens)."""

    version: int  # the table version it shows
    png: bytes = field(repr=False)
    width: int
    height: int
    regions: list[tuple[str, tuple[int, int, int, int]]] = field(default_factory=list)


@dataclass(frozen=True)
class PlayerPanel:
    """What a seated player's own panel shows (the live page's): their menu and their hand,
    read from one version of the table."""

    version: int
    menu: list[MenuEntry]  # empty when it is not their turn
    hand: HandImage


@dataclass(frozen=True)
class MenuOffers:
    """What a mover's first menu level offers besides the moves: Undo, Hint."""

    can_undo: bool = False
    hints: bool = False


@dataclass(frozen=True)
class MenuPick:
    """What a click in a mover's menu asks for, decoded from that menu's moves (the adapter's
    custom ids say it by tokens or by index): a ``move`` to play, or a level of the menu to
    show, the tokens chosen so far (``prefix``; none: the first level) and its ``page``."""

    move: str | None = None
    prefix: tuple[str, ...] = ()
    page: int = 0


@dataclass(frozen=True)
class MoveMenu:
    """A mover's menu at one table version, as a click asked for it
    (:meth:`~bot.service.play.PlayService.choose`): the moves, the text above the menu (their
    note's, in the menu's language), the level picked, and, on the first level, what it offers
    besides the moves."""

    version: int
    entries: list[MenuEntry]
    intro: str
    pick: MenuPick
    offers: MenuOffers = field(default_factory=MenuOffers)


@dataclass(frozen=True)
class HintMove:
    """One move of a hint: its notation, its label as the menu shows it, its estimated chance
    to win (0..1; None when the computer had no time to estimate it)."""

    move: str
    label: str
    chance: float | None


@dataclass(frozen=True)
class Hint:
    """The computer's advice to one seat at one table version: the suggested move first."""

    seat: int
    version: int
    moves: list[HintMove]


@dataclass(frozen=True)
class PrivateNote:
    """What one seated human should see privately (ephemeral reply or DM)."""

    seat: int
    user_id: int
    text: str
    hand: Drawing = field(repr=False, compare=False)  # their hand, from view(state, seat)
    your_turn: bool = False
    menu: list[MenuEntry] = field(default_factory=list)  # legal moves when it is their turn
    version: int = 0  # the table version the menu belongs to (menus are version-checked)
    can_undo: bool = False  # they may take back their last move now (the menu offers Undo)
    replaced: bool = False  # a computer plays for this person now (they may press I'm back)
    hints: bool = False  # they may ask for a hint now (the menu offers Hint)
    language: str = "en"  # what text, image and menu labels are written in: the reader's

    @property
    def offers(self) -> MenuOffers:
        """What the first level of their menu offers besides the moves."""
        return MenuOffers(can_undo=self.can_undo, hints=self.hints)

    @property
    def image_png(self) -> bytes | None:
        """Their hand as PNG, drawn now if nobody asked before (in a worker thread, for a note
        to show: the service draws those of people to move before they leave it)."""
        return self.hand()


@dataclass(frozen=True)
class Outcome:
    """The result of a command that changes a table (start, move, computer moves)."""

    table: TableInfo
    post: PublicPost | None
    notes: list[PrivateNote] = field(default_factory=list)
    applied: list[str] = field(default_factory=list)  # the move texts applied, in order
    computers_next: bool = False  # computers still to move: call PlayService.computers_move
    actor: int | None = None  # the person whose move or undo this was (PlayService); None: none
    first: bool = False  # a game's first post (Start): the table's stored post is its lobby's
    said: Any = None  # what the actor did, as they read it ("You played `x`."): a Text, or None


@dataclass(frozen=True)
class Vacation:
    """A person's vacation on one server as /vacation answers it
    (:mod:`bot.service.rules.vacation`)."""

    allowance: int  # days a calendar year on this server
    days_left: int  # of this year's allowance (a running vacation holds the days asked for)
    away_until: float | None  # when the running vacation ends (None: not away)
    refusing: list[TableInfo] = field(default_factory=list)  # their slow tables refusing it
    posts: list[Outcome] = field(default_factory=list)  # fresh posts where it is their turn
    back: bool = False  # this answer ended their vacation early


@dataclass(frozen=True)
class TournamentPlace:
    """One player of a tournament as its post lists them (:mod:`bot.service.tournaments`)."""

    user_id: int
    name: str
    withdrawn: bool = False


@dataclass(frozen=True)
class RoundTable:
    """One table of a tournament's round: its number (from 1), its seats in seat order (user
    ids, None for a computer) and their names (a computer's a Text, "Computer 1 (medium)"), the
    thread it plays in (None until opened), and once it ended each seat's place and who lost
    it on time."""

    round: int
    table: int
    seats: tuple[int | None, ...]
    names: tuple[str, ...]
    channel_id: int | None = None
    ended: bool = False
    places: tuple[int, ...] | None = None
    forfeits: tuple[int, ...] = ()


@dataclass(frozen=True)
class StandingLine(Standing):
    """One line of a tournament's standings (:class:`~.rules.tournament_model.Standing`: the
    player is their user id) with the name they signed up with."""

    name: str = ""


@dataclass(frozen=True)
class TournamentInfo:
    """A tournament as its post and ``/tournament show`` show it. ``status``: signup, running,
    finished or cancelled; ``rounds``: as asked (None: the default) until the start fixes it;
    ``round``: the current one (0 before the start); ``tables`` and ``byes``: the current
    round's; ``standings`` from every table ended, ``tiebreaks`` naming their tie-break
    columns (English, gettext-marked: translate them); ``podium``: the places 1 to 3 once
    finished. Times are epoch seconds; ``game_name``, the sentences and the tie-break names
    are Texts (equal to their English)."""

    id: int
    guild_id: int
    channel_id: int
    owner_id: int
    owner_name: str
    game_id: str
    game_name: str
    options: dict[str, Any]
    option_texts: list[tuple[str, str]]
    format: str
    seats: int
    rounds: int | None
    round: int
    status: str
    speed: str
    start_at: float | None
    rated: bool
    fill: str
    round_deadline: float | None = None
    round_seconds: float | None = None
    post_channel_id: int | None = None
    post_message_id: int | None = None
    event_id: int | None = None
    created_at: float = 0.0
    ended_at: float | None = None
    players: tuple[TournamentPlace, ...] = ()
    tables: tuple[RoundTable, ...] = ()
    byes: tuple[int, ...] = ()
    standings: tuple[StandingLine, ...] = ()
    tiebreaks: tuple[str, ...] = ()
    podium: tuple[StandingLine, ...] = ()

    def name_of(self, user_id: int) -> str:
        """A player's name as they signed up ("?" for someone not in it)."""
        return next((p.name for p in self.players if p.user_id == user_id), "?")

    @property
    def active(self) -> tuple[TournamentPlace, ...]:
        """The players still in (not withdrawn)."""
        return tuple(p for p in self.players if not p.withdrawn)


@dataclass(frozen=True)
class TableToOpen:
    """A paired table without its thread yet: the adapter makes the thread ("Round 2 ·
    Table 3") and calls :meth:`bot.service.tournaments.Tournaments.open_table`."""

    tournament_id: int
    round: int
    table: int
    seats: tuple[int | None, ...]
    names: tuple[str, ...]
    guild_id: int
    channel_id: int  # where the tournament was created (the tournament post's channel)
    post_channel_id: int | None = None
