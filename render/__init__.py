"""Pillow drawings of Views. Never imports discord or bot; imports games for types only.

``renderer(game_id)`` returns the module with ``board(view) -> Image`` and ``hand(view) -> Image``.
"""

from __future__ import annotations

import importlib
from types import ModuleType

_MODULES = {
    "master-islands": "render.master_islands",
    "isis-osiris": "render.isis_osiris",
}


def renderer(game_id: str) -> ModuleType:
    try:
        return importlib.import_module(_MODULES[game_id])
    except KeyError:
        raise KeyError(f"no renderer for game '{game_id}'") from None
