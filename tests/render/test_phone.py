"""Every game image reads on a phone: shown ~400 px wide, no text is under 10 px; no empty band
of background around the content; full seat names (never cut); the winner named at the end;
a legend for the map's marks; all text drawn through kit.text (so the size check sees it)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from benchmarks.render import big_map_view
from bot.catalog import renderer
from games import get_game
from render import isis_osiris, kit, master_islands
from tests.games.every_game import GAMES, SAMPLES

from . import checks
from .ic_views import VIEWS as IC_VIEWS
from .io_views import final_view, io_view
from .mi_views import coop_view, corsair_view, mi_view
from .mm_views import VIEWS as MM_VIEWS
from .pixels import random_game

View = dict[str, Any]
NAMES = ["Alice", "Computer 1 (greedy)", "Bartholomew the Magnificent XIV!",
         "Zoé", "Computer 2 (random)", "W" * 32]


def _named(view: View) -> View:
    for i, s in enumerate(view.get("seats") or []):
        s["name"] = NAMES[i % len(NAMES)]
    return view


def _six_seat_mi() -> View:
    view = mi_view(players=6, to_move=[5])
    view["seats"] = [{"seat": s, "role": "player", "team": None, "galleons": [[0, 0], [1, 0]],
                      "hand_size": 3, "collected": ["B1"] * s, "score": s} for s in range(1, 7)]
    return view


def _six_seat_io() -> View:
    board = {f"{c}{r}": {"kind": "pawn", "seat": k % 6 + 1}
             for k, (c, r) in enumerate(zip("ABCDEF", "123456", strict=True))}
    seats = [{"seat": s, "pawns_left": 3, "tiles_left": 4, "score": None} for s in range(1, 7)]
    return io_view(players=6, board=board, seats=seats, to_move=[6])


def _finished_mi() -> View:
    return mi_view(phase="over", to_move=[], result={
        "finished": True, "scores": [2, 0, 1], "winners": [1, 3], "reason": "The pile is empty."})


HAND_MADE: list[tuple[str, Callable[[], View]]] = [
    ("master-islands", mi_view), ("master-islands", corsair_view),
    ("master-islands", coop_view), ("master-islands", _finished_mi),
    ("master-islands", _six_seat_mi), ("master-islands", lambda: big_map_view(64)),
    ("master-islands", lambda: big_map_view(70, seats=6)),
    ("isis-osiris", io_view), ("isis-osiris", final_view), ("isis-osiris", _six_seat_io),
    ("isis-osiris", lambda: io_view(pending={"seat": 2, "value": -3})),
    *(("maitre-des-mers", make) for make in MM_VIEWS.values()),
    *(("ile-des-contrebandiers", make) for make in IC_VIEWS.values()),
]

ENGINE_GAMES = [(g.id, s.players, dict(s.options), s.seed) for g, s in SAMPLES]
"""Random games of every registered game's samples."""


def _engine_views(game_id: str, players: int, options: dict, seed: int) -> Iterator[View]:
    """Views of a random game at its start, a third, two thirds (big maps late) and the end,
    public and for every seat (with names, as the host passes them)."""
    game = get_game(game_id)
    states = random_game(game_id, players, options, seed)
    for k in (0, len(states) // 3, 2 * len(states) // 3, len(states) - 1):
        for seat in (None, *range(1, players + 1)):
            yield _named(game.view(states[k], seat))


def _all_views(game_id: str) -> Iterator[View]:
    """The game's hand-made views (plain and with names) and its samples' random games."""
    for g, make in HAND_MADE:
        if g == game_id:
            yield make()
            yield _named(make())
    for g, players, options, seed in ENGINE_GAMES:
        if g == game_id:
            yield from _engine_views(g, players, options, seed)


def _images(game_id: str, view: View) -> Iterator[tuple[str, Image.Image, list[int]]]:
    draw = renderer(game_id)
    for name in ("board", "hand"):
        with kit.recording_text_sizes() as sizes:
            image = getattr(draw, name)(view)
        yield name, image, sizes


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_every_image_is_readable_on_a_phone_and_has_no_empty_band(game_id: str) -> None:
    worst = 99.0
    for view in _all_views(game_id):
        for name, image, sizes in _images(game_id, view):
            where = f"{game_id} {name} {view.get('mode', '')} seats={len(view['seats'])}"
            worst = min(worst, checks.phone_readable(image, sizes, where))
    assert worst >= 10


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_pngs_decode_within_budget(game_id: str) -> None:
    """The hand-made views of the game, and the start and end of its samples' random games."""
    import io

    views = [_named(make()) for g, make in HAND_MADE if g == game_id]
    game = get_game(game_id)
    for g, players, options, seed in ENGINE_GAMES:
        if g == game_id:
            states = random_game(g, players, options, seed)
            views += [_named(game.view(states[0], None)), _named(game.view(states[-1], None))]
    assert views
    for view in views:
        data = kit.png_bytes(renderer(game_id).board(view))
        assert len(data) <= 300_000
        Image.open(io.BytesIO(data)).load()


@pytest.mark.parametrize("make", [_six_seat_mi, _six_seat_io])
def test_full_names_are_shown_never_cut(monkeypatch: pytest.MonkeyPatch, make) -> None:
    texts = checks.recorded_texts(monkeypatch)
    view = _named(make())
    renderer(view["game"]).board(view)
    drawn = " ".join(texts)
    assert "..." not in drawn
    for name in ("Alice", "Computer 1 (greedy)", "Computer 2 (random)"):
        assert name in texts or any(name in f"{a} {b}" for a, b in zip(texts, texts[1:], strict=False))
    assert "Zoé" in texts  # accents drawn (render/accents.py)
    assert "W" * 32 in "".join(texts)  # a 32-letter word, wrapped at a letter if need be
    assert "Bartholomew the Magnificent XIV!" in drawn


@pytest.mark.parametrize(("make", "expected"), [
    (_finished_mi, "Winners: Alice, Bartholomew the Magnificent XIV!"),
    (final_view, "Winners: Alice, Computer 1 (greedy)"),
])
def test_final_image_names_the_winner(monkeypatch: pytest.MonkeyPatch, make, expected) -> None:
    texts = checks.recorded_texts(monkeypatch)
    view = _named(make())
    renderer(view["game"]).board(view)
    start = next(k for k, t in enumerate(texts) if t.startswith("Winner"))
    assert expected in " ".join(texts[start:start + 2])


@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_engine_final_images_name_the_winner(monkeypatch: pytest.MonkeyPatch, game_id: str
                                             ) -> None:
    for g, players, options, seed in ENGINE_GAMES:
        if g != game_id:
            continue
        final = list(_engine_views(game_id, players, options, seed))[-players - 1]
        texts = checks.recorded_texts(monkeypatch)
        renderer(game_id).board(final)
        assert any(t.startswith(("Winner: ", "Winners: ", "No winner")) for t in texts)
        monkeypatch.undo()


def test_legends_explain_the_map_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = checks.recorded_texts(monkeypatch)
    master_islands.board(mi_view())
    assert {"last move", "hole (card taken)", "galleon 1", "galleon 2"} <= set(texts)
    texts.clear()
    master_islands.board(mi_view(last_move=None, holes=[]))
    assert "last move" not in texts and "hole (card taken)" not in texts
    texts.clear()
    isis_osiris.board(io_view())
    assert "last move" in texts


def test_all_text_goes_through_kit_text() -> None:
    """Only kit.text draws text (so the phone check sees every size): no other ``.text(``."""
    root = Path(__file__).resolve().parents[2] / "render"
    bad = []
    for path in sorted(root.rglob("*.py")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if re.search(r"(?<!kit)\.text\(", line) and not (
                    path.name == "kit.py" and "ImageDraw.Draw(mask).text(" in line) and (
                    path.name != "accents.py"):  # the masks of kit.text's accented words
                bad.append(f"{path.name}:{n}: {line.strip()}")
    assert not bad, "\n".join(bad)
