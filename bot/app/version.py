"""This program's version, from one source: ``version`` in pyproject.toml, and which build of it
runs: the commit.

A source checkout (run from the repository, installed with ``pip install -e .`` or not) reads its
own pyproject.toml, which is current even after ``git pull`` without a reinstall; an installed
package (pip, the Docker image) reads the metadata pip wrote from that same file.

The commit, so that two builds of one release tell themselves apart ("Tablée 0.1.0 (commit
24e742b1a2c3, dirty)"):

- from a git checkout of this project: ``git describe`` of its work tree ("dirty" when tracked
  files differ from the commit);
- otherwise the stamp a build wrote: the environment variable ``TABLEE_COMMIT`` (a Docker build
  passes it: ``ARG TABLEE_COMMIT`` then ``ENV TABLEE_COMMIT=$TABLEE_COMMIT``), else the first line
  of the file ``bot/BUILD`` beside the package. A stamp is a commit hash, or what ``git describe
  --always --dirty`` prints (a hash ending in ``-dirty``);
- nothing when none says (git missing, not a checkout, no stamp): the release version alone.

Nothing runs at import: git is asked once, when ``--version``, ``check`` or the start-up log line
first needs the program's name."""

from __future__ import annotations

import os
import re
import subprocess
import tomllib
from functools import cache
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

PACKAGE = "tablee"
ROOT = Path(__file__).resolve().parents[2]  # the checkout (or site-packages when installed)
PYPROJECT = ROOT / "pyproject.toml"
STAMP_ENV = "TABLEE_COMMIT"
STAMP_FILE = Path(__file__).resolve().parents[1] / "BUILD"  # bot/BUILD
GIT_TIMEOUT = 2.0  # seconds: a hung git (a network file system) never holds the start-up long
_HASH = re.compile(r"[0-9a-f]{7,40}")


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


def described(text: str) -> str:
    """"commit 24e742b1a2c3" or "commit 24e742b1a2c3, dirty" from a stamp or ``git describe``'s
    answer ("24e742b1a2c3-dirty"; a full hash is shortened to 12 characters); "" when ``text``
    is not a commit."""
    text = text.strip().lower()
    dirty = text.endswith("-dirty")
    commit = text.removesuffix("-dirty")
    if not _HASH.fullmatch(commit):
        return ""
    return f"commit {commit[:12]}{', dirty' if dirty else ''}"


def from_checkout(root: Path) -> str:
    """The commit of ``root`` when it is a git checkout of this project and git answers; ""
    otherwise (no ``.git`` there, git not installed, not a repository, a timeout)."""
    if not (root / ".git").exists():  # never a repository around an installed package
        return ""
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "describe", "--always", "--dirty", "--abbrev=12",
             "--exclude=*"],  # no tag: always the commit's hash
            capture_output=True, text=True, timeout=GIT_TIMEOUT, check=False)
    except (OSError, subprocess.SubprocessError):
        return ""
    return described(done.stdout) if done.returncode == 0 else ""


def from_stamp() -> str:
    """The commit a build stamped: ``TABLEE_COMMIT``, else ``bot/BUILD``'s first line; ""."""
    stamp = os.environ.get(STAMP_ENV, "").strip()
    if not stamp:
        try:
            stamp = STAMP_FILE.read_text(encoding="utf-8").partition("\n")[0]
        except (OSError, UnicodeDecodeError):
            stamp = ""
    return described(stamp)


@cache
def build() -> str:
    """Which build runs: "commit 24e742b1a2c3[, dirty]", or "" when nothing says."""
    return from_checkout(ROOT) or from_stamp()


def program() -> str:
    """"Tablée 0.1.0 (commit 24e742b1a2c3)", as the log, ``check`` and ``--version`` name this
    program; "Tablée 0.1.0" when the build is unknown."""
    which = build()
    return f"Tablée {tablee_version()}{f' ({which})' if which else ''}"
