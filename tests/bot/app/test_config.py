"""The config: defaults, every field checked with a message naming file, field and reason."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from bot.config import (
    FIELDS,
    SHARD_ENV,
    ActivityConfig,
    ClockConfig,
    Config,
    ConfigError,
    Speed,
    WebConfig,
    load_config,
    parse_config,
)
from bot.shards import Shards

EXAMPLE = Path(__file__).resolve().parents[3] / "config.example.toml"


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_example_documents_every_setting_and_loads_to_defaults() -> None:
    data = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    config = parse_config(data, "config.example.toml")
    assert config == Config(source="config.example.toml")
    text = EXAMPLE.read_text(encoding="utf-8")
    for key in ("path", "sync", "dev_guild_id", "default", "level", "delay", "workers",
                "think_seconds", "reveal_seconds", "DISCORD_TOKEN", *FIELDS["clock"],
                *FIELDS["discord"], *FIELDS["backup"], "TABLEE_SHARD_COUNT", "TABLEE_SHARD_IDS",
                *FIELDS["web"], *FIELDS["activity"], "TABLEE_ACTIVITY_SECRET"):
        assert key in text


def test_missing_default_file_means_defaults(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TABLEE_CONFIG", raising=False)
    assert load_config(None) == Config()


def test_missing_named_file_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"nope\.toml: file not found"):
        load_config(str(tmp_path / "nope.toml"))


def test_env_names_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, '[database]\npath = "/data/t.db"\n')
    monkeypatch.setenv("TABLEE_CONFIG", path)
    assert load_config(None).database_path == "/data/t.db"


def test_every_setting_is_read(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
[database]
path = "x.db"
[commands]
sync = "guild"
dev_guild_id = 1234
[dms]
default = false
[logging]
level = "debug"
[computer]
delay = 0
workers = 2
think_seconds = 0.5
[tables]
rematch_seconds = 120
""",
    )
    config = load_config(path)
    assert config == Config("x.db", "guild", 1234, False, "DEBUG", 0.0, 2, 0.5, 120.0,
                            source=path)


def test_every_clock_setting_is_read_in_its_unit(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        """
[clock]
default_speed = "daily"
live_start_minutes = 2
live_add_seconds = 15
live_max_minutes = 4.5
daily_start_hours = 12
daily_add_hours = 0
daily_max_hours = 48
auto_takeover = true
computer_level = "hard"
turn_dm_after_seconds = 90
""",
    )
    clock = load_config(path).clock
    assert clock == ClockConfig("daily", Speed(120.0, 15.0, 270.0),
                                Speed(12 * 3600.0, 0.0, 48 * 3600.0), True, "hard", 90.0)
    assert clock.speed("off") is None and clock.speed(None) == clock.daily


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[database]\npath = 3", "database.path must be a string"),
        ('[database]\npath = ""', "database.path must not be empty"),
        ('[commands]\nsync = "everywhere"', "commands.sync must be one of global, guild, off"),
        ('[commands]\nsync = "guild"', "commands.dev_guild_id is required"),
        ("[commands]\ndev_guild_id = -4", "commands.dev_guild_id must be a server id"),
        ('[dms]\ndefault = "yes"', "dms.default must be true or false"),
        ('[logging]\nlevel = "LOUD"', "logging.level must be one of DEBUG, INFO"),
        ('[computer]\ndelay = "1s"', "computer.delay must be a number of seconds"),
        ("[computer]\ndelay = 600", "computer.delay must be between 0 and 60"),
        ("[computer]\nworkers = -1", "computer.workers must be a whole number of processes "
         r"from 0 to 32 \(0 runs computer players inside the bot's own process\), not -1"),
        ("[computer]\nworkers = 1.5", "computer.workers must be a whole number .*, not 1.5"),
        ('[computer]\nworkers = "2"', "computer.workers must be a whole number .*, not '2'"),
        ("[computer]\nworkers = 33", "computer.workers must be .* from 0 to 32"),
        ("[computer]\nworkers = true", "computer.workers must be a whole number"),
        ('[computer]\nthink_seconds = "1s"', "computer.think_seconds must be a number of seconds"),
        ("[computer]\nthink_seconds = 0", "computer.think_seconds must be between 0.1 and 30 "
         "seconds, not 0"),
        ("[computer]\nthink_seconds = 120", "computer.think_seconds must be between 0.1 and 30"),
        ("[computer]\nreveal_seconds = -1", "computer.reveal_seconds must be between 0 and 60"),
        ('[tables]\nrematch_seconds = "5m"', "tables.rematch_seconds must be a number of seconds"),
        ("[tables]\nrematch_seconds = 5", "tables.rematch_seconds must be between 30 and 86400"),
        ("[backup]\nkeep = -1", "backup.keep must be a whole number of backups from 0 to 1000 "
         r"\(0 makes none\), not -1"),
        ('[backup]\nkeep = "7"', "backup.keep must be a whole number of backups .*, not '7'"),
        ("[backup]\nkeep = 2.5", "backup.keep must be a whole number of backups"),
        ("[backup]\nevery_hours = 0", "backup.every_hours must be more than 0 and at most 720 "
         "hours, not 0"),
        ('[backup]\nevery_hours = "daily"', "backup.every_hours must be a number of hours"),
        ("[database]\npaht = 'x'", "unknown setting database.paht"),
        ("[graphics]\nx = 1", r"unknown section \[graphics\]"),
        ("database = 1", "database must be a section"),
        ("[database\npath=1", "not valid TOML"),
        ('[clock]\ndefault_speed = "fast"', "clock.default_speed must be one of live, daily, off"),
        ('[clock]\nlive_start_minutes = "5"', "clock.live_start_minutes must be a number of minutes"),
        ("[clock]\nlive_start_minutes = 0", "live_start_minutes must be more than 0 and at most"),
        ("[clock]\ndaily_add_hours = -1", "daily_add_hours must be at least 0 and at most 720"),
        ("[clock]\nlive_start_minutes = 20",
         r"clock.live_start_minutes \(20\) must not be more than clock.live_max_minutes \(10\)"),
        ('[clock]\nauto_takeover = "yes"', "clock.auto_takeover must be true or false"),
        ('[clock]\ncomputer_level = "god"', "clock.computer_level must be one of easy, medium"),
        ("[clock]\nturn_dm_after_seconds = -1", "clock.turn_dm_after_seconds must be between 0 "
         "and 3600 seconds, not -1"),
        ('[clock]\nturn_dm_after_seconds = "1m"', "clock.turn_dm_after_seconds must be a number "
         "of seconds"),
        ("[discord]\nshard_count = 0", "discord.shard_count must be a whole number of shards "
         "from 1 to 65536, not 0"),
        ("[discord]\nshard_count = 1.5", "discord.shard_count must be a whole number"),
        ("[discord]\nshard_ids = [0]", "discord.shard_ids needs discord.shard_count too"),
        ("[discord]\nshard_count = 2\nshard_ids = []", "discord.shard_ids must be a list of shard "
         r"numbers, e.g. \[0\] or \[0, 1\]"),
        ("[discord]\nshard_count = 2\nshard_ids = 0", "discord.shard_ids must be a list"),
        ("[discord]\nshard_count = 2\nshard_ids = [-1]", "discord.shard_ids must list whole "
         "numbers from 0 up, not -1"),
        ("[discord]\nshard_count = 2\nshard_ids = [1, 0, 1]", "discord.shard_ids lists shard 1 "
         "more than once"),
        ("[discord]\nshard_count = 2\nshard_ids = [0, 2, 3]", "discord.shard_ids has 2, 3, but "
         "with discord.shard_count = 2 the shards are numbered 0 to 1"),
        ("[database]\nurl = 5", "database.url must be a string"),
        ('[database]\nurl = "localhost/tablee"', "database.url must be a PostgreSQL URL like "
         "postgresql://"),
        ('[database]\nurl = "mysql://u@h/db"', "database.url must start with postgresql:// "
         r"\(only PostgreSQL is supported; for SQLite set database.path\), not mysql://"),
        ('[database]\nurl = "postgresql://u@h:99999/db"', "database.url has a port that is not "
         "a number from 1 to 65535"),
        ('[database]\nurl = "postgresql:///tablee"', "database.url must name the server"),
        ('[database]\nurl = "postgresql://u:secret@h:5432"', "database.url must name a database"),
        ('[database]\npath = "t.db"\nurl = "postgresql://h/db"',
         r"set database.path \(a SQLite file\) or database.url \(PostgreSQL\), not both"),
    ],
)
def test_bad_values_name_file_field_and_reason(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ConfigError, match=message) as info:
        load_config(path)
    assert str(info.value).startswith(f"{path}: ")


def test_shards_are_read_and_unsharded_is_the_default(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    for name in SHARD_ENV:
        monkeypatch.delenv(name, raising=False)
    assert Config().shards == Shards(1, None) and Config().shard_count is None
    config = load_config(write(tmp_path, "[discord]\nshard_count = 4\nshard_ids = [3, 1]\n"))
    assert (config.shard_count, config.shard_ids) == (4, (3, 1))
    assert config.shards.served == (3, 1) and not config.shards.everything
    every = load_config(write(tmp_path, "[discord]\nshard_count = 2\n"))
    assert every.shard_ids is None and every.shards.served == (0, 1)


def test_the_shard_environment_wins_over_the_file(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path, "[discord]\nshard_count = 2\nshard_ids = [0]\n")
    monkeypatch.setenv("TABLEE_SHARD_IDS", " 1 ")
    assert load_config(path).shard_ids == (1,)
    monkeypatch.setenv("TABLEE_SHARD_COUNT", "4")
    monkeypatch.setenv("TABLEE_SHARD_IDS", "2,3")
    config = load_config(path)
    assert (config.shard_count, config.shard_ids) == (4, (2, 3))


@pytest.mark.parametrize(
    ("count", "ids", "message"),
    [
        ("two", "", "the environment variable TABLEE_SHARD_COUNT must be a whole number of shards"),
        ("", "0;1", "the environment variable TABLEE_SHARD_IDS must be shard numbers separated by "
         "commas, e.g. 0,1, not '0;1'"),
        ("", "0,0", "TABLEE_SHARD_IDS lists shard 0 more than once"),
        ("", "5", "the environment variable TABLEE_SHARD_IDS has 5, but with "
         "discord.shard_count = 2 the shards are numbered 0 to 1"),
        ("1", "", "discord.shard_ids has 1, but with the environment variable TABLEE_SHARD_COUNT "
         "= 1 the shards are numbered 0 to 0"),
    ],
)
def test_bad_shard_environment_says_which_variable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, count: str, ids: str, message: str
) -> None:
    path = write(tmp_path, "[discord]\nshard_count = 2\nshard_ids = [1]\n")
    monkeypatch.setenv("TABLEE_SHARD_COUNT", count)
    monkeypatch.setenv("TABLEE_SHARD_IDS", ids)
    with pytest.raises(ConfigError, match=message):
        load_config(path)


def test_shard_ids_without_a_count_in_the_environment_are_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TABLEE_CONFIG", raising=False)
    monkeypatch.delenv("TABLEE_SHARD_COUNT", raising=False)
    monkeypatch.setenv("TABLEE_SHARD_IDS", "0")
    with pytest.raises(ConfigError, match="the environment variable TABLEE_SHARD_IDS needs "
                       "discord.shard_count too"):
        load_config(None)


def test_database_url_is_read_and_wins_over_the_default_path(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, '[database]\nurl = "postgresql://t:pw@db:5432/tablee"\n'))
    assert config.database_url == "postgresql://t:pw@db:5432/tablee"
    assert config.database == config.database_url
    assert Config().database == "tablee.db"  # neither set: the SQLite file


def test_the_environment_database_url_wins_over_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path, '[database]\npath = "x.db"\n')
    monkeypatch.setenv("DATABASE_URL", "postgresql://t@db/env")
    assert load_config(path).database == "postgresql://t@db/env"
    monkeypatch.setenv("DATABASE_URL", "sqlite:///x.db")
    with pytest.raises(ConfigError, match="the environment variable DATABASE_URL must start "
                       "with postgresql://"):
        load_config(path)


@pytest.mark.parametrize(("url", "printed"), [
    ("postgresql://tablee:s3cret@db:5432/tablee", "postgresql://tablee@db:5432/tablee"),
    ("postgresql://tablee@db/t?password=s3cret&sslmode=require",
     "postgresql://tablee@db/t?sslmode=require"),
    ("postgres://u:p@[::1]:5433/t", "postgres://u@[::1]:5433/t"),
    ("tablee.db", "tablee.db"),
])
def test_a_url_is_printed_without_its_password(url: str, printed: str) -> None:
    from bot.storage.url import shown

    assert shown(url) == printed


def test_web_and_activity_are_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLEE_ACTIVITY_SECRET", raising=False)
    path = write(tmp_path, '[web]\nlisten = "127.0.0.1:8080"\n'
                           'public_url = "https://tables.example.org/"\nlink_hours = 2\n'
                           '[activity]\nclient_id = "42"\nclient_secret = "file-secret"\n')
    config = load_config(path)
    assert config.web == WebConfig("127.0.0.1:8080", "https://tables.example.org", 2.0)
    assert (config.web.host, config.web.port) == ("127.0.0.1", 8080)
    assert config.activity == ActivityConfig(42, "file-secret")
    assert "file-secret" not in repr(config)
    monkeypatch.setenv("TABLEE_ACTIVITY_SECRET", "env-secret")
    assert load_config(path).activity == ActivityConfig(42, "env-secret")
    assert Config().web is None and Config().activity is None
    only = load_config(write(tmp_path, '[web]\nlisten = "[::1]:0"\n'))
    assert only.web == WebConfig("[::1]:0", None, 12.0) and only.web.host == "::1"
    assert only.activity is None


def test_a_deeply_nested_file_is_a_sentence_not_a_traceback(tmp_path: Path) -> None:
    """Issue 38, item 10: 5,000 nested arrays made tomllib recurse past Python's limit."""
    path = write(tmp_path, "x = " + "[" * 5000 + "]" * 5000 + "\n")
    with pytest.raises(ConfigError, match="nested too deeply") as info:
        load_config(path)
    assert str(info.value).startswith(f"{path}: ")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('[web]\nlisten = "8080"', r'web.listen must be an address and a port like '
         r'"127.0.0.1:8080", not \'8080\''),
        ('[web]\nlisten = "localhost:http"', "web.listen must be an address and a port"),
        ('[web]\nlisten = "localhost:70000"', "web.listen must be an address and a port"),
        ("[web]\nlisten = 8080", "web.listen must be a string"),
        ('[web]\npublic_url = "https://x.org"', "web.public_url needs web.listen too"),
        ('[web]\nlisten = "h:1"\npublic_url = "tables.example.org"', "web.public_url must be "
         "the web address people open the page at, starting with https://"),
        ('[web]\nlisten = "h:1"\npublic_url = "https://x.org/?a=1"', "web.public_url must be"),
        ('[web]\nlisten = "h:1"\nlink_hours = 0', "web.link_hours must be more than 0 and at "
         "most 720 hours, not 0"),
        ('[web]\nlisten = "h:1"\nlink_hours = "12h"', "web.link_hours must be a number of hours"),
        ('[activity]\nclient_id = 5\nclient_secret = "s"', r"\[activity\] needs \[web\] too"),
        ('[web]\nlisten = "h:1"\npublic_url = "https://x.org"\n[activity]\nclient_id = 5',
         "activity.client_id needs the application's client secret: set the environment "
         "variable TABLEE_ACTIVITY_SECRET"),
        # Issue 38, item 10: the Activity is served at public_url; Discord ids fit 63 bits.
        ('[web]\nlisten = "h:1"\n[activity]\nclient_id = 5\nclient_secret = "s"',
         r"\[activity\] needs web.public_url too"),
        (f'[web]\nlisten = "h:1"\npublic_url = "https://x.org"\n[activity]\n'
         f'client_id = "{2 ** 64 + 5}"\nclient_secret = "s"', "activity.client_id must be the "
         "application's id"),
        (f'[commands]\ndev_guild_id = {2 ** 63}', "commands.dev_guild_id must be a server id"),
        ('[commands]\ndev_guild_id = "\u0663\u0663"', "commands.dev_guild_id must be a server id"),
        ('[web]\nlisten = "h:1"\n[activity]\nclient_secret = "s"',
         "activity.client_secret needs activity.client_id too"),
        ('[web]\nlisten = "h:1"\n[activity]\nclient_id = -5', "activity.client_id must be the "
         "application's id"),
    ],
)
def test_bad_web_values_are_sentences(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                      text: str, message: str) -> None:
    monkeypatch.delenv("TABLEE_ACTIVITY_SECRET", raising=False)
    path = write(tmp_path, text)
    with pytest.raises(ConfigError, match=message) as info:
        load_config(path)
    assert str(info.value).startswith(f"{path}: ")
