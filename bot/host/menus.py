"""Menus kept per table version: the move menu is built once per (table, version, seat,
language), not once per click.

Why: a move takes several clicks (verb, then each argument) and /move autocompletes on every
key, and each asked the host for the whole menu again (legal moves, the game's menu order,
every label translated). The table post of a move already built the mover's menu with their
note, so that one is remembered too. The key holds the version, so a menu never outlives the
state it was built from; the row is still read for each click, which is what checks the version
against the database (another process may have moved on).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable

from .results import MenuEntry, PrivateNote

MENU_CACHE = 512  # menus kept; a few KB each (a few hundred entries at most)

Key = tuple[int | None, int, int, str]
"""(table id, version, seat, language code)"""


class MenuCache:
    """A small LRU of menus. Used from the event loop only (no lock)."""

    def __init__(self, size: int = MENU_CACHE) -> None:
        self._size = size
        self._menus: OrderedDict[Key, list[MenuEntry]] = OrderedDict()

    def get(self, key: Key) -> list[MenuEntry] | None:
        menu = self._menus.get(key)
        if menu is None:
            return None
        self._menus.move_to_end(key)
        return list(menu)

    def put(self, key: Key, menu: list[MenuEntry]) -> None:
        self._menus[key] = list(menu)
        self._menus.move_to_end(key)
        while len(self._menus) > self._size:
            self._menus.popitem(last=False)

    def remember(self, table_id: int | None, notes: Iterable[PrivateNote]) -> None:
        """The menus the notes of a post carry (those of seats to move)."""
        for note in notes:
            if note.your_turn:
                self.put((table_id, note.version, note.seat, note.language), note.menu)
