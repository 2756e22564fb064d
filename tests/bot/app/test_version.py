"""The version (issue 29, part 2): one source, pyproject.toml's ``version`` (the installed
package's metadata says the same); ``python -m bot --version`` and every subcommand's
``--version`` print it, ``check`` names it in its sentence and the start-up log line begins with
it. Builds tell themselves apart (issue 44, item 3): the commit of a git checkout ("dirty" when
tracked files changed), else the one a build stamped (``TABLEE_COMMIT``, ``bot/BUILD``); git is
asked only when the version is shown, and its absence is no error."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

from bot.app import cli
from bot.app import version as version_module
from bot.app.version import build, from_checkout, from_stamp, program, tablee_version
from tests.bot.app.test_startup_sentences import CLEARED_ENV, ROOT, run_bot

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def bot(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in CLEARED_ENV}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", "-C", str(cwd), *args], capture_output=True, text=True,
                          check=True, timeout=30).stdout.strip()


def this_build() -> str:
    """What --version must say here, from git directly: "Tablée 0.1.0 (commit …[, dirty])"."""
    dirty = ", dirty" if git("status", "--porcelain", "--untracked-files=no") else ""
    return f"Tablée {PROJECT['version']} (commit {git('rev-parse', 'HEAD')[:12]}{dirty})"


def test_the_version_is_pyprojects_and_the_installed_packages() -> None:
    assert PROJECT["name"] == "tablee"
    assert tablee_version() == PROJECT["version"] and program() == this_build()
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
        assert (done.returncode, done.stdout, done.stderr) == (0, f"{this_build()}\n", ""), args
    config = tmp_path / "config.toml"
    config.write_text(f'[database]\npath = "{tmp_path / "t.db"}"\n', encoding="utf-8")
    done = bot("check", "--config", str(config))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"ok: config {config}, ")
    first, installation = done.stdout.splitlines()  # the second: the installation types
    assert first.endswith(f", {this_build()}") and installation.startswith("installation: ")


def test_the_start_up_log_line_names_the_version(tmp_path: Path) -> None:
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"not a database " * 100)
    done = run_bot(tmp_path, str(bad))
    [line] = [line for line in done.stderr.splitlines() if "INFO tablee: " in line]
    assert line.split("INFO tablee: ", 1)[1].startswith(
        f"{this_build()}: config {tmp_path / 'config.toml'}, database {bad}")


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    """A real git repository with one commit of one tracked file."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git("init", "-q", cwd=repo)
    (repo / "rules.md").write_text("one\n", encoding="utf-8")
    git("add", "rules.md", cwd=repo)
    git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "one", cwd=repo)
    return repo


def test_a_checkout_names_its_commit_and_dirty_when_a_tracked_file_changed(
        checkout: Path) -> None:
    commit = git("rev-parse", "HEAD", cwd=checkout)[:12]
    assert from_checkout(checkout) == f"commit {commit}"
    (checkout / "notes.txt").write_text("untracked\n", encoding="utf-8")
    assert from_checkout(checkout) == f"commit {commit}"  # an untracked file runs no code
    (checkout / "rules.md").write_text("two\n", encoding="utf-8")
    assert from_checkout(checkout) == f"commit {commit}, dirty"
    git("tag", "v0.1.0", cwd=checkout)
    assert from_checkout(checkout) == f"commit {commit}, dirty"  # a tag does not hide it


def test_no_git_or_no_checkout_is_the_release_alone(
        checkout: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert from_checkout(tmp_path / "not-a-checkout") == ""  # no .git: git is not even asked
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / ".git").write_text("gitdir: /nowhere\n", encoding="utf-8")
    assert from_checkout(tmp_path / "broken") == ""
    monkeypatch.setenv("PATH", str(tmp_path / "no-programs-here"))  # git is not installed
    assert from_checkout(checkout) == ""
    monkeypatch.delenv("TABLEE_COMMIT", raising=False)
    monkeypatch.setattr(version_module, "ROOT", tmp_path / "not-a-checkout")
    monkeypatch.setattr(version_module, "STAMP_FILE", tmp_path / "no-BUILD")
    build.cache_clear()
    try:
        assert program() == f"Tablée {PROJECT['version']}"
    finally:
        build.cache_clear()


def test_an_image_reads_the_commit_its_build_stamped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stamp = tmp_path / "BUILD"
    monkeypatch.setattr(version_module, "STAMP_FILE", stamp)
    monkeypatch.delenv("TABLEE_COMMIT", raising=False)
    assert from_stamp() == ""
    stamp.write_text("0123456789abcdef0123456789abcdef01234567\nbuilt by CI\n", encoding="utf-8")
    assert from_stamp() == "commit 0123456789ab"
    monkeypatch.setenv("TABLEE_COMMIT", "  FEDCBA9-dirty\n")  # git describe --always --dirty
    assert from_stamp() == "commit fedcba9, dirty"  # the variable wins over the file
    monkeypatch.setenv("TABLEE_COMMIT", "latest")  # not a commit: said by nothing
    assert from_stamp() == ""
    monkeypatch.setenv("TABLEE_COMMIT", "0123abc")
    monkeypatch.setattr(version_module, "ROOT", tmp_path)  # no .git: an installed package
    build.cache_clear()
    try:
        assert program() == f"Tablée {PROJECT['version']} (commit 0123abc)"
    finally:
        build.cache_clear()


def test_git_is_asked_only_when_the_version_is_shown(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    asked: list[Path] = []
    monkeypatch.setattr(version_module, "from_checkout", lambda root: asked.append(root)
                        or "commit 0123456789ab")
    build.cache_clear()
    try:
        parser = cli.parser()  # every command's parser, --version included
        assert parser.parse_args(["check"]).cmd == "check" and asked == []
        with pytest.raises(SystemExit) as exited:
            parser.parse_args(["demo", "--version"])
        assert exited.value.code == 0 and len(asked) == 1
        assert capsys.readouterr().out == f"Tablée {PROJECT['version']} (commit 0123456789ab)\n"
    finally:
        build.cache_clear()
