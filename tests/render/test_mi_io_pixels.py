"""Master Islands and Isis & Osiris draw the very pixels they drew before their speed-ups
(cached layers, pasted tiles): every view of the fixture (seeded random games of every mode,
public and each seat's, English and French, the bench's big maps), board and hand, against the
fingerprints the reference code stored (tests/render/pixels.py explains when to rewrite them)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from render.cache import Cache

from . import pixels

CASES = pixels.load()


def test_the_fixture_covers_every_mode_and_both_games() -> None:
    views = [case["view"] for case in CASES]
    assert {v.get("mode") for v in views if v["game"] == "master-islands"} == {
        "standard", "coop", "corsair"}
    assert sum(v["game"] == "isis-osiris" for v in views) >= 20
    assert any(len(v.get("map") or []) == 108 for v in views)
    assert any((v.get("result") or {}).get("finished") for v in views)


@pytest.mark.parametrize("language", pixels.LANGUAGES)
def test_images_are_pixel_identical_to_the_reference(language: str) -> None:
    wrong = []
    for k, case in enumerate(CASES):
        for _round in range(3):  # then kept (seen twice), then pasted from the caches
            got = pixels.drawn(case["view"], language)
            if got != case["pixels"][language]:
                wrong.append((k, case["view"]["game"], case["view"].get("viewer"), _round))
    assert not wrong, f"images changed (case, game, viewer, warm?): {wrong[:10]}"


def test_images_drawn_in_worker_threads_are_identical() -> None:
    """Boards are drawn in worker threads: six at once, sharing (and filling) the caches, draw
    the reference pixels, each in its own language."""
    Cache.clear_all()
    jobs = [(case, language) for case in CASES[::3] for language in pixels.LANGUAGES] * 3

    def check(job: tuple[dict, str]) -> bool:
        case, language = job
        return pixels.drawn(case["view"], language) == case["pixels"][language]

    with ThreadPoolExecutor(max_workers=6) as pool:
        assert all(pool.map(check, jobs))
