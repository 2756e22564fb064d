"""People's names in sentences, in the reader's language.

Engines name a seat with the field ``seat(n)`` (:func:`games.text.seat`); :func:`named` swaps
each for the player's name with the seat ("Bob (seat 2)") without touching the rest of the
sentence, so :func:`i18n.translate` can still put the whole in French. Computer players are
named here too, from the seat's number and level ("Computer 1 (hard)" / "Ordinateur 1
(difficile)"), never from a stored English name.

Sentences that are plain ``str`` (rows stored before languages, or an engine not yet speaking
Text) get the older treatment: "Seat 2" found by its letters and replaced, in English.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import i18n
from games import level_of
from games.text import N_, Text, say, with_seats

Name = str  # a person's display name, or a Text (a computer's name, translated when shown)

COMPUTER_NAMES = {
    "easy": N_("Computer {n} (easy)"),
    "medium": N_("Computer {n} (medium)"),
    "hard": N_("Computer {n} (hard)"),
}
"""One naming scheme for computer players, per level (whole msgids: French puts words
its own way)."""
COMPUTER_SEATS = {
    "easy": N_("Computer {n} (easy, seat {seat})"),
    "medium": N_("Computer {n} (medium, seat {seat})"),
    "hard": N_("Computer {n} (hard, seat {seat})"),
}
FORMER_PLAYER = N_("a former player")
"""The name shown for a person ``python -m bot forget-user`` forgot (a seat marked
:data:`FORGOTTEN`: the stored name is gone, the reader's language says who it was)."""
FORGOTTEN = "forgotten"
"""Seat key of a forgotten person's seat in a finished game (:mod:`bot.app.forget`)."""
_LEVEL_OF_NAME = {template: level for level, template in COMPUTER_NAMES.items()}
_COMPUTER = re.compile(r"Computer (?P<n>\d+)(?: \((?P<level>[a-z]+)\))?")
"""A computer's stored name (English, kept for records and rows written before languages)."""


def computer_name(number: int, level: str | None) -> Text:
    """"Computer 1 (hard)" as a Text (the reader's language when shown); old level names
    ("greedy") read as the level they became."""
    return say(COMPUTER_NAMES[level_of(level)], n=number)


def seat_name(entry: Mapping[str, Any]) -> Name:
    """A stored seat's name: a person's display name, a computer's name built from its number
    and level (``bot_level``), or "a former player" for a forgotten person."""
    if entry.get(FORGOTTEN):
        return say(FORMER_PLAYER)
    name = str(entry["name"])
    m = _COMPUTER.fullmatch(name) if entry.get("user_id") is None else None
    if m is None:
        return name
    return computer_name(int(m["n"]), entry.get("bot_level") or m["level"])


def shown(name: Name) -> str:
    """A name as written or drawn in the current language (a computer's name is a Text)."""
    return i18n.translate(name) if isinstance(name, Text) else name


def with_seat(name: Name, seat: int) -> Text:
    """"Bob (seat 2)"; a computer: "Computer 1 (hard, seat 3)"."""
    level = _LEVEL_OF_NAME.get(name.template) if isinstance(name, Text) else None
    if level is not None:
        return say(COMPUTER_SEATS[level], n=name.fields["n"], seat=seat)
    return say("{name} (seat {seat})", name=name, seat=seat)


def named(text: Any, names: Mapping[int, Name] | None, *, short: bool = False) -> Any:
    """``text`` with each ``seat(n)`` field replaced by the player ("Bob (seat 2)"; with
    ``short`` the name alone, for the status line), nested fields included. A plain str gets
    the English letter matching of :func:`named_plain`; anything else is returned as is."""
    if not names:
        return text
    if isinstance(text, Text):
        def name(seat: int) -> Any:
            found = names.get(seat)
            return found if short or found is None else with_seat(found, seat)

        return with_seats(text, name)
    if isinstance(text, str):
        return named_plain(text, names, short=short)
    return text


def tell(text: Any, names: Mapping[int, Name] | None, code: str, *, short: bool = False) -> str:
    """What a reader of language ``code`` reads: ``text`` named, then translated."""
    return i18n.translate(named(text, names, short=short), code)


def tell_line(text: Any, names: Mapping[int, Name] | None, code: str) -> str:
    """A logged line (:class:`bot.service.rules.play.Lines`, the move log) for a reader of ``code``:
    a Text named and translated; a plain str was named when it was logged, so it is shown as
    it is (naming it again would read "Bob (Bob, seat 2)")."""
    return tell(text, names, code) if isinstance(text, Text) else i18n.translate(text, code)


_SEAT = re.compile(r"\b(?P<cap>S|s)eat (?P<n>\d+)\b(?P<close>\))?")


def named_plain(text: str, names: Mapping[int, Name], *, short: bool = False) -> str:
    """A plain English sentence: "Seat 2 placed …" -> "Bob (seat 2) placed …", "The corsair
    (seat 3)" -> "The corsair (Carol, seat 3)". Unknown seats stay as they are."""

    def one(m: re.Match[str]) -> str:
        name = names.get(int(m["n"]))
        if name is None or (m["cap"] == "s" and not m["close"]):
            return m[0]
        if short:
            return name + (m["close"] or "")
        if m["close"]:  # "(seat 3)" -> "(Carol, seat 3)"
            return f"{name}, seat {m['n']})"
        return str(with_seat(name, int(m["n"])))

    return _SEAT.sub(one, text)
