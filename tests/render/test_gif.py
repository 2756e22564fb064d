"""render/gif.py: the animated GIF writer of replays. Frames decode (with Pillow) exactly as
given, a frame equal to the one before adds its time to it, and a frame stores only the
rectangle that changed."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageSequence

from render import gif, kit


def paletted(colour: tuple[int, int, int], size: tuple[int, int] = (300, 200)) -> Image.Image:
    return kit.paletted(Image.new("RGB", size, colour))


def decoded(data: bytes) -> list[tuple[Image.Image, int]]:
    image = Image.open(io.BytesIO(data))
    return [(frame.convert("RGB"), frame.info.get("duration", 0))
            for frame in ImageSequence.Iterator(image)]


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
    rng = random.Random(7)
    noise = Image.new("RGB", (400, 400))
    noise.putdata([(rng.randrange(256), rng.randrange(256), rng.randrange(256))
                   for _ in range(400 * 400)])
    base = kit.paletted(noise)
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
