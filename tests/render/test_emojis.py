"""The application emojis' images: Discord's size and names, one look each, readable small."""

from __future__ import annotations

import io
import itertools

from PIL import Image, ImageChops, ImageStat

from render import emojis, kit

SMALL = 22  # an emoji in a line of chat


def _image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_every_emoji_is_a_transparent_128_px_png_well_under_discords_256_kib() -> None:
    for name, data in emojis.images().items():
        assert data[:8] == b"\x89PNG\r\n\x1a\n", name
        assert len(data) < 32 * 1024, name  # Discord refuses an emoji over 256 KiB
        image = _image(data)
        assert (image.size, image.mode) == ((128, 128), "RGBA"), name
        assert image.getpixel((0, 0))[3] == 0, name  # a corner shows the chat behind it
        assert image.getpixel((64, 64))[3] == 255, name  # the middle is solid


def test_names_are_ones_discord_accepts_prefixed_unique_and_listed_without_drawing() -> None:
    names = emojis.names()
    assert names == list(emojis.images())
    assert len(set(names)) == len(names) == 16
    for name in names:
        assert emojis.NAME.fullmatch(name) and name.startswith("tablee_"), name
    assert {"tablee_seat1", "tablee_seat6", "tablee_die1", "tablee_die6", "tablee_card_blue",
            "tablee_card_green", "tablee_card_red", "tablee_card_yellow"} <= set(names)


def test_one_seat_emoji_per_seat_colour_of_the_boards_and_one_card_per_card_colour() -> None:
    assert emojis.SEATS == tuple(sorted(kit.SEAT_COLOURS))
    assert set(emojis.CARD_COLOUR_LETTERS) == {"blue", "green", "red", "yellow"}
    assert sorted(emojis.CARD_COLOUR_LETTERS.values()) == ["B", "G", "R", "Y"]


def test_a_seat_emoji_carries_the_seats_own_colour() -> None:
    for seat in emojis.SEATS:
        image = _image(emojis.seat_png(seat)).convert("RGB")
        colours = {c for _n, c in image.getcolors(128 * 128) or []}
        assert kit.seat_colour(seat) in colours, seat


def test_every_two_emojis_still_differ_clearly_at_chat_size() -> None:
    """Shrunk to 22 px, as a chat line shows them, no two look alike (on a dark theme)."""
    small = {}
    for name, data in emojis.images().items():
        back = Image.new("RGBA", (128, 128), (49, 51, 56, 255))
        back.alpha_composite(_image(data))
        small[name] = back.convert("L").resize((SMALL, SMALL), Image.Resampling.LANCZOS)
    for (a, ia), (b, ib) in itertools.combinations(small.items(), 2):
        mean = ImageStat.Stat(ImageChops.difference(ia, ib)).mean[0]
        assert mean > 4, (a, b, mean)
