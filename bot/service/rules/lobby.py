"""Lobby rules as pure functions on stored rows: who may sit, who owns the lobby (its "host" to
players, ``host_id`` in the store), when a game may start.

Each function returns the changed row with its version bumped, or raises a
:class:`~bot.service.errors.HostError` whose message is for the person who clicked.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games import LEVELS, BadOptions, Game, echo
from games.text import N_, Text, say, say_n

from ...storage.rows import TableRow
from .. import errors
from . import settings
from .tables import PENDING, owner_name, seat_of

DEFAULT_LEVEL = "medium"  # of games.base.LEVELS, weakest first
_COMPUTER = re.compile(r"Computer (?P<n>\d+)(?: \(.*\))?")


def exists_message(game: Game, row: TableRow) -> Text:
    if row.status == "lobby":
        return say("There is already a game of {game} in this channel (lobby, hosted by "
                   "{host}). Finish or /abandon it first.", game=game.name, host=owner_name(row))
    return say("There is already a game of {game} in this channel (in play, hosted by "
               "{host}). Finish or /abandon it first.", game=game.name, host=owner_name(row))


def new_lobby(
    game: Game,
    channel_id: int,
    guild_id: int | None,
    options: Mapping[str, Any],
    owner_id: int,
    owner_name_: str,
    seed: int,
) -> TableRow:
    """A lobby opened by ``owner_id``, who takes seat 1."""
    settings.check_options(game, options)
    return TableRow(
        channel_id=channel_id, guild_id=guild_id, game_id=game.id, options=dict(options),
        status="lobby", host_id=owner_id,
        seats=[{"seat": 1, "user_id": owner_id, "name": owner_name_, "bot_level": None}],
        seed=seed,
    )


def _in_lobby(row: TableRow, refusal: str) -> None:
    """``refusal``: a template saying what cannot be done once the game started."""
    if row.status != "lobby":
        raise errors.WrongPhase(say(refusal))


def _owner_only(row: TableRow, user_id: int, refusal: str, *, is_admin: bool = False) -> None:
    """``refusal``: a template with ``{host}`` (the owner's name) saying what only the lobby's
    owner can do."""
    if user_id != row.host_id and not is_admin:
        raise errors.NotOwner(say(refusal, host=owner_name(row)))


def _renumber(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**s, "seat": i} for i, s in enumerate(seats, start=1)]


def _check_room(game: Game, row: TableRow) -> None:
    """Room follows the options in force (a mode may seat fewer players than the game)."""
    high = game.player_range(row.options)[1]
    if len(row.seats) >= high:
        raise errors.TableFull(say("The table is full ({count} of {high} seats).",
                                   count=len(row.seats), high=high))


def join(game: Game, row: TableRow, user_id: int, name: str) -> TableRow:
    seat = seat_of(row, user_id)
    if seat is not None:
        raise errors.AlreadySeated(say("You already sit at this table (seat {n}).", n=seat))
    _in_lobby(row, N_("The game has already started, so you cannot join now."))
    _check_room(game, row)
    seats = [*row.seats, {"seat": len(row.seats) + 1, "user_id": user_id, "name": name,
                          "bot_level": None}]
    return replace(row, seats=seats, version=row.version + 1)


def leave(row: TableRow, user_id: int) -> TableRow | None:
    """The row without that user; None when no human is left (the lobby is cancelled; players
    of a last game who have not confirmed a rematch do not count)."""
    if seat_of(row, user_id) is None:
        raise errors.NotSeated(say("You are not sitting at this table."))
    if row.status != "lobby":
        raise errors.WrongPhase(
            say("The game is under way, so you cannot leave; the host can /abandon it."))
    seats = _renumber([s for s in row.seats if s["user_id"] != user_id])
    remaining = [s for s in seats if s["user_id"] is not None and PENDING not in s]
    if not remaining:
        return None
    owner = row.host_id if row.host_id != user_id else remaining[0]["user_id"]
    return replace(row, seats=seats, host_id=owner, version=row.version + 1)


def add_computer(game: Game, row: TableRow, by_user: int, level: str) -> TableRow:
    _owner_only(row, by_user, N_("Only the host ({host}) can add computer players."))
    _in_lobby(row, N_("The game has already started, so you cannot add a computer player now."))
    if level not in LEVELS:
        raise errors.BadTableOptions(say(
            "There is no computer level '{level}': choose easy, medium or hard.",
            level=echo(level)))
    _check_room(game, row)
    seats = [*row.seats, {"seat": len(row.seats) + 1, "user_id": None,
                          "name": computer_name(row, level), "bot_level": level}]
    return replace(row, seats=seats, version=row.version + 1)


def computer_name(row: TableRow, level: str) -> str:
    """"Computer 1 (hard)", "Computer 2 (easy)" …: the level for everyone to see, and the lowest
    number no seat uses, so two computers are never confused (in posts and images alike)."""
    taken = {int(m["n"]) for s in row.seats if (m := _COMPUTER.fullmatch(str(s["name"])))}
    n = 1
    while n in taken:
        n += 1
    return f"Computer {n} ({level})"


def set_option(game: Game, row: TableRow, by_user: int, name: str, value: str) -> TableRow:
    """The owner changes one option before Start (see :func:`settings.changed`)."""
    _owner_only(row, by_user, N_("Only the host ({host}) can change the settings."))
    _in_lobby(row, N_("The game has already started, so you cannot change the settings now."))
    return settings.changed(game, row, name, value)


def remove_computer(row: TableRow, by_user: int) -> TableRow:
    _owner_only(row, by_user, N_("Only the host ({host}) can remove computer players."))
    _in_lobby(row, N_(
        "The game has already started, so you cannot remove a computer player now."))
    computers = [i for i, s in enumerate(row.seats) if s["user_id"] is None]
    if not computers:
        raise errors.HostError(say("There is no computer player to remove."))
    seats = _renumber([s for i, s in enumerate(row.seats) if i != computers[-1]])
    return replace(row, seats=seats, version=row.version + 1)


def check_cancel(row: TableRow, by_user: int, *, is_admin: bool) -> None:
    _in_lobby(row, N_(
        "The game has already started, so you cannot cancel the lobby (use /abandon) now."))
    _owner_only(row, by_user, N_("Only the host ({host}) can cancel this lobby."),
               is_admin=is_admin)


def check_abandon(row: TableRow, by_user: int, *, is_admin: bool) -> None:
    _owner_only(row, by_user, N_(
        "Only the host ({host}) can abandon this game (or someone with Manage Channels)."),
        is_admin=is_admin)


def check_start(game: Game, row: TableRow, by_user: int) -> None:
    """The owner only, in the lobby, with a player count and options the game accepts."""
    _owner_only(row, by_user, N_("Only the host ({host}) can start the game."))
    _in_lobby(row, N_("The game has already started, so you cannot start it again now."))
    count = len(row.seats)
    if count < game.min_players:
        missing = game.min_players - count
        raise errors.BadTableOptions(say_n(
            "{game} needs at least {low} players; {seated} seated. Wait for {n} more or add a "
            "computer player.",
            "{game} needs at least {low} players; {seated} seated. Wait for {n} more or add "
            "computer players.", missing, game=game.name, low=game.min_players, seated=count))
    try:
        game.normalize_options(count, row.options)  # the game's own sentence ("coop needs 4")
    except BadOptions as exc:
        raise errors.BadTableOptions(errors.said(exc)) from None
    low = game.player_range(row.options)[0]
    if count < low:
        raise errors.BadTableOptions(say_n(
            "{game} needs at least {low} players with these settings; {seated} seated. Wait "
            "for {n} more or add a computer player.",
            "{game} needs at least {low} players with these settings; {seated} seated. Wait "
            "for {n} more or add computer players.", low - count, game=game.name, low=low,
            seated=count))
