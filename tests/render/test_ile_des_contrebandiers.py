"""L'ile des contrebandiers images, from hand-made views (docs/views/ile-des-contrebandiers.md)
and, once the engine is registered, from random games: PNGs decode within
budget, read on a phone (text size x 400 / width >= 10), no empty border band, full names, winner
named, every yellow die face distinct, the same view gives the same bytes, and the public board
never depends on who looks nor on what a hidden tile would be."""

from __future__ import annotations

import copy
import random
import statistics
import time
from collections.abc import Iterator
from typing import Any

import pytest

from bot.catalog import renderer
from games import UnknownGame, get_game
from render import ile_des_contrebandiers as ic
from render import kit

from . import checks, ic_views
from .ic_views import LONG, VIEWS, named

View = dict[str, Any]
GAME = "ile-des-contrebandiers"


def _viewers(view: View) -> list[int | None]:
    return [None, *(s["seat"] for s in view["seats"])]


def _as_seen_by(view: View, viewer: int | None) -> View:
    """``view`` as the engine would give it to ``viewer``: the owner sees its own tile's face
    (``shown: false`` unless it was shown), in ``hand`` too."""
    out = copy.deepcopy(view)
    out["viewer"] = viewer
    out["hand"] = None
    for b in out["boats"]:
        if b["seat"] == viewer and b.get("tile"):
            if b["tile"].get("hidden"):
                b["tile"] = ic_views.face((viewer + 2) % 5, viewer % 3 + 1, shown=False)
            out["hand"] = {"destination": b["tile"]["destination"],
                           "points": b["tile"]["points"]}
    return out


def test_renderer_lookup_finds_module() -> None:
    assert renderer(GAME) is ic


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_hand_made_views_decode_and_read_on_a_phone(name: str) -> None:
    for make in (VIEWS[name], lambda: named(VIEWS[name]())):
        base = make()
        for viewer in _viewers(base):
            checks.check_board_and_hand(ic, _as_seen_by(base, viewer), f"{name} viewer={viewer}")


@pytest.mark.parametrize("face", sorted(ic.YELLOW_DIE))
def test_each_yellow_die_face_reads_on_a_phone(face: str, monkeypatch: pytest.MonkeyPatch) -> None:
    view = named(ic_views.yellow_views()[face])
    checks.check_board_and_hand(ic, view, face)
    texts = checks.recorded_texts(monkeypatch)
    ic.board(view)
    assert any(ic.YELLOW_DIE[face][3] in t for t in texts)


def test_yellow_die_faces_differ_in_shape_not_only_colour() -> None:
    """Each face's silhouette (the ink on the yellow, whatever its colour) differs from every
    other: arrows count and point their way, the keeper is a face."""
    masks = {}
    for face in ic.YELLOW_DIE:
        image, _ = ic._die_image("yellow", face, 64)
        grey = image.convert("L").point(lambda v: 255 if v < 160 else 0)
        masks[face] = grey.tobytes()
    assert len(set(masks.values())) == len(ic.YELLOW_DIE)
    whites = {ic._die_image("white", v, 64)[0].tobytes() for v in range(1, 5)}
    assert len(whites) == 4


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_same_view_same_bytes_and_board_ignores_the_viewer(name: str) -> None:
    first = kit.png_bytes(ic.board(named(VIEWS[name]())))
    assert kit.png_bytes(ic.board(named(VIEWS[name]()))) == first
    view = named(VIEWS[name]())
    for viewer in _viewers(view):
        seen = _as_seen_by(view, viewer)
        assert kit.png_bytes(ic.board(seen)) == first, f"viewer {viewer}"
        assert kit.png_bytes(ic.hand(seen)) == kit.png_bytes(ic.hand(copy.deepcopy(seen)))


def _leaky(view: View, k: int) -> View:
    """``view`` with whatever hidden sides (keys a hidden tile should not have, but might): the
    public image must not change."""
    out = copy.deepcopy(view)
    for b in out["boats"]:
        if b.get("tile") and b["tile"].get("hidden"):
            b["tile"].update(destination=k % 5, points=k % 3 + 1)
    for f in out.get("floating") or []:
        if f["tile"].get("hidden"):
            f["tile"].update(destination=(k + 2) % 5, points=(k + 1) % 3 + 1)
    return out


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_hidden_tiles_draw_the_same_whatever_their_hidden_side(name: str) -> None:
    base = kit.png_bytes(ic.board(named(VIEWS[name]())))
    for k in range(3):
        assert kit.png_bytes(ic.board(_leaky(named(VIEWS[name]()), k))) == base


def test_a_shown_tile_is_drawn_face_up_and_an_unshown_one_is_not() -> None:
    view = ic_views.ic_view()
    base = kit.png_bytes(ic.board(view))
    view["boats"][1]["tile"]["shown"] = False  # the owner's reading: not public
    hidden = copy.deepcopy(view)
    hidden["boats"][1]["tile"] = {"hidden": True}
    assert kit.png_bytes(ic.board(view)) == kit.png_bytes(ic.board(hidden)) != base
    assert ic.public_face({"hidden": False, "destination": 1, "points": 2}, on_boat=True) is None
    assert ic.public_face({"hidden": False, "destination": 1, "points": 2}, on_boat=False) == (
        1, 2)


def test_the_board_shows_spaces_islands_and_the_prompt(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = checks.recorded_texts(monkeypatch)
    ic.board(named(ic_views.ic_view()))
    assert {f"{r}{c}" for r in "123" for c in "abcdefghij"} <= set(texts)
    assert {"gems (G)", "coins (C)", "jewels (J)", "vases (V)", "barrels (B)"} <= set(texts)
    assert {"harbour H0", "3 tiles left", "2 tiles left", "4 tiles left"} <= set(texts)
    assert "Computer 1 (greedy) sails up to 3 or stays" in texts
    assert "turn 2 clockwise, sail up to 3" in texts
    assert {"?", "J2", "V1"} <= set(texts)  # hidden chips, the shown boat tile and floating one
    assert {"lit sector", "reef", "anchor", "hidden tile", "path sailed", "last move"} <= set(texts)
    assert "at sea on 3c, a hidden tile" in texts
    assert "in harbour H1 (coins), tile for jewels, 2 pts" in texts
    assert "delivered: coins 1, barrels 2" in texts


@pytest.mark.parametrize(("make", "expected"), [
    (ic_views.drop_view, "Bartholomew the Magnificent XIV! drops Alice's tile next to Alice's "
                         "boat"),
    (ic_views.own_drop_view, "Alice drops the tile of their own boat next to it"),
    (ic_views.turn_view, "Alice turns the lighthouse 2 steps: clockwise or counter-clockwise"),
    (ic_views.push_view, "Bartholomew the Magnificent XIV! pushes Alice's boat to a free space "
                         "next to it, or swaps places"),
    (ic_views.load_view, "Computer 1 (greedy) loads the floating tile or stays"),
    (ic_views.setup_view, "Computer 1 (greedy) puts a boat in a harbour (H0-H4)"),
    (ic_views.setup_first_view, "Alice puts a boat in a harbour (H0-H4)"),
])
def test_turn_stage_prompts(monkeypatch: pytest.MonkeyPatch, make, expected: str) -> None:
    texts = checks.recorded_texts(monkeypatch)
    ic.board(named(make()))
    start = next(k for k, t in enumerate(texts) if t == ic.GAME_NAME)
    assert expected in " ".join(texts[start + 1:start + 4])


def test_drop_names_the_caught_boats(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = checks.recorded_texts(monkeypatch)
    ic.board(named(ic_views.drop_view()))
    assert "Caught by the beam: Alice, Computer 1 (greedy)" in " ".join(texts)
    assert "at sea on 3c (lit), a hidden tile, caught by the beam" in " ".join(texts)


def test_path_starts_where_the_last_move_began() -> None:
    assert ic.path_points(ic_views.ic_view()) == ["3e", "3d", "3c"]
    assert ic.path_points(ic_views.ic_view(last_move=None)) == ["3d", "3c"]
    assert ic.path_points(ic_views.ic_view(path=["3e", "3d", "3c"])) == ["3e", "3d", "3c"]
    assert ic.path_points(ic_views.finished_view()) == ["3g", "3h", "3i", "H4"]
    assert ic.path_points(ic_views.ic_view(path=None)) == []


@pytest.mark.parametrize(("make", "expected"), [
    (ic_views.finished_view, "Winner: Alice"),
    (ic_views.tie_view, "Winners: Alice, Bartholomew the Magnificent XIV!"),
])
def test_final_image_names_the_winner_and_reason(monkeypatch: pytest.MonkeyPatch, make,
                                                 expected: str) -> None:
    texts = checks.recorded_texts(monkeypatch)
    view = named(make())
    ic.board(view)
    start = next(k for k, t in enumerate(texts) if t.startswith("Winner"))
    assert expected in " ".join(texts[start:start + 2])
    reason = ic.named_text(view, view["result"]["reason"])
    assert "Seat" not in reason  # the engine's "Seat n" is said with the seat's name
    assert f"Game over. {reason}" in texts
    assert "Final scores:" in " ".join(texts)
    assert texts.count("WIN") == len(view["result"]["winners"])


def test_full_names_are_shown_never_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = checks.recorded_texts(monkeypatch)
    ic.board(named(ic_views.harbour_crowd_view(), [LONG] * 4))
    assert "..." not in " ".join(texts)
    assert "".join(texts).count(LONG) >= 4  # 32 letters without a space, wrapped at a letter
    texts.clear()
    ic.board(named(ic_views.four_view()))
    drawn = " ".join(texts)
    assert "Bartholomew the Magnificent XIV!" in drawn and "Alice" in texts


def test_four_boats_in_one_harbour_show_four_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    real = kit.seat_mark
    monkeypatch.setattr(kit, "seat_mark",
                        lambda d, c, r, seat, *a, **k: (seen.append(seat),
                                                        real(d, c, r, seat, *a, **k)))
    image = ic.board(named(ic_views.harbour_crowd_view()))
    assert sorted(set(seen)) == [1, 2, 3, 4]
    colours = {c for _, c in image.getcolors(1_000_000)}
    assert all(kit.seat_colour(s) in colours for s in range(1, 5))


def test_the_beam_and_reefs_change_the_picture() -> None:
    base = kit.png_bytes(ic.board(ic_views.reefs_view()))
    for key, value in (("beam", 3), ("reefs", ["3f"]), ("reefs", ["3f", "2b", "1i"])):
        view = ic_views.reefs_view()
        view[key] = value
        assert kit.png_bytes(ic.board(view)) != base, (key, value)


def test_hand_shows_the_own_tile_large(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = checks.recorded_texts(monkeypatch)
    view = named(_as_seen_by(ic_views.ic_view(), 2))
    ic.hand(view)
    assert {"Your boat", "Your tile", "to jewels (J)", "2 points", "deliver to harbour H2",
            "score 0", "Everyone has seen this tile."} <= set(texts)
    assert "Your boat: in harbour H1 (coins)" in texts
    assert "Now: Computer 1 (greedy) sails up to 3 or stays" in texts
    texts.clear()
    ic.hand(named(_as_seen_by(ic_views.ic_view(), 1)))
    assert "Only you see this tile." in texts and "Your tile" in texts
    texts.clear()
    ic.hand(named(_as_seen_by(ic_views.ic_view(), 3)))
    assert "No tile on your boat." in texts and "Your tile" not in texts
    texts.clear()
    ic.hand(named(ic_views.ic_view()))
    assert "You are watching: no boat, no tile on your boat." in texts
    texts.clear()
    ic.hand(named(_as_seen_by(ic_views.setup_view(), 2)))
    assert "Your boat: boat not placed yet" in texts


def test_defensive_readings_of_the_contract() -> None:
    """Missing keys, unknown faces, a harbour holding 5 boats, odd spaces: still drawn."""
    view = ic_views.ic_view(dice={"yellow": "cw9", "white": None}, beam=None, reefs=["9z"],
                            path=["3a", "zz", "H9"], floating=[{"space": "2b", "tile": None}])
    view["turn"]["stage"] = "mystery"
    checks.check_board_and_hand(ic, view, "odd view")
    bare = {"game": GAME, "viewer": None, "players": 2, "to_move": [], "result": None,
            "seats": [{"seat": 1}, {"seat": 2}]}
    checks.check_board_and_hand(ic, bare, "bare view")
    crowd = ic_views.harbour_crowd_view()
    crowd["boats"].append({"seat": 5, "space": "H2", "tile": None})
    crowd["seats"].append({"seat": 5, "score": 0, "delivered": []})
    checks.check_board_and_hand(ic, crowd, "five in a harbour")


def test_render_time_is_printed() -> None:
    """Render + encode medians (printed with -s; never a timed assertion)."""
    for name in ("mid", "four", "harbour-crowd", "finished"):
        view = named(VIEWS[name]())
        times = []
        for _ in range(7):
            start = time.perf_counter()
            kit.png_bytes(ic.board(view))
            times.append((time.perf_counter() - start) * 1000)
        print(f"{GAME} {name} board: median {statistics.median(times):.1f} ms")


# -- real views from the engine, once it is registered ----------------------------------------
def _engine_states(players: int, seed: int) -> Iterator[tuple[str, Any]]:
    """States of a game played mostly by the greedy bot (a fifth of the moves at random): the
    first of each turn stage and die face, a few spread ones, the last."""
    try:
        game = get_game(GAME)
    except UnknownGame:
        pytest.skip("the ile-des-contrebandiers engine is not registered yet")
    state = game.new(players, {}, seed)
    rng = random.Random(seed)
    greedy = game.bots.get("greedy")  # uniform random sailing hardly ever delivers: mostly greedy
    states = [state]
    for _ in range(20_000):
        if not game.to_move(state):
            break
        seat = game.to_move(state)[0]
        if greedy is not None and rng.random() < 0.8:
            move = greedy(game, state, seat, rng)
        else:
            move = rng.choice(game.legal(state, seat))
        state, _ = game.apply(state, seat, move)
        states.append(state)
    assert not game.to_move(state), "random game did not end"
    seen: set[Any] = set()
    picks = {0, len(states) // 3, 2 * len(states) // 3, len(states) - 1}
    for k, st in enumerate(states):
        view = game.view(st, None)
        key = ((view.get("turn") or {}).get("stage"), (view.get("dice") or {}).get("yellow"),
               bool(view.get("floating")))
        if key not in seen:
            seen.add(key)
            picks.add(k)
    for k in sorted(picks):
        yield f"{players}p seed {seed} state {k}/{len(states) - 1}", states[k]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (4, 7)])
def test_engine_views_render(players: int, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    last = None
    for where, state in _engine_states(players, seed):
        game = get_game(GAME)
        public = named(game.view(state, None))
        board = kit.png_bytes(ic.board(public))
        for viewer in _viewers(public):
            view = named(game.view(state, viewer))
            seen = checks.check_board_and_hand(ic, view, where)
            assert seen == board, f"{where}: board depends on {viewer}"
        last = public
    assert last is not None and last["result"] and last["result"]["finished"]
    texts = checks.recorded_texts(monkeypatch)
    ic.board(last)
    title = kit.result_title(last)
    assert title and title.startswith(("Winner", "No winner"))
    assert title.replace(" ", "") in "".join(texts).replace(" ", "")  # wrapped, never cut
