"""Command data Discord's client never sends, named before any command runs.

Discord's client only sends a synced command with its declared options: the right type, a value
among the choices, numbers within Discord's ±2^53, a user it resolved. A forged or broken request
may carry anything else (a number where text goes, an option off its choices, a subcommand that
does not exist, a 20-digit integer, a user id with nothing resolved); the tree checks the data
here first (:meth:`bot.adapter.client.TableeTree.interaction_check`) and the person gets one
sentence saying what was wrong, instead of an apology and a traceback in the log.

Pure: the command found for the data (or None) and the data in, a :class:`Problem` out.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from discord import AppCommandOptionType as Kind
from discord import app_commands

from .i18n import _

MAX_SNOWFLAKE = 2**63 - 1
"""Discord's ids (and every number this bot puts in a custom id) are at most this."""
MAX_NUMBER = 2**53
"""Discord's integer and number options lie within ±2^53."""
SUBCOMMANDS = (Kind.subcommand.value, Kind.subcommand_group.value)
RESOLVED = {  # option type -> where Discord puts what the option names
    Kind.user.value: ("users",),
    Kind.channel.value: ("channels",),
    Kind.role.value: ("roles",),
    Kind.mentionable.value: ("users", "roles"),
    Kind.attachment.value: ("attachments",),
}

Found = app_commands.Command[Any, ..., Any] | app_commands.Group | None


@dataclass(frozen=True)
class Problem:
    kind: str  # "command" | "missing" | "value" | "unresolved"
    option: str = ""  # the option's Discord name

    def sentence(self) -> str:
        """What the person is told (in the current language)."""
        if self.kind == "command":
            return _("I don't offer that command (any more): type / and pick one of Tablée's "
                     "commands from the list.")
        if self.kind == "missing":
            return _("The option **{option}** is required and was not given, so nothing was done.",
                     option=self.option)
        if self.kind == "unresolved":
            return _("I couldn't find the person given for **{option}**: pick them from the "
                     "list Discord offers.", option=self.option)
        return _("The value given for **{option}** is not one Discord sends, so nothing was done. "
                 "Pick it again from what Discord offers.", option=self.option)


def unsendable_sentence() -> str:
    """What a component id carrying values Discord's client never sends is told."""
    return _("That request carries values Discord does not send, so nothing was done. Use the "
             "buttons and commands as Discord shows them.")


def command_problem(root: Found, data: Mapping[str, Any], *, autocomplete: bool) -> Problem | None:
    """What is wrong with a slash command's ``data`` for ``root``, the top-level command of that
    name (None: no such command); None when Discord's client could have sent it. For an
    autocomplete only the command and the focused option (a partly typed text) are checked."""
    command, options = root, list(data.get("options") or [])
    while isinstance(command, app_commands.Group):
        sub = next((o for o in options if _is_dict(o) and o.get("type") in SUBCOMMANDS), None)
        if sub is None or len(options) != 1:
            return Problem("command")
        command = command.get_command(str(sub.get("name")))
        options = list(sub.get("options") or [])
    if command is None:
        return Problem("command")
    if not all(_is_dict(o) for o in options):
        return Problem("value", "?")
    declared = {p.display_name: p for p in command.parameters}
    given: dict[str, dict[str, Any]] = {}
    for option in options:
        name = str(option.get("name"))
        if name not in declared or name in given:
            return Problem("value", name)
        given[name] = option
    if autocomplete:
        focused = [o for o in options if o.get("focused")]
        if len(focused) != 1 or not isinstance(focused[0].get("value"), str):
            return Problem("value", str(focused[0].get("name")) if focused else "?")
        return None
    for name, parameter in declared.items():
        if name not in given:
            if parameter.required:
                return Problem("missing", name)
            continue
        problem = _value_problem(parameter, given[name], data.get("resolved") or {})
        if problem is not None:
            return Problem(problem, name)
    return None


def _is_dict(value: Any) -> bool:
    return isinstance(value, dict)


def _value_problem(parameter: app_commands.Parameter, option: Mapping[str, Any],
                   resolved: Mapping[str, Any]) -> str | None:
    kind, value = parameter.type.value, option.get("value")
    if option.get("type") != kind:
        return "value"
    if kind in RESOLVED:
        if not (isinstance(value, str) and value.isdigit() and len(value) <= 19
                and int(value) <= MAX_SNOWFLAKE):
            return "value"
        places = [resolved.get(place) for place in RESOLVED[kind]]
        if not any(isinstance(p, dict) and value in p for p in places):
            return "unresolved"
        return None
    if not _typed(kind, value):
        return "value"
    choices = parameter.choices
    if choices and value not in [c.value for c in choices]:
        return "value"
    size = len(value) if isinstance(value, str) else value
    low, high = parameter.min_value, parameter.max_value
    if (low is not None and size < low) or (high is not None and size > high):
        return "value"
    return None


def _typed(kind: int, value: Any) -> bool:
    """Whether ``value`` has the JSON type Discord sends for an option of ``kind``."""
    if kind == Kind.string.value:
        return isinstance(value, str)
    if kind == Kind.boolean.value:
        return isinstance(value, bool)
    if kind == Kind.integer.value:
        return type(value) is int and abs(value) <= MAX_NUMBER
    if kind == Kind.number.value:
        return (type(value) in (int, float) and math.isfinite(value)
                and abs(value) <= MAX_NUMBER)
    return False
