"""The table host: what a table is, who sits where, what is stored, what each person sees.

(The worker process that chooses computer moves imports none of this: its function is
:func:`games.computer.think`.)
"""

from __future__ import annotations

from .errors import HostError
from .host import TableHost
from .results import MenuEntry, Outcome, PrivateNote, PublicPost, Seat, TableInfo

__all__ = [
    "HostError",
    "MenuEntry",
    "Outcome",
    "PrivateNote",
    "PublicPost",
    "Seat",
    "TableHost",
    "TableInfo",
]
