"""kit.trim's strip-wise search finds exactly the box a whole-image comparison finds."""

from __future__ import annotations

import random

from PIL import Image, ImageChops, ImageDraw

from render import kit


def _whole_image_box(image: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(image, Image.new("RGB", image.size, kit.BG)).getbbox()


def test_content_box_matches_a_whole_image_comparison() -> None:
    rng = random.Random(5)
    for _ in range(400):
        w, h = rng.randint(1, 150), rng.randint(1, 150)
        image = Image.new("RGB", (w, h), kit.BG)
        draw = ImageDraw.Draw(image)
        for _ in range(rng.randint(0, 3)):  # faint pixels too: one unit off the background
            colour = (kit.BG[0], kit.BG[1], kit.BG[2] - 1) if rng.random() < 0.5 else kit.INK
            draw.point((rng.randrange(w), rng.randrange(h)), fill=colour)
        assert kit.content_box(image) == _whole_image_box(image)


def test_trim_keeps_the_margin_and_leaves_a_blank_image_alone() -> None:
    image = Image.new("RGB", (300, 200), kit.BG)
    ImageDraw.Draw(image).rectangle((100, 80, 120, 90), fill=kit.INK)
    assert kit.trim(image, 10).size == (41, 31)
    blank = Image.new("RGB", (50, 40), kit.BG)
    assert kit.trim(blank) is blank
