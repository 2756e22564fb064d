"""Speed-ups that must not change a pixel: kit.trim's strip-wise search, cached layers."""

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


def test_ile_des_contrebandiers_cached_sectors_are_the_drawn_ones() -> None:
    """The rings' sectors are pasted from a cache through their mask: the same pixels as
    drawing them, over whatever was drawn before (a quay line), for every beam position."""
    from render import ile_des_contrebandiers as ic

    for beam in [None, *range(ic.SECTORS)]:
        drawn, draw = kit.new_canvas(ic.WIDTH, ic.SEA_H)
        pasted, under = kit.new_canvas(ic.WIDTH, ic.SEA_H)
        for d in (draw, under):
            d.line((0, 0, ic.WIDTH, ic.SEA_H), fill=kit.INK, width=9)
        ic.draw_fan(draw, beam)
        layer, mask, at = ic._fan(beam)
        pasted.paste(layer, at, mask)
        assert ImageChops.difference(drawn, pasted).getbbox() is None


def test_stack_trimmed_is_trim_of_stack() -> None:
    """Exact whatever the parts: blank ones, dots anywhere, full-width rules (after which the
    sides are not searched any more), parts narrower than the canvas."""
    rng = random.Random(9)
    for _ in range(400):
        parts = []
        for _ in range(rng.randint(1, 6)):
            w, h = rng.randint(1, 120), rng.randint(1, 80)
            part = Image.new("RGB", (w, h), kit.BG)
            draw = ImageDraw.Draw(part)
            for _ in range(rng.randint(0, 2)):
                draw.point((rng.randrange(w), rng.randrange(h)), fill=kit.INK)
            if rng.random() < 0.3:
                row = rng.randrange(h)
                draw.line((rng.randint(0, 3), row, w - 1 - rng.randint(0, 3), row), fill=kit.INK)
            parts.append(part)
        width, margin = rng.randint(0, 150), rng.randint(0, 20)
        expected = kit.trim(kit.stack(parts, width), margin)
        got = kit.stack_trimmed(parts, width, margin)
        assert got.size == expected.size
        assert ImageChops.difference(got, expected).getbbox() is None


def test_master_islands_pasted_chips_are_the_drawn_ones() -> None:
    """A collected card is pasted from a cached tile through its mask: the same pixels as
    drawing it, on the plain or the to-move row background, at even and odd positions."""
    from render import master_islands as mi

    for x, y in ((112, 40), (163, 41), (0, 0), (7, 3)):
        for under in (kit.BG, kit.TURN_BG):
            drawn, draw = kit.new_canvas(240, 90)
            pasted, _ = kit.new_canvas(240, 90)
            for image in (drawn, pasted):
                ImageDraw.Draw(image).rectangle((0, 0, 239, 89), fill=under)
            with kit.recording_text_sizes() as drawn_sizes:
                mi._draw_chip(ImageDraw.Draw(drawn), x, y, "B4")
            with kit.recording_text_sizes() as pasted_sizes:
                mi._chip(pasted, x, y, "B4")
            assert ImageChops.difference(drawn, pasted).getbbox() is None
            assert pasted_sizes == drawn_sizes
