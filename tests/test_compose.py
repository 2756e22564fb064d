"""compose.yaml (bot + PostgreSQL) and compose.shards.yaml (two shard processes) say what the
README promises. No Docker engine here: the files are read as Compose reads them (YAML, ``${VAR}``
substitution, the override merged into the base) and checked with the bot's own config code.
The Dockerfile's order, health check, labels and base, and what .dockerignore keeps out, are read
the same way (issue 44, item 5); .ci/image builds and runs the image where an engine can run."""

from __future__ import annotations

import re
import tomllib
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


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions (continuation lines joined), as (INSTRUCTION, arguments)."""
    text = re.sub(r"\\\n\s*", " ", (ROOT / "Dockerfile").read_text(encoding="utf-8"))
    lines = [line.strip() for line in text.splitlines()]
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1]) for line in lines
            if line and not line.startswith("#")]


def test_a_code_change_reuses_the_installed_lock() -> None:
    """The locked requirements are installed before any source is copied: a code change rebuilds
    from the project's own install (0 downloads) instead of downloading all 18 packages again."""
    steps = instructions()
    [lock] = [i for i, (op, args) in enumerate(steps)
              if op == "RUN" and "-r requirements/runtime.txt" in args]
    copied_before = [args for op, args in steps[:lock] if op == "COPY"]
    assert copied_before == ["requirements/runtime.txt ./requirements/"]
    project = [i for i, (op, args) in enumerate(steps)
               if op == "RUN" and args.startswith("python -m pip install") and args.endswith(" .")]
    assert project and project[0] > lock
    sources = {args.split()[0] for op, args in steps[lock:project[0]] if op == "COPY"}
    assert {"bot", "games", "render", "i18n", "pyproject.toml"} <= sources


def test_the_image_has_a_health_check_labels_with_its_version_and_a_base_to_pin() -> None:
    steps = instructions()
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    [health] = [args for op, args in steps if op == "HEALTHCHECK"]
    assert health.endswith('CMD ["python", "-m", "bot", "health"]')
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert ("ARG", f"VERSION={version['version']}") in steps  # a plain build is labelled right
    [labels] = [args for op, args in steps if op == "LABEL"]
    assert 'org.opencontainers.image.version="${VERSION}"' in labels
    assert 'org.opencontainers.image.revision="${TABLEE_COMMIT}"' in labels
    assert ("ENV", "TABLEE_COMMIT=${TABLEE_COMMIT}") in steps  # what --version reads
    last_run = max(i for i, (op, _) in enumerate(steps) if op == "RUN")
    arg_version = steps.index(("ARG", f"VERSION={version['version']}"))
    assert arg_version > last_run  # a new version or commit rebuilds no layer
    assert steps[0] == ("ARG", "BASE=python:3.11-slim") and steps[1] == ("FROM", "${BASE}")
    assert "docker buildx imagetools inspect python:3.11-slim" in text
    assert "{{index .RepoDigests 0}}" in text


def ignored_by_docker(path: str, patterns: list[str]) -> bool:
    """Whether ``docker build`` leaves ``path`` out of the context: the last pattern matching it
    or one of its folders wins (``!`` keeps), ``*`` and ``?`` within a name, ``**`` any folders."""
    def regex(pattern: str) -> re.Pattern[str]:
        out = ""
        for part in re.split(r"(\*\*/|\*\*|\*|\?)", pattern.strip("/")):
            out += {"**/": "(?:.*/)?", "**": ".*", "*": "[^/]*", "?": "[^/]"}.get(
                part, re.escape(part))
        return re.compile(out)

    names = path.split("/")
    prefixes = ["/".join(names[:n]) for n in range(1, len(names) + 1)]
    ignored = False
    for pattern in patterns:
        keep = pattern.startswith("!")
        if any(regex(pattern.removeprefix("!")).fullmatch(p) for p in prefixes):
            ignored = not keep
    return ignored


def test_dockerignore_keeps_secrets_databases_and_backups_out_but_not_the_source() -> None:
    patterns = [line.strip() for line in
                (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
                if line.strip() and not line.startswith("#")]
    for secret in (".env", ".env.production", "config.toml", "data/config.toml", "tablee.db",
                   "data/tablee.db-wal", "backups/tablee-backup-20261127-220500.db",
                   "data/backups/tablee-backup-20261127-220500.db", "tablee.dump",
                   "dumps/tablee-20261127.dump", ".git/config", ".github/workflows/ci.yml",
                   ".gitignore", "tests/bot/app/test_health.py", "bot/__pycache__/cli.cpython-311.pyc"):
        assert ignored_by_docker(secret, patterns), secret
    copied = [args.split()[0] for op, args in instructions() if op == "COPY"]
    for needed in (*copied, "bot/app/cli.py", "bot/web/static", "i18n/locales/fr/LC_MESSAGES/host.po",
                   "games/__init__.py", "render/__init__.py", "setup.py"):
        assert not ignored_by_docker(needed, patterns), needed
