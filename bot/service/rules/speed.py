"""The table speed (``live``, ``daily`` or ``off``): a lobby setting beside the game's options,
stored in its own column, which sets the turn clock's time banks (:mod:`bot.service.rules.clock`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games import echo
from games.text import say

from ...config import SPEEDS, ClockConfig
from ...storage.rows import TableRow
from .. import errors
from ..results import Setting
from . import hints, vacation

SPEED_SETTING = "table:speed"  # the Settings panel's name for it (no game option has a colon)
SPEED_LABEL = say("Table speed")
SPEED_ABOUT = say("How long each player may think before the others can skip their turn or let "
                  "a computer play for them.")
SPEED_TEXTS = {
    "live": say("live (a few minutes a move)"),
    "daily": say("daily (about a day a move)"),
    "off": say("off (no clock)"),
}


def speed_of(row: TableRow) -> str:
    """The table's speed; tables stored before the clock existed have none: the default."""
    return row.speed if row.speed in SPEEDS else ClockConfig().default_speed


def table_settings(row: TableRow) -> dict[str, Any]:
    """The table settings that are not game options, as keyword arguments of
    :meth:`~bot.service.lobby.LobbyService.create_lobby`; a finished game keeps them for its
    rematch: the speed, hints (:mod:`bot.service.rules.hints`) and vacation
    (:mod:`bot.service.rules.vacation`)."""
    return {"speed": row.speed if row.speed in SPEEDS else None, **hints.table_setting(row),
            **vacation.table_setting(row)}


def speed_setting(row: TableRow) -> Setting:
    """The speed as the lobby's Settings panel offers it."""
    speed = speed_of(row)
    return Setting(name=SPEED_SETTING, label=SPEED_LABEL, description=SPEED_ABOUT, value=speed,
                   value_text=SPEED_TEXTS[speed], choices=list(SPEED_TEXTS.items()))


def speed_text(row: TableRow) -> tuple[str, str]:
    """(label, value) for the lobby post's options line."""
    return SPEED_LABEL, SPEED_TEXTS[speed_of(row)]


def with_speed(row: TableRow, value: str) -> TableRow:
    """The lobby row at speed ``value``."""
    if value not in SPEEDS:
        raise errors.BadTableOptions(say("The table speed is live, daily or off, not '{value}'.",
                                         value=echo(value)))
    return replace(row, speed=value, version=row.version + 1)
