"""render.sprites: a drawing pasted back is the very pixels (and text sizes) of drawing it again,
over any background, spilling or not, kept only when its key comes back soon; the board
assembled in one canvas is the trimmed stack."""

from __future__ import annotations

import random
from collections.abc import Callable

from PIL import Image, ImageChops, ImageDraw

from render import kit, sprites
from render.cache import Cache

W, H = 160, 120


def _background(rng: random.Random) -> Image.Image:
    """Plain background, or background crossed by lines and boxes (a neighbour, a grid)."""
    image, draw = kit.new_canvas(W, H)
    for _ in range(rng.choice((0, 0, 3, 8))):
        colour = rng.choice((kit.GRID, kit.INK, kit.SAND, kit.BLUE))
        x, y = rng.randrange(W), rng.randrange(H)
        draw.rectangle((x, y, x + rng.randint(1, 40), y + rng.randint(1, 4)), fill=colour)
    return image


def _painter(rng: random.Random) -> Callable[[ImageDraw.ImageDraw], None]:
    """A random drawing around (40..120, 30..90): shapes at float coordinates, texts (some
    over its fills, some over whatever is beneath), a seat mark."""
    ops = []
    for _ in range(rng.randint(1, 4)):
        x, y = rng.uniform(40, 100), rng.uniform(30, 70)
        w, h = rng.uniform(4, 30), rng.uniform(4, 30)
        kind = rng.choice(("box", "ellipse", "text", "mark", "line"))
        colour = rng.choice((kit.BLUE, kit.YELLOW, kit.WHITE, kit.INK, kit.VERMILLION))
        ops.append((kind, (x, y, x + w, y + h), colour, rng.choice(("B4", "+3", "Y1", "é2"))))

    def paint(draw: ImageDraw.ImageDraw) -> None:
        for kind, box, colour, label in ops:
            if kind == "box":
                draw.rounded_rectangle(box, radius=4, fill=colour, outline=kit.INK, width=2)
            elif kind == "ellipse":
                draw.ellipse(box, fill=colour)
            elif kind == "line":
                draw.line(box, fill=colour, width=3)
            elif kind == "text":
                kit.text(draw, box[:2], label, 20, colour, "la", bold=True)
            else:
                kit.seat_mark(draw, box[:2], 14, 1 + int(box[2]) % 6)
    return paint


def test_pasted_drawings_are_the_drawn_pixels_over_any_background() -> None:
    rng = random.Random(11)
    cache = Cache("test", 8 << 20, entry_bytes=10_000)
    kept = 0
    for key in range(120):
        paint = _painter(rng)
        # Mostly a rectangle that holds the drawing; sometimes one it spills out of (by less
        # than sprites.RING).
        rect = (30, 20, 140, 110) if key % 5 else (50, 40, 100, 80)
        for _use in range(4):
            under = _background(rng)
            direct = under.copy()
            with kit.recording_text_sizes() as drawn_sizes:
                paint(ImageDraw.Draw(direct))
            pasted = under.copy()
            with kit.recording_text_sizes() as pasted_sizes:
                sprites.drawn_or_pasted(cache, key, pasted, lambda r=rect: r,
                                        lambda p=paint, c=pasted: p(ImageDraw.Draw(c)))
            assert ImageChops.difference(direct, pasted).getbbox() is None, key
            assert sorted(pasted_sizes) == sorted(drawn_sizes), key
        found = cache.get(key)
        kept += found is not None and found.image is not None
    assert kept >= 40  # many were kept (others spilt, or blend too much text over the background)


def test_no_cache_or_a_first_sighting_draws() -> None:
    calls: list[int] = []
    canvas, _ = kit.new_canvas(W, H)
    cache = Cache("test", 1 << 20, entry_bytes=10_000)
    sprites.drawn_or_pasted(None, "k", canvas, lambda: (0, 0, 10, 10), lambda: calls.append(1))
    sprites.drawn_or_pasted(cache, "k", canvas, lambda: (0, 0, 10, 10), lambda: calls.append(1))
    assert calls == [1, 1] and cache.get("k") is None


def test_a_drawing_is_kept_only_when_its_key_comes_back_soon() -> None:
    """Kept on its second sighting within as many other keys as the cache holds; keys that
    come back later than that (1,000 tables taking turns) are only drawn, never kept."""
    cache = Cache("test", 80_000, entry_bytes=10_000)  # holds 8
    canvas, draw = kit.new_canvas(W, H)

    def show(key: int) -> None:
        sprites.drawn_or_pasted(cache, key, canvas, lambda: (10, 10, 30, 30),
                                lambda: draw.rectangle((12, 12, 20, 20), fill=kit.INK))
    for _ in range(3):
        for key in range(20):  # each comes back after 19 others: never kept
            show(key)
    assert len(cache) == 0
    for _ in range(2):
        for key in range(100, 104):  # back after 3 others: kept
            show(key)
    assert len(cache) == 4


def test_stacked_is_the_trimmed_stack() -> None:
    rng = random.Random(4)
    for _ in range(150):
        width = rng.randint(20, 120)
        top_h = rng.randint(1, 60)
        marks = [(rng.randrange(-5, width + 5), rng.randrange(-5, top_h + 20))
                 for _ in range(rng.randint(0, 3))]

        def draw_top(image: Image.Image, draw: ImageDraw.ImageDraw, marks=marks) -> None:
            for x, y in marks:  # some past the top's own height: the parts below cover them
                draw.rectangle((x, y, x + 3, y + 3), fill=kit.INK)
        below = []
        for _ in range(rng.randint(1, 3)):
            part, draw = kit.new_canvas(rng.choice((width, width, width - 1)), rng.randint(1, 50))
            if rng.random() < 0.7:
                x, y = rng.randrange(part.width), rng.randrange(part.height)
                draw.line((x, y, rng.randrange(part.width), y), fill=kit.GRID)
            below.append(part)
        margin = rng.randint(0, 20)
        top, draw = kit.new_canvas(width, top_h)
        draw_top(top, draw)
        expected = kit.stack_trimmed([top, *below], width, margin)
        got = sprites.stacked(width, top_h, draw_top, below, margin)
        assert got.size == expected.size
        assert ImageChops.difference(got, expected).getbbox() is None


def test_ruled_box_is_the_content_box_of_a_ruled_panel() -> None:
    rng = random.Random(8)
    for _ in range(150):
        w, h = rng.randint(2, 200), rng.randint(2, 150)
        panel, draw = kit.new_canvas(w, h)
        draw.line((0, 0, w, 0), fill=kit.GRID, width=3)
        for _ in range(rng.randint(0, 3)):
            draw.point((rng.randrange(w), rng.randrange(h)), fill=kit.INK)
        assert sprites.ruled_box(panel, strip=rng.choice((1, 7, 32))) == kit.content_box(panel)
