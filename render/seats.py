"""Engine sentences drawn with people's names: each ``seat(n)`` field of a Text (games.text)
becomes the name the host put in the view (``seats[i]["name"]``, else "Seat n" in the reader's
language), then the sentence is translated, so "Alice collected 12 cards" reads in any language."""

from __future__ import annotations

from typing import Any

from games.text import with_seats
from i18n import translate

from . import kit


def with_names(text: Any, view: dict[str, Any]) -> Any:
    """``text`` with every ``seat(n)`` field (nested ones too) replaced by the seat's drawn
    name; anything that is not a Text is returned as is."""
    return with_seats(text, lambda n: kit.seat_name(view, n))


def named_sentence(text: Any, view: dict[str, Any]) -> str:
    """An engine's sentence (a Text, or a plain str kept from before) in the current language,
    seats named as the view names them."""
    return translate(with_names(text, view)) if text else ""


def result_reason(view: dict[str, Any]) -> str:
    """Why the game ended (``view["result"]["reason"]``), named and translated; "" if none."""
    return named_sentence((view.get("result") or {}).get("reason"), view)
