"""Le Maitre des Mers images, from hand-made views (docs/views/maitre-des-mers.md) and,
once the engine is registered, from random games: PNGs decode within budget, read on a phone
(text size x 400 / width >= 10), no empty border band, full names, winner named, six distinct
seat marks, families not by colour alone, the same view gives the same bytes, and the board never
depends on who looks (everything is public)."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from bot.catalog import renderer
from games import UnknownGame, get_game
from render import kit, maitre_des_mers

from . import checks, mm_views
from .mm_views import LONG, VIEWS, named

View = dict[str, Any]
GAME = "maitre-des-mers"


def _viewers(view: View) -> list[int | None]:
    return [None, *(s["seat"] for s in view["seats"])]


def _with_viewer(view: View, viewer: int | None) -> View:
    out = dict(view)
    out["viewer"] = viewer
    return out


def test_renderer_lookup_finds_module() -> None:
    assert renderer(GAME) is maitre_des_mers


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_hand_made_views_decode_and_read_on_a_phone(name: str) -> None:
    for make in (VIEWS[name], lambda: named(VIEWS[name]())):
        base = make()
        for viewer in _viewers(base):
            checks.check_board_and_hand(maitre_des_mers, _with_viewer(base, viewer), f"{name} viewer={viewer}")


@pytest.mark.parametrize("name", sorted(VIEWS))
def test_same_view_same_bytes_and_board_ignores_the_viewer(name: str) -> None:
    first = kit.png_bytes(maitre_des_mers.board(named(VIEWS[name]())))
    assert kit.png_bytes(maitre_des_mers.board(named(VIEWS[name]()))) == first
    view = named(VIEWS[name]())
    for viewer in _viewers(view):
        assert kit.png_bytes(maitre_des_mers.board(_with_viewer(view, viewer))) == first
        hand = named(VIEWS[name]())
        hand["viewer"] = viewer
        assert kit.png_bytes(maitre_des_mers.hand(hand)) == kit.png_bytes(
            maitre_des_mers.hand(_with_viewer(view, viewer)))


def test_finished_tie_names_both_winners_and_final_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = checks.recorded_texts(monkeypatch)
    maitre_des_mers.board(named(mm_views.finished_tie_view()))
    start = next(k for k, t in enumerate(texts) if t.startswith("Winner"))
    assert "Winners: Alice, Bartholomew the Magnificent XIV!" in " ".join(texts[start:start + 2])
    drawn = " ".join(texts)
    assert "Final scores:" in drawn and "Alice 13" in drawn and "Computer 1 (greedy) 5" in drawn
    assert texts.count("WIN") == 2  # both winners' rows flagged
    assert "Outcome: success" in texts  # the last action, labelled as such


def test_six_seats_show_six_distinct_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    real = kit.seat_mark
    monkeypatch.setattr(kit, "seat_mark",
                        lambda d, c, r, seat, *a, **k: (seen.append(seat),
                                                        real(d, c, r, seat, *a, **k)))
    image = maitre_des_mers.board(named(mm_views.full_fleets_view(6)))
    assert set(seen) == set(range(1, 7))
    colours = {c for _, c in image.getcolors(1_000_000)}
    assert all(kit.seat_colour(s) in colours for s in range(1, 7))


@pytest.mark.parametrize("players", [2, 6])
def test_full_names_are_shown_never_cut(monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    texts = checks.recorded_texts(monkeypatch)
    names = None if players == 6 else ["Alice", LONG]
    view = named(mm_views.full_fleets_view(players), names)
    maitre_des_mers.board(view)
    drawn = " ".join(texts)
    assert "..." not in drawn
    assert "Alice" in texts
    assert LONG in "".join(texts)  # 32 letters without a space: wrapped at a letter if need be
    if players == 6:  # "Zoé" as the kit's font draws it
        assert "Bartholomew the Magnificent XIV!" in texts and kit.seat_name(view, 4) in texts


def test_the_action_shows_dice_slots_aside_and_powers(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = checks.recorded_texts(monkeypatch)
    base = kit.png_bytes(maitre_des_mers.board(mm_views.mm_view()))
    assert {"placed", "rolled", "aside", "powers", "+1 used", "flip"} <= set(texts)
    assert "Rolling dice: 2 of 6 dice left" in texts
    for key, value in (("placed", [6, 5, 3]), ("rolled", [2, 4]), ("aside", [2]),
                       ("powers_used", [])):
        view = mm_views.mm_view()
        view["turn"][key] = value
        assert kit.png_bytes(maitre_des_mers.board(view)) != base, key


def test_dice_faces_have_distinct_pips_and_aside_differs() -> None:
    faces = [maitre_des_mers._die_image(v, 50, False).tobytes() for v in range(1, 7)]
    assert len(set(faces)) == 6
    for v in range(1, 7):
        assert maitre_des_mers._die_image(v, 50, True).tobytes() != faces[v - 1]


def test_families_differ_by_shape_not_only_colour() -> None:
    """The family icon (1, 2 or 3 masts, the Galion's castle) differs pairwise as a silhouette."""
    masks = []
    for masts in (1, 2, 3):
        image = Image.new("L", (60, 50), 0)
        maitre_des_mers.draw_ship_icon(ImageDraw.Draw(image), (5, 5, 55, 45), masts, 255)
        masks.append(image)
    for a, b in combinations(masks, 2):
        diff = ImageChops.difference(a, b).point(lambda v: 255 if v > 127 else 0)
        assert diff.histogram()[255] > 60


def test_fight_names_the_winner_and_the_loot(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = checks.recorded_texts(monkeypatch)
    maitre_des_mers.board(named(mm_views.loot_view()))
    drawn = " ".join(texts)
    assert "The defender, Bartholomew the Magnificent XIV!, wins the fight" in drawn
    assert "defender - WINS" in texts and "attacker" in texts
    assert "= 7" in texts and "= 8" in texts
    assert "may loot A: 5 pts from C8" in drawn


def test_stacks_show_top_card_and_count(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = checks.recorded_texts(monkeypatch)
    maitre_des_mers.board(mm_views.mm_view())
    assert "A: -1" in texts and "4 more below" in texts
    assert "A: 5 pts" in texts and "3 more below" in texts
    assert "5 face down" in texts


def test_legend_explains_the_symbols(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = checks.recorded_texts(monkeypatch)
    maitre_des_mers.board(mm_views.mm_view())
    assert {"treasure map", "die set aside", "C = Caravelle", "F = Frégate", "G = Galion",
            "last move"} <= set(texts)
    texts.clear()
    maitre_des_mers.board(mm_views.empty_view())
    assert "last move" not in texts


def test_announce_shows_the_previous_action_with_its_outcome(
        monkeypatch: pytest.MonkeyPatch) -> None:
    texts = checks.recorded_texts(monkeypatch)
    maitre_des_mers.board(named(mm_views.announce_view()))
    drawn = " ".join(texts)
    assert "Previous action: Computer 1 (greedy) tried to arm G11" in drawn
    assert "Outcome: failure" in texts
    assert "announces an action" in drawn


def test_defensive_readings_of_the_contract() -> None:
    """Port entries as dicts, unknown powers and combinations, missing keys: still drawn."""
    view = mm_views.mm_view(port=[{"ship": "G11", "map": True}, "C7"])
    view["turn"].update(powers=["+1", "magic"], combination="royal flush", slots=None,
                        pool=None, placed=[6, 9])
    checks.check_board_and_hand(maitre_des_mers, view, "odd view")
    bare = {"game": GAME, "viewer": None, "players": 2, "to_move": [], "result": None,
            "seats": [{"seat": 1}, {"seat": 2}]}
    checks.check_board_and_hand(maitre_des_mers, bare, "bare view")


def test_hand_shows_the_viewers_fleet_large(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = checks.recorded_texts(monkeypatch)
    view = named(mm_views.mm_view(viewer=2))
    maitre_des_mers.hand(view)
    assert "Your fleet" in texts and "score 0" in texts
    assert "Your goods powers: +1, flip" in texts
    assert "placed" in texts  # seat 2 is to move: its dice are in its hand image too
    texts.clear()
    maitre_des_mers.hand(named(mm_views.mm_view(viewer=None)))
    assert "Your fleet" not in texts and "Alice" in texts  # a spectator: every fleet


def test_render_time_is_printed() -> None:
    """Render + encode medians (printed with -s; never a timed assertion)."""
    for name in ("dice", "six"):
        view = named(VIEWS[name]())
        times = []
        for _ in range(5):
            start = time.perf_counter()
            kit.png_bytes(maitre_des_mers.board(view))
            times.append((time.perf_counter() - start) * 1000)
        print(f"maitre-des-mers {name} board: median {statistics.median(times):.1f} ms")


# -- real views from the engine, once it is registered ----------------------------------------
def _engine_states(players: int, seed: int) -> Iterator[tuple[str, Any]]:
    """States of a random game: the first of each stage and action, a few spread ones, the
    last."""
    try:
        game = get_game(GAME)
    except UnknownGame:
        pytest.skip("the maitre-des-mers engine is not registered yet")
    state = game.new(players, {}, seed)
    rng = random.Random(seed)
    states = [state]
    for _ in range(20_000):
        if not game.to_move(state):
            break
        seat = game.to_move(state)[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        states.append(state)
    assert not game.to_move(state), "random game did not end"
    seen: set[Any] = set()
    picks = {0, len(states) // 3, 2 * len(states) // 3, len(states) - 1}
    for k, st in enumerate(states):
        turn = game.view(st, None)["turn"] or {}
        key = (turn.get("stage"), turn.get("action"))
        if key not in seen:
            seen.add(key)
            picks.add(k)
    for k in sorted(picks):
        yield f"{players}p seed {seed} state {k}/{len(states) - 1}", states[k]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_engine_views_render(players: int, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    last = None
    for where, state in _engine_states(players, seed):
        game = get_game(GAME)
        public = named(game.view(state, None))
        board = kit.png_bytes(maitre_des_mers.board(public))
        for viewer in _viewers(public):
            view = named(game.view(state, viewer))
            assert checks.check_board_and_hand(maitre_des_mers, view, where) == board, where
        last = public
    assert last is not None and last["result"] and last["result"]["finished"]
    texts = checks.recorded_texts(monkeypatch)
    maitre_des_mers.board(last)
    title = kit.result_title(last)
    assert title and title.startswith(("Winner", "No winner"))
    assert title.replace(" ", "") in "".join(texts).replace(" ", "")  # wrapped, never cut
