"""Shared pytest setup: the opt-in `slow` marker; no test follows the caller's DATABASE_URL."""

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--runslow", action="store_true", default=False, help="run slow soak tests")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
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
