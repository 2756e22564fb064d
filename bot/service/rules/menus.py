"""Menus kept per table version: the move menu is built once per (table, version, seat,
language), not once per click.

Why: a move takes several clicks (verb, then each argument) and /move autocompletes on every
key, and each asked the service for the whole menu again (legal moves, the game's menu order,
every label translated). The table post of a move already built the mover's menu with their
note, so that one is remembered too. The key holds the version, so a menu never outlives the
state it was built from; the row is still read for each click, which is what checks the version
against the database (another process may have moved on).

The text above a menu is its note's: kept with the menu (:attr:`MenuCache.intros`), so a click
shows what the note said, what only that seat learned by the move included, without reading it
back from the message the menu is in.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable
from typing import Generic, TypeVar

from ..results import MenuEntry, PrivateNote

MENU_CACHE = 2048
"""Seats whose latest menu is kept. More than the live tables one process plays (each has a
mover or two): a person's next click comes after every other table's moves, so a smaller cache
lost the menus their notes carried before they were used. Only each seat's newest version is
kept: a few KB per seat to move."""

V = TypeVar("V")
Key = tuple[int | None, int, int, str]
"""(table id, version, seat, language code)"""


class Newest(Generic[V]):
    """A small LRU of values built from a table version, the newest version per (table, seat,
    language): an older one is of no use once the table moved on. Used from the event loop
    only (no lock)."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._kept: OrderedDict[tuple[int | None, int, str], tuple[int, V]] = OrderedDict()

    def get(self, key: Key) -> V | None:
        table, version, seat, code = key
        kept = self._kept.get((table, seat, code))
        if kept is None or kept[0] != version:
            return None
        self._kept.move_to_end((table, seat, code))
        return kept[1]

    def put(self, key: Key, value: V) -> None:
        table, version, seat, code = key
        slot = (table, seat, code)
        kept = self._kept.get(slot)
        if kept is not None and kept[0] > version:
            return  # a slow reader built an older one: the newer stays
        self._kept[slot] = (version, value)
        self._kept.move_to_end(slot)
        while len(self._kept) > self._size:
            self._kept.popitem(last=False)


class MenuCache(Newest[list[MenuEntry]]):
    """The menus (:class:`Newest`), handed out as copies, and the texts of the notes that
    carried them (:attr:`intros`)."""

    def __init__(self, size: int = MENU_CACHE) -> None:
        super().__init__(size)
        self.intros: Newest[str] = Newest(size)

    def get(self, key: Key) -> list[MenuEntry] | None:
        menu = super().get(key)
        return None if menu is None else list(menu)

    def put(self, key: Key, value: list[MenuEntry]) -> None:
        super().put(key, list(value))

    def remember(self, table_id: int | None, notes: Iterable[PrivateNote]) -> None:
        """The menus the notes carry (those of seats to move), with the notes' texts."""
        for note in notes:
            if note.your_turn:
                key = (table_id, note.version, note.seat, note.language)
                self.put(key, note.menu)
                self.intros.put(key, note.text)
