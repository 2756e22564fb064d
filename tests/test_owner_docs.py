"""What a server owner reads (issue 29 parts 5 and 6): the LICENSE, the systemd unit, the
README's order, its links to each game's rules and its picture of a table post."""

from __future__ import annotations

import configparser
import re
import tomllib
from pathlib import Path

import pytest
from PIL import Image

from bot.config import ConfigError, parse_config
from games import all_games

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_license_is_mit_as_pyproject_says() -> None:
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["license"] == {"text": "MIT"}
    assert text.startswith("MIT License\n\nCopyright (c) 2026 Tablée contributors\n")
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text


def test_the_systemd_unit_restarts_on_failure_as_its_own_user_with_the_token_from_a_file() -> None:
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str  # type: ignore[assignment,method-assign]
    unit.read_string((ROOT / "contrib" / "tablee.service").read_text(encoding="utf-8"))
    service = unit["Service"]
    assert service["Restart"] == "on-failure"
    assert service["User"] == "tablee" and service["StateDirectory"] == "tablee"
    assert service["WorkingDirectory"] == "/var/lib/tablee"  # the data folder: tablee.db, config
    assert service["EnvironmentFile"] == "/etc/tablee/tablee.env"
    assert service["ExecStart"].endswith("python -m bot")
    assert service["ExecStartPre"].endswith("python -m bot check")
    assert "DISCORD_TOKEN" not in service.get("Environment", "")
    assert unit["Install"]["WantedBy"] == "multi-user.target"
    assert "contrib/tablee.service" in README


def test_the_readme_reads_in_an_owners_order() -> None:
    headings = re.findall(r"(?m)^## (.+)$", README)
    owner = ["Running it on your server", "Backups", "Upgrading", "Troubleshooting", "Playing",
             "Development", "License"]
    assert [h for h in headings if h in owner] == owner
    steps = ["### 1. Create the Discord application", "### 2. Invite the bot",
             "### 3a. Run with Docker", "### 3b. Run with pip", "### 3c. Run with Docker Compose",
             "### 3d. Run it as a service (systemd)", "### Configuration", "### Hardware",
             "### What is stored about people", "## Backups"]
    places = [README.index(step) for step in steps]
    assert places == sorted(places)
    assert "docker cp config.toml tablee:/data/config.toml" in README
    assert "python -m bot forget-user" in README and "| `help.rules_url` |" in README


def test_playing_links_every_games_rules() -> None:
    playing = README[README.index("## Playing"):README.index("### Ratings")]
    assert "[docs/rules/](docs/rules/)" in playing
    for game in all_games():
        if (ROOT / "docs" / "rules" / f"{game.id}.md").exists():
            assert f"(docs/rules/{game.id}.md)" in playing, game.id


def test_the_readme_opens_with_a_picture_of_a_table_post() -> None:
    before = README[:README.index("## ")]
    [path] = re.findall(r"!\[[^\]]+\]\((docs/images/[^)]+\.png)\)", before)
    with Image.open(ROOT / path) as image:
        assert image.width >= 600 and image.height >= 600


def test_help_rules_url_must_be_a_web_address() -> None:
    good = parse_config({"help": {"rules_url": " https://example.org/tablee/docs/rules "}})
    assert good.rules_url == "https://example.org/tablee/docs/rules"
    assert parse_config({}).rules_url is None
    with pytest.raises(ConfigError, match=r"^config.toml: help.rules_url must be a web address "
                       r"starting with https://, e.g. .*, not 'docs/rules'$"):
        parse_config({"help": {"rules_url": "docs/rules"}}, "config.toml")


def test_every_readme_section_the_example_config_names_exists() -> None:
    """Issue 38, item 12: config.example.toml sent owners to a README heading that did not
    exist ("The table as a Discord Activity")."""
    example = (ROOT / "config.example.toml").read_text(encoding="utf-8")
    text = " ".join(line.lstrip("# ").strip() for line in example.splitlines())
    named = re.findall(r'README, (?:section )?"([^"]+)"', text)
    assert len(named) >= 4, named  # the pattern still finds the references
    headings = {line.lstrip("#").strip() for line in README.splitlines() if line.startswith("#")}
    assert [n for n in named if n not in headings] == []
