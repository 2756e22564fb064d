"""Checks every game's image tests share (no tests here): what a phone shows, empty bands, the
texts an image was drawn with."""

from __future__ import annotations

import functools
import io
from types import ModuleType
from typing import Any

import pytest
from PIL import Image, ImageChops

from render import kit
from render.cache import Cache


@functools.lru_cache(maxsize=4)
def _background(size: tuple[int, int]) -> Image.Image:
    """A plain background image of ``size`` (drawn once per size: only ever read)."""
    return Image.new("RGB", size, kit.BG)


def empty_bands(image: Image.Image) -> tuple[int, int, int, int]:
    """Background-only margins (left, top, right, bottom) around what is drawn."""
    box = ImageChops.difference(image, _background(image.size)).getbbox()
    assert box is not None
    return box[0], box[1], image.width - box[2], image.height - box[3]


def phone_readable(image: Image.Image, sizes: list[int], where: str) -> float:
    """Assert that ``image``, drawn with the text ``sizes`` recorded by
    :func:`render.kit.recording_text_sizes`, reads on a phone (its smallest text at least
    :data:`render.kit.MIN_READABLE` px once shown :data:`render.kit.PHONE_WIDTH` px wide) and has
    no empty band wider than the margin; returns that smallest size as the phone shows it."""
    assert sizes, f"{where}: no text"
    scaled = min(sizes) * kit.PHONE_WIDTH / image.width
    assert scaled >= kit.MIN_READABLE, f"{where}: {min(sizes)} px on {image.width} px"
    assert max(empty_bands(image)) <= kit.MARGIN, where
    return scaled


def recorded_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every string drawn with ``kit.text`` from now on (the list fills as images are drawn;
    drawings kept from earlier images are forgotten, so they are drawn again)."""
    Cache.clear_all()
    texts: list[str] = []
    real = kit.text
    monkeypatch.setattr(kit, "text",
                        lambda d, xy, s, *a, **k: (texts.append(s), real(d, xy, s, *a, **k)))
    return texts


@functools.lru_cache(maxsize=8)
def _decoded_size(data: bytes) -> tuple[int, int]:
    """The size of the PNG ``data`` once fully decoded (the same bytes are decoded once: a board
    every viewer sees alike is checked for each of them)."""
    decoded = Image.open(io.BytesIO(data))
    decoded.load()
    return decoded.size


def check_board_and_hand(module: ModuleType | Any, view: dict, where: str) -> bytes:
    """Board and hand of ``view``: PNG decodes within budget, phone-readable, no empty band,
    600-800 px wide. Returns the board's PNG (a caller comparing boards draws it once)."""
    pngs: dict[str, bytes] = {}
    for name in ("board", "hand"):
        with kit.recording_text_sizes() as sizes:
            image = getattr(module, name)(view)
        data = pngs[name] = kit.png_bytes(image)
        assert len(data) <= 300_000, f"{where} {name}: {len(data)} bytes"
        assert _decoded_size(data) == image.size
        phone_readable(image, sizes, f"{where} {name}")
        assert 600 <= image.width <= 800, f"{where} {name}: {image.width} px wide"
    return pngs["board"]
