"""What a server owner reads (issue 29 parts 5 and 6, issue 44 item 1): the LICENSE, the systemd
unit, the README's order and length, its picture of a table post, the docs pages it sends to (and
every link between them), the one list of the bot's permissions, and the links to each game's
rules."""

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
DOCS = ROOT / "docs"
PAGES = ["configuration.md", "postgresql-and-shards.md", "web-table-and-activity.md", "playing.md",
         "privacy.md", "troubleshooting.md", "architecture.md"]


def read(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


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
    assert headings == ["Running it on your server", "Configuration", "Backups", "Upgrading",
                        "Where to go next", "Development", "License"]
    steps = ["### 1. Create the Discord application", "### 2. Invite the bot",
             "### 3. Get the code", "### 3a. Run with Docker",
             "### 3b. Run with Docker Compose (bot + PostgreSQL)",
             "### 3c. Run with pip (in a virtual environment)",
             "### 3d. Run it as a service (systemd)", "### 4. Play", "## Configuration",
             "## Backups"]
    places = [README.index(step) for step in steps]
    assert places == sorted(places)
    assert "docker cp config.toml tablee:/data/config.toml" in README
    assert "Compose v2 is required" in README
    assert "python -m bot forget-user" in read("docs/privacy.md")
    assert "| `help.rules_url` |" in read("docs/configuration.md")


def test_the_pip_install_makes_a_virtual_environment_first() -> None:
    """Issue 44: on a stock Debian 12 there is no ``python`` and ``python3 -m pip install`` stops
    with "externally-managed-environment": the venv comes before any pip command."""
    pip = README[README.index("### 3c. Run with pip"):README.index("### 3d.")]
    venv = pip.index("python3 -m venv .venv && . .venv/bin/activate")
    assert venv < pip.index("python -m pip install") and "externally-managed-environment" in pip
    assert "apt-get install python3-venv" in pip[:venv]


def test_the_readme_reads_in_five_minutes_and_links_every_docs_page() -> None:
    assert len(README.splitlines()) <= 300
    for page in PAGES:
        assert f"](docs/{page})" in README, page
        text = read(f"docs/{page}")
        title, _, back = text.partition("\n\n")
        assert re.fullmatch(r"# [^\n]+", title), page  # a one-line title
        assert "[README](../README.md)" in back.split("\n\n")[0], page  # then the way back


def test_playing_links_every_games_rules() -> None:
    playing = read("docs/playing.md")
    assert "[docs/rules/](rules/)" in playing and "(docs/playing.md)" in README
    for game in all_games():
        if (ROOT / "docs" / "rules" / f"{game.id}.md").exists():
            assert f"(rules/{game.id}.md)" in playing, game.id


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
    exist ("The table as a Discord Activity"). Since issue 44 its comments name the page too:
    `see docs/configuration.md, "Section"` (or `the README, "Section"`)."""
    example = (ROOT / "config.example.toml").read_text(encoding="utf-8")
    text = " ".join(line.lstrip("# ").strip() for line in example.splitlines())
    named = re.findall(r'(README|docs/[\w./-]+\.md), (?:section )?"([^"]+)"', text)
    assert len(named) >= 4, named  # the pattern still finds the references
    missing = []
    for page, heading in named:
        path = ROOT / ("README.md" if page == "README" else page)
        headings = {line.lstrip("#").strip() for line in path.read_text(encoding="utf-8")
                    .splitlines() if line.startswith("#")} if path.is_file() else set()
        if heading not in headings:
            missing.append((page, heading))
    assert missing == []


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, spaces to '-', punctuation but '-' and '_'
    dropped."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    text = re.sub(r"(?ms)^```.*?^```", "", markdown)  # a '#' comment in a code block is no heading
    return {anchor(h) for h in re.findall(r"(?m)^#{1,6} +(.+?) *#* *$", text)}


def owner_pages() -> list[Path]:
    return [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted(DOCS.rglob("*.md"))]


def test_every_relative_link_leads_to_a_file_and_heading_that_exist() -> None:
    broken = []
    count = 0
    for page in owner_pages():
        text = re.sub(r"(?ms)^```.*?^```", "", page.read_text(encoding="utf-8"))
        text = re.sub(r"`[^`\n]*`", "", text)  # code spans hold no links
        for target, tag in re.findall(r"\]\(([^)#\s]*)(?:#([^)\s]+))?\)", text):
            if re.match(r"[a-z]+:", target):
                continue  # https:, mailto:
            count += 1
            path = (page.parent / target).resolve() if target else page
            if not path.exists():
                broken.append((page.name, target))
            elif tag and (not path.is_file() or tag not in anchors(path.read_text("utf-8"))):
                broken.append((page.name, f"{target}#{tag}"))
    assert count >= 40
    assert broken == []


PERMISSIONS = ("View Channel", "Send Messages", "Create Public Threads", "Send Messages in Threads",
               "Manage Threads", "Attach Files", "Embed Links", "Read Message History")


def test_there_is_one_list_of_the_bots_permissions() -> None:
    """Issue 44: the invite and Troubleshooting listed different permissions. A list is a block
    of text (paragraph or list item) naming four or more of them; the other pages link to it."""
    lists = []
    for page in owner_pages():
        for block in re.split(r"\n\s*\n|\n(?=\s*(?:- |\d+\. ))", page.read_text("utf-8")):
            flat = " ".join(block.split())
            named = {p for p in PERMISSIONS if re.search(rf"\b{p}\b(?! in Threads)", flat)}
            if len(named) >= 4:
                lists.append((page.name, flat[:60]))
    assert lists == [("README.md", "Scopes: `bot` and `applications.commands`. Permissions `1791")]
    assert "(../README.md#2-invite-the-bot)" in read("docs/troubleshooting.md")
