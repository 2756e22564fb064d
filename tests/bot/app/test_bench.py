"""``python -m benchmarks`` in miniature: the load and size benches run and count honestly.

Numbers are printed by the bench, never asserted here; what is asserted is what must hold
whatever the machine: no lost update, every game type played, the database grew.
"""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks import load
from benchmarks.size import game_size
from bot.service import Services
from bot.storage.errors import Busy
from games import get_game

GAMES = ["ile-des-contrebandiers", "isis-osiris", "maitre-des-mers", "master-islands"]


async def test_load_bench_plays_every_game_with_no_lost_update(db_path: str) -> None:
    games = [get_game(g) for g in GAMES]
    host = await Services.open(db_path)
    try:
        tables, plans = await load.setup_tables(host, games, 8)
        full = await load.saturate(host, tables, plans, 0.5, clickers=4)
        lost = await load.lost_updates(host, tables)
    finally:
        await host.close()
    assert {t.game.id for t in tables} == set(GAMES)
    assert full["plays"] > 0 and full["moves"] >= full["plays"]
    assert lost["lost_updates"] == 0
    assert lost["moves_checked"] >= full["moves"]


async def test_lost_updates_counts_a_move_missing_from_the_log(db_path: str) -> None:
    host = await Services.open(db_path)
    try:
        tables, plans = await load.setup_tables(host, [get_game("isis-osiris")], 1)
        await load.click(host, tables[0], load.Counters(), plans[tables[0].channel], double=True)
        told = tables[0].applied[tables[0].table_id or 0]
        told.append("a move the host never stored")
        assert (await load.lost_updates(host, tables))["lost_updates"] == 1
    finally:
        await host.close()


async def test_size_bench_measures_growth_per_finished_game(tmp_path) -> None:
    size = await game_size(get_game("isis-osiris"), 2, str(tmp_path))
    assert size["bytes_after"] > size["bytes_before"]
    assert size["bytes_per_game"] > 0 and "games" in size["bytes_per_game_by_table"]
    assert "move_log" not in size["bytes_per_game_by_table"]  # it went with each finished table


async def test_streams_bench_runs_one_process_load_without_busy_or_phantoms(db_path: str) -> None:
    """Issue 30, item 3's load shape in miniature: two streams per table, double submissions.
    One process's own load never makes the storage say busy, and no call raises after storing
    its move."""
    host = await Services.open(db_path)
    try:
        tables, plans = await load.setup_tables(host, [get_game(g) for g in GAMES], 4)
        n = await load.streams(host, tables, plans, 1.0, 8)
    finally:
        await host.close()
    assert n["played"] > 0 and n["moves"] >= n["played"]
    assert n["refused_by_the_rules"] > 0  # the twin clicks and the other movers met
    assert (n["busy"], n["storage_sentences"], n["failed"], n["phantom_moves"]) == (0, {}, 0, 0)


async def test_streams_bench_counts_a_stored_move_reported_as_failed(
        db_path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    host = await Services.open(db_path)
    try:
        tables, plans = await load.setup_tables(host, [get_game("isis-osiris")], 1)
        real = host.moves.play

        async def stored_then_busy(*args: Any, **kwargs: Any) -> Any:
            await real(*args, **kwargs)
            raise Busy()

        monkeypatch.setattr(host.moves, "play", stored_then_busy)
        n = await load.streams(host, tables, plans, 0.3, 1)  # stream 0 double-submits
    finally:
        await host.close()
    assert n["busy"] > 0 and n["phantom_moves"] == n["busy"]  # each stored, each told failed
