"""The adapter's translation helpers: the project's one set (:mod:`i18n`), re-exported here so
adapter modules import them from one nearby place."""

from __future__ import annotations

from typing import Any

from i18n import (
    DEFAULT,
    LANGUAGES,
    N_,
    Text,
    _,
    _n,
    current,
    language,
    language_of,
    say,
    say_n,
    translate,
)

__all__ = ["DEFAULT", "LANGUAGES", "N_", "Text", "_", "_n", "current", "language",
           "language_of", "say", "say_n", "shown", "translate"]


def shown(value: Any) -> str:
    """A value from the host or a game as its reader sees it: a Text in the current language;
    anything else (a name, move notation, a number) as it is."""
    if isinstance(value, Text):
        return translate(value)
    return "" if value is None else str(value)
