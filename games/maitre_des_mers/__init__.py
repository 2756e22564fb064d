"""Le Maître des Mers (Jérémie Caplanne): registers the engine on import (rules:
docs/rules/maitre-des-mers.md)."""

from ..registry import register
from .engine import MaitreDesMers

GAME = register(MaitreDesMers())

__all__ = ["GAME", "MaitreDesMers"]
