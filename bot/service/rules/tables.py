"""Seats and tables as the adapter sees them: stored rows -> :class:`TableInfo`, seat labels."""

from __future__ import annotations

from typing import Any

from games import Game
from games.text import Text, say

from ...storage.rows import TableRow
from ..results import Seat, TableInfo
from . import hints, settings, speed, vacation
from .tournament import tournament_of
from .wording import FORGOTTEN, Name, seat_name, with_seat

PENDING = "pending"
"""Seat key of a human of the last game who has not confirmed a rematch: the epoch second
until which the seat is kept (:mod:`bot.service.rules.rematch`); also the seat a challenge holds
for the person challenged (:mod:`bot.service.rules.challenge`)."""
CHALLENGED = "challenged"
"""Seat key (True) of a held seat that a challenge holds, beside ``PENDING``; both go when the
person takes the seat."""


def seats_of(row: TableRow) -> list[Seat]:
    """The seats; a computer's name is a Text ("Computer 1 (hard)", translated when shown)."""
    return [Seat(s["seat"], s["user_id"], seat_name(s), s.get("bot_level"), s.get(PENDING),
                 bool(s.get(CHALLENGED))) for s in row.seats]


def info(game: Game, row: TableRow, status: str | None = None) -> TableInfo:
    """The adapter's picture of a table; ``status`` overrides the stored one for closed tables."""
    low, high = game.player_range(row.options)
    lobby = row.status == "lobby"
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
        min_players=low,
        max_players=high,
        settings=[*settings.settings(game, row.options), speed.speed_setting(row),
                  hints.hints_setting(row),
                  *vacation.vacation_settings(row, speed.speed_of(row))] if lobby else [],
        option_texts=[*settings.option_texts(game, row.options), speed.speed_text(row),
                      *hints.hints_text(row), *vacation.vacation_text(row, speed.speed_of(row))],
        game_row=row.id,
        parent_id=row.parent_id,
        speed=speed.speed_of(row),
        created_at=row.created_at,
        tournament=next(iter(tournament_of(row) or ()), None),
        reach=row.reach,
    )


def seat_entry(row: TableRow, seat: int) -> dict[str, Any]:
    return row.seats[seat - 1]


def label(row: TableRow, seat: int) -> Text:
    """How messages name a seat: "Bob (seat 2)" (a Text: "Bob (siège 2)" in French)."""
    return with_seat(names(row)[seat], seat)


def names(row: TableRow) -> dict[int, Name]:
    """seat -> player name, unique at the table: two people with the same display name are
    told apart by their seat number ("Alex #3"), in posts and images alike. A computer's name
    is a Text in the reader's language (:func:`bot.service.rules.wording.seat_name`)."""
    return names_of(row.seats)


def names_of(seats: list[dict[str, Any]]) -> dict[int, Name]:
    """:func:`names` of a seat list (a finished game's, kept without its table row)."""
    plain = [str(s["name"]) for s in seats]
    return {
        int(s["seat"]): seat_name(s) if plain.count(name) == 1 or s.get(FORGOTTEN)
        else f"{name} #{s['seat']}"
        for s, name in zip(seats, plain, strict=True)
    }


def seat_of(row: TableRow, user_id: int) -> int | None:
    for s in row.seats:
        if s["user_id"] == user_id:
            return int(s["seat"])
    return None


def owner_name(row: TableRow) -> Name:
    """The lobby owner's name (``host_id`` in the store)."""
    for s in row.seats:
        if s["user_id"] == row.host_id:
            return str(s["name"])
    return say("someone who left")


def is_computer(row: TableRow, seat: int) -> bool:
    """A computer plays this seat: a computer player, or a person's seat while replaced."""
    entry = seat_entry(row, seat)
    return entry["user_id"] is None or bool(entry.get("replaced"))


def may_ask_hint(game: Game, row: TableRow, seat: int) -> bool:
    """Whether ``seat`` may ask for a hint at ``row``: hints on, and a person's turn there."""
    assert row.state is not None
    return (hints.hints_on(row) and seat in game.to_move(row.state)
            and not is_computer(row, seat))


def computer_to_move(game: Game, row: TableRow) -> bool:
    """Whether a computer is to move at this table."""
    return row.state is not None and any(is_computer(row, s) for s in game.to_move(row.state))


DISCORD_CHANNELS = "https://discord.com/channels"


def jump_url(table: TableInfo) -> str | None:
    """Where a person opens a table (None outside a server): a table that plays, or will play,
    in a thread of its own (``parent_id`` set) is its lobby post in the parent channel while it
    waits (that post's id keys the table), then its thread; a table playing in its channel is
    its current post there (the channel itself before it has one)."""
    if table.guild_id is None:
        return None
    base = f"{DISCORD_CHANNELS}/{table.guild_id}"
    if table.parent_id is not None:
        if table.waits_for_thread:
            return f"{base}/{table.parent_id}/{table.channel_id}"
        return f"{base}/{table.channel_id}"
    if table.post_message_id is None:
        return f"{base}/{table.channel_id}"
    return f"{base}/{table.channel_id}/{table.post_message_id}"
