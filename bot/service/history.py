"""A server's finished games for /history and /replay: plain entries and files, no discord.py.

Entries come from what the store kept when each game ended (seats, result, record) and the
final table post remembered after it was sent. Replays are drawn by :mod:`render.replay` in a
worker thread, one at a time (a long game keeps a core busy for seconds), from public views
only, with the table's display names.
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any

import i18n
from games import UnknownGame, get_game
from games import analysis as estimates
from games.records import BadRecord
from games.text import say
from render import analysis as charts
from render import replay as replays

from .. import catalog
from ..storage.rows import FinishedGame
from .context import Context
from .errors import HostError, said
from .languages import Languages
from .rules import posted
from .rules.posts import with_names
from .rules.substitutes import history_name
from .rules.tables import names_of
from .rules.wording import named, shown

PAGE = 10  # games per /history page
CHOICES = 25  # autocomplete choices (Discord's limit)
SCANNED = 200  # newest games searched for what is typed in /replay's autocomplete
RECENT = 5  # a person's newest games their stats list


class NoSuchGame(HostError):
    """/replay of a game this server did not finish (unknown id, abandoned, another server)."""


class ReplayFailed(HostError):
    """A stored record that no longer replays (a rules change); says so instead of failing."""


@dataclass(frozen=True)
class PlayerLine:
    name: str  # unique at the table ("Alex #3" when two Alexes played); a computer: a Text
    score: float | int | None
    won: bool


@dataclass(frozen=True)
class HistoryEntry:
    game_row: int  # the number /replay takes
    game_id: str
    game_name: str
    guild_id: int | None
    channel_id: int
    post_message_id: int | None  # the final table post (None: never sent or not remembered)
    ended_at: float  # Unix time
    players: list[PlayerLine]  # in seat order


@dataclass(frozen=True)
class HistoryPage:
    entries: list[HistoryEntry]
    total: int  # games matching the filters
    offset: int
    limit: int

    @property
    def has_previous(self) -> bool:
        return self.offset > 0

    @property
    def has_next(self) -> bool:
        return self.offset + len(self.entries) < self.total


@dataclass(frozen=True)
class ReplayFiles:
    """The animated replay and the record it was drawn from, ready to attach."""

    game_row: int
    game_name: str
    image: bytes
    image_name: str  # "tablee-42-some-game.gif"
    record: bytes  # the JSON ``python -m games replay`` reads
    record_name: str
    frames: int
    turns: int
    turns_per_frame: int
    captions: tuple[tuple[str, ...], ...] = ()  # each frame's caption lines, as drawn (names in)


def game_name(game_id: str) -> str:
    try:
        return get_game(game_id).name
    except UnknownGame:  # a game no longer installed: its id still tells it
        return game_id


def entry(game: FinishedGame) -> HistoryEntry:
    by_seat = names_of(game.seats)
    scores = game.result.get("scores") or []
    winners = set(game.result.get("winners") or [])
    players = [
        PlayerLine(history_name(s, by_seat[int(s["seat"])]),
                   scores[int(s["seat"]) - 1] if int(s["seat"]) <= len(scores) else None,
                   int(s["seat"]) in winners)
        for s in game.seats
    ]
    return HistoryEntry(game.id, game.game_id, game_name(game.game_id), game.guild_id,
                        game.channel_id, game.post_message_id, game.ended_at, players)


def won_by(game: FinishedGame, user_id: int) -> bool:
    """Whether ``user_id`` won ``game`` (one of its winning seats is theirs)."""
    winners = set(game.result.get("winners") or [])
    return any(s.get("user_id") == user_id and int(s["seat"]) in winners for s in game.seats)


def choice_label(item: HistoryEntry) -> str:
    """"#42 · Some Game · Alice, Bob, Computer 3 · 2026-11-26" (UTC date)."""
    day = time.strftime("%Y-%m-%d", time.gmtime(item.ended_at))
    players = ", ".join(shown(p.name) for p in item.players)  # in the current language
    return f"#{item.game_row} · {item.game_name} · {players} · {day}"


def replay_files(game: FinishedGame, record: dict[str, Any], code: str = i18n.DEFAULT,
                 analysed: dict[str, Any] | None = None) -> ReplayFiles:
    """Draw the replay, captions and images in language ``code`` (blocking: run it in a
    thread); ``analysed``: the game's stored analysis, whose chart is the last frame."""
    by_seat = names_of(game.seats)
    try:
        with i18n.language(code):
            final = None if analysed is None else charts.chart(
                [shown(by_seat[s]) for s in range(1, analysed["players"] + 1)],
                [t["chances"] for t in analysed["turns"]])
            made = replays.build(record, catalog.board_drawer,
                                 dress_view=lambda view: with_names(by_seat, view),
                                 dress_line=lambda text: named(text, by_seat), final_frame=final)
    except BadRecord as exc:
        raise ReplayFailed(say("Game #{n} can't be replayed any more: {reason}", n=game.id,
                               reason=said(exc))) from None
    stem = f"tablee-{game.id}-{game.game_id}"
    return ReplayFiles(
        game.id, game_name(game.game_id), made.data, f"{stem}.{made.format}",
        (json.dumps(record, indent=1, ensure_ascii=False) + "\n").encode("utf-8"),
        f"{stem}.json", made.frames, made.turns, made.turns_per_frame, made.captions,
    )


class History:
    """/history and /replay."""

    def __init__(self, ctx: Context, languages: Languages) -> None:
        self._store = ctx.store
        self._languages = languages
        self._replay_slot = asyncio.Semaphore(1)  # one replay drawn at a time

    async def history(
        self, guild_id: int | None, *, game_id: str | None = None, user_id: int | None = None,
        limit: int = PAGE, offset: int = 0,
    ) -> HistoryPage:
        """The server's finished games, newest first, one page; ``game_id`` / ``user_id``
        keep one game's / one player's."""
        games, total = await self._store.history.finished_games(
            guild_id, game_id=game_id, user_id=user_id, limit=limit, offset=max(0, offset))
        return HistoryPage([entry(g) for g in games], total, max(0, offset), limit)

    async def recent_games(self, guild_id: int | None, user_id: int, limit: int = RECENT
                           ) -> list[tuple[HistoryEntry, bool]]:
        """A person's newest finished games of this server (``guild_id`` None: of no server),
        each with whether they won it (a shared win is a win)."""
        games, _total = await self._store.history.finished_games(guild_id, user_id=user_id,
                                                                 limit=limit)
        return [(entry(g), won_by(g, user_id)) for g in games]

    async def replay_choices(
        self, guild_id: int | None, typed: str, *, language: str | None = None
    ) -> list[tuple[int, str]]:
        """(game number, label) of the newest finished games whose label holds ``typed``;
        computers named in ``language`` (the user's locale; None: the current language)."""
        games, _total = await self._store.history.finished_games(guild_id, limit=SCANNED)
        needle = typed.strip().lower().lstrip("#")
        with i18n.language(language or i18n.current()):
            labels = [(g.id, choice_label(entry(g))) for g in games]
        return [(n, label) for n, label in labels if needle in label.lower()][:CHOICES]

    async def finished_entry(self, guild_id: int | None, game_row: int,
                             here: int | None = None) -> HistoryEntry:
        """A game this server finished, as /history lists it; NoSuchGame otherwise (quick:
        the adapter checks before it starts a replay). Outside servers (``guild_id`` None) with
        ``here``, only a game played in that conversation: a number on a button (Analysis)
        reaches no other DM's game."""
        game = (await self._finished(guild_id, game_row))[0]
        if guild_id is None and here is not None and game.channel_id != here:
            raise NoSuchGame(say("That game was not played in this conversation."))
        return entry(game)

    async def posted_game(self, guild_id: int | None, channel_id: int, message_id: int,
                          sent_at: float) -> HistoryEntry:
        """The finished game a message of the bot's shows (``channel_id``: where the message is,
        ``sent_at``: when it was sent, Unix time), by :mod:`bot.service.rules.posted`'s rule;
        its sentence when none is (another message, a game not over, an abandoned one)."""
        found = await self._store.history.posted_games(guild_id, channel_id, message_id,
                                                       sent_at + posted.SLACK)
        thread_table = await self._store.tables.get_table(message_id)
        table_here = await self._store.tables.get_table(channel_id)
        return await self.finished_entry(
            guild_id, posted.game_of(found, thread_table, table_here, sent_at))

    async def finished_record(
        self, guild_id: int | None, game_row: int
    ) -> tuple[FinishedGame, dict[str, Any]]:
        """A game this server finished and its record; NoSuchGame otherwise."""
        return await self._finished(guild_id, game_row)

    async def _finished(
        self, guild_id: int | None, game_row: int
    ) -> tuple[FinishedGame, dict[str, Any]]:
        found = await self._store.history.finished_game(guild_id, game_row)
        if found is None:
            raise NoSuchGame(say(
                "There is no finished game #{n} in this server: /history lists them.", n=game_row))
        return found

    async def replay(
        self, guild_id: int | None, game_row: int, *, language: str | None = None
    ) -> ReplayFiles:
        """The animated replay and the record of a game this server finished; NoSuchGame
        otherwise. Drawn in a worker thread, one replay at a time, its captions in
        ``language`` (None: the server's language)."""
        found = await self._finished(guild_id, game_row)
        code = (i18n.language_of(language) if language
                else await self._languages.guild_code(guild_id))
        analysed = await self._store.analyses.get(game_row, estimates.VERSION)
        async with self._replay_slot:
            return await asyncio.to_thread(replay_files, *found, code, analysed)
