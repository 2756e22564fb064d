"""Substitutes, the rules (stored by :mod:`bot.service.absence`): someone who is not
playing takes a seat a computer plays because its person left or timed out.

Policies (the issue left them open):

* The table post offers **Take seat n (name)** for every person's seat a computer plays
  (``replaced``). Refused, in one sentence, to people already seated at the table (the replaced
  person included: they press **I'm back**), to bot accounts, for a computer player's own seat,
  and for a seat a person plays again.
* Pressing it posts a request in the table's channel; one **Accept** by any person still playing
  themselves (never the candidate) seats the substitute; one **Decline** ends the request. A
  request names the seat's replacement (``since``, the version a computer began to play it), so
  once the seat changed (its person came back, someone else took it) or the game ended, an
  answer gets one sentence saying so. Moves of the others in between do not matter.
* The substitute then owns the seat: their turn, their private hand (``view(state, seat)`` of
  that seat), the clock, Undo of their own moves. The replaced person does not get the seat back
  with **I'm back**: it is the substitute's now (they may watch, or take a seat a computer plays
  for someone else).
* The seat keeps who played it before (``before``: name, id and the version of the change); when
  the game ends the record lists each change (``substitutes``: seat, both names, the first move
  the new person played as ``move`` (an index into ``moves``) and ``turn`` (``move`` + 1)), and
  the finished seat's ``before`` entries get the same ``move``.
* Ratings (:mod:`bot.storage.skill`): the replaced person is not rated for that game; the
  substitute is rated only if they played at least half of the seat's moves (the seat's moves
  from the change on, against all the seat's moves in the record), and not if a computer later
  took over from them too; computers as before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.text import N_, Text, say

from ...storage.rows import MoveEntry, TableRow
from ...storage.skill import BEFORE, FROM_MOVE
from .. import errors
from .absence import SINCE, active_humans
from .tables import label, seat_of
from .wording import Name, seat_name

OWN_SEAT = N_("That is your own seat: press **I'm back** to play it again.")
ALREADY_SEATED = N_("You already have a seat at this table, so you can't take another one.")
NOT_A_PERSON = N_("Only people can take a seat, not bots.")
COMPUTER_SEAT = N_("That seat belongs to a computer player, so nobody can take it.")
NOT_OPEN = N_("A person plays that seat now, so it can't be taken.")
NOBODY_TO_ACCEPT = N_("Nobody is left playing at this table to accept you, so the seat can't "
                      "be taken.")
STALE = N_("That seat has changed since the request (its player came back or someone took it), "
           "so the request no longer applies.")
SEATED_SINCE = N_("They took another seat at this table since, so the request no longer applies.")
GAME_OVER = N_("That game is over, so the request no longer applies.")
NOT_A_PLAYER = N_("Only the people playing at this table can answer this request.")
TAKEN = N_("{player} accepted: {name} now plays seat {seat} in {before}'s place.")
TAKEN_BY = N_("{name} took your seat, so you can't come back to this game; you can still watch "
              "it.")
CHANGE = N_("{before} → {after} (from turn {turn})")


@dataclass(frozen=True)
class SeatRequest:
    """A request to take a seat, as the service checked it (the adapter posts it)."""

    channel_id: int
    table: int  # the table's id (a new game in the channel makes the request stale)
    seat: int
    since: int  # the version a computer began to play the seat
    user_id: int  # the candidate
    seat_label: Text  # "Bob (seat 2)"
    players: list[int]  # the people who may answer (still playing themselves)


def open_seat(row: TableRow, seat: int) -> dict[str, Any]:
    """The seat's entry if a substitute may ask for it now; else the refusal (HostError)."""
    if not 1 <= seat <= len(row.seats):
        raise errors.StaleVersion(say(STALE))
    entry = row.seats[seat - 1]
    if entry["user_id"] is None:
        raise errors.HostError(say(COMPUTER_SEAT))
    if not entry.get("replaced"):
        raise errors.HostError(say(NOT_OPEN))
    return entry


def check_candidate(row: TableRow, user_id: int, *, is_bot: bool) -> None:
    """Refusals for who asks: a bot, someone seated here (a replaced person too)."""
    if is_bot:
        raise errors.HostError(say(NOT_A_PERSON))
    if seat_of(row, user_id) is not None:
        raise errors.HostError(say(ALREADY_SEATED))


def request(row: TableRow, seat: int, user_id: int, *,
            is_bot: bool = False) -> SeatRequest:
    """The request ``user_id`` makes for ``seat`` (refusals: :func:`check_candidate`,
    :func:`open_seat`, nobody left to accept)."""
    if seat_of(row, user_id) == seat and row.seats[seat - 1].get("replaced"):
        raise errors.HostError(say(OWN_SEAT))
    check_candidate(row, user_id, is_bot=is_bot)
    entry = open_seat(row, seat)
    players = [int(s["user_id"]) for s in active_humans(row)]
    if not players:
        raise errors.HostError(say(NOBODY_TO_ACCEPT))
    assert row.id is not None
    return SeatRequest(row.channel_id, row.id, seat, int(entry.get(SINCE) or 0), user_id,
                       label(row, seat), players)


def check_answer(row: TableRow, user_id: int, table: int, seat: int, candidate: int,
                 since: int) -> None:
    """Refusals for an answer to a request: another game now, a presser who is not playing
    themselves, a seat that changed since (or a candidate seated meanwhile)."""
    if row.id != table:
        raise errors.StaleVersion(say(GAME_OVER))
    me = seat_of(row, user_id)
    if me is None or row.seats[me - 1].get("replaced") or user_id == candidate:
        raise errors.NotSeated(say(NOT_A_PLAYER))
    try:
        entry = open_seat(row, seat)
    except errors.HostError:
        raise errors.StaleVersion(say(STALE)) from None
    if int(entry.get(SINCE) or 0) != since:
        raise errors.StaleVersion(say(STALE))
    if seat_of(row, candidate) is not None:
        raise errors.StaleVersion(say(SEATED_SINCE))


def substituted(row: TableRow, seat: int, user_id: int, name: str) -> TableRow:
    """The row with ``user_id`` playing ``seat`` from the next version on; the seat remembers
    who played it before (``before``) and is no longer replaced."""
    seats = [dict(s) for s in row.seats]
    old = seats[seat - 1]
    version = row.version + 1
    gone = {"user_id": old["user_id"], "name": old["name"], "version": version}
    if old.get("was_replaced"):
        gone["was_replaced"] = True
    new = {key: value for key, value in old.items()
           if key not in {"replaced", "was_replaced", SINCE, "user_id", "name"}}
    new.update(user_id=user_id, name=name, **{BEFORE: [*old.get(BEFORE, []), gone]})
    seats[seat - 1] = new
    return replace(row, seats=seats, version=version)


def taken_from(row: TableRow, user_id: int) -> Name | None:
    """Who took the seat ``user_id`` played at this table (None: nobody did)."""
    for s in row.seats:
        if any(b.get("user_id") == user_id for b in s.get(BEFORE, [])):
            return seat_name(s)
    return None


def with_moves(seats: Sequence[dict[str, Any]], moves: Sequence[MoveEntry]
               ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """(the seats, each change given its ``move``: the index in ``moves`` (the moves in force,
    in order) of the first move made after it; the record's ``substitutes`` list)."""
    out = [{**s, BEFORE: [{**b, FROM_MOVE: sum(1 for m in moves if m.version <= b["version"])}
                          for b in s[BEFORE]]} if s.get(BEFORE) else s for s in seats]
    return out, record_changes(out)


def record_changes(seats: Sequence[dict[str, Any]],
                   name: Callable[[dict[str, Any]], str] = lambda p: str(p["name"])
                   ) -> list[dict[str, Any]]:
    """The record's ``substitutes`` list of finished seats (``move`` marked): seat, the names
    before and after each change (``name``: how a person is written), its move and turn."""
    changes = []
    for s in seats:
        before = s.get(BEFORE) or []
        names = [name(p) for p in [*before, s]]
        changes += [{"seat": int(s["seat"]), "before": names[i], "after": names[i + 1],
                     "move": b[FROM_MOVE], "turn": b[FROM_MOVE] + 1}
                    for i, b in enumerate(before)]
    return changes


def history_name(seat: dict[str, Any], name: Name) -> Name:
    """How /history names a seat that changed hands: "Alice → Dave (from turn 14)" (``name``:
    the seat's last person as the table names them)."""
    before = seat.get(BEFORE)
    if not before:
        return name
    shown: Name = seat_name(before[0])
    people = [*(seat_name(b) for b in before[1:]), name]
    for b, after in zip(before, people, strict=True):
        shown = say(CHANGE, before=shown, after=after, turn=int(b.get(FROM_MOVE, 0)) + 1)
    return shown
