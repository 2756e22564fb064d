"""Le Maître des Mers and L'île des contrebandiers draw exactly the images they drew before their
layer caches (tests/render/pixels_mm_ic.py holds the references: hashes of the old drawings of stored
views), in any order, in both languages, and from several threads at once."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import PIL
import pytest

from . import pixels_mm_ic as pixels

REFERENCE = pixels.load()
CASES: list[dict[str, Any]] = REFERENCE["cases"]

pytestmark = pytest.mark.skipif(
    REFERENCE["pillow"] != PIL.__version__,
    reason=f"the references were drawn with Pillow {REFERENCE['pillow']}, this is "
           f"{PIL.__version__}: check the images by eye, then python -m tests.render.pixels_mm_ic")


def _where(case: dict[str, Any]) -> str:
    view = case["view"]
    return (f"{case['game']} {case['kind']} {case['language']} viewer={view.get('viewer')} "
            f"to_move={view.get('to_move')} last_move={view.get('last_move')}")


def _mismatches(cases: list[dict[str, Any]], digests: list[str]) -> list[str]:
    return [_where(c) for c, d in zip(cases, digests, strict=True) if d != c["sha256"]]


def test_the_references_cover_both_games_kinds_and_languages() -> None:
    kinds = {(c["game"], c["kind"], c["language"]) for c in CASES}
    assert len(kinds) == 8
    assert len({c["sha256"] for c in CASES}) > 250  # different positions, different images


def test_every_image_is_the_reference_in_order_and_in_reverse() -> None:
    """Forward, then backward: each cache entry is met after different neighbours (another
    game, language or position), so a key missing a pixel-changing field shows."""
    for order in (CASES, CASES[::-1]):
        bad = _mismatches(order, [pixels.digest(pixels.draw(c)) for c in order])
        assert not bad, f"{len(bad)} images changed, first: {bad[:3]}"


def test_images_drawn_in_threads_are_the_references() -> None:
    """Boards are drawn in worker threads: four threads drawing shuffled cases at once (the
    host's language is per thread) still give every reference, from empty caches (threads
    drawing the same missing piece at once)."""
    from render.ile_des_contrebandiers import layers
    from render.maitre_des_mers import cards

    cards.CARDS.clear()
    layers.clear()
    cases = random.Random(16).sample(CASES, len(CASES))
    with ThreadPoolExecutor(4) as pool:
        digests = list(pool.map(lambda c: pixels.digest(pixels.draw(c)), cases))
    bad = _mismatches(cases, digests)
    assert not bad, f"{len(bad)} images changed, first: {bad[:3]}"
