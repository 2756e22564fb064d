"""A running bot's mark on the folder of its SQLite file, for ``python -m bot check``.

The running bot's own claim (its shard lease, :mod:`bot.app.lease`) lives inside the database
file, so it goes when the file is deleted, and a ``check`` run then would create an empty
database beside a bot that still writes into the deleted one (everything played from then on
would be lost at its next restart). So the bot also holds a shared ``flock`` on the folder
itself (an open descriptor of the directory: it survives ``rm`` of the files in it, and the
kernel lets it go when the process ends, however it ends). ``check`` asks for an exclusive lock
without waiting: refused means a bot runs there. Only ``flock`` (Linux, the BSDs, macOS); where
there is none, nothing is marked and ``check`` behaves as before.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # not a POSIX system
    fcntl = None  # type: ignore[assignment]


def _folder(database_path: str) -> str:
    return str(Path(database_path).parent) or "."


def mark_folder(database_path: str) -> int | None:
    """Mark the folder of ``database_path`` as used by this process (until :func:`unmark_folder`
    or the process's end); the descriptor, or None where it cannot be marked."""
    if fcntl is None:
        return None
    try:
        fd = os.open(_folder(database_path), os.O_RDONLY)
    except OSError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:  # someone holds it exclusively for an instant (a check): no mark needed
        os.close(fd)
        return None
    return fd


def unmark_folder(fd: int | None) -> None:
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)  # closing lets the lock go


def folder_in_use(database_path: str) -> bool:
    """Whether a running bot marked the folder of ``database_path`` (:func:`mark_folder`)."""
    if fcntl is None:
        return False
    try:
        fd = os.open(_folder(database_path), os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # also lets our own exclusive lock go
    return False
