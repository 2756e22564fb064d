"""A replay GIF in a real Chromium (Discord's desktop client is one): a frame that render/gif.py
writes as several images, the bands of rows a turn changed shown 20 ms apart, plays as whole
frames in order. A screenshot may catch a frame half-made (its caption already new, its board
not yet) right at a change, never twice in a row: half-made lasts less than the time between
two screenshots (with 200 ms sub-images it lasted several)."""

from __future__ import annotations

import asyncio
import base64
import io
import itertools
import time

import pytest
from PIL import Image, ImageChops
from playwright.async_api import Browser

from bot.catalog import board_drawer
from games.records import simulate
from render import gif, kit, replay

pytestmark = pytest.mark.asyncio(loop_scope="session")

FRAME_MS = 700


async def test_chromium_plays_a_frame_of_several_images_as_one_frame(browser: Browser) -> None:
    record = simulate("maitre-des-mers", 3, 3)
    game, played = replay.turns({**record, "moves": record["moves"][:40]})
    boards = replay.Boards(game, played, board_drawer(game.id), None)
    frames = list(replay.compose(played, boards, 1, 1))
    tallest = max(frame.height for frame in frames)  # each is as tall as its board: one height
    frames = [gif.padded(frame, tallest, kit.BG_INDEX) for frame in frames]
    data = gif.encode(frames, [FRAME_MS] * len(frames), kit.UNUSED_INDEX)
    with Image.open(io.BytesIO(data)) as image:
        assert image.n_frames > len(frames)  # some frames are several images
    wanted = [frame.convert("RGB") for frame in frames]
    width, height = wanted[0].size
    page = await browser.new_page(viewport={"width": width, "height": height})
    try:
        await page.set_content('<body style="margin:0"><img id="replay" src="data:image/gif;'
                               f'base64,{base64.b64encode(data).decode()}"></body>')
        seen: list[int | None] = []
        started = time.monotonic()
        while time.monotonic() - started < 3.5:
            shot = Image.open(io.BytesIO(await page.locator("#replay").screenshot()))
            shot = shot.convert("RGB")
            seen.append(next((k for k, frame in enumerate(wanted) if frame.size == shot.size
                              and ImageChops.difference(frame, shot).getbbox() is None), None))
            await asyncio.sleep(0.05)
    finally:
        await page.close()
    assert len(frames) * FRAME_MS > 6_000  # the GIF does not start again while sampled
    assert not any(a is None and b is None for a, b in itertools.pairwise(seen)), seen
    whole = [k for k in seen if k is not None]
    assert whole == sorted(whole) and len(set(whole)) >= 3, seen
