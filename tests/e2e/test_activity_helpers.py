"""Shared by the Activity tests: the personal links the web server would make."""

from __future__ import annotations

from typing import Any

from bot.web.links import Links


def make_links(tablee: Any) -> Links:
    """Links kept in the running bot's database, as the web server's."""
    return Links(tablee.bot.service.store, 12.0)
