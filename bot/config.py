"""The bot's settings: one TOML file (every key optional), checked field by field.

Every refusal names the file, the field and the reason ("config.toml: database.path must be a
string"), because the person reading it is a server owner, not a Python programmer. The token is
never in the file: it comes from the ``DISCORD_TOKEN`` environment variable.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DEFAULT_PATH = "config.toml"
SYNC_SCOPES = ("global", "guild", "off")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
MAX_DELAY = 60.0
MAX_WORKERS = 32
THINK_RANGE = (0.1, 30.0)  # seconds a computer may think about one move
REMATCH_SECONDS = (30, 86400)  # a rematch keeps the last game's seats from 30 s to a day


class ConfigError(ValueError):
    """A config that cannot be used; the message names the file, the field and the reason."""


@dataclass(frozen=True)
class Config:
    database_path: str = "tablee.db"
    sync: str = "global"  # where slash commands are registered: global, guild (dev_guild_id), off
    dev_guild_id: int | None = None
    dm_default: bool = True  # turn DMs for users who never chose
    log_level: str = "INFO"
    computer_delay: float = 0.0  # pause before computers answer a human (outside the lock)
    computer_workers: int = 1  # processes choosing computer moves; 0: a thread of the bot's own
    think_seconds: float = 1.0  # the most a computer thinks about one move (a safety cap)
    rematch_seconds: float = 300.0  # how long a rematch keeps the last game's seats
    reveal_seconds: float = 3.0  # how long a computer's revealed value shows before its placement
    source: str = "(defaults)"  # the file these settings came from, for messages


# section -> key -> (attribute, checker)
def _string(where: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ConfigError(f"{where} must be a string")
    if not value.strip():
        raise ConfigError(f"{where} must not be empty")
    return value


def _bool(where: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{where} must be true or false")
    return value


def _guild_id(where: str, value: Any) -> int:
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise ConfigError(f"{where} must be a server id (a positive whole number)")
    return value


def _sync(where: str, value: Any) -> str:
    if not isinstance(value, str) or value.lower() not in SYNC_SCOPES:
        raise ConfigError(f"{where} must be one of {', '.join(SYNC_SCOPES)}, not {value!r}")
    return value.lower()


def _level(where: str, value: Any) -> str:
    if not isinstance(value, str) or value.upper() not in LOG_LEVELS:
        raise ConfigError(f"{where} must be one of {', '.join(LOG_LEVELS)}, not {value!r}")
    return value.upper()


def _delay(where: str, value: Any) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise ConfigError(f"{where} must be a number of seconds")
    if not 0 <= value <= MAX_DELAY:
        raise ConfigError(f"{where} must be between 0 and {MAX_DELAY:g} seconds, not {value}")
    return float(value)


def _workers(where: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_WORKERS:
        raise ConfigError(
            f"{where} must be a whole number of processes from 0 to {MAX_WORKERS} "
            f"(0 runs computer players inside the bot's own process), not {value!r}"
        )
    return value


def _seconds(low: float, high: float) -> Callable[[str, Any], float]:
    """A checker of a number of seconds from ``low`` to ``high``."""

    def check(where: str, value: Any) -> float:
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise ConfigError(f"{where} must be a number of seconds, not {value!r}")
        if not low <= value <= high:
            raise ConfigError(f"{where} must be between {low:g} and {high:g} seconds, not {value}")
        return float(value)

    return check


FIELDS: dict[str, dict[str, tuple[str, Any]]] = {
    "database": {"path": ("database_path", _string)},
    "commands": {"sync": ("sync", _sync), "dev_guild_id": ("dev_guild_id", _guild_id)},
    "dms": {"default": ("dm_default", _bool)},
    "logging": {"level": ("log_level", _level)},
    "computer": {"delay": ("computer_delay", _delay), "workers": ("computer_workers", _workers),
                 "think_seconds": ("think_seconds", _seconds(*THINK_RANGE)),
                 "reveal_seconds": ("reveal_seconds", _seconds(0, MAX_DELAY))},
    "tables": {"rematch_seconds": ("rematch_seconds", _seconds(*REMATCH_SECONDS))},
}


def parse_config(data: dict[str, Any], source: str = DEFAULT_PATH) -> Config:
    """Check parsed TOML; unknown sections and keys are refused (a typo must not be silent)."""
    values: dict[str, Any] = {}
    try:
        for section, body in data.items():
            if section not in FIELDS:
                raise ConfigError(f"unknown section [{section}] (sections: {', '.join(FIELDS)})")
            if not isinstance(body, dict):
                raise ConfigError(f"{section} must be a section ([{section}]), not a value")
            for key, value in body.items():
                if key not in FIELDS[section]:
                    known = ", ".join(f"{section}.{k}" for k in FIELDS[section])
                    raise ConfigError(f"unknown setting {section}.{key} (known: {known})")
                attr, check = FIELDS[section][key]
                values[attr] = check(f"{section}.{key}", value)
        if values.get("sync") == "guild" and values.get("dev_guild_id") is None:
            raise ConfigError('commands.dev_guild_id is required when commands.sync = "guild"')
    except ConfigError as exc:
        raise ConfigError(f"{source}: {exc}") from None
    return Config(**values, source=source)


def resolve_path(path: str | None) -> tuple[str, bool]:
    """(path, explicit): --config, else $TABLEE_CONFIG, else ./config.toml (optional)."""
    if path:
        return path, True
    env = os.environ.get("TABLEE_CONFIG")
    if env:
        return env, True
    return DEFAULT_PATH, False


def load_config(path: str | None = None) -> Config:
    """Read and check the config. A missing default file means defaults; a missing file that was
    asked for by name is an error (the owner expects their settings to apply)."""
    where, explicit = resolve_path(path)
    file = Path(where)
    if not file.exists():
        if explicit:
            raise ConfigError(f"{where}: file not found")
        return Config()
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{where}: not valid TOML: {exc}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{where}: cannot be read: {exc}") from None
    return parse_config(data, where)
