"""Sentences for people, kept translatable: engines never hand a finished sentence to a player.

An engine says ``say("Seat {seat} rolls {dice}.", seat=2, dice=dice_text(rolled))``. The result
is a :class:`Text`: a ``str`` whose value is the English sentence (so logs, tests, records and
JSON read exactly as before) that also keeps its template and fields, so the host or a renderer
can put it in the reader's language (the :mod:`i18n` package, outside games/: engines stay
standard library only and know nothing of languages).

Rules for engine authors:
- Every sentence or word a player reads is a ``say(...)`` (or ``say_n(...)`` when it depends on
  a count); a translatable word used inside another sentence is itself a ``say("Frigate")``
  passed as a field. Plain ``str`` fields are shown verbatim (names, move notation, numbers).
- Never glue a Text into an f-string, ``+`` or ``"".join``: that yields a plain English str and
  the translation is lost. Pass it as a field of another ``say`` instead.
- A seat in a sentence is the field ``seat(n)``, never "Seat 2" written out: the host replaces
  it with the player's name.
- Templates use ``str.format`` fields by name: ``{seat}``, ``{card}``; no positional ``{}``.

:func:`dump` / :func:`load` store a Text as JSON (``{"say": template, "with": {...}}``) so that a
line kept in the database can be shown later in any language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


class Text(str):
    """A sentence in English (the str value) that remembers how to say it in another language.

    ``template`` (and ``plural`` with the count ``n``) is the catalog's msgid; ``fields`` are the
    named values formatted into it, each a plain value (shown as is) or a nested Text
    (translated too).
    """

    template: str
    fields: dict[str, Any]
    plural: str | None
    n: int | None

    def __new__(
        cls, template: str, fields: Mapping[str, Any] | None = None,
        plural: str | None = None, n: int | None = None,
    ) -> Text:
        values = dict(fields or {})
        if plural is not None:
            values.setdefault("n", n)
        chosen = template if plural is None or n == 1 else plural
        english = chosen.format(**values) if values else chosen
        self = super().__new__(cls, english)
        self.template, self.fields, self.plural, self.n = template, values, plural, n
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # pickle/deepcopy rebuild from the parts, not the str
        return (Text, (self.template, self.fields, self.plural, self.n))

    def __repr__(self) -> str:
        return f"say({self.template!r}, **{self.fields!r})"


def say(template: str, /, **fields: Any) -> Text:
    """A translatable sentence: ``say("Seat {seat} passes.", seat=2)``."""
    return Text(template, fields)


def say_n(singular: str, plural: str, n: int, /, **fields: Any) -> Text:
    """A sentence that depends on a count ``n`` (available as ``{n}``):
    ``say_n("{n} card left", "{n} cards left", 3)``. Languages choose their own plural form."""
    return Text(singular, fields, plural, n)


def seat(number: int) -> Text:
    """A seat named in a sentence: ``say("{who} passes.", who=seat(2))``. Reads "Seat 2" on its
    own; the host puts the player's name in its place ("Bob (seat 2)"), in any language."""
    return Text(SEAT, {"n": number})


SEAT = "Seat {n}"
"""The template of :func:`seat` (the host finds seat mentions by it)."""


def with_seats(text: Any, name: Callable[[int], Any]) -> Any:
    """``text`` with each ``seat(n)`` in it (nested fields too) replaced by ``name(n)`` (a
    name, or a Text such as "Bob (seat 2)"); a seat for which ``name`` gives None stays. Other
    values are returned as they are. The host and the renderers name seats with it."""
    if not isinstance(text, Text):
        return text
    if text.template == SEAT and isinstance(text.fields.get("n"), int):
        named = name(text.fields["n"])
        return text if named is None else named
    fields = {k: with_seats(v, name) for k, v in text.fields.items()}
    return Text(text.template, fields, text.plural, text.n)


def listing(items: list[Any]) -> Any:
    """Several values as one field: "Alice (seat 1), Bob (seat 2)", each item still translated
    (and named) when shown. The comma template is not a catalog sentence: it reads the same in
    every language. One item is returned as it is."""
    if len(items) == 1:
        return items[0]
    return Text(", ".join(f"{{p{i}}}" for i in range(len(items))),
                {f"p{i}": item for i, item in enumerate(items)})


def series(items: list[Any]) -> Any:
    """Several values as one field, separated by semicolons, for items that hold commas
    themselves ("1,0: B4 (blue 4); 2,0: …"): each pair is the catalog sentence "{a}; {b}", so a
    language spaces it its own way (French "{a} ; {b}"). One item is returned as it is, none
    as an empty string."""
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        out = say("{a}; {b}", a=item, b=out)
    return out


def N_(template: str) -> str:  # noqa: N802 - the gettext convention, so extraction finds it
    """Mark a constant for the catalogs without translating it here (e.g. a table of names
    that is later passed to ``say`` or translated by msgid)."""
    return template


def dump(value: Any) -> Any:
    """JSON data for a Text (nested fields included); other values unchanged."""
    if isinstance(value, Text):
        out: dict[str, Any] = {"say": value.template}
        if value.plural is not None:
            out["plural"], out["n"] = value.plural, value.n
        fields = {k: dump(v) for k, v in value.fields.items() if not (k == "n" and "n" in out)}
        if fields:
            out["with"] = fields
        return out
    return value


def load(data: Any) -> Any:
    """The inverse of :func:`dump`: ``{"say": …}`` becomes a Text again, anything else is kept."""
    if isinstance(data, dict) and isinstance(data.get("say"), str):
        fields = {k: load(v) for k, v in (data.get("with") or {}).items()}
        return Text(data["say"], fields, data.get("plural"), data.get("n"))
    return data
