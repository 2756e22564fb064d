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


def _locked(database_path: str, how: int) -> int | None:
    """A descriptor of the folder of ``database_path`` holding ``flock(how)`` without waiting,
    or None when the lock is held against us; OSError when the folder cannot be opened."""
    fd = os.open(_folder(database_path), os.O_RDONLY)
    try:
        fcntl.flock(fd, how | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


def mark_folder(database_path: str) -> int | None:
    """Mark the folder of ``database_path`` as used by this process (until
    :func:`unmark_folder` or the process's end); the descriptor, or None where it cannot be
    marked (no flock, no folder, or a check holds it exclusively for an instant)."""
    if fcntl is None:
        return None
    try:
        return _locked(database_path, fcntl.LOCK_SH)
    except OSError:
        return None


def unmark_folder(fd: int | None) -> None:
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)  # closing lets the lock go


def folder_in_use(database_path: str) -> bool:
    """Whether a running bot marked the folder of ``database_path`` (:func:`mark_folder`)."""
    if fcntl is None:
        return False
    try:
        fd = _locked(database_path, fcntl.LOCK_EX)
    except OSError:  # no folder (or not ours to read): no bot of ours runs there
        return False
    if fd is None:
        return True
    os.close(fd)  # also lets our own exclusive lock go
    return False
