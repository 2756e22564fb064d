"""The bot's settings: one TOML file (every key optional), checked field by field.

Every refusal names the file, the field and the reason ("config.toml: database.path must be a
string"), because the person reading it is a server owner, not a Python programmer. The token is
never in the file: it comes from the ``DISCORD_TOKEN`` environment variable.
"""

from __future__ import annotations

import ipaddress
import os
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from .shards import Shards
from .storage.servers import TABLE_PLACES
from .storage.url import url_problem

DEFAULT_PATH = "config.toml"
SYNC_SCOPES = ("global", "guild", "off")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR")
MAX_DELAY = 60.0
MAX_WORKERS = 32
THINK_RANGE = (0.1, 30.0)  # seconds a computer may think about one move
REMATCH_SECONDS = (30, 86400)  # a rematch keeps the last game's seats from 30 s to a day
LEASE_SECONDS = (0.1, 600)  # a shard lease is renewed every 0.1 s to 10 minutes
TURN_DM_SECONDS = (0, 3600)  # a live table's turn DM waits from 0 s (at once) to an hour
SPEEDS = ("live", "daily", "off")  # table speeds (the turn clock); "off": no clock
COMPUTER_LEVELS = ("easy", "medium", "hard")
MAX_LIVE_MINUTES = 24 * 60.0
MAX_DAILY_HOURS = 30 * 24.0
MAX_SHARDS = 65536
MAX_BACKUPS = 1000  # [backup] keep: daily backups kept in the data folder (0: none made)
BACKUP_HOURS = 720.0  # [backup] every_hours: at most a month apart
SHARD_ENV = ("TABLEE_SHARD_COUNT", "TABLEE_SHARD_IDS")  # for one image run as several services
ACTIVITY_SECRET_ENV = "TABLEE_ACTIVITY_SECRET"  # the Activity's client secret, out of the file
LINK_HOURS = 24 * 30.0  # [web] link_hours: a personal link lasts at most a month
MAX_ID = 2 ** 63  # Discord ids (snowflakes) are below this (a PostgreSQL bigint holds them)
MAX_PROXIES = 64  # [web] trusted_proxies: addresses or networks
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


class ConfigError(ValueError):
    """A config that cannot be used; the message names the file, the field and the reason."""


@dataclass(frozen=True)
class Speed:
    """One table speed's turn clock, in seconds: each player's bank starts at ``start``, gains
    ``add`` at each of their turns and never holds more than ``cap``; a turn lasts what is in
    the bank."""

    start: float
    add: float
    cap: float


@dataclass(frozen=True)
class ClockConfig:
    """The turn clock: the speed of new tables, each speed's numbers, what happens at time out."""

    default_speed: str = "live"
    live: Speed = Speed(start=5 * 60.0, add=30.0, cap=10 * 60.0)
    daily: Speed = Speed(start=24 * 3600.0, add=24 * 3600.0, cap=72 * 3600.0)
    auto_takeover: bool = False  # at time out a computer takes the seat without asking
    computer_level: str = "medium"  # the level of a computer playing for an absent person
    # A live table DMs someone whose turn began only once they have done nothing at the table
    # for this long (seconds; 0: at once, as daily and clock-less tables always do).
    turn_dm_after: float = 60.0

    def speed(self, name: str | None) -> Speed | None:
        """The clock of a speed (None for "off"); an unknown or missing name is the default."""
        name = name if name in SPEEDS else self.default_speed
        return None if name == "off" else getattr(self, name)


@dataclass(frozen=True)
class WebConfig:
    """The live table page (off unless ``[web] listen`` is set): where it listens, the public
    address its links start with (None: no link buttons), how long a personal link lasts."""

    listen: str  # "127.0.0.1:8080" (host:port; "[::1]:8080" for IPv6; port 0: any free one)
    public_url: str | None = None  # "https://tables.example.org", no trailing slash
    link_hours: float = 12.0
    # Reverse proxies whose X-Forwarded-For is believed (addresses or networks); none: the
    # address a connection comes from is the client's (bot.web.addresses).
    trusted_proxies: tuple[IPNetwork, ...] = ()

    @property
    def host(self) -> str:
        return self.listen.rpartition(":")[0].strip("[]")

    @property
    def port(self) -> int:
        return int(self.listen.rpartition(":")[2])


@dataclass(frozen=True)
class ActivityConfig:
    """The table as a Discord Activity: the application's client id and secret."""

    client_id: int
    client_secret: str = field(repr=False)


@dataclass(frozen=True)
class Config:
    database_path: str = "tablee.db"
    sync: str = "global"  # where slash commands are registered: global, guild (dev_guild_id), off
    dev_guild_id: int | None = None
    dm_default: bool = False  # turn DMs (beside the mention) for users who never chose
    log_level: str = "INFO"
    computer_delay: float = 0.0  # pause before computers answer a human (outside the lock)
    computer_workers: int = 1  # processes choosing computer moves; 0: a thread of the bot's own
    think_seconds: float = 1.0  # a computer's CPU seconds for one move at most (a safety cap)
    rematch_seconds: float = 300.0  # how long a rematch keeps the last game's seats
    tables_place: str = "threads"  # where tables play unless a server chose (/settings tables)
    reveal_seconds: float = 3.0  # how long a computer's revealed value shows before its placement
    clock: ClockConfig = ClockConfig()
    database_url: str | None = None  # PostgreSQL instead of the SQLite file (DATABASE_URL wins)
    shard_count: int | None = None  # Discord shards in all (None: one unsharded connection)
    shard_ids: tuple[int, ...] | None = None  # the shards this process serves (None: all)
    lease_seconds: float = 10.0  # how often a process renews its shards' lease (bot.app.lease)
    rules_url: str | None = None  # /help links <rules_url>/<game id>.md (the docs/rules/ folder)
    backup_keep: int = 7  # backups the running bot keeps in <data folder>/backups (0: off)
    backup_every: float = 24 * 3600.0  # seconds between them
    web: WebConfig | None = None  # the live table page ([web]; None: off)
    activity: ActivityConfig | None = None  # the Activity ([activity], needs [web])
    source: str = "(defaults)"  # the file these settings came from, for messages

    @property
    def database(self) -> str:
        """What the store opens: the PostgreSQL URL when one is set, else the SQLite file."""
        return self.database_url or self.database_path

    @property
    def shards(self) -> Shards:
        """The guilds this process serves (:mod:`bot.shards`)."""
        return Shards(self.shard_count or 1, self.shard_ids)


# section -> key -> (attribute, checker)
def _string(where: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ConfigError(f"{where} must be a string")
    if not value.strip():
        raise ConfigError(f"{where} must not be empty")
    return value


def _url(where: str, value: Any) -> str:
    problem = url_problem(_string(where, value).strip())
    if problem:
        raise ConfigError(f"{where} {problem}")
    return value.strip()


def _web_address(where: str, value: Any) -> str:
    address = _string(where, value).strip()
    if not address.startswith(("https://", "http://")) or any(c.isspace() for c in address):
        raise ConfigError(f"{where} must be a web address starting with https://, e.g. "
                          f"https://github.com/you/tablee/blob/main/docs/rules, not {value!r}")
    return address


def _listen(where: str, value: Any) -> str:
    """host:port to listen on ("[::1]:8080" for an IPv6 address; port 0: any free one)."""
    text = _string(where, value).strip()
    host, colon, port = text.rpartition(":")
    if (not colon or not host.strip("[]") or not port.isdigit() or int(port) > 65535
            or any(c.isspace() for c in text)):
        raise ConfigError(f"{where} must be an address and a port like \"127.0.0.1:8080\", "
                          f"not {value!r}")
    return text


def _public_url(where: str, value: Any) -> str:
    """The address people reach the page at: http(s)://host[:port][/path], no query."""
    text = _string(where, value).strip().rstrip("/")
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError:
        parts = None
    if (parts is None or parts.scheme not in ("https", "http") or not parts.hostname
            or parts.query or parts.fragment or parts.username or any(c.isspace() for c in text)):
        raise ConfigError(f"{where} must be the web address people open the page at, starting "
                          f"with https:// (e.g. https://tables.example.org), not {value!r}")
    return text


def _networks(where: str, value: Any) -> tuple[IPNetwork, ...]:
    """A list of IP addresses or networks ("127.0.0.1", "10.0.0.0/8", "::1")."""
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or len(value) > MAX_PROXIES:
        raise ConfigError(f"{where} must be a list of at most {MAX_PROXIES} addresses or "
                          "networks, e.g. [\"127.0.0.1\", \"::1\"]")
    found = []
    for item in value:
        try:
            if not isinstance(item, str):
                raise ValueError
            found.append(ipaddress.ip_network(item.strip(), strict=False))
        except ValueError:
            raise ConfigError(f"{where} must hold IP addresses or networks like \"127.0.0.1\" "
                              f"or \"10.0.0.0/8\", not {item!r}") from None
    return tuple(found)


def _client_id(where: str, value: Any) -> int:
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 < value < MAX_ID:
        raise ConfigError(f"{where} must be the application's id (a positive whole number, "
                          f"from the developer portal), not {value!r}")
    return value


def _bool(where: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"{where} must be true or false")
    return value


def _guild_id(where: str, value: Any) -> int:
    if isinstance(value, str) and value.isascii() and value.isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 < value < MAX_ID:
        raise ConfigError(f"{where} must be a server id (a positive whole number)")
    return value


def _one_of(choices: tuple[str, ...]) -> Any:
    """A checker for one of ``choices`` (any case), kept in lower case."""

    def check(where: str, value: Any) -> str:
        if not isinstance(value, str) or value.lower() not in choices:
            raise ConfigError(f"{where} must be one of {', '.join(choices)}, not {value!r}")
        return value.lower()

    return check


_sync = _one_of(SYNC_SCOPES)


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


def _amount(unit: str, scale: float, high: float, *, zero: bool = False) -> Any:
    """A checker for a positive duration in ``unit`` (0 allowed with ``zero``), kept in seconds."""

    def check(where: str, value: Any) -> float:
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise ConfigError(f"{where} must be a number of {unit}")
        low_ok = value >= 0 if zero else value > 0
        if not low_ok or value > high:
            least = "at least 0" if zero else "more than 0"
            raise ConfigError(f"{where} must be {least} and at most {high:g} {unit}, not {value}")
        return float(value) * scale

    return check


def _keep(where: str, value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_BACKUPS:
        raise ConfigError(f"{where} must be a whole number of backups from 0 to {MAX_BACKUPS} "
                          f"(0 makes none), not {value!r}")
    return value


def _shard_count(where: str, value: Any) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_SHARDS:
        raise ConfigError(f"{where} must be a whole number of shards from 1 to {MAX_SHARDS}, "
                          f"not {value!r}")
    return value


def _shard_ids(where: str, value: Any) -> tuple[int, ...]:
    if isinstance(value, str):  # from the environment: "0,1"
        parts = [v.strip() for v in value.split(",")]
        if not all(p.isdigit() for p in parts):
            raise ConfigError(f"{where} must be shard numbers separated by commas, e.g. 0,1, "
                              f"not {value!r}")
        value = [int(p) for p in parts]
    if not isinstance(value, list) or not value:
        raise ConfigError(f"{where} must be a list of shard numbers, e.g. [0] or [0, 1]")
    for item in value:
        if not isinstance(item, int) or isinstance(item, bool) or item < 0:
            raise ConfigError(f"{where} must list whole numbers from 0 up, not {item!r}")
    twice = sorted({i for i in value if value.count(i) > 1})
    if twice:
        raise ConfigError(f"{where} lists shard {', '.join(map(str, twice))} more than once")
    return tuple(value)


def _check_shards(values: dict[str, Any], count_name: str, ids_name: str) -> None:
    """Shard ids need the count they are taken from, and must lie below it."""
    count, ids = values.get("shard_count"), values.get("shard_ids")
    if ids is None:
        return
    if count is None:
        raise ConfigError(f"{ids_name} needs {count_name} too (how many shards the bot has "
                          "in all, over every process)")
    outside = [i for i in ids if i >= count]
    if outside:
        raise ConfigError(
            f"{ids_name} has {', '.join(map(str, outside))}, but with {count_name} = {count} "
            f"the shards are numbered 0 to {count - 1}")


_MINUTES = _amount("minutes", 60.0, MAX_LIVE_MINUTES)
_HOURS = _amount("hours", 3600.0, MAX_DAILY_HOURS)

FIELDS: dict[str, dict[str, tuple[str, Any]]] = {
    "database": {"path": ("database_path", _string), "url": ("database_url", _url)},
    "commands": {"sync": ("sync", _sync), "dev_guild_id": ("dev_guild_id", _guild_id)},
    "dms": {"default": ("dm_default", _bool)},
    "logging": {"level": ("log_level", _level)},
    "computer": {"delay": ("computer_delay", _delay), "workers": ("computer_workers", _workers),
                 "think_seconds": ("think_seconds", _seconds(*THINK_RANGE)),
                 "reveal_seconds": ("reveal_seconds", _seconds(0, MAX_DELAY))},
    "backup": {"keep": ("backup_keep", _keep),
               "every_hours": ("backup_every", _amount("hours", 3600.0, BACKUP_HOURS))},
    "tables": {"rematch_seconds": ("rematch_seconds", _seconds(*REMATCH_SECONDS)),
               "place": ("tables_place", _one_of(TABLE_PLACES))},
    "help": {"rules_url": ("rules_url", _web_address)},
    "discord": {"shard_count": ("shard_count", _shard_count),
                "shard_ids": ("shard_ids", _shard_ids),
                "lease_seconds": ("lease_seconds", _seconds(*LEASE_SECONDS))},
    "web": {"listen": ("web.listen", _listen), "public_url": ("web.public_url", _public_url),
            "link_hours": ("web.link_hours", _amount("hours", 1.0, LINK_HOURS)),
            "trusted_proxies": ("web.trusted_proxies", _networks)},
    "activity": {"client_id": ("activity.client_id", _client_id),
                 "client_secret": ("activity.client_secret", _string)},
    "clock": {
        "default_speed": ("clock.default_speed", _one_of(SPEEDS)),
        "live_start_minutes": ("clock.live.start", _MINUTES),
        "live_add_seconds": ("clock.live.add", _amount("seconds", 1.0, MAX_LIVE_MINUTES * 60,
                                                       zero=True)),
        "live_max_minutes": ("clock.live.cap", _MINUTES),
        "daily_start_hours": ("clock.daily.start", _HOURS),
        "daily_add_hours": ("clock.daily.add", _amount("hours", 3600.0, MAX_DAILY_HOURS,
                                                       zero=True)),
        "daily_max_hours": ("clock.daily.cap", _HOURS),
        "auto_takeover": ("clock.auto_takeover", _bool),
        "computer_level": ("clock.computer_level", _one_of(COMPUTER_LEVELS)),
        "turn_dm_after_seconds": ("clock.turn_dm_after", _seconds(*TURN_DM_SECONDS)),
    },
}


def _clock(values: dict[str, Any]) -> ClockConfig:
    """The [clock] values (attributes "clock.<field>" or "clock.<speed>.<field>") as one
    ClockConfig; a bank that starts above its own maximum is refused."""
    base = ClockConfig()
    speeds = {"live": dict(vars(base.live)), "daily": dict(vars(base.daily))}
    top: dict[str, Any] = {}
    for attr in [a for a in values if a.startswith("clock.")]:
        parts = attr.split(".")[1:]
        if len(parts) == 2:
            speeds[parts[0]][parts[1]] = values.pop(attr)
        else:
            top[parts[0]] = values.pop(attr)
    for name, numbers in speeds.items():
        if numbers["start"] > numbers["cap"]:
            unit, scale = ("minutes", 60) if name == "live" else ("hours", 3600)
            raise ConfigError(
                f"clock.{name}_start_{unit} ({numbers['start'] / scale:g}) must not be more than "
                f"clock.{name}_max_{unit} ({numbers['cap'] / scale:g})"
            )
    return ClockConfig(**top, live=Speed(**speeds["live"]), daily=Speed(**speeds["daily"]))


def _web(values: dict[str, Any]) -> None:
    """The [web] and [activity] values (attributes "web.<key>", "activity.<key>") as
    ``values["web"]`` and ``values["activity"]``. The client secret comes from the environment
    variable TABLEE_ACTIVITY_SECRET when it is set (it wins over the file's)."""
    web = {k.split(".")[1]: values.pop(k) for k in [a for a in values if a.startswith("web.")]}
    act = {k.split(".")[1]: values.pop(k) for k in [a for a in values
                                                     if a.startswith("activity.")]}
    if web and "listen" not in web:
        raise ConfigError(f"web.{next(iter(web))} needs web.listen too (the address and port "
                          "the page is served on, e.g. \"127.0.0.1:8080\")")
    if web:
        values["web"] = WebConfig(**web)
    secret = os.environ.get(ACTIVITY_SECRET_ENV, "").strip() or act.get("client_secret")
    if "client_id" not in act:
        if "client_secret" in act:
            raise ConfigError("activity.client_secret needs activity.client_id too")
        return
    if not web:
        raise ConfigError("[activity] needs [web] too: the Activity is the table page, served "
                          "at web.listen")
    if not web.get("public_url"):
        raise ConfigError("[activity] needs web.public_url too: the https:// address Discord's "
                          "URL mapping (developer portal, Activities) sends the Activity to")
    if not secret:
        raise ConfigError(f"activity.client_id needs the application's client secret: set the "
                          f"environment variable {ACTIVITY_SECRET_ENV} (or "
                          "activity.client_secret)")
    values["activity"] = ActivityConfig(act["client_id"], secret)


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
        if "database_path" in values and "database_url" in values:
            raise ConfigError("set database.path (a SQLite file) or database.url (PostgreSQL), "
                              "not both")
        if values.get("sync") == "guild" and values.get("dev_guild_id") is None:
            raise ConfigError('commands.dev_guild_id is required when commands.sync = "guild"')
        _check_shards(values, "discord.shard_count", "discord.shard_ids")
        values["clock"] = _clock(values)
        _web(values)
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


def with_database_env(config: Config) -> Config:
    """``DATABASE_URL`` (how containers and hosts hand out a database) wins over the file's
    database.url and database.path, as ``DISCORD_TOKEN`` keeps the secret out of the file."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        return config
    problem = url_problem(url)
    if problem:
        raise ConfigError(f"the environment variable DATABASE_URL {problem}")
    return replace(config, database_url=url)


def with_shard_env(config: Config) -> Config:
    """``TABLEE_SHARD_COUNT`` and ``TABLEE_SHARD_IDS`` (e.g. "0,1") win over the file's
    [discord] values, so one image and one config serve as several shard processes."""
    values = {"shard_count": config.shard_count, "shard_ids": config.shard_ids}
    names = ["discord.shard_count", "discord.shard_ids"]
    fields = (FIELDS["discord"]["shard_count"], FIELDS["discord"]["shard_ids"])
    for i, ((attr, check), name) in enumerate(zip(fields, SHARD_ENV, strict=True)):
        text = os.environ.get(name, "").strip()
        if text:
            names[i] = f"the environment variable {name}"
            values[attr] = check(names[i], text)
    if names == ["discord.shard_count", "discord.shard_ids"]:
        return config
    _check_shards(values, *names)
    return replace(config, **values)


def load_config(path: str | None = None) -> Config:
    """Read and check the config, then apply ``DATABASE_URL`` and the shard environment
    variables. A missing default file means defaults; a missing file that was asked for by name
    is an error (the owner expects their settings to apply)."""
    return with_shard_env(with_database_env(_read_config(path)))


def _read_config(path: str | None) -> Config:
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
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        raise ConfigError(f"{where}: not a Tablée config: its arrays or tables are nested too "
                          "deeply to read") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{where}: cannot be read: {exc}") from None
    return parse_config(data, where)
