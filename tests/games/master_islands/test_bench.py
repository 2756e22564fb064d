"""The bench script's plumbing (numbers are printed by ``python -m benchmarks.engines``, not asserted)."""

from __future__ import annotations

import pytest

from benchmarks.engines import option_sets, play_random, run_bench
from games import get_game
from tests.games.master_islands.test_support import GAME


def test_option_sets_cover_every_mode_and_count() -> None:
    cases = {(p, tuple(sorted(o.items()))) for p, o in option_sets(GAME)}
    assert cases == {
        (2, ()), (3, ()), (4, ()),
        (4, (("mode", "coop"),)),
        (3, (("mode", "corsair"),)), (4, (("mode", "corsair"),)),
    }
    assert option_sets(get_game("isis-osiris"))  # generic: works for the other engine too


def test_play_random_finishes_a_game() -> None:
    assert play_random(GAME, 3, {}, 1) > 10


@pytest.mark.slow
def test_run_bench_prints_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    run_bench("master-islands", 0.05)
    out = capsys.readouterr().out
    assert "games/s" in out and "legal() median" in out
