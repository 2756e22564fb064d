"""L'île des contrebandiers images in French: a whole game's boards and hands, drawn with the
language set to French, decode and draw French words only (names and notation aside)."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

import i18n
from games import get_game
from render import ile_des_contrebandiers as ic
from render import kit

GAME = get_game("ile-des-contrebandiers")

RENDER_ENGLISH = re.compile(r"\b(tiles?|boat|harbour|sails|stays|lit|reef|anchor|hidden|path|"
                            r"last move|Dice|Last roll|Smugglers|score|delivered|nothing|Your|"
                            r"Game over|Final|Caught|turn|clockwise|keeper|sail up)\b")


def test_french_images_draw_french_words(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    real = kit.text
    monkeypatch.setattr(kit, "text",
                        lambda d, xy, s, *a, **k: (drawn.append(s), real(d, xy, s, *a, **k)))
    state = GAME.new(3, {}, 11)
    rng = random.Random(11)
    shown = 0
    with i18n.language("fr"):
        while GAME.to_move(state):
            seat = GAME.to_move(state)[0]
            state, _ = GAME.apply(state, seat, GAME.bots["medium"](GAME, state, seat, rng))
            if rng.random() < 0.03 or not GAME.to_move(state):
                for viewer in (None, seat):
                    view = GAME.view(state, viewer)
                    for s in view["seats"]:
                        s["name"] = ("Zoé", "Léon", "Anaïs")[s["seat"] - 1]
                    for image in (ic.board(view), ic.hand(view)):
                        data = kit.png_bytes(image)
                        assert Image.open(io.BytesIO(data)).size == image.size
                        shown += 1
    assert shown >= 8
    words = " ".join(drawn)
    for french in ("Contrebandiers", "secteur éclairé", "récif", "case-ancre", "marchandise",
                   "port H0", "Votre bateau", "Partie terminée.", "Scores finaux :", "gemmes (G)",
                   "pièces (P)", "bijoux (B)", "tonneaux (T)", "a atteint 7 points"):
        assert french in words, french
    leftover = sorted({t for t in drawn if RENDER_ENGLISH.search(t)})
    assert leftover == []
