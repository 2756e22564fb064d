"""Master Islands galleon markers (QA item 6): the map marker is the seat's mark with the SEAT
number, as in the panel; pips tell galleon 1 from 2 where a seat has two; numbered markers never
shrink below R_MIN (20 px numbers), smaller ones carry no number, and what does not fit on a card
shows as "+n"."""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.render import big_map_view
from render import kit, master_islands
from render import master_islands_map as mi_map
from render.cache import Cache

from .mi_views import coop_view, corsair_view, mi_view


def _markers(monkeypatch: pytest.MonkeyPatch, view: dict[str, Any]) -> tuple[list, list[int]]:
    """Draw the board and return the (centre, r, ship) of every map marker and every "+n"."""
    drawn: list = []
    more: list[int] = []
    real_marker = mi_map._draw_marker

    def spy(draw, center, r, ship, numbered=True):
        drawn.append((center, r, ship, numbered))
        real_marker(draw, center, r, ship, numbered)

    monkeypatch.setattr(mi_map, "_draw_marker", spy)
    monkeypatch.setattr(mi_map, "_draw_more", lambda d, c, r, n: more.append(n))
    Cache.clear_all()
    master_islands.board(view)
    return drawn, more


def _labels(monkeypatch: pytest.MonkeyPatch, view: dict[str, Any]) -> list[tuple[str, str]]:
    """(shape, label) of every seat mark drawn on the board, map and panel."""
    seen: list[tuple[str, str]] = []
    real, real_corsair = kit.mark, kit.corsair_mark

    def spy(draw, center, r, shape, fill, label="", outline=kit.INK, halo=None):
        seen.append((shape, label))
        real(draw, center, r, shape, fill, label, outline, halo)

    def corsair_spy(draw, center, r, label):
        seen.append(("corsair", label))
        real_corsair(draw, center, r, label)

    monkeypatch.setattr(kit, "corsair_mark", corsair_spy)
    monkeypatch.setattr(kit, "mark", spy)
    Cache.clear_all()
    master_islands.board(view)
    return [(shape, label) for shape, label in seen if label or shape == "corsair"]


def test_coop_markers_carry_the_seat_number_like_the_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Coop: one galleon each. Every seat's shape is drawn twice (map + panel), both times with
    the seat number, never the galleon number "1"."""
    labels = _labels(monkeypatch, coop_view())
    for seat in (1, 2, 3, 4):
        shape = kit.SEAT_SHAPES[seat]
        assert [lab for s, lab in labels if s == shape] == [str(seat), str(seat)]


def test_corsair_markers_carry_the_seat_number(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn, _ = _markers(monkeypatch, corsair_view())
    assert sorted((ship[0], ship[1]) for _, _, ship, _ in drawn) == [(1, 1), (2, 1), (3, 1), (3, 2)]
    labels = _labels(monkeypatch, corsair_view())
    assert ("circle", "1") in labels and ("square", "2") in labels
    assert labels.count(("corsair", "3")) == 3  # the corsair's two galleons + its panel badge


def test_pips_only_where_a_seat_has_two_galleons(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn, _ = _markers(monkeypatch, corsair_view())
    two = {ship[0]: ship[3] for _, _, ship, _ in drawn}
    assert two == {1: False, 2: False, 3: True}


def test_pips_tell_galleon_1_from_galleon_2() -> None:
    """Swapping where seat 1's two galleons are changes the image (the pips move)."""
    view = mi_view(last_move=None)
    swapped = mi_view(last_move=None)
    first, second = view["seats"][0]["galleons"]
    swapped["seats"][0]["galleons"] = [second, first]
    assert master_islands.board(view).tobytes() != master_islands.board(swapped).tobytes()


def test_markers_are_numbered_on_a_10_column_map(monkeypatch: pytest.MonkeyPatch) -> None:
    """8 cards in a row (the widest maps of random games reach 10), 2 galleons per card: every
    marker shows its seat number at 20 px or more."""
    view = mi_view(map=[{"x": x, "y": 0, "card": "B1"} for x in range(-4, 6)], holes=[])
    where = ([[0, 0], [1, 0]], [[0, 0], [1, 0]], [[2, 0], [5, 0]])
    for s, galleons in zip(view["seats"], where, strict=True):
        s["galleons"] = galleons
    drawn, more = _markers(monkeypatch, view)
    assert len(drawn) == 6 and not more
    assert all(numbered for *_, numbered in drawn)
    assert min(r for _, r, _, _ in drawn) >= mi_map.R_MIN
    assert kit.label_size(mi_map.R_MIN) >= mi_map.FONT


def test_crowded_small_card_overflows_with_plus_n(monkeypatch: pytest.MonkeyPatch) -> None:
    """All eight galleons on one card of a 64-card map: what is drawn plus "+n" is all eight."""
    view = big_map_view(64)
    for s in view["seats"]:
        s["galleons"] = [[0, 0], [0, 0]]
    drawn, more = _markers(monkeypatch, view)
    assert len(drawn) + sum(more) == 8
    for _, r, _, numbered in drawn:
        assert r >= (mi_map.R_MIN if numbered else mi_map.R_TINY)


@pytest.mark.parametrize("seats", [4, 6])
def test_start_card_shows_every_galleon_without_overflow(monkeypatch: pytest.MonkeyPatch,
                                                         seats: int) -> None:
    view = mi_view(players=seats)
    view["seats"] += [dict(view["seats"][0], seat=k) for k in range(4, seats + 1)]
    for s in view["seats"]:
        s["galleons"] = [[0, 0], [0, 0]]
    drawn, more = _markers(monkeypatch, view)
    assert not more
    assert all(numbered for *_, numbered in drawn)
    assert sorted((ship[0], ship[1]) for _, _, ship, _ in drawn) == [
        (seat, n) for seat in range(1, seats + 1) for n in (1, 2)]


@pytest.mark.parametrize("shapes", [("circle",), ("diamond", "triangle"), ("star", "cross")])
@pytest.mark.parametrize("n", range(1, 13))
def test_layout_fits_its_card(n: int, shapes: tuple[str, ...]) -> None:
    """For every card width from the smallest cell up to the largest: markers >= R_TINY (>= R_MIN
    when numbered), the rows fit under the card's header, a row fits across the card."""
    seats = {shape: seat for seat, shape in kit.SEAT_SHAPES.items()}
    ships = [(seats[shapes[k % len(shapes)]], 1, False, k % 2 == 0) for k in range(n)]
    mi = mi_map
    for w in range(mi.MIN_CELL - 4, mi.MAX_CELL):
        lay = mi._ship_layout(w, w, n, mi._reach(ships))
        assert lay.r >= (mi.R_MIN if lay.numbered else mi.R_TINY)
        assert lay.fits or w < 60 or n > 2  # 2 galleons fit unless 12+ columns
        if lay.fits and lay.slots >= n:
            assert lay.rows * mi._row_height(lay.r, lay.reach) <= w - mi.HEADER
            assert mi.FOOT * lay.r + (lay.per_row - 1) * mi.PACKED * lay.r <= w
