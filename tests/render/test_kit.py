"""The shared kit: PNG encoding round-trips, palette keeps kit colours exact, marks differ by shape."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from render import kit


def _decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_png_bytes_round_trips_and_keeps_kit_colours_exact() -> None:
    image, draw = kit.new_canvas(120, 40)
    for i, colour in enumerate([kit.BLUE, kit.GREEN, kit.VERMILLION, kit.YELLOW, kit.ORANGE, kit.SKY]):
        draw.rectangle((i * 20, 0, i * 20 + 19, 39), fill=colour)
    data = kit.png_bytes(image)
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    decoded = _decode(data).convert("RGB")
    assert decoded.size == (120, 40)
    assert decoded.getpixel((10, 10)) == kit.BLUE
    assert decoded.getpixel((70, 10)) == kit.YELLOW
    assert decoded.getpixel((110, 10)) == kit.SKY


def test_png_bytes_is_palette_mode() -> None:
    image, draw = kit.new_canvas(50, 50)
    kit.text(draw, (5, 5), "B4", 20, kit.INK)
    assert _decode(kit.png_bytes(image)).mode == "P"


def test_seat_marks_differ_by_shape_not_only_colour() -> None:
    """Colour-blind players tell seats apart by shape: same fill, different seats -> different."""
    drawings = set()
    for seat in (1, 2, 3, 4):
        image = Image.new("RGB", (60, 60), kit.BG)
        kit.mark(ImageDraw.Draw(image), (30, 30), 20, kit.SEAT_SHAPES[seat], kit.UNKNOWN, "1")
        drawings.add(image.tobytes())
    assert len(drawings) == 4


def test_text_cache_draws_like_pillow() -> None:
    """The cached-mask text path paints the same pixels as ImageDraw.text at integer positions."""
    ours, draw = kit.new_canvas(200, 60)
    kit.text(draw, (10, 10), "Seat 3", 24, kit.INK)
    ref, ref_draw = kit.new_canvas(200, 60)
    ref_draw.text((10, 10), "Seat 3", font=kit.font(24), fill=kit.INK)
    assert ours.tobytes() == ref.tobytes()


def test_ink_on_picks_readable_text_colour() -> None:
    assert kit.ink_on(kit.YELLOW) == kit.BLACK
    assert kit.ink_on(kit.BLUE) == kit.WHITE
    assert kit.ink_on(kit.BLACK) == kit.WHITE


def test_ascii_text_folds_accents_and_drops_what_the_font_cannot_draw() -> None:
    assert kit.ascii_text("Zoé  Ünal") == "Zoe Unal"
    assert kit.ascii_text("李明 🙂") == ""
    assert kit.ascii_text("ann\x00\n bob") == "ann bob"


def test_fit_cuts_with_dots_to_the_width() -> None:
    assert kit.fit("Bob", 23, 500) == "Bob"
    cut = kit.fit("Bartholomew the Magnificent", 23, 120)
    assert cut.endswith("...") and kit.text_width(cut, 23) <= 120


def test_seat_name_uses_the_view_name_else_seat_n() -> None:
    view = {"seats": [{"seat": 1, "name": "Zoé"}, {"seat": 2, "name": "李明"}, {"seat": 3},
                      {"seat": 4, "name": None}]}
    assert [kit.seat_name(view, s) for s in (1, 2, 3, 4, 5)] == [
        "Zoe", "Seat 2", "Seat 3", "Seat 4", "Seat 5"]
