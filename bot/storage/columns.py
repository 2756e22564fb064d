"""Column lists and values of the row classes (:mod:`bot.storage.rows`), derived from their
fields: a row class's stored fields are its table's columns, in field order, stored through the
codec their metadata names. Every SELECT, INSERT and UPDATE of those tables takes its column
list from here, and reads rows back by name, never by a position kept in step elsewhere.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, Generic, TypeVar

from games.text import dump, load

T = TypeVar("T")


def dumped(value: Any) -> str:
    """JSON text of ``value``, compact, its key order kept (a reload reads the same)."""
    return json.dumps(value, separators=(",", ":"))


def dump_lines(lines: Sequence[Any]) -> list[Any]:
    """Move-log lines as JSON data: a Text keeps its template and fields (games.text.dump), so
    history and replays can show it later in any language."""
    return [dump(line) for line in lines]


def load_lines(stored: str) -> list[Any]:
    """The inverse of :func:`dump_lines` on the stored JSON; rows written before languages
    hold plain English strings, which stay as they are."""
    return [load(line) for line in json.loads(stored)]


def _same(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class Codec:
    """How a field's value is stored (``dump``) and read back (``load``)."""

    dump: Callable[[Any], Any] = _same
    load: Callable[[Any], Any] = _same


PLAIN = Codec()
"""Stored as it is."""
CODECS: Mapping[str | None, Codec] = {
    None: PLAIN,
    "json": Codec(lambda v: None if v is None else dumped(v),
                  lambda v: None if v is None else json.loads(v)),
    "json_object": Codec(lambda v: None if v is None else dumped(v),
                         lambda v: json.loads(v) if v else {}),
    "lines": Codec(lambda v: dumped(dump_lines(v)), load_lines),
    "flag": Codec(int, bool),
    "banks": Codec(lambda v: json.dumps({str(s): t for s, t in v.items()}),
                   lambda v: {int(s): float(t) for s, t in json.loads(v).items()}),
}


@dataclass(frozen=True)
class Column:
    """One stored field: its column ``name``, its ``codec``, and (a table's row) when it is
    ``written``: "key" (numbered by the database), "created" (at creation only), "post" (by
    the post's own write) or "always" (at creation and by every move)."""

    name: str
    codec: Codec
    written: str = "always"


class Columns(Generic[T]):
    """A row class's table columns: lists of names for SQL, values for parameters, rows read
    back into the class. ``extra``: columns stored beside the fields, computed from the row
    (written, never read back)."""

    def __init__(self, cls: type[T],
                 extra: Mapping[str, Callable[[T], Any]] | None = None) -> None:
        self.cls = cls
        found = [Column(f.name, CODECS[f.metadata.get("codec")],
                        f.metadata.get("written", "always"))
                 for f in fields(cls)  # type: ignore[arg-type]
                 if f.metadata.get("stored", True)]
        # the key first: "SELECT id, …" reads as the row's name
        self.read = tuple(sorted(found, key=lambda c: c.written != "key"))
        self.extra = dict(extra or {})

    def where(self, *written: str) -> tuple[Column, ...]:
        """The columns written at those moments ("always", "created" …), in order."""
        return tuple(c for c in self.read if c.written in written)

    @staticmethod
    def names(columns: Iterable[Column | str], prefix: str = "") -> str:
        """``a, b, c`` (``t.a, t.b, t.c`` with a prefix) for SQL."""
        return ", ".join(prefix + (c if isinstance(c, str) else c.name) for c in columns)

    def values(self, row: T, columns: Iterable[Column]) -> list[Any]:
        """The stored values of ``row``'s ``columns``, in their order."""
        return [getattr(row, c.name) if c.codec is PLAIN else c.codec.dump(getattr(row, c.name))
                for c in columns]

    def stored(self) -> tuple[str, ...]:
        """Every column a whole row is stored in (its fields, then the extra ones)."""
        return (*(c.name for c in self.read), *self.extra)

    def stored_values(self, row: T) -> list[Any]:
        """The values of :meth:`stored` for ``row``."""
        return [*self.values(row, self.read), *(get(row) for get in self.extra.values())]

    def load(self, values: Sequence[Any], columns: Sequence[Column] | None = None) -> T:
        """The row of ``values`` read as ``columns`` (all of them by default); the fields left
        out take their defaults."""
        columns = self.read if columns is None else columns
        return self.cls(**{c.name: v if c.codec is PLAIN else c.codec.load(v)
                           for c, v in zip(columns, values, strict=True)})
