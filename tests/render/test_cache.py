"""render.cache: the one cache of drawn images: bounded in bytes (oldest dropped first, a shared
image counted once), keeping only what comes back soon when asked to, keyed by language for
words, safe to fill from several threads at once."""

from __future__ import annotations

import threading

from PIL import Image

from i18n import language
from render import kit
from render.cache import Cache, image_bytes


def _square(side: int = 30, colour: kit.RGB = kit.INK) -> Image.Image:
    return Image.new("RGB", (side, side), colour)


def test_images_count_as_pillow_keeps_them() -> None:
    assert image_bytes(_square(10)) == 400  # RGB: 4 bytes a pixel
    assert image_bytes(Image.new("L", (10, 10))) == 100


def test_a_cache_stays_within_its_bytes_oldest_dropped_first() -> None:
    cache = Cache("test", 3 * 30 * 30 * 4)
    for k in range(5):
        cache.drawn(k, _square)
    assert len(cache) == 3 and cache.used == 3 * 3600
    drawn = []
    cache.drawn(4, lambda: drawn.append(4) or _square())
    cache.drawn(0, lambda: drawn.append(0) or _square())
    assert drawn == [0]  # 4 was kept, 0 was dropped first
    cache.put("huge", _square(100))  # alone over the budget: not kept, nothing dropped
    assert cache.get("huge") is None and len(cache) == 3
    assert cache.stats() == {"name": "test", "entries": 3, "bytes": 10800, "max_bytes": 10800,
                             "hits": 1, "misses": 7, "kept": 6}


def test_an_image_kept_under_several_keys_counts_once() -> None:
    cache = Cache("test", 10**6)
    image = _square()
    cache.put("a", image)
    cache.put("b", (image, (3, 4)))
    assert cache.used == 3600
    cache.put("a", _square(10))
    assert cache.used == 3600 + 400
    cache.clear()
    assert cache.used == 0 and len(cache) == 0


def test_alike_pieces_share_one_image() -> None:
    """Two keys of one group whose pixels are the same keep one image; other pixels, another."""
    cache = Cache("test", 10**6)
    first = cache.drawn(("card", 14), _square, alike="card")
    again = cache.drawn(("card", 210), _square, alike="card")
    other = cache.drawn(("card", 406), lambda: _square(colour=kit.BLUE), alike="card")
    assert again is first and other is not first
    assert len(cache) == 3 and cache.used == 2 * 3600


def test_with_entry_bytes_a_value_is_kept_only_when_its_key_comes_back_soon() -> None:
    """Kept on its second sighting within as many other keys as the cache holds; keys that
    come back later than that (1,000 tables taking turns) are drawn each time, never kept."""
    cache = Cache("test", 8 * 3600, entry_bytes=3600)  # holds 8, remembers 8 keys
    for _ in range(3):
        for key in range(20):  # each comes back after 19 others: never kept
            cache.drawn(key, _square)
    assert len(cache) == 0
    for _ in range(2):
        for key in range(100, 104):  # back after 3 others: kept
            cache.drawn(key, _square)
    assert len(cache) == 4


def test_words_are_kept_per_language() -> None:
    cache = Cache("test", 10**6, words=True)
    with language("en"):
        english = cache.drawn("title", _square)
    with language("fr"):
        french = cache.drawn("title", lambda: _square(colour=kit.BLUE))
    with language("en"):
        assert cache.drawn("title", _square) is english and cache.get("title") is english
    assert french is not english and len(cache) == 2


def test_drawn_text_sizes_are_noted_again_on_every_use() -> None:
    cache = Cache("test", 10**6)

    def draw() -> Image.Image:
        image, canvas = kit.new_canvas(80, 40)
        kit.text(canvas, (2, 2), "B4", 24)
        return image

    with kit.recording_text_sizes() as first:
        cache.drawn("label", draw)
    with kit.recording_text_sizes() as second:
        cache.drawn("label", draw)
    assert first == second == [24]


def test_threads_filling_one_small_cache_keep_it_within_budget() -> None:
    cache = Cache("test", 20 * 3600)
    errors: list[BaseException] = []

    def work(seed: int) -> None:
        try:
            for k in range(400):
                key = (seed * 7 + k) % 60
                got = cache.drawn(key, lambda key=key: _square(colour=(key, 0, 0)))
                assert got.getpixel((0, 0)) == (key, 0, 0)
        except BaseException as e:  # noqa: BLE001 (reported by the main thread)
            errors.append(e)

    threads = [threading.Thread(target=work, args=(s,)) for s in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert cache.used <= cache.max_bytes and cache.used == 3600 * len(cache)
    assert cache.hits + cache.misses == 6 * 400


def test_a_small_cache_remembers_only_as_many_keys_as_it_holds() -> None:
    """A cache of two entries keeps a key that comes back after one other, not after two
    (it would be dropped before its next use: keeping it is work for nothing)."""
    cache = Cache("test", 2 * 3600, entry_bytes=3600)
    for key in (0, 1, 2) * 3:
        cache.drawn(key, _square)
    assert len(cache) == 0
    for key in (5, 6) * 2:
        cache.drawn(key, _square)
    assert len(cache) == 2
