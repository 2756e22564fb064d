"""The test command ends saying why tests skipped and how to run them (tests/conftest.py): one
line per reason, from xdist's workers too, and the PostgreSQL, Chromium and slow groups say
what to set, install or pass."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests import pg
from tests.conftest import NO_CHROMIUM, NO_POSTGRESQL, SLOW, why_skipped

ROOT = Path(__file__).resolve().parents[1]


def test_the_reasons_are_grouped_one_line_each_the_largest_first(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(pg.URL_ENV, raising=False)
    no_server = asyncio.run(pg.unreachable())  # the reason tests/pg.py skips with
    assert no_server is not None
    reasons = [f"Skipped: {no_server}"] * 3 + [
        "Skipped: TABLEE_TEST_DATABASE_URL is not set",
        "Skipped: no Chromium: install Debian's package (apt-get install chromium) to run the "
        "browser tests; .ci/run does",
        "Skipped: slow: opt-in with --runslow", "Skipped: slow: opt-in with --runslow",
        "Skipped: glibc's malloc only"]
    assert why_skipped(reasons, database_set=False) == [
        f"4 skipped: {NO_POSTGRESQL}", f"2 skipped: {SLOW}", f"1 skipped: {NO_CHROMIUM}",
        "1 skipped: glibc's malloc only"]
    unreachable = "PostgreSQL not reachable at postgresql://t@localhost:1/x (…): refused"
    assert why_skipped([unreachable] * 2, database_set=True) == [f"2 skipped: {unreachable}"]


def test_the_test_command_ends_saying_why_tests_skipped() -> None:
    """The README's command (an xdist worker, -q from pyproject's addopts) on tests that skip
    for want of PostgreSQL and for being slow (the browser tests' module takes seconds to import:
    their reason is grouped above)."""
    env = {k: v for k, v in os.environ.items() if k != pg.URL_ENV}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "1", "-p", "no:cacheprovider",
         "tests/bot/app/test_migrate_cli.py::test_a_server_moves_over_and_plays_on",
         "tests/games/master_islands/test_bench.py"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stdout[-2000:]
    assert lines[-4:-1] == ["------------------------------ why tests skipped "
                            "-------------------------------", f"1 skipped: {NO_POSTGRESQL}",
                            f"1 skipped: {SLOW}"], lines[-6:]
    assert re.fullmatch(r"\d+ passed, 2 skipped\b.*", lines[-1]), lines[-1]
