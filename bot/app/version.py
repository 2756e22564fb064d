"""This program's version, from one source: ``version`` in pyproject.toml.

A source checkout (run from the repository, installed with ``pip install -e .`` or not) reads its
own pyproject.toml, which is current even after ``git pull`` without a reinstall; an installed
package (pip, the Docker image) reads the metadata pip wrote from that same file."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

PACKAGE = "tablee"
PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


@cache
def tablee_version() -> str:
    """"0.1.0"; "unknown" when neither the checkout nor the installed package says."""
    try:
        project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8")).get("project", {})
    except (OSError, tomllib.TOMLDecodeError):
        project = {}
    if project.get("name") == PACKAGE and isinstance(project.get("version"), str):
        return project["version"]
    try:
        return version(PACKAGE)
    except PackageNotFoundError:
        return "unknown"


def program() -> str:
    """"Tablée 0.1.0", as the log, ``check`` and ``--version`` name this program."""
    return f"Tablée {tablee_version()}"
