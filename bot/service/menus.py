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

MENU_CACHE = 2048
"""Seats whose latest menu is kept. More than the live tables one process plays (each has a
mover or two): a person's next click comes after every other table's moves, so a smaller cache
lost the menus their notes carried before they were used (the bench's 1,000 tables rebuilt most
menus with 512). Only each seat's newest version is kept: a few KB per seat to move."""

Key = tuple[int | None, int, int, str]
"""(table id, version, seat, language code)"""


class MenuCache:
    """A small LRU of menus, the newest version per (table, seat, language): an older one is
    of no use once the table moved on. Used from the event loop only (no lock)."""

    def __init__(self, size: int = MENU_CACHE) -> None:
        self._size = size
        self._menus: OrderedDict[tuple[int | None, int, str], tuple[int, list[MenuEntry]]] = (
            OrderedDict())

    def get(self, key: Key) -> list[MenuEntry] | None:
        table, version, seat, code = key
        kept = self._menus.get((table, seat, code))
        if kept is None or kept[0] != version:
            return None
        self._menus.move_to_end((table, seat, code))
        return list(kept[1])

    def put(self, key: Key, menu: list[MenuEntry]) -> None:
        table, version, seat, code = key
        slot = (table, seat, code)
        kept = self._menus.get(slot)
        if kept is not None and kept[0] > version:
            return  # a slow reader built an older one: the newer stays
        self._menus[slot] = (version, list(menu))
        self._menus.move_to_end(slot)
        while len(self._menus) > self._size:
            self._menus.popitem(last=False)

    def remember(self, table_id: int | None, notes: Iterable[PrivateNote]) -> None:
        """The menus the notes of a post carry (those of seats to move)."""
        for note in notes:
            if note.your_turn:
                self.put((table_id, note.version, note.seat, note.language), note.menu)
