"""render/gif.py: the animated GIF writer of replays. Frames decode (with Pillow) exactly as
given, a frame equal to the one before adds its time to it, and a frame stores only the bands
of rows that changed, each coded the smaller way."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageSequence

from render import gif, kit


def paletted(colour: tuple[int, int, int], size: tuple[int, int] = (300, 200)) -> Image.Image:
    return kit.paletted(Image.new("RGB", size, colour))


def decoded(data: bytes) -> list[tuple[Image.Image, int]]:
    return gif.shown(data)


def images(data: bytes) -> list[tuple[int, bool]]:
    """Each image Pillow finds in ``data``: its duration and whether it has a transparent
    index (read from its graphic control extension)."""
    with Image.open(io.BytesIO(data)) as image:
        durations = [frame.info.get("duration", 0) for frame in ImageSequence.Iterator(image)]
    flags = [data[at + 3] for at in range(len(data) - 3) if data[at:at + 3] == b"!\xf9\x04"]
    assert len(flags) == len(durations)
    return [(d, bool(f & 1)) for d, f in zip(durations, flags, strict=True)]


def noise(seed: int, size: tuple[int, int]) -> Image.Image:
    rng = random.Random(seed)
    image = Image.new("RGB", size)
    image.putdata([(rng.randrange(256), rng.randrange(256), rng.randrange(256))
                   for _ in range(size[0] * size[1])])
    return kit.paletted(image)


def test_frames_decode_as_given_and_equal_frames_merge() -> None:
    first = paletted(kit.BG)
    second = first.copy()
    second.paste(paletted(kit.BLUE, (40, 30)), (100, 50))
    third = second.copy()
    third.paste(paletted(kit.YELLOW, (20, 20)), (10, 170))
    data = gif.encode([first, second, second.copy(), third], [1000, 500, 700, 2000],
                      kit.UNUSED_INDEX)
    got = decoded(data)
    assert [d for _, d in got] == [1000, 1200, 2000]
    for (frame, _), want in zip(got, [first, second, third], strict=True):
        assert ImageChops.difference(frame, want.convert("RGB")).getbbox() is None


def test_a_frame_stores_only_what_changed() -> None:
    base = noise(7, (400, 400))
    frames = [base]
    for k in range(5):
        frame = frames[-1].copy()
        frame.paste(paletted(kit.SEAT_COLOURS[k + 1], (10, 10)), (20 * k, 300))
        frames.append(frame)
    data = gif.encode(frames, [100] * len(frames), kit.UNUSED_INDEX)
    alone = gif.encode(frames[:1], [100], kit.UNUSED_INDEX)
    assert len(data) - len(alone) < 5 * 400  # five 10 x 10 squares, not five noisy frames
    for (frame, _), want in zip(decoded(data), frames, strict=True):
        assert ImageChops.difference(frame, want.convert("RGB")).getbbox() is None


def test_changes_far_apart_are_bands_of_one_frame_shown_together() -> None:
    """A turn's caption at the top and a seat's row at the bottom: two images, the first shown
    20 ms, the second the rest of the frame's time; a viewer (and :func:`gif.shown`) sees one
    frame. Bands past MAX_BANDS merge."""
    base = noise(5, (300, 1200))
    both = base.copy()
    both.paste(paletted(kit.BLUE, (30, 10)), (10, 5))
    both.paste(paletted(kit.YELLOW, (30, 10)), (200, 1160))
    many = both.copy()
    for k in range(gif.MAX_BANDS + 3):
        many.paste(paletted(kit.SEAT_COLOURS[1], (5, 5)), (100, 60 + k * 3 * gif.BAND_GAP))
    data = gif.encode([base, both, many], [1000, 1500, 800], kit.UNUSED_INDEX)
    assert [d for d, _ in images(data)] == [1000, gif.SUB_MS, 1500 - gif.SUB_MS,
                                            *[gif.SUB_MS] * (gif.MAX_BANDS - 1),
                                            800 - gif.SUB_MS * (gif.MAX_BANDS - 1)]
    got = decoded(data)
    assert [d for _, d in got] == [1000, 1500, 800]
    for (frame, _), want in zip(got, [base, both, many], strict=True):
        assert ImageChops.difference(frame, want.convert("RGB")).getbbox() is None
    one_band = gif.encode([base, both], [1000, 1500], kit.UNUSED_INDEX)
    assert len(data) > len(one_band)  # the third frame's changes were stored, merged or not


def test_each_band_is_coded_the_smaller_way() -> None:
    """A band replaced by other pixels is stored as it is (transparent holes would cost more);
    a few changed pixels on a busy picture are stored with the rest transparent."""
    base = noise(11, (300, 300))
    replaced = base.copy()
    replaced.paste(noise(12, (300, 100)), (0, 100))
    dotted = replaced.copy()
    for k in range(0, 300, 30):
        dotted.paste(paletted(kit.INK, (2, 2)), (k, 150 + k % 7))
    data = gif.encode([base, replaced, dotted], [100, 100, 100], kit.UNUSED_INDEX)
    assert [clear for _, clear in images(data)] == [False, False, True]
    for (frame, _), want in zip(decoded(data), [base, replaced, dotted], strict=True):
        assert ImageChops.difference(frame, want.convert("RGB")).getbbox() is None


def test_no_drawing_maps_to_the_index_left_for_unchanged_pixels() -> None:
    rng = random.Random(3)
    image = Image.new("RGB", (256, 256))
    image.putdata([(rng.randrange(256), rng.randrange(256), rng.randrange(256))
                   for _ in range(256 * 256)])
    named = Image.new("RGB", (len(kit.SEAT_COLOURS) + 3, 1))
    named.putdata([*kit.SEAT_COLOURS.values(), kit.BG, kit.INK, (0, 0, 0)])
    for picture in (image, named):
        assert kit.paletted(picture).histogram()[kit.UNUSED_INDEX] == 0


def test_frames_of_other_sizes_or_modes_are_refused() -> None:
    with pytest.raises(ValueError):
        gif.encode([paletted(kit.BG), paletted(kit.BG, (10, 10))], [1, 1], kit.UNUSED_INDEX)
    with pytest.raises(ValueError):
        gif.encode([], [], kit.UNUSED_INDEX)


def test_frames_of_other_heights_show_over_a_background_as_if_padded() -> None:
    """A long replay's frames are as tall as their own boards: with ``background``, the file is
    the one of the frames padded to the tallest (the first frame written last, at that height)."""
    sizes = [(300, 120), (300, 200), (300, 90), (300, 150)]
    frames = [noise(k, size) for k, size in enumerate(sizes)]
    background = kit.BG_INDEX

    def padded(frame: Image.Image) -> Image.Image:
        out = paletted(kit.BG, (300, 200))
        out.paste(frame, (0, 0))
        return out

    data = gif.encode(frames, [100] * 4, kit.UNUSED_INDEX, background=background)
    assert data == gif.encode([padded(f) for f in frames], [100] * 4, kit.UNUSED_INDEX)
    assert gif.screen(data) == (300, 200) and len(decoded(data)) == 4
    with pytest.raises(ValueError, match="one size"):
        gif.encode(frames, [100] * 4, kit.UNUSED_INDEX)  # no background: one size only
    with pytest.raises(ValueError, match="one width"):
        gif.encode([frames[0], noise(9, (200, 120))], [100] * 2, kit.UNUSED_INDEX,
                   background=background)
