"""L'île des contrebandiers (Anja Wrede): registers the engine on import (rules:
docs/rules/ile-des-contrebandiers.md)."""

from ..registry import register
from .engine import IleDesContrebandiers

GAME = register(IleDesContrebandiers())

__all__ = ["GAME", "IleDesContrebandiers"]
