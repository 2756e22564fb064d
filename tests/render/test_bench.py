"""The render bench runs and reports the numbers the host's ``python -m benchmarks`` prints."""

from __future__ import annotations

import pytest

from benchmarks import replays
from benchmarks.render import bench_render, big_map_view


def test_big_map_view_has_the_requested_cards_and_holes() -> None:
    view = big_map_view(64)
    cells = {(c["x"], c["y"]) for c in view["map"]}
    assert len(cells) == 64
    assert (0, 0) in cells
    assert not cells & {tuple(h) for h in view["holes"]}
    for seat in view["seats"]:
        assert all(tuple(g) in cells for g in seat["galleons"])


def test_bench_render_reports_medians_p95_and_size() -> None:
    report = bench_render(seconds=0.05)
    assert report["cards"] >= 60
    assert 0 < report["png_bytes"] <= 300_000
    for key in ("board_render_and_encode", "png_encode"):
        numbers = report[key]
        assert numbers["runs"] >= 5
        assert 0 < numbers["median_ms"] <= numbers["p95_ms"]
    assert report["ratio"] > 1  # drawing and encoding cost more than encoding alone


def test_the_replay_bench_prints_a_row_per_game(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m benchmarks.replays`` on one short game: its columns and a row that adds up."""
    replays.main(["--game", "isis-osiris", "--seeds", "1", "--runs", "1"])
    head, row = capsys.readouterr().out.strip().split("\n")
    got = dict(zip(head.split(" | "), row.split(" | "), strict=True))
    assert got["game"] == "isis-osiris" and int(got["frames"]) == int(got["turns"]) + 1
    assert float(got["kb_turn"]) == pytest.approx(int(got["kb"]) / int(got["turns"]), abs=0.1)
    assert float(got["cpu_s"]) > float(got["draw_cpu_s"]) > 0 and int(got["peak_mb"]) >= 0
    # the LZW of the stored bands alone is a part of a build
    assert float(got["cpu_s"]) > float(got["lzw_cpu_s"]) > 0 and float(got["mpx_turn"]) > 0


def test_loop_lag_times_an_event_loop_while_the_job_runs_in_a_thread() -> None:
    ran: list[int] = []

    def job() -> None:  # Python work holding the interpreter lock between switches
        ran.append(sum(i * i for i in range(300_000)))

    median, p95, worst = replays.loop_lag(job, tick=0.002)
    assert ran and 0 <= median <= p95 <= worst
