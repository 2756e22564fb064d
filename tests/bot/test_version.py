"""The version (issue 29, part 2): one source, pyproject.toml's ``version`` (the installed
package's metadata says the same); ``python -m bot --version`` and every subcommand's
``--version`` print it, ``check`` names it in its sentence and the start-up log line begins with
it."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

from bot.app import version as version_module
from bot.app.version import program, tablee_version

from .test_startup_sentences import CLEARED_ENV, ROOT, run_bot

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def bot(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in CLEARED_ENV}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_version_is_pyprojects_and_the_installed_packages() -> None:
    assert PROJECT["name"] == "tablee"
    assert tablee_version() == PROJECT["version"] and program() == f"Tablée {PROJECT['version']}"
    try:
        installed = version("tablee")
    except PackageNotFoundError:
        pytest.skip("tablee is not installed here (pip install -e .)")
    assert installed == PROJECT["version"]


def test_an_installed_package_reads_its_metadata(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    monkeypatch.setattr(version_module, "PYPROJECT", tmp_path / "pyproject.toml")  # none there
    monkeypatch.setattr(version_module, "version", lambda name: {"tablee": "9.8.7"}[name])
    tablee_version.cache_clear()
    try:
        assert tablee_version() == "9.8.7"
    finally:
        tablee_version.cache_clear()


def test_version_everywhere_on_the_command_line(tmp_path: Path) -> None:
    for args in (["--version"], ["check", "--version"], ["backup", "--version"]):
        done = bot(*args, cwd=tmp_path)
        assert (done.returncode, done.stdout, done.stderr) == (0, f"Tablée {PROJECT['version']}\n",
                                                               ""), args
    config = tmp_path / "config.toml"
    config.write_text(f'[database]\npath = "{tmp_path / "t.db"}"\n', encoding="utf-8")
    done = bot("check", "--config", str(config))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"ok: config {config}, ")
    assert done.stdout.endswith(f", Tablée {PROJECT['version']}\n")


def test_the_start_up_log_line_names_the_version(tmp_path: Path) -> None:
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"not a database " * 100)
    done = run_bot(tmp_path, str(bad))
    [line] = [line for line in done.stderr.splitlines() if "INFO tablee: " in line]
    assert line.split("INFO tablee: ", 1)[1].startswith(
        f"Tablée {PROJECT['version']}: config {tmp_path / 'config.toml'}, database {bad}")
