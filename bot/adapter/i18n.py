"""The adapter's translation helpers: the project's one set (:mod:`i18n`), re-exported here so
adapter modules import them from one nearby place."""

from __future__ import annotations

from i18n import _, _n, language, language_of, say, say_n, translate

__all__ = ["_", "_n", "language", "language_of", "say", "say_n", "translate"]
