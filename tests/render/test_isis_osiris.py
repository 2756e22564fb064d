"""Isis & Osiris images from hand-made views (docs/views/isis-osiris.md): decode, sizes, hidden values never
drawn unless the view gives them, never colour alone."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.catalog import renderer
from render import isis_osiris, kit

from .io_views import final_view, io_view


def _png(image: Image.Image) -> bytes:
    return kit.png_bytes(image)


def test_renderer_lookup_finds_module() -> None:
    assert renderer("isis-osiris") is isis_osiris


@pytest.mark.parametrize("make", [io_view, final_view], ids=["playing", "final"])
def test_board_and_hand_decode_with_sensible_sizes(make) -> None:
    data = _png(isis_osiris.board(make()))
    image = Image.open(io.BytesIO(data))
    image.load()
    assert 800 <= image.width <= 1010 and 800 <= image.height <= 1500
    assert len(data) <= 300_000
    hand = isis_osiris.hand(make())  # spectator
    assert hand.width >= 300


def test_face_down_tiles_look_the_same_whatever_the_view_says_elsewhere() -> None:
    """IO-9: a face-down tile (value None) is one picture; the viewer field changes nothing."""
    a = _png(isis_osiris.board(io_view()))
    b = _png(isis_osiris.board(io_view(viewer=2)))
    assert a == b


def test_open_value_is_drawn_when_given() -> None:
    hidden = io_view()
    shown = io_view()
    shown["board"]["D2"]["value"] = 3
    other = io_view()
    other["board"]["D2"]["value"] = -3
    images = {_png(isis_osiris.board(v)) for v in (hidden, shown, other)}
    assert len(images) == 3


def test_pending_tile_is_drawn() -> None:
    plain = _png(isis_osiris.board(io_view()))
    plus = _png(isis_osiris.board(io_view(pending={"seat": 2, "value": 2})))
    minus = _png(isis_osiris.board(io_view(pending={"seat": 2, "value": -2})))
    assert len({plain, plus, minus}) == 3


def test_final_shows_pawn_values() -> None:
    view = final_view()
    changed = final_view()
    changed["final"]["pawn_values"]["A1"] = 4
    assert _png(isis_osiris.board(view)) != _png(isis_osiris.board(changed))


def test_pawn_seats_differ_by_shape_not_only_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kit, "SEAT_COLOURS", dict.fromkeys((1, 2, 3, 4), kit.UNKNOWN))
    view = io_view()
    swapped = io_view()
    swapped["board"]["A1"]["seat"] = 3
    assert _png(isis_osiris.board(view)) != _png(isis_osiris.board(swapped))


def test_last_move_is_highlighted() -> None:
    assert _png(isis_osiris.board(io_view(last_move=None))) != _png(isis_osiris.board(io_view()))


def test_hand_shows_remaining_pawns_and_tiles() -> None:
    base = io_view(viewer=2)
    fewer = io_view(viewer=2)
    fewer["seats"][1]["tiles_left"] = 3
    assert isis_osiris.hand(base).tobytes() != isis_osiris.hand(fewer).tobytes()


def test_hand_in_common_reserve_variant() -> None:
    view = io_view(viewer=1, pile=12, options={"reserve": "common", "open": False, "first": None})
    assert isis_osiris.hand(view).width >= 300


def test_panel_shows_the_seat_names_the_host_passes() -> None:
    named = io_view()
    named["seats"][0]["name"] = "Ann"
    assert isis_osiris.board(named).tobytes() != isis_osiris.board(io_view()).tobytes()
