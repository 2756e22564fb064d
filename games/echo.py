"""Quoting what people typed (or what a record holds) back to them in a refusal: short, on one
line, whatever the input was."""

from __future__ import annotations

import reprlib
from typing import Any

ECHO_LIMIT = 40
"""How many characters of a person's bad input a refusal quotes back (then "…")."""

_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxtuple, _SHORT.maxdict = 2, 4, 4, 4
_SHORT.maxstring = _SHORT.maxother = _SHORT.maxlong = ECHO_LIMIT


_SHOWN = {
    **{c: " " for c in (*range(0x20), *range(0x7F, 0xA0))},  # control characters, line breaks
    **{c: "" for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))},  # text direction
    **{c: "\ufffd" for c in range(0xD800, 0xE000)},  # lone surrogates (not valid text)
}
"""What a quoted character becomes when it could break the sentence around it."""


def echo(value: Any, limit: int = ECHO_LIMIT) -> str:
    """Bad input as a refusal quotes it: at most ``limit`` characters then "…", on one line.

    Every sentence that repeats what someone typed or what a record holds goes through here, so
    a 2,000-character move (or a 10 MB one, a list nested 1,000 deep, a 4,000-digit number)
    still gets a short refusal that fits a Discord reply and a log line.
    """
    if isinstance(value, str):
        text = value[: limit + 1]
    elif isinstance(value, bool) or value is None:
        text = {True: "true", False: "false", None: "null"}[value]
    elif isinstance(value, int):
        try:
            text = str(value)[: limit + 1]
        except ValueError:  # over sys.get_int_max_str_digits() digits: Python will not print it
            text = "a number too long to show"
    else:
        try:
            text = _SHORT.repr(value)  # a few items, two levels deep: never the whole thing
        except (ValueError, RecursionError):
            text = type(value).__name__
    text = text.translate(_SHOWN)
    return text if len(text) <= limit else text[:limit].rstrip() + "…"
