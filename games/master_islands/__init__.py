"""Master Islands: registers the engine on import (rules: docs/rules/master-islands.md)."""

from ..registry import register
from .engine import MasterIslands

GAME = register(MasterIslands())

__all__ = ["GAME", "MasterIslands"]
