"""The table service: what a table is, who sits where, what is stored, what each person sees
(knows no discord.py; the adapter turns its results into messages).

(The worker process that chooses computer moves imports none of this: its function is
:func:`games.computer.think`.)
"""

from __future__ import annotations

from .errors import HostError
from .results import MenuEntry, Outcome, PrivateNote, PublicPost, Seat, TableInfo
from .services import Services

__all__ = [
    "HostError",
    "MenuEntry",
    "Outcome",
    "PrivateNote",
    "PublicPost",
    "Seat",
    "Services",
    "TableInfo",
]
