"""Discord's naming rules for slash commands, which the OpenAPI spec does not carry
(application-commands.mdx, "Application Command Naming" and "Localization"):

- a CHAT_INPUT command's, subcommand's or option's name, and each of its localised names,
  matches ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`` and uses the lowercase variant of
  every letter that has one (here: word characters, ``-`` and ``'``, equal to its lowercase);
- localisation dictionaries are keyed by Discord's available locales (the spec's enum);
- a localised option name differs from the other options' default names of that command level
  and from the other options' names in that locale.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

NAME = re.compile(r"^[-_'\w]{1,32}$")


@cache
def locales() -> frozenset[str]:
    from .validate import spec

    schema = spec()["components"]["schemas"]["AvailableLocalesEnum"]
    enum = schema.get("oneOf") or schema.get("anyOf") or []  # validate.py widens oneOf
    return frozenset(item["const"] for item in enum)


def _name_problems(name: Any, where: str) -> list[str]:
    if not isinstance(name, str):
        return []
    if not NAME.match(name):
        return [f"{where}: {name!r} is not a valid command name (1-32 letters, digits, - _ ')"]
    if name != name.lower():
        return [f"{where}: {name!r} must be lowercase"]
    return []


def _localisations(node: dict[str, Any], where: str, *, names: bool = True) -> list[str]:
    """Locale keys; localised names follow the naming rule (``names``: not for choices, whose
    names are free text)."""
    problems = []
    for key in ("name_localizations", "description_localizations"):
        for locale, text in (node.get(key) or {}).items():
            here = f"{where}.{key}.{locale}"
            if locale not in locales():
                problems.append(f"{here}: {locale!r} is not one of Discord's locales")
            elif key == "name_localizations" and names:
                problems += _name_problems(text, here)
    return problems


def _options(options: Any, where: str) -> list[str]:
    if not isinstance(options, list):
        return []
    problems = []
    defaults = [o.get("name") for o in options if isinstance(o, dict)]
    per_locale: dict[str, list[str]] = {}
    for i, option in enumerate(options):
        if not isinstance(option, dict):
            continue
        here = f"{where}[{i}]"
        problems += _name_problems(option.get("name"), f"{here}.name")
        problems += _localisations(option, here)
        for locale, text in (option.get("name_localizations") or {}).items():
            others = [d for d in defaults if d != option.get("name")]
            if text in others or text in per_locale.get(locale, []):
                problems.append(f"{here}.name_localizations.{locale}: {text!r} is already "
                                "another option's name")
            per_locale.setdefault(locale, []).append(text)
        for j, choice in enumerate(option.get("choices") or []):
            if isinstance(choice, dict):
                problems += _localisations(choice, f"{here}.choices[{j}]", names=False)
        problems += _options(option.get("options"), f"{here}.options")
    return problems


def command_problems(body: Any) -> list[str]:
    """Naming problems in a bulk command overwrite (a list of commands)."""
    if not isinstance(body, list):
        return []
    problems = []
    for i, command in enumerate(body):
        if not isinstance(command, dict) or command.get("type", 1) != 1:
            continue
        here = f"$[{i}]"
        problems += _name_problems(command.get("name"), f"{here}.name")
        problems += _localisations(command, here)
        problems += _options(command.get("options"), f"{here}.options")
    return problems
