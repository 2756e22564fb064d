"""Seats and tables as the adapter sees them: stored rows -> :class:`TableInfo`, seat labels."""

from __future__ import annotations

from typing import Any

from games import Game

from ..storage import TableRow
from .play import with_seat
from .results import Seat, TableInfo


def seats_of(row: TableRow) -> list[Seat]:
    return [Seat(s["seat"], s["user_id"], s["name"], s.get("bot_level")) for s in row.seats]


def info(game: Game, row: TableRow, status: str | None = None) -> TableInfo:
    """The adapter's picture of a table; ``status`` overrides the stored one for closed tables."""
    return TableInfo(
        channel_id=row.channel_id,
        guild_id=row.guild_id,
        game_id=row.game_id,
        game_name=game.name,
        options=dict(row.options),
        status=status or row.status,
        host_id=row.host_id,
        seats=seats_of(row),
        version=row.version,
        post_message_id=row.post_message_id,
        min_players=game.min_players,
        max_players=game.max_players,
    )


def seat_entry(row: TableRow, seat: int) -> dict[str, Any]:
    return row.seats[seat - 1]


def label(row: TableRow, seat: int) -> str:
    """How messages name a seat: "Bob (seat 2)"."""
    return with_seat(str(seat_entry(row, seat)["name"]), seat)


def names(row: TableRow) -> dict[int, str]:
    """seat -> player name, for the log lines."""
    return {int(s["seat"]): str(s["name"]) for s in row.seats}


def seat_of(row: TableRow, user_id: int) -> int | None:
    for s in row.seats:
        if s["user_id"] == user_id:
            return int(s["seat"])
    return None


def host_name(row: TableRow) -> str:
    for s in row.seats:
        if s["user_id"] == row.host_id:
            return str(s["name"])
    return "someone who left"


def is_bot(row: TableRow, seat: int) -> bool:
    return seat_entry(row, seat)["user_id"] is None


def humans(row: TableRow) -> list[dict[str, Any]]:
    return [s for s in row.seats if s["user_id"] is not None]
