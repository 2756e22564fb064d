"""A tournament's own rules, as pure functions (the service: :mod:`bot.service.tournaments`;
pairing and standings: :mod:`.pairing`, :mod:`.standings`; the values: :mod:`.tournament_model`).

* **Settings.** Seats per table within the game's player range (and 2 to 6); a number of rounds
  for a Swiss (1 to :data:`MAX_ROUNDS`; round robin and knock-out take theirs from the players);
  a speed with a clock (live, or daily: a slow tournament, whose rounds last ``round_days``);
  a start time in the future (or none: the organiser starts it); computer seats only for a game
  with computer players.
* **A tournament table** is an ordinary table started at once with every seat filled (computer
  seats at :data:`LEVEL`), the tournament's options and speed, vacation refused (the round's
  pace is the tournament's), no hints. Its record head carries :data:`MARK` (the tournament, round
  and table), kept in its finished record, and :data:`~bot.storage.skill.LEFT_OUT` when the
  tournament is not rated, so ratings (live and rebuilt) leave the game out.
* **The forfeit** (instead of Skip / Computer plays for): a seat whose time runs out, or whose
  person leaves, loses the game on time and the table ends at once: at two seats the other wins;
  at more, the seat that forfeited is last and the others are placed by their score at that
  moment. A slow round's deadline ends its unfinished tables the same way, nobody forfeiting.
  The result (:func:`ended_result`) says who forfeited (``forfeits``), which ratings read too.
* **Places** of an ended game (:func:`places`): the winners first, then whoever did not forfeit,
  then by score; equal seats share the best of their places. A game ended without a result (an
  organiser's /abandon) is a draw: every seat shares place 1.
* **Missed games**: a forfeit is a missed game; a game played to its end (or decided by the
  deadline) clears the count; two in a row withdraw the player after that round. A bye changes
  nothing.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from games import BadOptions, Game, echo
from games.text import N_, say, say_n

from ...config import SPEEDS
from ...storage.rows import TableRow, TournamentPlayer, TournamentRow, TournamentTable
from ...storage.skill import LEFT_OUT
from .. import errors
from ..results import RoundTable, StandingLine, TableToOpen, TournamentInfo, TournamentPlace
from . import settings, vacation
from .standings import standings, tiebreak_names
from .tournament_model import BYE, COMPUTER, FILLS, FORMATS, SWISS, Entrant, Pairing, Played
from .wording import FORMER_PLAYER, seat_name

MARK = "tournament"
"""Record-head (and record) key of a tournament's table: {"id", "round", "table"}."""
LEVEL = "medium"
"""The level of the computer seats filling a tournament's tables."""
SEATS = (2, 6)
MAX_ROUNDS = 20
SPEED_CHOICES = ("live", "daily")
"""The speeds a tournament may have (of :data:`bot.config.SPEEDS`: a tournament needs a
clock)."""
SLOW = "daily"
DAY = 86400.0
ROUND_DAYS = (1, 30)
DEFAULT_ROUND_DAYS = 7
START_WITHIN = 90 * DAY
"""How far ahead a start time may be."""
MISSED_OUT = 2
"""Missed games in a row that withdraw a player."""
TIME_UP = N_("time ran out")
"""The reason of a result ended on time (the status line: "Game over: Ann wins — time ran
out")."""
ROUND_OVER = N_("the round's time ran out")

FORMAT_NAMES = {"swiss": N_("Swiss"), "round_robin": N_("round robin"),
                "knockout": N_("knock-out")}
FILL_NAMES = {BYE: N_("a bye"), COMPUTER: N_("a computer seat")}
STATUS_NAMES = {"signup": N_("sign-up open"), "running": N_("under way"),
                "finished": N_("finished"), "cancelled": N_("cancelled")}

NOT_OPEN = N_("This tournament is no longer taking players.")
NOT_IN = N_("You are not signed up for this tournament.")
ALREADY_IN = N_("You are already signed up for this tournament.")
OVER = N_("This tournament is over.")
STARTED = N_("This tournament has already started.")
TABLE_GONE = N_("That tournament table is not waiting to open: it opened already, or its "
                "round is over.")
LEFT_TABLE = N_("{player} left the tournament table and loses the game.")
TIMED_OUT = N_("⌛ {player}'s time is up: they lose the game on time.")
DEADLINE = N_("⌛ The round's time is up: the game ends here, placed by the scores.")
NO_REMATCH = N_("A tournament game has no rematch: the tournament pairs the next round.")
NO_TAKEOVER = N_("At a tournament table a computer never plays for a person: a player whose "
                 "time runs out loses the game.")


# -- settings -------------------------------------------------------------------------------------
def check_settings(game: Game, options: Mapping[str, Any], fmt: str, rounds: int | None,
                   seats: int, speed: str, start_at: float | None, fill: str,
                   round_days: int | None, now: float) -> None:
    """Refuse any setting a tournament cannot run with (a sentence saying which and why)."""
    if fmt not in FORMATS:
        raise errors.BadTableOptions(say("There is no tournament format '{value}': choose Swiss, "
                                         "round robin or knock-out.", value=echo(fmt)))
    settings.check_options(game, options)
    low, high = game.player_range(options)
    low, high = max(low, SEATS[0]), min(high, SEATS[1])
    if not low <= seats <= high:
        raise errors.BadTableOptions(say(
            "{game} tournament tables seat {low} to {high} players, not {seats}.",
            game=game.name, low=low, high=high, seats=seats) if low < high else say(
            "{game} tournament tables seat {low} players, not {seats}.", game=game.name,
            low=low, seats=seats))
    try:
        game.normalize_options(seats, options)
    except BadOptions as exc:
        raise errors.BadTableOptions(errors.said(exc)) from None
    if fmt == SWISS and rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        raise errors.BadTableOptions(say("A Swiss tournament has 1 to {most} rounds, not "
                                         "{rounds}.", most=MAX_ROUNDS, rounds=rounds))
    if speed not in SPEED_CHOICES or speed not in SPEEDS:
        raise errors.BadTableOptions(say("A tournament plays live or slow (daily), with a clock: "
                                         "not '{value}'.", value=echo(speed)))
    if round_days is not None and not ROUND_DAYS[0] <= round_days <= ROUND_DAYS[1]:
        raise errors.BadTableOptions(say("A slow round lasts {low} to {high} days, not {days}.",
                                         low=ROUND_DAYS[0], high=ROUND_DAYS[1], days=round_days))
    if start_at is not None and start_at <= now:
        raise errors.BadTableOptions(say("The start time has passed: choose a time to come."))
    if start_at is not None and start_at > now + START_WITHIN:
        raise errors.BadTableOptions(say(
            "The start time is too far ahead: at most {days} days from now.",
            days=int(START_WITHIN // DAY)))
    if fill not in FILLS:
        raise errors.BadTableOptions(say("An incomplete table is filled with a bye or a computer "
                                         "seat, not '{value}'.", value=echo(fill)))
    if fill == COMPUTER and not game.bots:
        raise errors.BadTableOptions(say("{game} has no computer players: fill incomplete "
                                         "tables with byes.", game=game.name))


def round_seconds(speed: str, round_days: int | None) -> float | None:
    """A slow round's length (None: a live tournament's rounds end with their last table)."""
    if speed != SLOW:
        return None
    return (round_days or DEFAULT_ROUND_DAYS) * DAY


def check_manage(t: TournamentRow, user_id: int | None, is_admin: bool, refusal: str) -> None:
    """The organiser or a server admin only (``user_id`` None: the bot itself, at the start
    time). ``refusal``: a template with ``{owner}``."""
    if user_id is not None and user_id != t.owner_id and not is_admin:
        raise errors.NotOwner(say(refusal, owner=t.owner_name))


def check_not_over(t: TournamentRow) -> None:
    if t.status not in ("signup", "running"):
        raise errors.WrongPhase(say(OVER))


def check_join(t: TournamentRow, players: Sequence[TournamentPlayer], user_id: int) -> None:
    """A tournament past its sign-up takes nobody, whoever asks (one signed up too: it started,
    or it was cancelled); then nobody signs up twice."""
    if t.status != "signup":
        raise errors.WrongPhase(say(NOT_OPEN))
    if any(p.user_id == user_id for p in players):
        raise errors.AlreadySeated(say(ALREADY_IN))


def fewest(seats: int, fill: str) -> int:
    """The fewest players a tournament starts with: one full table when byes fill, two people
    when computers do."""
    return seats if fill == BYE else 2


def too_few(t: TournamentRow, count: int) -> str | None:
    """Why the tournament cannot start with ``count`` players (None: it can)."""
    need = fewest(t.seats, t.fill)
    if count >= need:
        return None
    return say_n("The tournament needs at least {need} players; {n} signed up.",
                 "The tournament needs at least {need} players; {n} signed up.", count,
                 need=need)


# -- the values pairing and standings take --------------------------------------------------------
def entrants(players: Sequence[TournamentPlayer]) -> list[Entrant]:
    return [Entrant(p.user_id, p.rating, p.withdrawn_after) for p in players]


def played(tables: Sequence[TournamentTable]) -> list[Played]:
    """Every table as the pairing and the standings read them (a round's byes one each)."""
    out: list[Played] = []
    for t in tables:
        if t.table_no == 0:
            out += [Played(t.round, 0, (p,)) for p in t.seats if p is not None]
        else:
            out.append(Played(t.round, t.table_no, tuple(t.seats),
                              None if t.places is None else tuple(t.places),
                              tuple(t.forfeits or ())))
    return out


def paired_tables(tournament_id: int, pairing: Pairing) -> list[TournamentTable]:
    """A round as stored: its tables from 1, then its byes as table 0 (if any)."""
    out = [TournamentTable(tournament_id, pairing.round, number, list(seats))
           for number, seats in enumerate(pairing.tables, 1)]
    if pairing.byes:
        out.append(TournamentTable(tournament_id, pairing.round, 0, list(pairing.byes)))
    return out


def round_over(tables: Sequence[TournamentTable]) -> bool:
    """Every table of the round has its places (byes need none)."""
    return all(t.places is not None for t in tables if t.table_no != 0)


# -- a tournament table ---------------------------------------------------------------------------
def table_seats(seats: Sequence[int | None], names: Mapping[int, str]) -> list[dict[str, Any]]:
    """The seats of a tournament table: people by id and name, computers at :data:`LEVEL`."""
    out: list[dict[str, Any]] = []
    computers = 0
    for number, user in enumerate(seats, 1):
        if user is None:
            computers += 1  # named as a lobby names them (bot.service.rules.lobby.computer_name)
            out.append({"seat": number, "user_id": None,
                        "name": f"Computer {computers} ({LEVEL})", "bot_level": LEVEL})
        else:
            out.append({"seat": number, "user_id": user, "name": names.get(user, "?"),
                        "bot_level": None})
    return out


def marked_head(head: dict[str, Any], t: TournamentRow, round_no: int, table_no: int
                ) -> dict[str, Any]:
    """The record head of a tournament table: ``head`` with the tournament's mark, unrated
    when the tournament is, vacation refused."""
    assert t.id is not None
    out = {**head, MARK: {"id": t.id, "round": round_no, "table": table_no}}
    if not t.rated:
        out[LEFT_OUT] = True
    return vacation.lobby_head(out, False) or out


def tournament_of(row: TableRow) -> tuple[int, int, int] | None:
    """(tournament, round, table) of a tournament's table; None for any other table."""
    mark = (row.record_head or {}).get(MARK)
    if not isinstance(mark, dict):
        return None
    return int(mark["id"]), int(mark["round"]), int(mark["table"])


def in_record(head: Mapping[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """The finished ``record`` with the tournament's mark and its unrated mark, if any."""
    for key in (MARK, LEFT_OUT):
        if key in head:
            record[key] = head[key]
    return record


# -- the end of a table -----------------------------------------------------------------------------
def ended_result(scores: Sequence[float], forfeits: Sequence[int], reason: str
                 ) -> dict[str, Any]:
    """The result (as :meth:`games.Result.to_json`, with ``forfeits``: the seats that lost on
    time) of a table ended before its game did: the winners are the best score among the seats
    that did not forfeit (at two seats: the other one)."""
    standing = [s for s in range(1, len(scores) + 1) if s not in forfeits]
    best = max((scores[s - 1] for s in standing), default=None)
    winners = [s for s in standing if scores[s - 1] == best]
    return {"finished": True, "scores": list(scores), "winners": winners, "reason": reason,
            "forfeits": sorted(forfeits)}


def places(result: Mapping[str, Any] | None, seats: int) -> tuple[int, ...]:
    """Each seat's place in an ended game (see the module: winners, then who did not forfeit,
    then the score; ties share the best place). No result: a draw."""
    if not result:
        return (1,) * seats
    winners = set(result.get("winners") or [])
    lost = set(result.get("forfeits") or [])
    scores = list(result.get("scores") or [0] * seats)
    keys = [(s not in winners, s in lost, -float(scores[s - 1])) for s in range(1, seats + 1)]
    return tuple(1 + sum(other < key for other in keys) for key in keys)


def ended_table(table: TournamentTable, status: str, result: str | None) -> TournamentTable:
    """``table`` with its places and forfeits read from its game (a ``games`` row's status and
    result JSON)."""
    found = json.loads(result) if status == "finished" and result else None
    forfeit_seats = (found or {}).get("forfeits") or []
    return replace(table, places=list(places(found, len(table.seats))),
                   forfeits=[table.seats[s - 1] for s in forfeit_seats
                             if table.seats[s - 1] is not None])


def counted(players: Sequence[TournamentPlayer], ended: Sequence[TournamentTable]
            ) -> list[TournamentPlayer]:
    """The players whose missed games change with the ``ended`` tables (see the module)."""
    by_id = {p.user_id: p for p in players}
    out = []
    for table in sorted(ended, key=lambda t: (t.round, t.table_no)):
        for user in table.seats:
            if user is None or user not in by_id:
                continue
            p = by_id[user]
            missed = p.missed + 1 if user in (table.forfeits or []) else 0
            withdrawn = p.withdrawn_after
            if missed >= MISSED_OUT and withdrawn is None:
                withdrawn = table.round
            by_id[user] = replace(p, missed=missed, withdrawn_after=withdrawn)
            out.append(by_id[user])
    return list({p.user_id: p for p in out}.values())


# -- what the post shows --------------------------------------------------------------------------
def _names(players: Sequence[TournamentPlayer]) -> dict[int, str]:
    """Each player's name ("a former player" for one forgotten: ``python -m bot forget-user``)."""
    return {p.user_id: p.name or say(FORMER_PLAYER) for p in players}


def _round_table(t: TournamentTable, names: Mapping[int, str]) -> RoundTable:
    seats = table_seats(t.seats, names)
    return RoundTable(t.round, t.table_no, tuple(t.seats), tuple(seat_name(s) for s in seats),
                      t.channel_id, t.places is not None,
                      None if t.places is None else tuple(t.places), tuple(t.forfeits or ()))


def tournament_info(game: Game, t: TournamentRow, players: Sequence[TournamentPlayer],
                    tables: Sequence[TournamentTable]) -> TournamentInfo:
    """Everything the tournament's post shows (standings from the tables ended)."""
    assert t.id is not None
    names = _names(players)
    done = [p for p in played(tables) if p.done]
    lines = [StandingLine(**vars(s), name=names.get(s.player, "?"))
             for s in standings(t.format, t.seats, entrants(players), done)] if players else []
    current = [x for x in tables if x.round == t.round]
    return TournamentInfo(
        id=t.id, guild_id=t.guild_id, channel_id=t.channel_id, owner_id=t.owner_id,
        owner_name=t.owner_name or say(FORMER_PLAYER), game_id=t.game_id, game_name=game.name,
        options=dict(t.options), option_texts=settings.option_texts(game, t.options),
        format=t.format, seats=t.seats, rounds=t.rounds, round=t.round, status=t.status,
        speed=t.speed, start_at=t.start_at, rated=t.rated, fill=t.fill,
        round_deadline=t.round_deadline, round_seconds=t.round_seconds,
        post_channel_id=t.post_channel_id, post_message_id=t.post_message_id,
        event_id=t.event_id, created_at=t.created_at, ended_at=t.ended_at,
        players=tuple(TournamentPlace(p.user_id, names[p.user_id],
                                      p.withdrawn_after is not None) for p in players),
        tables=tuple(_round_table(x, names) for x in current if x.table_no != 0),
        byes=tuple(p for x in current if x.table_no == 0 for p in x.seats if p is not None),
        standings=tuple(lines), tiebreaks=tiebreak_names(t.format, t.seats),
        podium=tuple(line for line in lines if line.place <= 3)
        if t.status == "finished" else ())


def to_open(t: TournamentRow, tables: Sequence[TournamentTable],
            players: Sequence[TournamentPlayer]) -> list[TableToOpen]:
    """The current round's tables paired but not opened yet (none unless under way)."""
    assert t.id is not None
    if t.status != "running":
        return []
    names = _names(players)
    out = []
    for x in tables:
        if x.round == t.round and x.table_no != 0 and x.channel_id is None and x.places is None:
            row = _round_table(x, names)
            out.append(TableToOpen(t.id, x.round, x.table_no, row.seats, row.names, t.guild_id,
                                   t.channel_id, t.post_channel_id))
    return out
