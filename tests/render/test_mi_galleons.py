"""Master Islands galleon markers (QA item 6): the map marker is the seat's mark with the SEAT
number, as in the panel; a tab tells galleon 1 from 2 where a seat has two; markers never shrink
below R_MIN, and what does not fit on a card shows as "+n"."""

from __future__ import annotations

from typing import Any

import pytest

from render import kit, master_islands
from render.bench import big_map_view

from .mi_views import coop_view, corsair_view, mi_view


def _markers(monkeypatch: pytest.MonkeyPatch, view: dict[str, Any]) -> tuple[list, list[int]]:
    """Draw the board and return the (centre, r, ship) of every map marker and every "+n"."""
    drawn: list = []
    more: list[int] = []
    real_marker = master_islands._draw_marker

    def spy(draw, center, r, ship):
        drawn.append((center, r, ship))
        real_marker(draw, center, r, ship)

    monkeypatch.setattr(master_islands, "_draw_marker", spy)
    monkeypatch.setattr(master_islands, "_draw_more", lambda d, c, r, n: more.append(n))
    master_islands.board(view)
    return drawn, more


def _labels(monkeypatch: pytest.MonkeyPatch, view: dict[str, Any]) -> list[tuple[str, str]]:
    """(shape, label) of every seat mark drawn on the board, map and panel."""
    seen: list[tuple[str, str]] = []
    real = kit.mark

    def spy(draw, center, r, shape, fill, label="", outline=kit.INK):
        seen.append((shape, label))
        real(draw, center, r, shape, fill, label, outline)

    monkeypatch.setattr(kit, "mark", spy)
    master_islands.board(view)
    return seen


def test_coop_markers_carry_the_seat_number_like_the_panel(monkeypatch: pytest.MonkeyPatch) -> None:
    """Coop: one galleon each. Every seat's shape is drawn twice (map + panel), both times with
    the seat number, never the galleon number "1"."""
    labels = _labels(monkeypatch, coop_view())
    for seat in (1, 2, 3, 4):
        shape = kit.SEAT_SHAPES[seat]
        assert [lab for s, lab in labels if s == shape] == [str(seat), str(seat)]


def test_corsair_markers_carry_the_seat_number(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn, _ = _markers(monkeypatch, corsair_view())
    assert sorted((ship[0], ship[1]) for _, _, ship in drawn) == [(1, 1), (2, 1), (3, 1), (3, 2)]
    labels = _labels(monkeypatch, corsair_view())
    assert ("circle", "1") in labels and ("square", "2") in labels
    assert labels.count(("circle", "3")) == 3  # the corsair's two galleons + its panel badge


def test_tab_only_where_a_seat_has_two_galleons(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn, _ = _markers(monkeypatch, corsair_view())
    two = {ship[0]: ship[3] for _, _, ship in drawn}
    assert two == {1: False, 2: False, 3: True}


def test_tab_tells_galleon_1_from_galleon_2() -> None:
    """Swapping where seat 1's two galleons are changes the image (the tab numbers move)."""
    view = mi_view(last_move=None)
    swapped = mi_view(last_move=None)
    first, second = view["seats"][0]["galleons"]
    swapped["seats"][0]["galleons"] = [second, first]
    assert master_islands.board(view).tobytes() != master_islands.board(swapped).tobytes()


def test_markers_stay_at_least_18_px_on_a_15_column_map(monkeypatch: pytest.MonkeyPatch) -> None:
    """13 cards in a row (+ the empty ring: 15 columns, ~60 px cards), 3 and 2 galleons per card."""
    view = mi_view(map=[{"x": x, "y": 0, "card": "B1"} for x in range(-6, 7)], holes=[])
    where = ([[0, 0], [0, 0]], [[0, 0], [1, 0]], [[1, 0], [5, 0]])
    for s, galleons in zip(view["seats"], where, strict=True):
        s["galleons"] = galleons
    drawn, more = _markers(monkeypatch, view)
    assert not more and len(drawn) == 6
    assert min(r for _, r, _ in drawn) >= master_islands.R_MIN == 9.0


def test_crowded_small_card_overflows_with_plus_n(monkeypatch: pytest.MonkeyPatch) -> None:
    """All eight galleons on one card of a 64-card map: what is drawn plus "+n" is all eight."""
    view = big_map_view(64)
    for s in view["seats"]:
        s["galleons"] = [[0, 0], [0, 0]]
    drawn, more = _markers(monkeypatch, view)
    assert more and len(drawn) + sum(more) == 8
    assert min(r for _, r, _ in drawn) >= master_islands.R_MIN


def test_start_card_shows_all_eight_galleons_without_overflow(monkeypatch: pytest.MonkeyPatch) -> None:
    view = mi_view(players=4)
    view["seats"].append(dict(view["seats"][0], seat=4))
    for s in view["seats"]:
        s["galleons"] = [[0, 0], [0, 0]]
    drawn, more = _markers(monkeypatch, view)
    assert not more
    assert sorted((ship[0], ship[1]) for _, _, ship in drawn) == [
        (seat, n) for seat in (1, 2, 3, 4) for n in (1, 2)]


@pytest.mark.parametrize("tabs", [True, False])
@pytest.mark.parametrize("n", range(1, 9))
def test_layout_fits_its_card(n: int, tabs: bool) -> None:
    """For every card width from a 15-column map up to the largest cell: markers >= R_MIN, the
    rows fit under the card's header, a row fits across the card, overlapping by at most 0.3 r."""
    for w in range(50, master_islands.MAX_CELL):
        r, per_row, rows = master_islands._ship_layout(w, n, tabs)
        assert r >= master_islands.R_MIN
        assert rows * master_islands._row_height(r, tabs) <= w * (1 - master_islands.HEADER)
        assert master_islands.FULL * r + (per_row - 1) * master_islands.PACKED * r <= w
