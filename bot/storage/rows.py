"""The values rows are read into and written from: plain frozen dataclasses, imported by the
host and the adapter as well as by the storage. Nothing else of bot is imported here.

A class that maps to one database table says so field by field (``metadata``), so its
columns are listed once, here: :mod:`bot.storage.columns` derives from these fields the column
lists of every statement (the SELECT, the INSERT, a move's UPDATE, PostgreSQL's one-statement
move). Adding a column to ``tables`` is a field of :class:`TableRow` and a migration
(:mod:`bot.storage.schema`); a field marked :data:`BESIDE` is never stored.

Field metadata (merged with ``|``): ``codec`` how a value is stored (:data:`JSON` text, …;
plain otherwise), ``written`` when a :class:`TableRow` column is written (:data:`KEY`: numbered
by the database; :data:`CREATED`: when the table is created, never again; :data:`POST`: by
``set_post`` only; otherwise when created and by every move), ``stored`` False for what is
read or kept beside a row.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

JSON = MappingProxyType({"codec": "json"})
"""Stored as JSON text (NULL for None)."""
JSON_OBJECT = MappingProxyType({"codec": "json_object"})
"""Stored as JSON text; NULL reads as an empty dict."""
LINES = MappingProxyType({"codec": "lines"})
"""Move-log lines: JSON of games.text.dump, read back with games.text.load."""
FLAG = MappingProxyType({"codec": "flag"})
"""A bool stored as 0 or 1."""
BANKS = MappingProxyType({"codec": "banks"})
"""seat -> seconds, stored as a JSON object (its keys are text)."""
KEY = MappingProxyType({"written": "key"})
CREATED = MappingProxyType({"written": "created"})
POST = MappingProxyType({"written": "post"})
BESIDE = MappingProxyType({"stored": False})


@dataclass(frozen=True)
class ClockRow:
    """One table's turn clock (a ``clocks`` row). ``banks``: seat -> seconds in that seat's bank
    when its last turn began (the timed seat's turn ends at ``started + banks[seat]``, which is
    ``deadline``)."""

    table_id: int
    channel_id: int
    version: int
    seat: int | None = None
    started: float = 0.0
    deadline: float | None = None
    remind_at: float | None = None
    expired: bool = field(default=False, metadata=FLAG)
    banks: dict[int, float] = field(default_factory=dict, metadata=BANKS)
    held_until: float | None = None  # the timed person is away (vacation) until then

    @property
    def due(self) -> float | None:
        """The next moment the scheduler has to act for this table, if any (stored too: the
        scheduler sleeps on it)."""
        if self.seat is None or self.expired:
            return None
        if self.held_until is not None:  # its person comes back (before any reminder): a post
            return self.held_until
        return self.remind_at if self.remind_at is not None else self.deadline


@dataclass(frozen=True)
class ClockAt:
    """A table's clock as stored when the table was at ``version`` (None: it had none): read in
    the statement that read the table, or written in the transaction that stored it. The host
    trusts it only while the table is still at that version
    (:func:`bot.service.clock.clock_of`)."""

    version: int
    clock: ClockRow | None


@dataclass(frozen=True)
class MoveEntry:
    """One applied move (a ``move_log`` row), appended in the transaction that stores its state.

    An undo is an entry too: ``undoes`` names the version of the move it took back (the moves
    in force leave both out). ``barrier`` says why a move cannot be taken back (None: it may);
    ``before`` is the state before a move that may, read only for undo."""

    version: int
    seat: int
    move: str
    user_id: int | None
    lines: list[str] = field(metadata=LINES)  # Text lines (games.text); old rows plain strings
    undoes: int | None = None
    barrier: str | None = None
    before: dict[str, Any] | None = field(default=None, metadata=JSON)


@dataclass(frozen=True)
class TableRow:
    """An active table as stored (a ``tables`` row). Seats are dicts ``{seat, user_id, name,
    bot_level}``."""

    channel_id: int = field(metadata=CREATED)
    guild_id: int | None = field(metadata=CREATED)
    game_id: str = field(metadata=CREATED)
    options: dict[str, Any] = field(metadata=JSON)
    status: str
    host_id: int
    seats: list[dict[str, Any]] = field(metadata=JSON)
    seed: int = field(metadata=CREATED)
    state: dict[str, Any] | None = field(default=None, metadata=JSON)
    version: int = 1
    post_message_id: int | None = field(default=None, metadata=POST)
    post_version: int | None = field(default=None, metadata=POST)
    id: int | None = field(default=None, metadata=KEY)
    # {"options", "setup"} of the finished record; at a table with hints on (from its lobby on),
    # also "hints": the hint marks (bot.service.rules.hints)
    record_head: dict[str, Any] | None = field(default=None, metadata=JSON)
    speed: str | None = None  # the table speed (turn clock): live, daily, off
    created_at: float = field(default_factory=time.time, metadata=CREATED)
    # The channel holding the lobby post (then the summary) of a table that plays, or will play,
    # in a thread made from that post (channel_id is the post's id, then the thread's); None: the
    # table plays in channel_id itself (channel mode, and every table stored before threads).
    parent_id: int | None = field(default=None, metadata=CREATED)
    # Who can post the table: "bot" (a server that added the bot) or "interactions" (a DM, a
    # group DM, a server with Tablée only as someone's app: interaction responses only).
    reach: str = field(default="bot", metadata=CREATED)
    # Beside the row (never stored with it, never compared): what the host read or wrote
    # together with it, so a move needs no other trip for them. ``clock_at``: the clock at a
    # version (trusted while the row is still at it); ``server_language``: the guild's
    # (chosen language, seen locale) read with the row; ``last_move``: the log entry that
    # made this version, when this process stored it (trusted while ``version`` matches).
    clock_at: ClockAt | None = field(default=None, compare=False, repr=False, metadata=BESIDE)
    server_language: tuple[str | None, str | None] | None = field(
        default=None, compare=False, repr=False, metadata=BESIDE)
    last_move: MoveEntry | None = field(default=None, compare=False, repr=False,
                                        metadata=BESIDE)


@dataclass(frozen=True)
class Ending:
    """What a table leaves behind when it closes: the history row and per-seat results."""

    status: str  # "finished" | "abandoned"
    record: dict[str, Any]
    result: dict[str, Any] | None
    outcomes: list[tuple[int, int | None, str, float]]  # (seat, user_id, "win"/"loss", score)
    lobby: dict[str, Any] | None = None  # {"options", "settings"} as the lobby had them (rematch)


@dataclass(frozen=True)
class FinishedGame:
    """A finished game as /history lists it (a ``games`` row)."""

    id: int  # the id its table had (also the game's number people type)
    channel_id: int
    guild_id: int | None
    game_id: str
    seats: list[dict[str, Any]] = field(metadata=JSON)
    result: dict[str, Any] = field(metadata=JSON_OBJECT)
    started_at: float
    ended_at: float
    post_message_id: int | None  # the final table post, when it was sent and remembered


@dataclass(frozen=True)
class PostedGames:
    """The stored games a message of a conversation may show (``games`` rows' id and status;
    :meth:`bot.storage.history.History.posted_games`): the game whose final post it is, the
    newest game of the thread it is the summary of (a thread takes its first message's id),
    and the newest game of the conversation that started before the message was sent."""

    final: tuple[int, str] | None
    summarised: tuple[int, str] | None
    earlier: tuple[int, str] | None


def shown(mu: float, sigma: float) -> int:
    """A rating's friendly number: 1000 for a newcomer (ordinal 0), 40 points per ordinal
    point."""
    return round(1000 + 40 * (mu - 3 * sigma))


@dataclass
class Rating:
    """One identity's standing in one game on one server (a ``ratings`` row)."""

    mu: float
    sigma: float
    games: int = 0
    wins: int = 0

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)


@dataclass(frozen=True)
class Standing:
    """One rated identity as a leaderboard shows it."""

    rank: int  # 1 + how many have a strictly better ordinal
    game_id: str
    player: str  # "u:<user id>" | "c:<level>"
    rating: Rating
    of: int = 0  # how many are rated in that game on that server

    @property
    def user_id(self) -> int | None:
        return int(self.player[2:]) if self.player.startswith("u:") else None

    @property
    def level(self) -> str | None:
        """The computer level ("hard") of a computer identity."""
        return self.player[2:] if self.player.startswith("c:") else None


@dataclass(frozen=True)
class Finished:
    """What rating needs of one finished game (a ``games`` row)."""

    game_row: int
    game_id: str
    seats: list[dict[str, Any]]
    options: dict[str, Any]
    result: dict[str, Any]
    moves: list[int] = field(default_factory=list)  # the seat of each move of the record
    # its record says it is left out (hints were on: bot.service.rules.hints; an unrated
    # tournament's table: bot.service.rules.tournament)
    unrated: bool = False


HOWS = ("mention", "dm", "both", "none")
"""How "your turn" reaches a person: a mention in the table post, a DM, both, or nothing."""
NEVER = -1
"""``NotifyPrefs.live_after``: a live table never DMs that person."""
SLOWS = ("now", "digest")
"""A slow table's turn DM: at once, or in one digest DM a day."""


@dataclass(frozen=True)
class NotifyPrefs:
    """What one person chose for their notifications (a ``notify_prefs`` row; the rules:
    :mod:`bot.service.rules.notify`). Quiet hours run from ``quiet_from`` to ``quiet_to``,
    minutes after local midnight in ``zone`` (they may cross midnight; None: no quiet hours)."""

    how: str = "mention"
    live_after: int = 60  # seconds a live table's DM waits for them to act; NEVER: no DM
    slow: str = "now"
    digest_hour: int = 18  # local hour of the daily digest
    zone: str = "UTC"
    quiet_from: int | None = None
    quiet_to: int | None = None

    @property
    def mentions(self) -> bool:
        """The table post mentions them when their turn starts (outside quiet hours)."""
        return self.how in ("mention", "both")

    @property
    def dms(self) -> bool:
        """Their turn is told by DM (when and how: live_after, slow)."""
        return self.how in ("dm", "both")

    @property
    def quiet(self) -> bool:
        """They set quiet hours."""
        return (self.quiet_from is not None and self.quiet_to is not None
                and self.quiet_from != self.quiet_to)



@dataclass(frozen=True)
class HeldTurn:
    """A "your turn" held back by quiet hours or gathered for a daily digest (a ``held_turns``
    row): told at ``due`` in the person's waiting-list DM, unless the turn is over first."""

    user_id: int
    channel_id: int  # the table (its channel or thread)
    guild_id: int | None
    game_id: str
    post_id: int | None  # the table post of that turn
    since: float  # when the turn began
    due: float


@dataclass(frozen=True)
class Waiting:
    """One table a waiting-list DM lists: its post to link to, and whether that turn is over."""

    channel_id: int
    guild_id: int | None
    game_id: str
    post_id: int | None
    over: bool = False


@dataclass(frozen=True)
class WaitingDm:
    """A person's one DM listing the tables waiting for them (a ``waiting_dms`` row)."""

    user_id: int
    channel_id: int  # the DM channel
    message_id: int
    tables: tuple[Waiting, ...]


@dataclass(frozen=True)
class TournamentRow:
    """A tournament (a ``tournaments`` row; the service: :mod:`bot.service.tournaments`)."""

    id: int | None = field(default=None, metadata=KEY)
    guild_id: int = 0
    channel_id: int = 0  # where /tournament create ran
    post_channel_id: int | None = None
    post_message_id: int | None = None
    event_id: int | None = None
    owner_id: int = 0
    owner_name: str = ""
    game_id: str = ""
    options: dict[str, Any] = field(default_factory=dict, metadata=JSON_OBJECT)
    format: str = "swiss"
    seats: int = 2
    rounds: int | None = None  # as asked until the start fixes it
    speed: str = "live"
    start_at: float | None = None
    round_seconds: float | None = None  # a slow round's length
    rated: bool = field(default=True, metadata=FLAG)
    fill: str = "bye"
    status: str = "signup"  # signup, running, finished, cancelled
    round: int = 0  # the current round, 0 before the start
    round_deadline: float | None = None
    created_at: float = 0.0
    ended_at: float | None = None
    language: str | None = None


@dataclass(frozen=True)
class TournamentPlayer:
    """One player signed up to a tournament (a ``tournament_players`` row)."""

    tournament_id: int
    user_id: int
    name: str
    rating: float = 0.0  # the seeding strength (a rating's ordinal; 0: unrated)
    joined_at: float = 0.0
    withdrawn_after: int | None = None  # the last round they were paired in (None: still in)
    missed: int = 0  # games lost on time in a row


@dataclass(frozen=True)
class TournamentTable:
    """One table of one round as paired (a ``tournament_tables`` row); ``table_no`` 0 holds the
    round's byes. ``seats``: user ids, None for a computer; ``table_id`` the table's id, which
    its finished game keeps (``games.id``)."""

    tournament_id: int
    round: int
    table_no: int
    seats: list[int | None] = field(metadata=JSON)
    channel_id: int | None = None
    table_id: int | None = None
    places: list[int] | None = field(default=None, metadata=JSON)
    forfeits: list[int] | None = field(default=None, metadata=JSON)
