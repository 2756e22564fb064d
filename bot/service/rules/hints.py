"""Hints for learners, the rules (the service asking for one is
:mod:`bot.service.hints`; the computing, :mod:`games.hints`).

* **The setting.** "Hints" is a table setting beside the table speed, not a game option: off by
  default, set by the host in the lobby's Settings panel, kept for a rematch
  (:func:`bot.service.rules.speed.table_settings`). No column holds it: a table with hints on carries
  the key ``hints`` in its record head (:attr:`bot.storage.TableRow.record_head`) from the
  lobby on, and its finished record keeps it, so the record itself says hints were on.
* **The marks.** ``hints`` is the list of hints given: ``{"seat": n, "move": i}``, seat ``n``
  asked before the record's move ``i`` (an index into ``moves``, as a substitute's ``move``),
  once per seat and move however often they pressed.
* **Unrated.** A record with ``hints`` (even an empty list: the table offered them) is not
  rated (:mod:`bot.storage.skill`): a rebuild reads the same key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games import echo
from games.text import N_, say

from ...storage.rows import TableRow
from ...storage.skill import UNRATED
from .. import errors
from ..results import Setting

HINTS_SETTING = "table:hints"  # the Settings panel's name for it (no game option has a colon)
MARKS = UNRATED
"""The key of the hint marks in a record (and in a table's record head): ratings skip it."""
HINTS_LABEL = say("Hints")
HINTS_ABOUT = say("Whether a player may ask the computer for a hint on their turn: its suggested "
                  "move and the next best ones, with their chances. A table with hints is not "
                  "rated.")
HINTS_TEXTS = {
    "off": say("off"),
    "on": say("on (unrated)"),
}
HINTS_OFF = N_("Hints are off at this table: the host turns them on in the lobby's Settings "
               "before the game starts.")
USED = N_("hints were used, so this game is not rated")
OFFERED = N_("hints were on, so this game is not rated")


def hints_on(row: TableRow) -> bool:
    """Whether the table offers hints."""
    return MARKS in (row.record_head or {})


def table_setting(row: TableRow) -> dict[str, Any]:
    """The setting as a keyword argument of ``create_lobby`` (a rematch keeps it)."""
    return {"hints": hints_on(row)}


def lobby_head(hints: bool) -> dict[str, Any] | None:
    """A new lobby's record head: the mark list when hints are on, else none."""
    return {MARKS: []} if hints else None


def hints_setting(row: TableRow) -> Setting:
    """The setting as the lobby's Settings panel offers it."""
    value = "on" if hints_on(row) else "off"
    return Setting(name=HINTS_SETTING, label=HINTS_LABEL, description=HINTS_ABOUT, value=value,
                   value_text=HINTS_TEXTS[value], choices=list(HINTS_TEXTS.items()))


def hints_text(row: TableRow) -> list[tuple[str, str]]:
    """(label, value) for the lobby post's options line when hints are on: "Hints: on
    (unrated)" (off, the default, goes without saying)."""
    return [(HINTS_LABEL, HINTS_TEXTS["on"])] if hints_on(row) else []


def with_hints(row: TableRow, value: str) -> TableRow:
    """The lobby row with hints ``value`` ("on" or "off"; "" is the default, off)."""
    value = value or "off"
    if value not in HINTS_TEXTS:
        raise errors.BadTableOptions(say("Hints are on or off, not '{value}'.", value=echo(value)))
    head = {k: v for k, v in (row.record_head or {}).items() if k != MARKS}
    if value == "on":
        head[MARKS] = list((row.record_head or {}).get(MARKS) or [])
    return replace(row, record_head=head or None, version=row.version + 1)


def started(row: TableRow, head: dict[str, Any]) -> dict[str, Any]:
    """The record head of a game starting from the lobby ``row``: ``head`` with the marks'
    list when the lobby has hints on."""
    return {**head, MARKS: []} if hints_on(row) else head


def in_record(head: Mapping[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """The finished ``record`` with the marks of its table's record ``head``, if it had hints."""
    if MARKS in head:
        record[MARKS] = [dict(mark) for mark in head[MARKS]]
    return record


def marked(row: TableRow, seat: int, move: int) -> TableRow:
    """The row with seat ``seat``'s hint before move ``move`` marked (the same version: a mark
    changes nothing anyone sees, so menus stay valid); the row itself when it has that mark."""
    head = dict(row.record_head or {})
    marks = list(head.get(MARKS) or [])
    mark = {"seat": seat, "move": move}
    if mark in marks:
        return row
    head[MARKS] = [*marks, mark]
    return replace(row, record_head=head)


def ending_note(row: TableRow) -> str:
    """What a finished table's post says when hints were on (the game is unrated)."""
    return USED if (row.record_head or {}).get(MARKS) else OFFERED
