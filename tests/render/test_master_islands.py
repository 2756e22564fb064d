"""Master Islands images from hand-made views (docs/views/master-islands.md): decode, size, no hidden leaks,
never colour alone."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from benchmarks.render import big_map_view
from bot.catalog import renderer
from render import kit, master_islands

from .mi_views import coop_view, corsair_view, mi_view


def _png(image: Image.Image) -> bytes:
    return kit.png_bytes(image)


def _decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_renderer_lookup_finds_module() -> None:
    assert renderer("master-islands") is master_islands


@pytest.mark.parametrize("make", [mi_view, corsair_view, coop_view], ids=["standard", "corsair", "coop"])
def test_board_and_hand_decode_with_sensible_sizes(make) -> None:
    view = make()
    data = _png(master_islands.board(view))
    image = _decode(data)
    assert 600 <= image.width <= master_islands.BOARD_WIDTH
    assert 400 <= image.height <= 2000
    hand = _decode(_png(master_islands.hand(view)))  # a spectator: hand None
    assert hand.width >= 300 and hand.height >= 60


def test_big_70_card_map_fits_width_and_size_budget() -> None:
    view = big_map_view(70)
    assert len(view["map"]) == 70
    data = _png(master_islands.board(view))
    image = _decode(data)
    assert image.width <= 1010
    assert len(data) <= 300_000


def test_wide_map_shrinks_cards_to_stay_within_width() -> None:
    small = master_islands.board(mi_view())
    wide = mi_view(map=[{"x": x, "y": 0, "card": "B1"} for x in range(-10, 10)])
    big = master_islands.board(wide)
    assert big.width <= 1010
    assert small.width <= 1010


def test_board_ignores_the_hand_field() -> None:
    """A viewer's hand never changes the public board image (MI-3: hands are private)."""
    public = mi_view()
    with_hand = mi_view(viewer=2, hand=["B4", "G2", "Y1"])
    other_hand = mi_view(viewer=2, hand=["R5", "R5", "R5"])
    reference = _png(master_islands.board(public))
    assert _png(master_islands.board(with_hand)) == reference
    assert _png(master_islands.board(other_hand)) == reference


def test_card_value_is_drawn() -> None:
    one = mi_view(map=[{"x": 0, "y": 0, "card": "B3"}, {"x": 1, "y": 0, "card": "B4"}])
    two = mi_view(map=[{"x": 0, "y": 0, "card": "B3"}, {"x": 1, "y": 0, "card": "B5"}])
    assert _png(master_islands.board(one)) != _png(master_islands.board(two))


def test_card_colour_also_carries_its_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    """With every card colour made identical, B4 and G4 must still look different."""
    monkeypatch.setattr(master_islands, "CARD_COLOURS", dict.fromkeys("BGRY", kit.UNKNOWN))
    blue = mi_view(map=[{"x": 0, "y": 0, "card": "B3"}, {"x": 1, "y": 0, "card": "B4"}])
    green = mi_view(map=[{"x": 0, "y": 0, "card": "B3"}, {"x": 1, "y": 0, "card": "G4"}])
    assert _png(master_islands.board(blue)) != _png(master_islands.board(green))


def test_galleon_seats_differ_by_shape_not_only_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(kit, "SEAT_COLOURS", dict.fromkeys((1, 2, 3, 4), kit.UNKNOWN))
    view = mi_view()
    swapped = mi_view()
    swapped["seats"][0]["galleons"], swapped["seats"][2]["galleons"] = (
        view["seats"][2]["galleons"], view["seats"][0]["galleons"])
    assert _png(master_islands.board(view)) != _png(master_islands.board(swapped))


def test_every_galleon_on_a_crowded_card_is_drawn() -> None:
    """Eight galleons on the start card: moving any one of them away changes the image."""
    crowded = mi_view(players=4)
    crowded["seats"].append({"seat": 4, "role": "player", "team": None, "galleons": [[0, 0], [0, 0]],
                             "hand_size": 3, "collected": [], "score": 0})
    for s in crowded["seats"]:
        s["galleons"] = [[0, 0], [0, 0]]
    full = _png(master_islands.board(crowded))
    for seat in range(4):
        one_left = mi_view(players=4, seats=[dict(s) for s in crowded["seats"]])
        one_left["seats"][seat] = dict(one_left["seats"][seat], galleons=[[0, 0], [1, 0]])
        assert _png(master_islands.board(one_left)) != full


def test_coordinates_on_the_edges_follow_the_map() -> None:
    """Shifting the whole map one column east only changes the axis labels, so the image changes."""
    view = mi_view(last_move=None)
    shifted = mi_view(last_move=None)
    for c in shifted["map"]:
        c["x"] += 1
    shifted["holes"] = [[x + 1, y] for x, y in view["holes"]]
    for s in shifted["seats"]:
        s["galleons"] = [[x + 1, y] for x, y in s["galleons"]]
    a, b = master_islands.board(view), master_islands.board(shifted)
    assert a.size == b.size
    assert a.tobytes() != b.tobytes()


def test_holes_are_drawn() -> None:
    assert _png(master_islands.board(mi_view(holes=[]))) != _png(master_islands.board(mi_view()))


def test_last_move_is_highlighted() -> None:
    assert _png(master_islands.board(mi_view(last_move=None))) != _png(master_islands.board(mi_view()))


def test_result_is_shown_when_over() -> None:
    over = mi_view(phase="over", to_move=[],
                   result={"finished": True, "scores": [2, 0, 1], "winners": [1],
                           "reason": "Seat 1 drew the last card."})
    playing = mi_view(phase="over", to_move=[])
    a, b = master_islands.board(over), master_islands.board(playing)
    assert a.height > b.height


def test_hand_draws_the_viewers_cards() -> None:
    a = master_islands.hand(mi_view(viewer=2, hand=["B4", "G2", "Y1"]))
    b = master_islands.hand(mi_view(viewer=2, hand=["B4", "G2", "Y2"]))
    assert a.tobytes() != b.tobytes()
    spectator = master_islands.hand(mi_view())
    assert spectator.height < a.height


def test_corsair_hand_has_no_cards_but_works() -> None:
    view = corsair_view()
    view["viewer"] = 3
    image = master_islands.hand(view)
    assert image.width >= 300


def test_panel_shows_the_seat_names_the_host_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    """``seats[i]["name"]`` replaces "Seat n" in the panel and names the winner; long names are
    wrapped in full, never cut."""
    texts: list[str] = []
    real = kit.text
    monkeypatch.setattr(kit, "text", lambda d, xy, s, *a, **k: (texts.append(s), real(d, xy, s, *a, **k)))
    view = mi_view(phase="over", to_move=[],
                   result={"finished": True, "scores": [2, 0, 1], "winners": [1], "reason": ""})
    view["seats"][0]["name"] = "Zoé"
    view["seats"][1]["name"] = "Bartholomew the Magnificent of the Seven Seas"
    master_islands.board(view)
    assert "Zoé" in texts and "Seat 3" in texts and "Seat 1" not in texts
    assert "Winner: Zoé" in texts
    assert not any("..." in t for t in texts)
    long = [t for t in texts if t.startswith("Bartholomew")]
    joined = " ".join(texts[texts.index(long[0]):texts.index(long[0]) + 2])
    assert joined == "Bartholomew the Magnificent of the Seven Seas"
