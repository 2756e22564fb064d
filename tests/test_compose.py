"""compose.yaml (bot + PostgreSQL) and compose.shards.yaml (two shard processes) say what the
README promises. No Docker engine here: the files are read as Compose reads them (YAML, ``${VAR}``
substitution, the override merged into the base) and checked with the bot's own config code."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from bot.config import Config, with_database_env, with_shard_env
from bot.storage.url import url_problem

ROOT = Path(__file__).resolve().parent.parent
VARIABLE = re.compile(r"\$\{(\w+)(?::-([^}]*))?(?::\?[^}]*)?\}")


def load(name: str) -> dict[str, Any]:
    return yaml.safe_load((ROOT / name).read_text(encoding="utf-8"))


def substituted(value: str, env: dict[str, str]) -> str:
    """``${VAR}``, ``${VAR:-default}`` and ``${VAR:?message}`` as Compose expands them."""
    return VARIABLE.sub(lambda m: env.get(m[1]) or m[2] or "", value)


def merged(base: dict[str, Any], override: dict[str, Any]) -> dict[str, Any]:
    """Compose's merge of ``-f base -f override``: mappings merge key by key."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = merged(out[key], value)
        else:
            out[key] = value
    return out


def test_the_bot_waits_for_a_healthy_postgresql_and_uses_it() -> None:
    compose = load("compose.yaml")
    db, bot = compose["services"]["db"], compose["services"]["bot"]
    assert db["image"].startswith("postgres:")
    assert "tablee-pg:/var/lib/postgresql/data" in db["volumes"]
    assert "tablee-pg" in compose["volumes"]  # a named volume: the tables outlive the container
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert bot["build"] == "."
    assert bot["depends_on"] == {"db": {"condition": "service_healthy"}}
    env = bot["environment"]
    assert re.fullmatch(r"\$\{DISCORD_TOKEN:\?.+\}", env["DISCORD_TOKEN"])  # never in the file
    url = substituted(env["DATABASE_URL"], {})
    assert url_problem(url) is None
    parts, db_env = urlsplit(url), db["environment"]
    assert parts.hostname == "db" and parts.port == 5432
    assert parts.username == db_env["POSTGRES_USER"]
    assert parts.password == substituted(db_env["POSTGRES_PASSWORD"], {})
    assert parts.path == "/" + db_env["POSTGRES_DB"]
    chosen = substituted(env["DATABASE_URL"], {"POSTGRES_PASSWORD": "s3cret"})
    assert urlsplit(chosen).password == "s3cret" == substituted(db_env["POSTGRES_PASSWORD"],
                                                                 {"POSTGRES_PASSWORD": "s3cret"})


def test_the_shard_override_runs_shard_0_and_shard_1_on_the_same_database(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compose = merged(load("compose.yaml"), load("compose.shards.yaml"))
    services = compose["services"]
    bots = {name: s for name, s in services.items() if name != "db"}
    assert sorted(bots) == ["bot", "bot-shard1"]
    served = []
    for service in bots.values():
        assert service["depends_on"]["db"] == {"condition": "service_healthy"}
        env = {k: substituted(str(v), {}) for k, v in service["environment"].items()}
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        config = with_shard_env(with_database_env(Config()))
        assert urlsplit(config.database).hostname == "db"
        assert config.shard_count == 2
        served += config.shards.served
    assert sorted(served) == [0, 1]  # every shard served, none twice
