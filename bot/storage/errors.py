"""What the storage says when the database cannot serve a request now (not a bug, not a refusal
of the rules): busy (another process holds the write lock), the disk is full, (PostgreSQL) the
database server cannot be reached, or (SQLite) the file is read-only, the disk failed to read or
write it, or the file was deleted or replaced under the running bot; (PostgreSQL) the server
stopped answering after a write was sent, which it may have stored. Each carries a sentence for the person who acted; the adapter
sends it privately like a host refusal. And what it says when a write lost a race: a stale
version (:class:`Conflict`) or a violated constraint (:data:`IntegrityError`).

Each database (:mod:`bot.storage.sqlite`, :mod:`bot.storage.postgres`) maps its driver's errors
to these."""

from __future__ import annotations

import sqlite3
from typing import ClassVar

from games.text import N_

BUSY = N_("The table is busy, try again in a moment.")
DISK_FULL = N_(
    "The bot's disk is full, so nothing could be saved and nothing changed. Please tell the "
    "server's admin; try again later."
)
UNREACHABLE = N_(
    "The bot cannot reach its database right now, so nothing changed. Try again in a moment.")
MAYBE_SAVED = N_(
    "The bot lost its database's answer just as it was saving this, so it may have been saved. "
    "Look at the table before you try again.")
READ_ONLY = N_(
    "The bot's database file is read-only, so nothing could be saved and nothing changed. "
    "Please tell the server's admin to check the file's permissions."
)
DISK_ERROR = N_(
    "The bot's disk failed to read or write its database, so nothing changed. Please tell the "
    "server's admin; try again later."
)
FILE_REPLACED = N_(
    "The bot's database file was deleted or replaced while the bot was running, so nothing "
    "could be saved and nothing changed. Please tell the server's admin: the bot needs a "
    "restart."
)

class Conflict(Exception):
    """The row changed since it was read (stale version) or the channel is already taken."""


IntegrityError = sqlite3.IntegrityError
"""A violated constraint (a second table in one channel …) on either database: the PostgreSQL
store raises this same class, so storage code catches one thing."""


class Unavailable(Exception):
    """The database cannot serve this request now; ``message`` is for the person who acted
    (English), ``text`` the same to translate (``i18n.translate(exc.text, code)``)."""

    sentence: ClassVar[str]
    """Each kind's sentence (a catalog msgid)."""

    def __init__(self) -> None:
        super().__init__(self.sentence)
        self.message = self.sentence
        self.text = self.sentence  # a catalog msgid


class Busy(Unavailable):
    """Another connection (usually another process) held the write lock too long."""

    sentence = BUSY


class DiskFull(Unavailable):
    """SQLITE_FULL: the disk (or the file system's quota) is full."""

    sentence = DISK_FULL


class Unreachable(Unavailable):
    """The database server (PostgreSQL) refused the connection, dropped it or did not answer."""

    sentence = UNREACHABLE


class Uncertain(Unreachable):
    """The database server stopped answering after a write was sent to it (its statement, or
    its transaction's COMMIT): the server may have stored it all the same, so "nothing
    changed" would not be true. Before a write is sent, a failure is :class:`Unreachable`."""

    sentence = MAYBE_SAVED


class ReadOnly(Unavailable):
    """SQLITE_READONLY (any extended code): the file (or its folder) may not be written."""

    sentence = READ_ONLY


class DiskError(Unavailable):
    """SQLITE_IOERR (any extended code): the operating system failed a read or a write."""

    sentence = DISK_ERROR


class FileReplaced(Unavailable):
    """The SQLite file open is no longer the file at the configured path (deleted, or another
    file put in its place): a write would go where nobody will read it."""

    sentence = FILE_REPLACED
