"""Shared pytest setup: the opt-in `slow` marker; no test follows the caller's DATABASE_URL; the
run ends saying why tests skipped and how to run them (one line per reason); the test processes'
garbage-collector thresholds."""

from __future__ import annotations

import gc
import os
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

import pytest

DATABASE_ENV = "TABLEE_TEST_DATABASE_URL"  # as tests/pg.py (not imported: it needs asyncpg)
NO_POSTGRESQL = (f"no PostgreSQL: set {DATABASE_ENV} to a test database "
                 "(e.g. postgresql://tablee:tablee@localhost/tablee_test; see CONTRIBUTING.md)")
NO_CHROMIUM = "no Chromium: the browser tests need Debian's package (apt-get install chromium)"
SLOW = "slow soaks: run them with --runslow"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", default=False, help="run slow soak tests")


@pytest.hookimpl(optionalhook=True)  # a run without xdist (-p no:xdist) knows no such hook
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto`` (pyproject's addopts): two workers a core, at most ``--maxprocesses``. Most
    tests spend more time waiting (for the emulated Discord to go quiet, for the database, for a
    bot process) than computing: with one worker a core the cores idle half the run."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return 2 * (cores or 1)  # sched_getaffinity: the cores this process may use (Linux only)


LONGEST_FIRST = (
    "tests/e2e/test_play_maitre_des_mers.py", "tests/e2e/test_play_shards.py",
    "tests/e2e/test_play_leases.py", "tests/games/maitre_des_mers/test_playouts.py",
    "tests/bot/service/test_workers.py", "tests/e2e/test_play_master_islands.py",
    "tests/e2e/test_play_threads.py", "tests/test_i18n_core.py", "tests/test_skip_summary.py",
    "tests/e2e/test_backup_restore.py", "tests/e2e/test_play_ile_des_contrebandiers.py",
    "tests/games/ile_des_contrebandiers/test_playouts.py",
    "tests/e2e/test_play_french.py", "tests/render/test_ile_des_contrebandiers.py",
    "tests/e2e/test_kill_while_thinking.py", "tests/test_new_game.py",
    "tests/bot/web/test_live_table.py",
)
"""The files holding the longest tests (``--durations`` in pyproject's addopts names them),
longest first: they run first, so that the run does not end with one worker on a long test
while the others idle. Only the order changes: a file missing here runs where it is collected."""


def longest_first(root: Path, items: list[pytest.Item]) -> None:
    """``items`` with :data:`LONGEST_FIRST`'s files first, in its order; every file's tests and
    the rest in the order they were collected."""
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}

    def key(item: pytest.Item) -> int:
        try:
            name = item.path.relative_to(root).as_posix()
        except ValueError:
            return len(rank)
        return rank.get(name, len(rank))

    items.sort(key=key)


GC_THRESHOLD = (10_000, 10, 10)
"""The test processes' garbage-collector thresholds: a young collection every 10,000 new objects,
not Python's 700. A worker holds every collected test and the images and games they keep, and
the full collections the small threshold brings about walk all of it: 8% of the CPU of a worker
that collected the whole suite, 2.5% with this one (cycles are still collected, later). The
bot's processes keep Python's thresholds (tests that start them see what an owner runs)."""


def pytest_configure(config: pytest.Config) -> None:
    gc.set_threshold(*GC_THRESHOLD)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    longest_first(config.rootpath, items)
    if config.getoption("--runslow"):
        return
    skip_slow = pytest.mark.skip(reason="slow: opt-in with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip_slow)


@pytest.fixture(autouse=True)
def _no_database_url(monkeypatch: pytest.MonkeyPatch) -> None:
    """DATABASE_URL redirects the bot to a PostgreSQL database: a test run must never write into
    the one its caller's shell points at (PostgreSQL tests use TABLEE_TEST_DATABASE_URL)."""
    monkeypatch.delenv("DATABASE_URL", raising=False)


def skip_group(reason: str, database_set: bool) -> str:
    """What a skip reason comes down to, said once for all the tests it skipped: what is missing
    and how to get it. A PostgreSQL that is named but not reachable keeps its own reason (which
    says what failed); a reason nobody grouped is shown as it is."""
    reason = reason.removeprefix("Skipped: ")
    if "--runslow" in reason:
        return SLOW
    if "chromium" in reason.lower():
        return NO_CHROMIUM
    if ("PostgreSQL" in reason or DATABASE_ENV in reason) and not database_set:
        return NO_POSTGRESQL
    return reason


def why_skipped(reasons: Iterable[str], database_set: bool) -> list[str]:
    """One line per group, the largest first: "207 skipped: no PostgreSQL: set …"."""
    counts = Counter(skip_group(reason, database_set) for reason in reasons)
    return [f"{count} skipped: {group}" for group, count in counts.most_common()]


@pytest.hookimpl(trylast=True)  # after the slowest durations (addopts): the run ends with it
def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """After the run (also with -q, also from xdist's workers): why tests skipped."""
    reasons = [str(report.longrepr[2]) for report in terminalreporter.stats.get("skipped", [])
               if isinstance(report.longrepr, tuple | list) and len(report.longrepr) == 3]
    if not reasons:
        return
    terminalreporter.write_sep("-", "why tests skipped")
    for line in why_skipped(reasons, bool(os.environ.get(DATABASE_ENV, "").strip())):
        terminalreporter.write_line(line)
