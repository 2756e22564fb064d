"""No import cycle among the modules of bot/service (every import counts, wherever it is)."""

from __future__ import annotations

from .service_cycles import cycles, graph


def test_no_import_cycle_among_the_service_modules() -> None:
    assert cycles(graph()) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [["a", "b", "c", "a"]]
