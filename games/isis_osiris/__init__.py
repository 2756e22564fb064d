"""Isis & Osiris (Michael Schacht): importing this package registers the game as ``isis-osiris``."""

from ..registry import register
from .engine import IsisOsiris

GAME = IsisOsiris()
register(GAME)

__all__ = ["GAME", "IsisOsiris"]
