"""The table host: what a table is, who sits where, what is stored, what each person sees.

The names below are imported on first use (PEP 562), not with the package: a worker process
that chooses computer moves unpickles :func:`bot.host.workers.think`, which imports this package
first, and should load only the games, not the store, the renderer and Pillow (about 18 MB of
its memory).
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .errors import HostError
    from .host import TableHost
    from .results import MenuEntry, Outcome, PrivateNote, PublicPost, Seat, TableInfo

_WHERE = {"HostError": "errors", "TableHost": "host", "MenuEntry": "results",
          "Outcome": "results", "PrivateNote": "results", "PublicPost": "results",
          "Seat": "results", "TableInfo": "results"}

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


def __getattr__(name: str) -> Any:
    """The exported name from its module, imported now (then kept as a package attribute)."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value
