"""Rematch: a new lobby in the same channel from a finished game, as pure functions on rows.

The new lobby has the same seats, rotated by one (the player who was seat 2 is seat 1, seat 1
becomes the last), computer seats with their levels, the options the lobby had (not the record's,
which fixes the drawn first seat) and a new seed. Options that name a seat (the first player, a
seat with a role) keep their number, so with the rotation the role passes to the next player;
left unset ("drawn at random") they are drawn again.

The person who pressed Rematch owns the new lobby. The other humans of the last game keep their seats,
marked with ``PENDING`` (until when, in epoch seconds), until they press Rematch or Join; seats
not confirmed in time are dropped lazily: whenever the lobby changes and at Start. Start waits
while some may still come.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from games import Game
from games.text import say, say_n

from ...storage.rows import TableRow
from .. import errors
from ..results import TableInfo
from . import hints, lobby, settings, speed, vacation
from .tables import CHALLENGED, PENDING
from .tournament import MARK, NO_REMATCH
from .wording import FORGOTTEN


@dataclass(frozen=True)
class Pressed:
    """What one press of Rematch did: ``opened`` the lobby (this presser posts it; the database's
    one-table-a-channel rule makes it exactly one press), or kept the presser's waiting seat in
    the lobby another press opened (``opened`` False: nothing new to post)."""

    table: TableInfo
    opened: bool


class NotConfirmed(errors.HostError):
    """Start while players of the last game may still confirm their seats."""


def lobby_of(row: TableRow) -> dict[str, Any]:
    """What a finished game keeps for its rematch: the options as the lobby chose them, and the
    table settings that are not game options (the table speed, hints, vacation)."""
    return {"options": dict(row.options), "settings": speed.table_settings(row)}


def options_of(finished: Mapping[str, Any]) -> dict[str, Any]:
    """The lobby's options; for games stored before lobbies were kept, the record's without the
    first seat it fixed (drawn again)."""
    kept = finished.get("lobby")
    if kept:
        return dict(kept.get("options") or {})
    return {k: v for k, v in (finished["record"].get("options") or {}).items() if k != "first"}


def new_row(
    game: Game,
    finished: Mapping[str, Any],
    user_id: int,
    name: str,
    *,
    seed: int,
    until: float,
) -> TableRow:
    """The rematch lobby of ``finished`` (a stored game:
    :meth:`~bot.storage.history.History.game`) asked for by ``user_id``, who must have played
    in it. ``until``: when unconfirmed seats are dropped."""
    seats = list(finished["seats"])
    if all(s["user_id"] != user_id for s in seats):
        raise errors.NotSeated(say("Only the players of that game can ask for a rematch."))
    # A person forgotten since (python -m bot forget-user) gets no seat to keep.
    rotated = [s for s in seats[1:] + seats[:1] if not s.get(FORGOTTEN)]
    new_seats: list[dict[str, Any]] = []
    for number, old in enumerate(rotated, start=1):
        seat = {"seat": number, "user_id": old["user_id"], "name": old["name"],
                "bot_level": old.get("bot_level")}
        if old["user_id"] == user_id:
            seat["name"] = name
        elif old["user_id"] is not None:
            seat[PENDING] = until
        new_seats.append(seat)
    options = options_of(finished)
    settings.check_options(game, options)
    kept = (finished.get("lobby") or {}).get("settings") or {}
    return TableRow(
        channel_id=finished["channel_id"], guild_id=finished.get("guild_id"), game_id=game.id,
        options=options, status="lobby", host_id=user_id, seats=new_seats, seed=seed,
        speed=kept.get("speed"), parent_id=finished.get("parent_id"),
        reach=finished.get("reach") or "bot",
        record_head=vacation.lobby_head(hints.lobby_head(bool(kept.get("hints"))),
                                        bool(kept.get("vacation", True))),
    )


def finished_here(finished: Mapping[str, Any] | None, channel_id: int) -> Mapping[str, Any]:
    """The stored game to rematch; NoTable unless it finished in this channel."""
    if finished is None or finished["channel_id"] != channel_id or finished["result"] is None:
        raise errors.NoTable(say("That game is not in this channel's history, so no rematch."))
    if MARK in finished["record"]:
        raise errors.WrongPhase(say(NO_REMATCH))
    return finished


def press_again(game: Game, row: TableRow, user_id: int, name: str, now: float) -> TableRow:
    """Rematch pressed while ``row`` (of ``game``) is open here: the presser's waiting seat
    confirmed, or TableExists naming that table."""
    mine = confirm(expire(row, now), user_id, name)
    if mine is None:
        raise errors.TableExists(lobby.exists_message(game, row))
    return mine


def confirm(row: TableRow, user_id: int, name: str) -> TableRow | None:
    """The user keeps their seat (pressed Rematch or Join); None if they have no waiting seat."""
    if row.status != "lobby" or not any(
        s["user_id"] == user_id and PENDING in s for s in row.seats
    ):
        return None
    seats = [
        {k: v for k, v in {**s, "name": name}.items() if k not in (PENDING, CHALLENGED)}
        if s["user_id"] == user_id else s
        for s in row.seats
    ]
    return replace(row, seats=seats, version=row.version + 1)


def expire(row: TableRow, now: float) -> TableRow:
    """The lobby without the seats whose time ran out (``row`` itself when none did)."""
    if row.status != "lobby":
        return row
    kept = [s for s in row.seats if not (PENDING in s and s[PENDING] <= now)]
    if len(kept) == len(row.seats):
        return row
    seats = [{**s, "seat": i} for i, s in enumerate(kept, start=1)]
    return replace(row, seats=seats, version=row.version + 1)


def waiting(row: TableRow) -> list[dict[str, Any]]:
    return [s for s in row.seats if PENDING in s]


def check_start(row: TableRow, now: float) -> None:
    """Refuse Start while players of the last game may still confirm (after :func:`expire`)."""
    late = waiting(row)
    if not late:
        return
    names = ", ".join(str(s["name"]) for s in late)
    minutes = max(1, round((max(s[PENDING] for s in late) - now) / 60))
    if any(s.get(CHALLENGED) for s in late):
        raise NotConfirmed(say_n(
            "Waiting for {players} to accept the challenge with Join. The seat is kept for "
            "about one more minute; then Start goes ahead without them.",
            "Waiting for {players} to accept the challenge with Join. The seat is kept for "
            "about {n} more minutes; then Start goes ahead without them.",
            minutes, players=names))
    raise NotConfirmed(say_n(
        "Waiting for players of the last game to press Join: {players}. Their seats are kept "
        "for about one more minute; then Start goes ahead without them.",
        "Waiting for players of the last game to press Join: {players}. Their seats are kept "
        "for about {n} more minutes; then Start goes ahead without them.",
        minutes, players=names))
