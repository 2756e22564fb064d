"""The lobby's settings panel as data: which selects a page shows, their custom ids, options and
texts. Pure (no interaction handling; :mod:`bot.adapter.lobby.lobby` answers the clicks).

The panel shows one select per option that applies now (``TableInfo.settings``): at most five
selects fit a message, so with more than five the panel has pages of four plus a row of
Previous / Next. A select's custom id carries channel, lobby version, page and the option name,
so a panel survives a restart and an out-of-date one is recognised; an option value is ``=`` and
the service's value string (``=`` alone is "back to the default").
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..kit.i18n import _, shown
from ..kit.limits import (
    MAX_CHOICES,
    MAX_CONTENT,
    MAX_CUSTOM_ID,
    MAX_OPTION_LABEL,
    MAX_OPTION_VALUE,
    MAX_PLACEHOLDER,
    MAX_ROWS,
    clip,
)

SELECT_NAMESPACE = "ts:s:"  # a select's custom id: channel, version, page, the option's name
SELECT_FIELDS = r"(?P<channel>\d+):(?P<version>\d+):(?P<page>\d+):(?P<name>.+)"
PAGE_NAMESPACE = "ts:p:"  # Previous / Next: channel, version, page
PER_PAGE = MAX_ROWS - 1  # when paginated: four selects and the navigation row
VALUE_MARK = "="


@dataclass(frozen=True)
class SelectSpec:
    """One select of the panel: its custom id, placeholder and (label, value, default) options."""

    custom_id: str
    placeholder: str
    options: list[tuple[str, str, bool]]


@dataclass(frozen=True)
class PanelPage:
    text: str
    selects: list[SelectSpec]
    page: int
    pages: int


def pages_of(settings: Sequence[Any]) -> list[list[Any]]:
    """The settings split into pages: all on one when they fit, else four a page."""
    if len(settings) <= MAX_ROWS:
        return [list(settings)]
    count = math.ceil(len(settings) / PER_PAGE)
    return [list(settings[i * PER_PAGE:(i + 1) * PER_PAGE]) for i in range(count)]


def name_code(settings: Sequence[Any], index: int, head: str) -> str:
    """The option's name in a custom id, or ``#<index>`` when the name would not fit."""
    name = settings[index].name
    if len(head) + len(name) <= MAX_CUSTOM_ID and not name.startswith("#"):
        return name
    return f"#{index}"


def setting_named(settings: Sequence[Any], code: str) -> Any | None:
    """The setting a custom id's name code stands for (None: not offered any more)."""
    match = re.fullmatch(r"#(\d+)", code)
    if match:
        index = int(match[1])
        return settings[index] if index < len(settings) else None
    return next((s for s in settings if s.name == code), None)


def encode_value(value: str) -> str:
    return VALUE_MARK + value


def decode_value(value: str) -> str | None:
    return value[len(VALUE_MARK):] if value.startswith(VALUE_MARK) else None


def select_options(setting: Any) -> list[tuple[str, str, bool]]:
    """(label, value, is current) of a setting's choices, at most 25 (a window around the
    current value when there are more)."""
    choices = [(text, value) for value, text in setting.choices
               if len(encode_value(value)) <= MAX_OPTION_VALUE]
    if len(choices) > MAX_CHOICES:
        at = next((i for i, (_t, v) in enumerate(choices) if v == setting.value), 0)
        start = min(max(at - MAX_CHOICES // 2, 0), len(choices) - MAX_CHOICES)
        choices = choices[start:start + MAX_CHOICES]
    return [(clip(shown(text), MAX_OPTION_LABEL), encode_value(value), value == setting.value)
            for text, value in choices]


def panel_page(info: Any, page: int = 0, note: str = "") -> PanelPage:
    """The panel's page ``page`` (clamped) for the lobby ``info``, ``note`` on top."""
    settings = list(info.settings)
    pages = pages_of(settings)
    page = min(max(page, 0), len(pages) - 1)
    lines = [note] if note else []
    lines.append(_("**Settings of this {game} table**: only you, the host, see this panel; "
                   "the lobby post shows every change at once.", game=info.game_name))
    selects = []
    offset = sum(len(p) for p in pages[:page])
    for i, setting in enumerate(pages[page]):
        lines.append(_("• **{label}**: {value}. {about}", label=setting.label,
                       value=setting.value_text, about=setting.description).rstrip())
        head = f"{SELECT_NAMESPACE}{info.channel_id}:{info.version}:{page}:"
        code = name_code(settings, offset + i, head)
        placeholder = clip(_("{label}: {value}", label=setting.label, value=setting.value_text),
                           MAX_PLACEHOLDER)
        selects.append(SelectSpec(head + code, placeholder, select_options(setting)))
    if len(pages) > 1:
        lines.append(_("Page {p}/{n}.", p=page + 1, n=len(pages)))
    if not settings:
        lines.append(_("This game has no options to set."))
    return PanelPage(clip("\n".join(lines), MAX_CONTENT), selects, page, len(pages))
