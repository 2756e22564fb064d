"""One helper for every user-facing string, so a translation can be added in one place later.

English only for now: ``_()`` formats the English text with its named fields.
"""

from __future__ import annotations

from typing import Any


def _(text: str, /, **fields: Any) -> str:
    return text.format(**fields) if fields else text
