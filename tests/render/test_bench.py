"""The render bench runs and reports the numbers the host's ``python -m benchmarks`` prints."""

from __future__ import annotations

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
