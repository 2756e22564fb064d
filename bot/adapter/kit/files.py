"""Images as Discord attachments, and which hand image each person already has."""

from __future__ import annotations

import hashlib
import io
from collections import OrderedDict

import discord

MAX_SEEN = 10_000  # (table, person) pairs remembered; the oldest are forgotten first


def png_file(png: bytes | None, name: str) -> discord.File | None:
    return discord.File(io.BytesIO(png), name) if png else None


class SeenHands:
    """The hand image each person was last sent privately at each table (a digest of its PNG,
    in memory): a private reply attaches the hand only when it changed since. Forgotten when
    the table ends, and the oldest first beyond :data:`MAX_SEEN` (a restart forgets all: the
    next reply shows the hand again)."""

    def __init__(self) -> None:
        self._seen: OrderedDict[tuple[int, int], bytes] = OrderedDict()

    def changed(self, channel_id: int, user_id: int, png: bytes | None) -> bool:
        """Whether ``png`` differs from the last hand image this person got at this table; it
        counts as sent from now on (call when it is attached)."""
        if not png:
            return False
        key, digest = (channel_id, user_id), hashlib.sha256(png).digest()
        if self._seen.get(key) == digest:
            self._seen.move_to_end(key)
            return False
        self._seen[key] = digest
        self._seen.move_to_end(key)
        while len(self._seen) > MAX_SEEN:
            self._seen.popitem(last=False)
        return True

    def shown(self, channel_id: int, user_id: int, png: bytes | None) -> None:
        """This person was sent ``png`` anyway (/hand always shows it)."""
        self.changed(channel_id, user_id, png)

    def forget(self, channel_id: int) -> None:
        """The table ended."""
        for key in [k for k in self._seen if k[0] == channel_id]:
            del self._seen[key]
