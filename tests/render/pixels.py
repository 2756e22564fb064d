"""Pixel fingerprints of Master Islands and Isis & Osiris images, to prove a speed-up changed no
pixel: views of seeded random games (every mode), stored with the hash of each image they drew.

``python -m tests.render.pixels`` rewrites the fixture (``mi_io_pixels.json.gz``, 12 KB) from the renderers
as they are: run it only from code whose images are the reference (e.g. main before a speed-up),
or after a change of look made on purpose (then open the images and say why), or after a Pillow
upgrade that moves anti-aliased pixels. The views are stored too, so an engine change does not
move the positions under the test.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PIL import Image

import i18n
from bot.catalog import renderer
from games import get_game
from render import kit

FIXTURE = Path(__file__).with_name("mi_io_pixels.json.gz")
GAMES: list[tuple[str, int, dict[str, Any], int]] = [
    ("master-islands", 2, {}, 11),
    ("master-islands", 3, {}, 12),
    ("master-islands", 4, {"mode": "coop"}, 13),
    ("master-islands", 4, {"mode": "corsair"}, 14),
    ("master-islands", 3, {"mode": "corsair", "difficulty": "easy"}, 15),
    ("isis-osiris", 2, {}, 16),
    ("isis-osiris", 3, {"open": "true"}, 17),
    ("isis-osiris", 4, {"reserve": "common"}, 18),
]
SHOWN = (0.0, 0.2, 0.45, 0.7, 1.0)  # where in each game its views are taken
NAMES = ["Zoé", "Bartholomew the Unhurried Navigator", "Chloé", "Dan", "Étienne", "Fay"]
LANGUAGES = ("en", "fr")


def random_game(game_id: str, players: int, options: dict[str, Any], seed: int) -> list[Any]:
    """Every state of a game played with seeded random legal moves, start to end."""
    game = get_game(game_id)
    state = game.new(players, options, seed)
    rng = random.Random(seed)
    states = [state]
    while game.to_move(state):
        seat = game.to_move(state)[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal(state, seat)))
        states.append(state)
    return states


def _named(view: dict[str, Any], named: bool) -> dict[str, Any]:
    if named:
        for s in view.get("seats") or []:
            s["name"] = NAMES[(s["seat"] - 1) % len(NAMES)]
    return view


def views() -> Iterator[dict[str, Any]]:
    """The fixture's views: public and each seat's, at a few points of each game; every other
    game with seat names (accents, a long one)."""
    from benchmarks.render import big_map_view

    for k, (game_id, players, options, seed) in enumerate(GAMES):
        game = get_game(game_id)
        states = random_game(game_id, players, options, seed)
        for at in SHOWN:
            state = states[round(at * (len(states) - 1))]
            for viewer in [None, *range(1, players + 1)]:
                view = json.loads(json.dumps(game.view(state, viewer)))
                yield _named(view, k % 2 == 0)
    for cards in (40, 108):
        yield _named(big_map_view(cards, seed=cards), cards == 40)


def fingerprint(image: Image.Image) -> str:
    """The image's mode, size and pixels, hashed (16 hex digits are plenty)."""
    digest = hashlib.sha256(f"{image.mode}{image.size}".encode())
    digest.update(image.tobytes())
    return digest.hexdigest()[:16]


def drawn(view: dict[str, Any], language: str) -> dict[str, str]:
    """Fingerprints of what ``view`` draws in ``language``: the board for a public view, the
    hand for every view, each with the text sizes it recorded (the phone-readability checks
    read them: a cached drawing must still report its texts)."""
    draw = renderer(view["game"])
    out = {}
    with i18n.language(language):
        for kind in ("board", "hand") if view.get("viewer") is None else ("hand",):
            with kit.recording_text_sizes() as sizes:
                image = getattr(draw, kind)(view)
            out[kind] = f"{fingerprint(image)} {sorted(sizes)}"
    return out


def load() -> list[dict[str, Any]]:
    """The stored cases: {"view": …, "pixels": {language: {"board"/"hand": fingerprint}}}."""
    return json.loads(gzip.decompress(FIXTURE.read_bytes()))


def main() -> None:
    cases = [{"view": view, "pixels": {lang: drawn(view, lang) for lang in LANGUAGES}}
             for view in views()]
    text = json.dumps(cases, separators=(",", ":"), ensure_ascii=False)
    FIXTURE.write_bytes(gzip.compress(text.encode(), mtime=0))
    print(f"{len(cases)} views written to {FIXTURE}")


if __name__ == "__main__":
    main()
