"""The kept pieces of Le Maître des Mers and L'île des contrebandiers boards (render/tiles.py):
what makes pasting them exact, and what bounds them.

A piece is drawn once at the board's x (float rounding of a shape's x may depend on it) and at
a y of its own, then pasted wherever it goes: that is exact only if our pieces do not change
with whole-pixel moves in y (and in x for chips and cargo boxes), which is checked here for
every ship of the game."""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from games.maitre_des_mers.cards import SHIPS
from render import kit, tiles
from render.cache import Cache
from render.ile_des_contrebandiers import layers, sea
from render.maitre_des_mers import cards, fleets

from . import checks, ic_views, mm_views

CARGO = [None, mm_views.goods(0), mm_views.goods(4), mm_views.treasure(2)]


def _drawn_at(paint, x: int, y: int, w: int, h: int) -> bytes:
    """The pixels ``paint(draw, box)`` gives in a w x h box at (x, y) (and 30 px right of it:
    a word running out of the box counts too)."""
    image = Image.new("RGB", (x + w + 31, y + h + 1), kit.BG)
    paint(ImageDraw.Draw(image), (x, y, x + w, y + h))
    return image.crop((x, y, x + w + 31, y + h + 1)).tobytes()


@pytest.mark.parametrize("code", sorted(SHIPS))
def test_ship_cards_chips_and_cargo_look_the_same_one_pixel_lower(code: str) -> None:
    rng = random.Random(code)
    info = cards.ship_info(code)
    for paint, w, h, xs in (
        (lambda d, b: cards.draw_ship_card(d, b, info), cards.CARD_W, cards.SHIP_H - 12, False),
        (lambda d, b: cards.draw_ship_card(d, b, info), cards.CARD_W, 230, False),
        (lambda d, b: fleets.draw_ship_chip(d, b, info, with_cargo=False), fleets.CHIP_W,
         fleets.CHIP_H, True),
        *((lambda d, b, c=c, s=size: cards._draw_cargo(d, b, c, s), w, h, True)
          for c in CARGO for size, w, h in ((cards.SMALL, 148, 32), (cards.BODY, 172, 44))),
    ):
        first = _drawn_at(paint, 14, 0, w, h)
        for y in [1, 2, 3, *rng.sample(range(4, 1600), 12)]:
            assert _drawn_at(paint, 14, y, w, h) == first, (code, w, h, y)
        for x in rng.sample(range(0, 700), 8) if xs else []:
            assert _drawn_at(paint, x, 7, w, h) == first, (code, w, h, x)


def test_the_sea_drawn_from_kept_layers_is_the_sea_drawn_in_full() -> None:
    """Every beam, the usual reefs and random extra ones, last-move frames on spaces and
    harbours: the islands and rings pasted (then quays, frames, names) give the same pixels
    as drawing islands then rings."""
    rng = random.Random(14)
    spaces = [f"{r}{c}" for r in "123" for c in "abcdefghij"]
    for beam in [None, *range(10)]:
        for reefs in ([], ["3f"], rng.sample(spaces, 3)):
            cells = rng.sample(spaces, rng.randint(0, 4)) + rng.sample(
                ["H0", "H1", "H2", "H3", "H4"], rng.randint(0, 2))
            view = ic_views.ic_view(beam=beam, reefs=reefs,
                                    last_move={"seat": 1, "move": "sail", "cells": cells})
            fast, draw = kit.new_canvas(sea.WIDTH, sea.SEA_H)
            assert layers.islands_and_rings(fast, draw, view)
            full, draw = kit.new_canvas(sea.WIDTH, sea.SEA_H)
            sea._draw_islands(draw, view)
            sea._draw_rings(full, draw, view)
            assert ImageChops.difference(fast, full).getbbox() is None, (beam, reefs, cells)


def test_a_kept_piece_notes_its_text_sizes_every_time_it_is_pasted() -> None:
    """The phone-readability check sees the words of a pasted card as if drawn again."""
    cache = Cache("test", 10**6, words=True)
    box = (14, 0, 198, 160)
    paint = lambda d, b: cards.draw_ship_card(d, b, cards.ship_info("G11"))  # noqa: E731
    with kit.recording_text_sizes() as drawn:
        tiles.put(Image.new("RGB", (300, 200), kit.BG), cache, "card", box, kit.BG, paint)
    with kit.recording_text_sizes() as pasted:
        tiles.put(Image.new("RGB", (300, 200), kit.BG), cache, "card", box, kit.BG, paint)
    assert len(cache) == 1 and pasted == drawn and min(drawn) >= cards.SMALL


def test_a_word_running_out_of_its_card_is_drawn_in_place_not_kept() -> None:
    """French goods help can be wider than the action's target card: that card is drawn as
    before (its words cross the card's edge), never cut at the edge of a kept piece."""
    cache = Cache("test", 10**6, words=True)
    box = (14, 0, 100, 60)
    long_words = lambda d, b: kit.text(d, (b[0] + 10, b[1] + 30), "W" * 20, 22)  # noqa: E731
    assert tiles.piece(cache, "long", box, kit.BG, long_words) is None
    image = Image.new("RGB", (800, 80), kit.BG)
    tiles.put(image, cache, "long", box, kit.BG, long_words)
    assert checks.empty_bands(image)[2] < 800 - 100 - 20  # the word reaches past the box


def test_recording_every_drawn_word_draws_kept_pieces_afresh(monkeypatch) -> None:
    """Tests that wrap kit.text to read every word still see the words of kept pieces."""
    cache = Cache("test", 10**6, words=True)
    paint = lambda d, b: cards.draw_ship_card(d, b, cards.ship_info("C7"))  # noqa: E731
    tiles.put(Image.new("RGB", (300, 200), kit.BG), cache, "card", (14, 0, 198, 160), kit.BG,
              paint)
    texts = checks.recorded_texts(monkeypatch)
    tiles.put(Image.new("RGB", (300, 200), kit.BG), cache, "card", (14, 0, 198, 160), kit.BG,
              paint)
    assert "C7" in texts


def test_a_card_at_several_x_is_kept_once_unless_its_pixels_differ() -> None:
    """Cards are drawn at their board x; where that gives the same pixels (a Galion in any
    port column) they share one image and the budget counts it once; a Frégate's masts round
    differently in the second column, so that one is kept apart."""
    cache = Cache("test", 10**7, words=True)
    kept = {}
    for code in ("G11", "F10"):
        info = cards.ship_info(code)
        for x in (14, 210, 406, 602):
            box = (x, 52, x + cards.CARD_W, 52 + cards.SHIP_H - 12)
            kept[code, x] = tiles.piece(cache, code, box, kit.BG,
                                        lambda d, b, i=info: cards.draw_ship_card(d, b, i))
    assert len({id(kept["G11", x]) for x in (14, 210, 406, 602)}) == 1
    assert kept["F10", 210].tobytes() != kept["F10", 14].tobytes()
    distinct = {id(t): t for t in kept.values()}
    assert len(cache) == 8 and cache.used == sum(t.width * t.height * 4 for t in distinct.values())
    cache.clear()
    assert cache.used == 0 and len(cache) == 0
