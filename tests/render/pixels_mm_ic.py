"""Pixel references for Le Maître des Mers and L'île des contrebandiers images.

Why: their renderers cache layers (render/maitre_des_mers/, render/ile_des_contrebandiers/), and
a cache keyed on too little would draw last move's pixels. The references are the hashes of
images drawn by the renderers before any cache existed, for views of seeded random games (early,
random and final positions; 2-4 players; public boards, the mover's hand, a spectator's hand;
English and French) and the hand-made test views. The views themselves are stored with the
hashes, so a later change to a game's engine does not move the references.

Regenerate (only when the look changes on purpose, after opening the PNGs)::

    python -m tests.render.pixels_mm_ic
"""

from __future__ import annotations

import copy
import gzip
import hashlib
import json
import random
from pathlib import Path
from typing import Any

import PIL
from PIL import Image

import i18n
from bot.catalog import renderer
from games import get_game

REFERENCE = Path(__file__).with_name("pixels_mm_ic.json.gz")
GAMES = ("maitre-des-mers", "ile-des-contrebandiers")
TABLES = ((2, 101), (3, 102), (4, 103))  # (players, seed) of the random games
RANDOM_STATES = 5  # positions drawn at random from a game, besides its first three and its last
NAMES = ["Alice", "Computer 1 (medium)", "Bartholomew the Magnificent XIV!", "Zoé", "W" * 32,
         "Étienne"]

View = dict[str, Any]
Case = dict[str, Any]  # game, kind (board / hand), language, view, sha256


def digest(image: Image.Image) -> str:
    """What an image is, pixel for pixel: mode, size and bytes."""
    h = hashlib.sha256(f"{image.mode} {image.size}".encode())
    h.update(image.tobytes())
    return h.hexdigest()


def named(view: View) -> View:
    """``view`` with display names on its seats, as the host passes them."""
    view = copy.deepcopy(view)
    for s in view.get("seats") or []:
        s["name"] = NAMES[(s.get("seat", 1) - 1) % len(NAMES)]
    return view


def _random_views(game_id: str, players: int, seed: int) -> list[tuple[View, str]]:
    """(view, language) of a seeded random game: its first three positions, a few at random and
    its last (ended, or the 3000th), each public, as the first seat to move sees it, and as a
    spectator (viewer None goes to the hand too)."""
    game = get_game(game_id)
    state = game.new(players, {}, seed)
    rng = random.Random(seed)
    states = [state]
    while game.to_move(state) and len(states) < 3000:
        seat = game.to_move(state)[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        states.append(state)
    picks = sorted({0, 1, 2, len(states) - 1, *rng.sample(range(3, len(states) - 1),
                                                          RANDOM_STATES)})
    out: list[tuple[View, str]] = []
    for k, index in enumerate(picks):
        state = states[index]
        language = "fr" if k % 2 else "en"
        mover = (game.to_move(state) or [1 + index % players])[0]
        out += [(named(game.view(state, None)), language),
                (named(game.view(state, mover)), language)]
    return out


def _hand_made(game_id: str) -> list[View]:
    from . import ic_views, mm_views

    if game_id == "maitre-des-mers":
        makes = [mm_views.VIEWS[name] for name in sorted(mm_views.VIEWS)]
    else:
        makes = [ic_views.VIEWS[name] for name in sorted(ic_views.VIEWS)]
        makes += [lambda v=v: v for v in ic_views.yellow_views().values()]  # the die's faces
    out = []
    for make in makes:
        view = named(make())
        out.append(view)
        seat = (view.get("to_move") or [1])[0]
        out.append({**copy.deepcopy(view), "viewer": seat})
    return out


def draw(case: Case) -> Image.Image:
    """The case's image, drawn now in its language."""
    with i18n.language(case["language"]):
        return getattr(renderer(case["game"]), case["kind"])(case["view"])


def build_cases() -> list[Case]:
    """Every case, without hashes: random games' views, then the hand-made ones (both
    languages). Public views make a board and a spectator's hand; a seat's view its hand."""
    cases: list[Case] = []
    for game_id in GAMES:
        views = [(v, lang) for players, seed in TABLES
                 for v, lang in _random_views(game_id, players, seed)]
        views += [(v, lang) for v in _hand_made(game_id) for lang in ("en", "fr")]
        for view, language in views:
            kinds = ("board", "hand") if view.get("viewer") is None else ("hand",)
            cases += [{"game": game_id, "kind": kind, "language": language, "view": view}
                      for kind in kinds]
    return cases


def load() -> dict[str, Any]:
    with gzip.open(REFERENCE, "rt", encoding="utf-8") as f:
        return json.load(f)


def write() -> int:
    """Draw every case and store views and hashes (JSON round-tripped first: the test draws
    the stored views)."""
    cases = json.loads(json.dumps(build_cases()))
    for case in cases:
        case["sha256"] = digest(draw(case))
    data = {"pillow": PIL.__version__, "cases": cases}
    with gzip.GzipFile(REFERENCE, "wb", mtime=0) as f:
        f.write(json.dumps(data, ensure_ascii=False, sort_keys=True).encode())
    return len(cases)


if __name__ == "__main__":
    print(f"{write()} references written to {REFERENCE}")
